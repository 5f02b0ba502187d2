/**
 * The câu hỏi phụ on the console, while a tie-break set is chosen: the groups of teams the ranking's
 * chain still cannot separate (its sudden-death rule), each with a button that puts the selected
 * question on air for them only; then whom it is for and, once judged, who won it; and the results
 * so far. The server decides the winner: the first right answer in its order.
 */
import { Badge, Button, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { masterText } from '../../../src/messages/master';
import type { ShowState } from '../../../src/schemas/show';
import { Panel } from '../../components/master/Panel';
import type { ShowMoves } from '../../components/master/useShowMove';
import { useTRPC } from '../../trpc';

const M = masterText.suddenDeath;

export function SuddenDeathPanel({ system, teamName, moves }: { system: ShowState; teamName: (id: string) => string; moves: ShowMoves }) {
  const trpc = useTRPC();
  const query = useQuery(trpc.ranking.suddenDeaths.queryOptions());
  const { refetch } = query;
  const scene = system.suddenDeath;
  // The groups follow the ranking: read them again when a result is recorded or the scene changes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the scene's winner and question are the triggers, not inputs
  useEffect(() => {
    void refetch();
  }, [refetch, scene?.winnerId, scene?.questionId]);
  const names = (ids: readonly string[]) => ids.map(teamName).join(', ');
  const groups = query.data?.groups ?? [];
  const results = query.data?.items ?? [];

  return (
    <Panel
      title={M.title}
      testId="sudden-death-panel"
      right={
        scene ? (
          <Badge variant="light" color={scene.winnerId ? 'teal' : 'red'} size="sm">
            {scene.winnerId ? teamName(scene.winnerId) : M.title}
          </Badge>
        ) : null
      }
    >
      <Stack gap={8}>
        {scene ? (
          <>
            <Text size="sm" fw={600} data-testid="sudden-death-teams">
              {M.forTeams(names(scene.teamIds))}
            </Text>
            <Text size="sm" c={scene.winnerId ? 'teal.9' : 'dimmed'} fw={scene.winnerId ? 700 : 400} data-testid="sudden-death-status">
              {scene.winnerId ? M.winner(teamName(scene.winnerId)) : M.waiting}
            </Text>
            <Button size="xs" variant="default" onClick={() => moves.move({ suddenDeath: null })} disabled={moves.pending}>
              {M.end}
            </Button>
          </>
        ) : groups.length === 0 ? (
          <Text size="sm" c="dimmed">
            {M.none}
          </Text>
        ) : (
          groups.map((group) => (
            <Stack key={group.join()} gap={4} data-testid="sudden-death-group">
              <Text size="sm" fw={600}>
                {M.tied(names(group))}
              </Text>
              <Button
                size="xs"
                onClick={() => moves.move({ suddenDeath: { teamIds: group } })}
                disabled={!system.questionId || moves.pending}
                title={system.questionId ? undefined : M.pickQuestion}
              >
                {M.launch}
              </Button>
            </Stack>
          ))
        )}
        {results.map((r) => (
          <Text key={r.id} size="xs" c="dimmed">
            {M.result(teamName(r.winnerId), names(r.participants))}
          </Text>
        ))}
      </Stack>
    </Panel>
  );
}
