/** "Bộ câu hỏi n" with the round's title from the event settings ("Phần thi 2 · TIẾN VỀ HÀ NỘI"). */
import { Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { appText } from '../../../src/messages/app';
import { useTRPC } from '../../trpc';

export function useRoundTitle(setNumber: number): string | undefined {
  const trpc = useTRPC();
  const settings = useQuery(trpc.settings.get.queryOptions());
  return settings.data?.settings.roundTitles[String(setNumber)];
}

export function RoundHeading({ setNumber }: { setNumber: number }) {
  const roundTitle = useRoundTitle(setNumber);
  return (
    <Stack gap={2}>
      <Text size="sm" fw={700} c="red.7" tt="uppercase" lts={0.5}>
        {appText.questionSetTitle(setNumber)}
      </Text>
      <Title order={1} size="h2">
        {roundTitle ?? appText.questionSetTitle(setNumber)}
      </Title>
    </Stack>
  );
}
