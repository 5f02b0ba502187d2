/**
 * The obstacle round on the console: the keyword and clue (staff see them), each row with its answer,
 * whether it was played and a button that reveals it, the clue and end moves, and the keyword buzzes
 * in the server's order with right and wrong for the first one not yet judged.
 */
import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { masterText } from '../../../src/messages/master';
import type { TObstacleFormat } from '../../../src/schemas/roundFormat';
import { keywordBuzzKey, type ObstacleScene } from '../../../src/schemas/show';
import { Panel } from '../../components/master/Panel';
import type { ConsoleQuestion } from '../../components/master/QuestionList';
import { RightWrongButtons } from '../../components/master/RightWrongButtons';
import { useSingleKeyShortcuts } from '../../components/master/useMasterShortcuts';
import { useQuestionAnswers } from '../../components/master/useQuestionAnswers';
import type { ShowMoves } from '../../components/master/useShowMove';
import { notifyError } from '../../components/notify';
import { useTRPC } from '../../trpc';

const M = masterText.obstacle;

export interface KeywordQueue {
  /** The keyword buzzes in the server's order. */
  order: { teamId: string }[];
  /** The first buzzing team not yet judged, while the round runs. */
  next: string | null;
  judge: (teamId: string, verdict: 'right' | 'wrong') => void;
}

/** The keyword's buzz queue and its verdict, shared by the panel's buttons and the console's keys. */
export function useKeywordQueue(obstacle: ObstacleScene | null): KeywordQueue {
  const trpc = useTRPC();
  const verdict = useMutation(trpc.show.keywordVerdict.mutationOptions({ onError: (error) => notifyError(M.verdictError, error) }));
  const { order } = useQuestionAnswers(obstacle ? keywordBuzzKey(obstacle.setId) : null);
  const judged = new Set(obstacle?.eliminated ?? []);
  // A round that is over (solved or ended) judges no keyword: its old queue gets no buttons.
  const next = !obstacle || obstacle.ended || obstacle.solvedBy ? null : (order.find((b) => !judged.has(b.teamId))?.teamId ?? null);
  return { order, next, judge: (teamId, v) => verdict.mutate({ teamId, verdict: v }) };
}

export function ObstaclePanel({
  obstacle,
  format,
  items,
  teamName,
  moves,
  queue,
}: {
  obstacle: ObstacleScene;
  format: TObstacleFormat | null;
  items: ConsoleQuestion[];
  teamName: (id: string) => string;
  moves: ShowMoves;
  queue: KeywordQueue;
}) {
  const { order, next } = queue;
  const judged = new Set(obstacle.eliminated);
  const rows = items.slice(0, obstacle.tiles);
  const singleKeys = useSingleKeyShortcuts();

  return (
    <Panel
      title={M.title}
      testId="obstacle-panel"
      right={
        <Badge color={obstacle.ended ? 'gray' : 'orange'} variant="light" size="sm">
          {obstacle.ended ? M.ended : M.rowsPlayed(obstacle.played.length, obstacle.tiles)}
        </Badge>
      }
    >
      <Stack gap={8}>
        <Text size="sm">
          <Text span c="dimmed">
            {M.keyword}:{' '}
          </Text>
          <Text span fw={800} c="red.8">
            {format?.keyword || '—'}
          </Text>
        </Text>
        <Stack gap={4}>
          {rows.map((row, i) => {
            const revealed = obstacle.revealed.includes(i);
            return (
              <Group key={row.id} gap={6} wrap="nowrap" justify="space-between" data-testid="obstacle-console-row">
                <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
                  <Badge circle color={obstacle.played.includes(i) ? 'yellow' : 'gray'} variant="filled">
                    {i + 1}
                  </Badge>
                  <Text size="sm" fw={600} lineClamp={1}>
                    {row.answer || '—'}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {M.letters(obstacle.rows[i]?.letters ?? 0)}
                  </Text>
                </Group>
                <Button
                  size="compact-xs"
                  variant={revealed ? 'light' : 'filled'}
                  color="teal"
                  disabled={revealed || obstacle.ended}
                  aria-keyshortcuts={singleKeys && !revealed && !obstacle.ended ? String(i + 1) : undefined}
                  onClick={() => moves.move({ obstacle: { action: 'revealRow', row: i } })}
                >
                  {revealed ? M.revealed : M.reveal}
                </Button>
              </Group>
            );
          })}
        </Stack>
        <Group gap={6} grow>
          <Button
            size="xs"
            variant="light"
            color="yellow"
            disabled={obstacle.clueShown || obstacle.ended || !format?.centreClue}
            aria-keyshortcuts={singleKeys && !obstacle.clueShown && !obstacle.ended && format?.centreClue ? 'G' : undefined}
            onClick={() => moves.move({ obstacle: { action: 'showClue' } })}
          >
            {M.showClue}
          </Button>
          <Button
            size="xs"
            variant="light"
            color="gray"
            disabled={obstacle.ended}
            onClick={() => moves.move({ obstacle: { action: 'end' } })}
          >
            {M.end}
          </Button>
        </Group>
        <Text size="xs" fw={700} tt="uppercase" c="dimmed">
          {M.buzzes}
        </Text>
        {order.length === 0 ? (
          <Text size="sm" c="dimmed">
            {M.noBuzz}
          </Text>
        ) : (
          <Stack gap={4} data-testid="keyword-buzzes">
            {order.map((b, i) => {
              const out = judged.has(b.teamId);
              const solved = obstacle.solvedBy === b.teamId;
              return (
                <Group key={b.teamId} gap={6} wrap="nowrap" justify="space-between" data-testid="keyword-buzz">
                  <Group gap={6} wrap="nowrap">
                    <Badge circle size="md" color={b.teamId === next ? 'red' : 'gray'}>
                      {i + 1}
                    </Badge>
                    <Text size="sm" fw={b.teamId === next ? 700 : 500} td={out ? 'line-through' : undefined} lineClamp={1}>
                      {teamName(b.teamId)}
                    </Text>
                    {solved && (
                      <Badge color="teal" size="sm">
                        {M.solved}
                      </Badge>
                    )}
                  </Group>
                  {b.teamId === next && <RightWrongButtons singleKeys={singleKeys} onVerdict={(v) => queue.judge(b.teamId, v)} />}
                </Group>
              );
            })}
          </Stack>
        )}
      </Stack>
    </Panel>
  );
}
