import { Button, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { memo, useState } from 'react';
import { teamText } from '../../../src/messages/team';
import { notifyError } from '../../components/notify';
import { useTRPC } from '../../trpc';

const T = teamText;

/** The phone's buzzer on a buzzer question: one ring, then the team's place in the server's order. */
export const BuzzerButton = memo(function BuzzerButton({ questionId, alreadyBuzzed }: { questionId: string; alreadyBuzzed: boolean }) {
  const trpc = useTRPC();
  const [position, setPosition] = useState<{ questionId: string; n: number } | null>(null);
  const buzz = useMutation(
    trpc.show.buzz.mutationOptions({
      onSuccess: ({ position: n }) => setPosition({ questionId, n }),
      onError: (error) => notifyError(T.buzzError, error),
    }),
  );
  const mine = position?.questionId === questionId ? position.n : null;
  const done = mine !== null || alreadyBuzzed;
  return (
    <Stack align="center" gap="sm" py="sm">
      <Button
        onClick={() => buzz.mutate({ questionId })}
        disabled={done}
        loading={buzz.isPending}
        color="red"
        radius={999}
        w={220}
        h={220}
        fz={28}
        fw={800}
        style={{ boxShadow: done ? undefined : '0 10px 0 var(--mantine-color-red-9), 0 14px 30px rgba(0,0,0,.25)' }}
        data-testid="team-buzzer"
      >
        {T.buzz}
      </Button>
      {done && (
        <Text size="xl" fw={700} data-testid="team-buzz-position">
          {mine !== null ? T.buzzedAt(mine) : T.buzzed}
        </Text>
      )}
    </Stack>
  );
});
