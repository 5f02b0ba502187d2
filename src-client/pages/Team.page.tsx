/**
 * /team, a team's phone or tablet: its name, the question on air with the countdown, the answer box
 * while answers are open, the buzzer while it is open, the verdict, and its total and rank when the
 * scoreboard is shown. Between questions, a calm waiting card.
 */
import { Alert, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { movesText } from '../../src/messages/moves';
import { teamText } from '../../src/messages/team';
import { AnswerBox } from '../components/team/AnswerBox';
import { QuestionCard } from '../components/team/QuestionCard';
import { SentAnswer, TeamHeader, TeamTotal, Waiting } from '../components/team/TeamParts';
import { useMine } from '../components/team/useMine';
import { BuzzerButton } from '../formats/buzzer/BuzzerButton';
import { BuzzTurnNotice } from '../formats/buzzer/BuzzTurnNotice';
import { FinishCard } from '../formats/finish/FinishCard';
import { PerformanceTurn } from '../formats/judged/PerformanceTurn';
import { KeywordBuzzer } from '../formats/obstacle/KeywordBuzzer';
import { SuddenDeathNotice } from '../formats/tieBreak/SuddenDeathNotice';
import { useCountdown } from '../hooks/useCountdown';
import { useSystemState } from '../hooks/useSystemState';
import { useTRPC } from '../trpc';

const T = teamText;

/** Between questions: the event's logo (the only part of /team that needs the settings). */
function TeamWaiting() {
  const trpc = useTRPC();
  const settings = useQuery(trpc.settings.get.queryOptions()).data?.settings;
  return <Waiting logoUrl={settings?.logoUrl ?? ''} />;
}

export default function TeamPage() {
  const { user, system, listTeam, balance } = useSystemState();
  const team = listTeam.find((t) => t._id === user?.teamId) ?? null;
  const { ms, seconds } = useCountdown(system.timer, balance);
  const mine = useMine(system.questionId);

  if (!user?.teamId) {
    return (
      <Alert color="orange" variant="light" maw={560} mx="auto" mt="lg">
        {T.noTeam}
      </Alert>
    );
  }

  const question = system.question;
  // A wrong keyword takes a team out of the rest of the obstacle round, its rows included.
  const suddenDeath = system.suddenDeath;
  // A câu hỏi phụ is for the tied teams only: the others watch.
  const outOfRound =
    (system.obstacle?.eliminated.includes(user.teamId) ?? false) || (suddenDeath !== null && !suddenDeath.teamIds.includes(user.teamId));
  const live = Boolean(question) && (system.phase === 'question' || system.phase === 'answer' || system.answersOpen || system.buzzerOpen);
  const { timer } = system;
  // The server's rule: a started clock that has run out closes answers and the buzzer.
  const timeUp = timer.endsAt !== null ? ms <= 0 : timer.durationMs > 0 && timer.remainingMs <= 0;
  // A buzzer question: whose turn it is to answer, said at once on every phone.
  const buzzTurn = question && system.buzzTurn?.questionId === question.id ? system.buzzTurn : null;
  // The scoreboard, and the final results once the event is locked: the team's own total and rank.
  const ranking = system.phase === 'scoreboard' || system.phase === 'final';
  const showCountdown = live && timer.durationMs > 0 && system.phase !== 'answer' && !ranking;

  let body: ReactNode;
  if (ranking && team) {
    body = <TeamTotal team={team} listTeam={listTeam} />;
  } else if (live && question) {
    body = (
      <>
        {system.format === 'judged' && (
          <PerformanceTurn ours={system.activeTeamId === user.teamId} onStage={listTeam.find((t) => t._id === system.activeTeamId)?.name} />
        )}
        {suddenDeath && (
          <SuddenDeathNotice
            ours={suddenDeath.teamIds.includes(user.teamId)}
            winnerId={suddenDeath.winnerId}
            teamId={user.teamId}
            winnerName={listTeam.find((t) => t._id === suddenDeath.winnerId)?.name ?? ''}
          />
        )}
        {buzzTurn && (
          <BuzzTurnNotice
            ours={buzzTurn.teamId === user.teamId}
            teamName={listTeam.find((t) => t._id === buzzTurn.teamId)?.name ?? movesText.unknownTeam}
          />
        )}
        <QuestionCard question={question} showOptions={!(system.answersOpen && !timeUp && !mine.answer)} />
        {mine.answer ? (
          <SentAnswer answer={mine.answer} verdict={mine.verdict} points={system.format === 'speed' ? mine.points : null} />
        ) : system.answersOpen && !timeUp && outOfRound ? null : system.answersOpen && !timeUp ? (
          <AnswerBox key={question.id} question={question} mineQueryKey={mine.queryKey} />
        ) : system.answersOpen ? (
          <Text ta="center" c="red.7" fw={700}>
            {T.timeUp}
          </Text>
        ) : null}
        {system.buzzerOpen && !outOfRound && (!timeUp || mine.buzzed) && (
          <BuzzerButton key={`buzz-${question.id}`} questionId={question.id} alreadyBuzzed={mine.buzzed} />
        )}
      </>
    );
  } else {
    body = <TeamWaiting />;
  }

  return (
    <Stack gap="md" maw={720} mx="auto" data-testid="team-screen" data-phase={system.phase}>
      <TeamHeader
        name={team?.name ?? user.fullName ?? user.username}
        roundTitle={system.title}
        seconds={seconds}
        showCountdown={showCountdown}
        warn={timer.endsAt !== null && seconds <= 5}
      />
      {body}
      {system.finish && (
        <FinishCard
          finish={system.finish}
          teamId={user.teamId}
          balance={balance}
          teamName={(id) => listTeam.find((t) => t._id === id)?.name ?? ''}
        />
      )}
      {system.obstacle && (
        <KeywordBuzzer
          obstacle={system.obstacle}
          teamId={user.teamId}
          rowRunning={Boolean(question) && system.phase === 'question' && (system.answersOpen || (timer.endsAt !== null && ms > 0))}
          solvedByName={listTeam.find((t) => t._id === system.obstacle?.solvedBy)?.name ?? null}
        />
      )}
    </Stack>
  );
}
