/**
 * /master, the console (master, admin), laid out for a 1440×900 laptop: the round, the set and its
 * questions with answers on the left; what the screen shows, the clock, answers and buzzer in the
 * middle, with the audience vote; the live miniature of /screen, screen 2 and the livestream overlay,
 * scoring, ranking and judges on the right.
 */
// The console uses most of Mantine: all of its styles come with it (in Mantine's layer).
import '@mantine/core/styles.layer.css';
import { Paper, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { ShowPhase } from '../../src/constants';
import { describeMove } from '../../src/describeMove';
import { appText } from '../../src/messages/app';
import { contractText } from '../../src/messages/contract';
import { masterText } from '../../src/messages/master';
import { ROUND_NUMBERS, roundsUsed } from '../../src/rounds';
import { formatTimeLimit } from '../../src/schemas/roundFormat';
import type { TShowChanges } from '../../src/schemas/show';
import { IncomingAnswers, OnStagePicker, OpenToggles } from '../components/master/AnswersPanel';
import classes from '../components/master/Master.module.css';
import { MoveHistory } from '../components/master/MoveHistory';
import { OtherConsoles } from '../components/master/OtherConsoles';
import { Panel } from '../components/master/Panel';
import { type ConsoleQuestion, QuestionList } from '../components/master/QuestionList';
import { RoundTools } from '../components/master/RoundTools';
import { ScreensPanel } from '../components/master/ScreensPanel';
import { ShowActions } from '../components/master/ShowActions';
import { JudgesPanel, RankingPanel, ScoringPanel, ShortcutLegend } from '../components/master/SidePanels';
import { TimerPanel, timerStatus, toggleTimerChange } from '../components/master/TimerPanel';
import { TopBar } from '../components/master/TopBar';
import { useConsole } from '../components/master/useConsole';
import { useMasterShortcuts } from '../components/master/useMasterShortcuts';
import { useQuestionAnswers } from '../components/master/useQuestionAnswers';
import { useShowMove } from '../components/master/useShowMove';
import { VotePanel } from '../components/master/VotePanel';
import { BuzzOrder } from '../formats/buzzer/BuzzOrder';
import { useBuzzTurn } from '../formats/buzzer/useBuzzTurn';
import { FinishPanel, useFinishControls } from '../formats/finish/FinishPanel';
import { ObstaclePanel, useKeywordQueue } from '../formats/obstacle/ObstaclePanel';
import { SuddenDeathPanel } from '../formats/tieBreak/SuddenDeathPanel';
import { useConnectionLost, useLoadError } from '../hooks/useConnection';
import { remainingMs } from '../hooks/useCountdown';
import { useSystemState } from '../hooks/useSystemState';
import { useTRPC } from '../trpc';

const M = masterText;
const DEFAULT_SECONDS = 30;

export default function MasterPage() {
  const trpc = useTRPC();
  const { system, listTeam, balance } = useSystemState();
  const connected = !useConnectionLost();
  const moves = useShowMove();
  const { move } = moves;

  const settings = useQuery(trpc.settings.get.queryOptions());
  const sets = useQuery(trpc.questionSet.list.queryOptions({ set: system.fw }));
  const fields = useQuery(trpc.scoreField.all.queryOptions());
  const users = useQuery(trpc.user.all.queryOptions({ partial: true }));
  useLoadError(M.settingsError, settings.error);
  useLoadError(contractText.questionSetListError, sets.error);
  useLoadError(M.fieldsError, fields.error);
  useLoadError(M.judgesError, users.error);

  // A round without a title (not used in this event, or the settings not read yet) is "Phần thi N".
  const roundTitle = (n: number) => (n === system.fw && system.title) || settings.data?.settings.roundTitles[n] || appText.roundLabel(n);
  const currentSet = sets.data?.items.find((s) => s._id === system.setId) ?? null;
  // Admins and the master get the answers with the questions.
  const items: ConsoleQuestion[] = currentSet?.items ?? [];
  const onAirIndex = items.findIndex((q) => q.id === system.questionId);
  const onAir = onAirIndex >= 0 ? items[onAirIndex]! : null;
  const judges = (users.data?.list ?? []).filter((u) => u.role === 'judge');
  const teamName = (id: string) => listTeam.find((t) => t._id === id)?.name ?? '—';
  const { items: answers, order } = useQuestionAnswers(system.questionId);
  // Other consoles open now, and their moves told as they happen.
  const userId = useSystemState().user?._id ?? null;
  const { others } = useConsole(userId, (by, after) =>
    describeMove(by.move, after, {
      set: (id) => sets.data?.items.find((s) => s._id === id)?.title ?? '',
      team: (id) => listTeam.find((t) => t._id === id)?.name ?? '',
      field: (name) => fields.data?.items.find((f) => f.name === name)?.label ?? '',
    }),
  );

  // The clock's duration: the set's format's time (it overrides the questions'), else the question's
  // own limit, until the master picks a preset.
  const [chosen, setChosen] = useState<{ questionId: string | null; seconds: number } | null>(null);
  const durationS =
    chosen && chosen.questionId === system.questionId
      ? chosen.seconds
      : (currentSet && formatTimeLimit(currentSet.format)) || onAir?.timeLimit || system.question?.timeLimit || DEFAULT_SECONDS;

  const selectQuestion = (questionId: string) => {
    if (questionId === system.questionId) return;
    const changes: TShowChanges = { setId: system.setId, questionId };
    // Never let the next question (or its answer) reach the screen before the master shows it.
    if (system.phase === 'question' || system.phase === 'answer') changes.phase = 'idle';
    move(changes);
  };
  const showPhase = (phase: ShowPhase) => move({ phase });
  const step = (delta: number) => {
    const next = items[onAirIndex < 0 ? 0 : onAirIndex + delta];
    if (next) selectQuestion(next.id);
  };

  const keywordQueue = useKeywordQueue(system.obstacle);
  const finishControls = useFinishControls(system);
  const buzzTurn = useBuzzTurn(system, order);
  useMasterShortcuts({
    showQuestion: () => system.questionId && showPhase('question'),
    revealAnswer: () => system.questionId && showPhase('answer'),
    scoreboard: () => showPhase('scoreboard'),
    roundCard: () => showPhase('round'),
    blank: () => showPhase('blank'),
    nextQuestion: () => step(1),
    previousQuestion: () => step(-1),
    toggleTimer: () => move(toggleTimerChange(timerStatus(system.timer, remainingMs(system.timer, balance)), durationS * 1000)),
    toggleAnswers: () => system.questionId && move({ answersOpen: !system.answersOpen }),
    toggleBuzzer: () => system.questionId && move({ buzzerOpen: !system.buzzerOpen }),
    undo: moves.undo,
    revealRow: system.obstacle
      ? (n) => {
          const obstacle = system.obstacle;
          if (obstacle && n <= obstacle.rows.length && !obstacle.revealed.includes(n - 1)) {
            move({ obstacle: { action: 'revealRow', row: n - 1 } });
          }
        }
      : undefined,
    showClue: () => {
      const obstacle = system.obstacle;
      const clue = currentSet?.format.kind === 'obstacle' && currentSet.format.centreClue;
      if (obstacle && clue && !obstacle.clueShown && !obstacle.ended) move({ obstacle: { action: 'showClue' } });
    },
    keywordVerdict: (verdict) => {
      if (finishControls.judgeSteal) finishControls.judgeSteal(verdict);
      else if (finishControls.judge) finishControls.judge(verdict);
      else if (buzzTurn.teamId) buzzTurn.judge(verdict);
      else if (keywordQueue.next) keywordQueue.judge(keywordQueue.next, verdict);
    },
    timeout: () => finishControls.judge?.('timeout'),
  });

  return (
    <div className={classes.frame} data-testid="master-console">
      <VisuallyHidden renderRoot={(props) => <h1 {...props} />}>{appText.screenTitles.master}</VisuallyHidden>
      <Paper withBorder radius="md" px="sm" py={8}>
        <TopBar
          system={system}
          rounds={settings.data ? roundsUsed(settings.data.settings.roundTitles) : ROUND_NUMBERS}
          roundTitle={roundTitle}
          sets={sets.data?.items}
          connected={connected}
          moves={moves}
        />
      </Paper>
      <OtherConsoles others={others} userId={userId} />
      <div className={classes.columns}>
        <div className={classes.column}>
          <Panel title={currentSet ? currentSet.title : M.set}>
            <QuestionList
              items={items}
              selectedId={system.questionId}
              formatSeconds={currentSet ? formatTimeLimit(currentSet.format) : null}
              emptyText={currentSet ? M.noQuestions : sets.data?.items.length === 0 ? M.noSets : M.pickSetHint}
              onSelect={selectQuestion}
            />
          </Panel>
          <RoundTools set={currentSet} listTeam={listTeam} />
        </div>

        <div className={classes.column}>
          <Panel title={M.phaseLabel}>
            <ShowActions system={system} moves={moves} />
          </Panel>
          {system.obstacle && (
            <ObstaclePanel
              obstacle={system.obstacle}
              format={currentSet?.format.kind === 'obstacle' ? currentSet.format : null}
              items={items}
              teamName={teamName}
              moves={moves}
              queue={keywordQueue}
            />
          )}
          {system.finish && (
            <FinishPanel
              finish={system.finish}
              system={system}
              listTeam={listTeam}
              items={items}
              balance={balance}
              moves={moves}
              controls={finishControls}
            />
          )}
          {(currentSet?.format.tieBreak || system.suddenDeath) && <SuddenDeathPanel system={system} teamName={teamName} moves={moves} />}
          <TimerPanel
            system={system}
            balance={balance}
            durationS={durationS}
            onDuration={(seconds) => setChosen({ questionId: system.questionId, seconds })}
            moves={moves}
          />
          <Paper withBorder radius="md" p="sm">
            <Stack gap={8}>
              <OpenToggles system={system} moves={moves} />
              <OnStagePicker system={system} listTeam={listTeam} moves={moves} />
            </Stack>
          </Paper>
          <IncomingAnswers
            system={system}
            items={answers}
            expectedAnswer={onAir ? (onAir.answer ?? '') : null}
            teamName={teamName}
            teamCount={listTeam.length}
            moves={moves}
          />
          <BuzzOrder order={order} teamName={teamName} turn={buzzTurn.teamId} onVerdict={buzzTurn.judge} />
          <VotePanel system={system} listTeam={listTeam} fields={fields.data?.items ?? []} balance={balance} moves={moves} />
          <ShortcutLegend />
        </div>

        <div className={classes.column}>
          <ScreensPanel system={system} moves={moves} />
          <MoveHistory version={system.version} />
          <ScoringPanel system={system} fields={fields.data?.items ?? []} moves={moves} />
          <RankingPanel listTeam={listTeam} activeTeamId={system.activeTeamId} />
          <JudgesPanel judges={judges} system={system} fields={fields.data?.items ?? []} teamIds={listTeam.map((t) => t._id)} />
          {!connected && (
            <Text size="xs" c="red.7">
              {M.offline}
            </Text>
          )}
        </div>
      </div>
    </div>
  );
}
