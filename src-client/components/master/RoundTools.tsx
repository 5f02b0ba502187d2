/**
 * The console's corrections to the night: points given or taken by hand, and "Chơi lại vòng này" for
 * the selected set's round, which asks first and says what happens (the attempt's answers are kept
 * aside, its points taken back, its board reset, all of it undoable).
 */
import { Button, Group, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { correctionsText } from '../../../src/messages/corrections';
import { masterText } from '../../../src/messages/master';
import type { TTeamListItem } from '../../../src/schemas/system';
import { useTRPC } from '../../trpc';
import { confirmDanger } from '../confirmDanger';
import { HandPointsButton } from '../HandPoints';
import { notifyError, notifySuccess } from '../notify';
import { Panel } from './Panel';
import { expectUnattributedEcho } from './useConsole';

const C = correctionsText;

export function RoundTools({ set, listTeam }: { set: { _id: string; title: string } | null; listTeam: TTeamListItem[] }) {
  const trpc = useTRPC();
  const restart = useMutation(
    trpc.show.restartRound.mutationOptions({
      onMutate: () => ({ cancelEcho: expectUnattributedEcho() }),
      onSuccess: ({ label }) => notifySuccess(label, 5000),
      onError: (error, _input, echo) => {
        echo?.cancelEcho();
        notifyError(C.restartError, error);
      },
    }),
  );
  const askRestart = () => {
    if (!set) return;
    confirmDanger({
      title: <Text fw={700}>{C.restartTitle(set.title)}</Text>,
      text: C.restartText,
      labels: { confirm: C.restartConfirm, cancel: masterText.cancel },
      centered: true,
      onConfirm: () => restart.mutate({ setId: set._id }),
    });
  };
  return (
    <Panel title={C.toolsTitle} testId="round-tools">
      <Group gap={6} grow>
        <HandPointsButton teams={listTeam.map((team) => ({ id: team._id, name: team.name }))} />
        <Button
          size="xs"
          variant="light"
          color="red"
          disabled={!set}
          title={set ? undefined : C.restartNoSet}
          loading={restart.isPending}
          onClick={askRestart}
          data-testid="restart-round"
        >
          {C.restartButton}
        </Button>
      </Group>
    </Panel>
  );
}
