/**
 * Answers and buzzer: open and close them, the team on stage, every team's answer as it arrives with
 * right and wrong (a second click takes the verdict back) and what goes on screen 2. The buzz order is
 * the buzzer's (`formats/buzzer/BuzzOrder.tsx`).
 */
import { Badge, Button, Checkbox, Group, Select, Table, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { masterText } from '../../../src/messages/master';
import { answerSeconds } from '../../../src/roundFormats';
import type { ShowState, TTeamAnswer } from '../../../src/schemas/show';
import type { TTeamListItem } from '../../../src/schemas/system';
import { formatClock } from '../../../src/valueFormat';
import { useTRPC } from '../../trpc';
import { notifyError } from '../notify';
import { Panel, PanelTable } from './Panel';
import { ShortcutKey } from './ShortcutKey';
import { expectUnattributedEcho } from './useConsole';
import { useSingleKeyShortcuts } from './useMasterShortcuts';
import type { ShowMoves } from './useShowMove';

const M = masterText;

/** The server's clock time of an answer, to the tenth of a second. */
const serverTime = (at: number) => formatClock(at, true);

export function OpenToggles({ system, moves }: { system: ShowState; moves: ShowMoves }) {
  const singleKeys = useSingleKeyShortcuts();
  const toggle = (flag: 'answersOpen' | 'buzzerOpen', key: string, labels: [open: string, close: string], testId: string) => {
    const open = system[flag];
    const label = open ? labels[1] : labels[0];
    return (
      <Button
        color={open ? 'orange' : 'teal'}
        variant={open ? 'filled' : 'light'}
        disabled={!system.questionId}
        onClick={() => moves.move({ [flag]: !open })}
        rightSection={singleKeys ? <ShortcutKey shortcut={key} /> : undefined}
        aria-keyshortcuts={singleKeys ? key : undefined}
        aria-label={label}
        data-testid={testId}
      >
        {label}
      </Button>
    );
  };
  return (
    <Group gap={8} grow>
      {toggle('answersOpen', 'O', [M.openAnswers, M.closeAnswers], 'toggle-answers')}
      {toggle('buzzerOpen', 'C', [M.openBuzzer, M.closeBuzzer], 'toggle-buzzer')}
    </Group>
  );
}

export function OnStagePicker({ system, listTeam, moves }: { system: ShowState; listTeam: TTeamListItem[]; moves: ShowMoves }) {
  return (
    <Select
      label={M.onStage}
      placeholder={M.noTeamOnStage}
      data={listTeam.map((t) => ({ value: t._id, label: t.name }))}
      value={system.activeTeamId}
      onChange={(value) => value !== system.activeTeamId && moves.move({ activeTeamId: value })}
      clearable
      size="xs"
      searchable
    />
  );
}

function VerdictButtons({ answer, onVerdict }: { answer: TTeamAnswer; onVerdict: (v: 'right' | 'wrong' | null) => void }) {
  // A second click on the verdict given takes it back.
  const verdictButton = (verdict: 'right' | 'wrong', color: string, label: string) => (
    <Button
      size="compact-sm"
      color={color}
      variant={answer.verdict === verdict ? 'filled' : 'outline'}
      aria-pressed={answer.verdict === verdict}
      onClick={() => onVerdict(answer.verdict === verdict ? null : verdict)}
    >
      {label}
    </Button>
  );
  return (
    <Group gap={4} wrap="nowrap">
      {verdictButton('right', 'teal', M.right)}
      {verdictButton('wrong', 'red', M.wrong)}
    </Group>
  );
}

export function IncomingAnswers({
  system,
  items,
  expectedAnswer,
  teamName,
  teamCount,
  moves,
}: {
  system: ShowState;
  items: TTeamAnswer[];
  expectedAnswer: string | null;
  teamName: (id: string) => string;
  teamCount: number;
  moves: ShowMoves;
}) {
  const trpc = useTRPC();
  const verdict = useMutation(
    trpc.show.verdict.mutationOptions({
      // The verdict's echo names no console: it is this one's, not another's to tell of.
      onMutate: () => ({ cancelEcho: expectUnattributedEcho() }),
      onError: (error, _input, echo) => {
        echo?.cancelEcho();
        notifyError(M.verdictError, error);
      },
    }),
  );
  const questionId = system.questionId;
  // A speed round: each answer's time after answers opened, and the points its place earned.
  const speed = system.format === 'speed';
  const toggleShown = (teamId: string, shown: boolean) =>
    moves.move({ shownAnswers: shown ? [...system.shownAnswers, teamId] : system.shownAnswers.filter((id) => id !== teamId) });

  return (
    <Panel
      title={M.answersTitle}
      testId="incoming-answers"
      right={
        <Group gap={6} wrap="nowrap">
          <Badge variant="light" color="gray" size="sm">
            {M.answersCount(items.length, teamCount)}
          </Badge>
          {speed ? (
            // The speed round's results go on both screens at once: every answer, fastest first.
            <Button
              size="compact-xs"
              variant={system.screen2 === 'answers' && system.shownAnswers.length === items.length ? 'filled' : 'light'}
              color="indigo"
              disabled={items.length === 0}
              onClick={() => moves.move({ screen2: 'answers', shownAnswers: items.map((a) => a.teamId) })}
            >
              {M.speedResultsToScreens}
            </Button>
          ) : (
            <Button
              size="compact-xs"
              variant={system.screen2 === 'answers' ? 'filled' : 'light'}
              color="indigo"
              onClick={() => moves.move({ screen2: 'answers' })}
            >
              {M.answersToScreen2}
            </Button>
          )}
        </Group>
      }
    >
      {expectedAnswer !== null && (
        <Text size="sm" mb={6}>
          <Text span c="dimmed">
            {M.answer}:{' '}
          </Text>
          <Text span fw={700} c="teal.8">
            {expectedAnswer || '—'}
          </Text>
        </Text>
      )}
      {!questionId || items.length === 0 ? (
        <Text size="sm" c="dimmed" ta="center" py="md">
          {questionId ? M.noAnswers : M.noQuestionOnAir}
        </Text>
      ) : (
        <PanelTable mah={260} verticalSpacing={4} horizontalSpacing={6} striped highlightOnHover>
          {items.map((answer) => (
            <Table.Tr key={answer.teamId} data-testid="incoming-answer" data-verdict={answer.verdict ?? ''}>
              <Table.Td maw={170}>
                <Text size="sm" fw={600} lineClamp={1}>
                  {teamName(answer.teamId)}
                </Text>
                <Text size="xs" c="dimmed" style={{ fontVariantNumeric: 'tabular-nums' }}>
                  {speed && system.answersOpenedAt !== null
                    ? `${answerSeconds(answer.at - system.answersOpenedAt)} · ${serverTime(answer.at)}`
                    : serverTime(answer.at)}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm" fw={700} style={{ wordBreak: 'break-word' }}>
                  {answer.answer}
                </Text>
                {speed && answer.verdict === 'right' && (
                  <Badge size="sm" variant="light" color="teal" data-testid="speed-points">
                    {M.speedPoints(answer.points)}
                  </Badge>
                )}
              </Table.Td>
              <Table.Td w={110}>
                <VerdictButtons
                  answer={answer}
                  onVerdict={(v) => questionId && verdict.mutate({ questionId, teamId: answer.teamId, verdict: v })}
                />
              </Table.Td>
              <Table.Td w={30}>
                <Checkbox
                  size="xs"
                  aria-label={speed ? M.showOnScreens : M.showOnScreen2}
                  title={speed ? M.showOnScreens : M.showOnScreen2}
                  checked={system.shownAnswers.includes(answer.teamId)}
                  onChange={(event) => toggleShown(answer.teamId, event.currentTarget.checked)}
                />
              </Table.Td>
            </Table.Tr>
          ))}
        </PanelTable>
      )}
    </Panel>
  );
}
