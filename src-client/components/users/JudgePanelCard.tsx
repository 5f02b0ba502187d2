/**
 * The judges' panel of the event on stage, on /user: each judge account with a switch saying whether
 * it sits on this event's panel (its seat on the screens, and whether its password and link work now).
 */
import { Group, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { usersText } from '../../../src/messages/users';
import { useLoadError } from '../../hooks/useConnection';
import { useTRPC } from '../../trpc';
import { mutationToasts } from '../notify';

const t = usersText;

export function JudgePanelCard() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const panel = useQuery(trpc.user.panel.queryOptions());
  useLoadError(t.panelLoadError, panel.error);
  const setPanel = useMutation(
    trpc.user.setPanel.mutationOptions(
      mutationToasts(t.panelSaved, t.panelSaveError, () => void queryClient.invalidateQueries({ queryKey: trpc.user.panel.pathKey() })),
    ),
  );
  const judges = panel.data?.items ?? [];
  if (!judges.length) return null;
  return (
    <Paper withBorder radius="lg" p="md">
      <Stack gap="xs">
        <Title order={2} size="h4">
          {t.panelTitle}
        </Title>
        <Text size="sm" c="dimmed">
          {t.panelHint}
        </Text>
        <Group gap="lg" wrap="wrap">
          {judges.map((judge) => (
            <Switch
              key={judge._id}
              label={judge.fullName || judge.username}
              description={judge.active ? judge.username : t.panelInactive(judge.username)}
              checked={judge.seated}
              disabled={setPanel.isPending}
              onChange={(event) => setPanel.mutate({ _id: judge._id, seated: event.currentTarget.checked })}
            />
          ))}
        </Group>
      </Stack>
    </Paper>
  );
}
