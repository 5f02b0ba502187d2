/**
 * The console's corrections to the night: points given or taken by hand, and "Chơi lại vòng này" for
 * the selected set's round, which asks first and says what happens (the attempt's answers are kept
 * aside, its points taken back, its board reset, all of it undoable).
 */
import { Button, Group, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { movesText } from '../../../src/messages/moves';
import { masterText } from '../../../src/messages/master';
import type { TTeamListItem } from '../../../src/schemas/system';
import { useTRPC } from '../../trpc';
import { confirmDanger } from '../confirmDanger';
import { HandPointsButton } from '../HandPoints';
import { notifyError, notifySuccess } from '../notify';
import { Panel } from './Panel';

const t = movesText;

export function RoundTools({ set, listTeam }: { set: { _id: string; title: string } | null; listTeam: TTeamListItem[] }) {
  const trpc = useTRPC();
  const restart = useMutation(
    trpc.show.restartRound.mutationOptions({
      onSuccess: ({ label }) => notifySuccess(label, 5000),
      onError: (error) => notifyError(t.restartError, error),
    }),
  );
  const askRestart = () => {
    if (!set) return;
    confirmDanger({
      title: <Text fw={700}>{t.restartTitle(set.title)}</Text>,
      text: t.restartText,
      labels: { confirm: t.restartConfirm, cancel: masterText.cancel },
      centered: true,
      onConfirm: () => restart.mutate({ setId: set._id }),
    });
  };
  return (
    <Panel title={t.toolsTitle} testId="round-tools">
      <Group gap={6} grow>
        <HandPointsButton teams={listTeam.map((team) => ({ id: team._id, name: team.name }))} />
        <Button
          size="xs"
          variant="light"
          color="red"
          disabled={!set}
          title={set ? undefined : t.restartNoSet}
          loading={restart.isPending}
          onClick={askRestart}
          data-testid="restart-round"
        >
          {t.restartButton}
        </Button>
      </Group>
    </Panel>
  );
}
