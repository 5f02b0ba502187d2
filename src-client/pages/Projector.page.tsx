/**
 * /screen and /screen2: the projectors. Public and read-only: they follow the live show state
 * and draw it on the stage (16:9, or the screen's own shape on a taller one; `?letterbox=1` keeps
 * 16:9). Nothing is for clicking: the first click or key unlocks sound and fullscreen, and until then
 * the console (not the hall) is told so (`useProjectorReport`). `?preview=1` (the console's frames)
 * reports nothing and stays silent.
 * Part of the projector's lean entry (src-client/projector/): no Mantine, no zod, no Query.
 */
import { lazy, Suspense } from 'react';
import { appText } from '../../src/messages/app';
import { projectorText } from '../../src/messages/projector';
import type { ShowState } from '../../src/schemas/show';
import type { TTeamListItem } from '../../src/schemas/system';
import { LogoCard, RoundCard } from '../components/projector/Cards';
import { OfflineSign, StartMark, useLostLong, useStartGesture } from '../components/projector/Overlays';
import { QuestionView, useMediaPreload } from '../components/projector/QuestionView';
import { Scoreboard } from '../components/projector/Scoreboard';
import { JudgesProgress, ShownAnswers } from '../components/projector/Screen2Views';
import { Stage } from '../components/projector/Stage';
import { useEventSettings } from '../components/projector/useEventSettings';
import { FinishStage } from '../formats/finish/FinishStage';
import { Performance } from '../formats/judged/Performance';
import { ObstacleBoard } from '../formats/obstacle/ObstacleBoard';
import { SpeedResults } from '../formats/speed/SpeedResults';
import { useLiveState } from '../projector/liveState';
import { ProjectorFrame } from '../projector/ProjectorFrame';
import { useProjectorReport } from '../projector/presence';

// The Markdown renderer comes with the rules, the first time they are on screen.
const RulesView = lazy(() => import('../components/projector/RulesView'));
// The audience vote (QR code and tally) comes the first time a vote is on screen.
const VoteView = lazy(() => import('../components/projector/VoteView'));

/** The vote on either screen; nothing while its chunk loads. */
function VoteScreen({ system, balance }: { system: ShowState; balance: number }) {
  return (
    <Suspense fallback={null}>
      <VoteView system={system} balance={balance} />
    </Suspense>
  );
}

function isPreview(): boolean {
  return new URLSearchParams(window.location.search).get('preview') === '1';
}

type EventSettings = ReturnType<typeof useEventSettings>;

function MainStage({
  system,
  listTeam,
  balance,
  silent,
  event,
}: {
  system: ShowState;
  listTeam: TTeamListItem[];
  balance: number;
  silent: boolean;
  event: EventSettings;
}) {
  // The finish round during a team's turn: its package, the question and the steal window, on one stage.
  const finishTurn = system.finish?.teamId ? system.finish : null;
  if (finishTurn && (system.phase === 'idle' || system.phase === 'round' || system.phase === 'question' || system.phase === 'answer')) {
    return <FinishStage system={system} finish={finishTurn} listTeam={listTeam} balance={balance} silent={silent} />;
  }
  switch (system.phase) {
    case 'blank':
      return null;
    case 'round':
      // The obstacle round's board stands in for the round card while no row runs.
      return system.obstacle ? (
        <ObstacleBoard obstacle={system.obstacle} listTeam={listTeam} />
      ) : (
        <RoundCard fw={system.fw} title={system.title} eventName={event.name} />
      );
    case 'question':
    case 'answer':
      // A speed round's answers, once the master puts them on screen, show with their times and points.
      if (system.format === 'speed' && system.shownAnswers.length > 0) {
        return <SpeedResults system={system} listTeam={listTeam} />;
      }
      // A judged round's question is a performance: the team on stage, its topic and the clock.
      if (system.format === 'judged' && system.question && system.phase === 'question') {
        return <Performance system={system} listTeam={listTeam} balance={balance} />;
      }
      return system.question ? (
        <QuestionView system={system} listTeam={listTeam} balance={balance} silent={silent} />
      ) : system.obstacle ? (
        <ObstacleBoard obstacle={system.obstacle} listTeam={listTeam} />
      ) : (
        <RoundCard fw={system.fw} title={system.title} eventName={event.name} />
      );
    case 'scoreboard':
      return <Scoreboard listTeam={listTeam} />;
    case 'final':
      // The final ranking: on air only once the whole event's results are locked (the server's check).
      return <Scoreboard listTeam={listTeam} title={projectorText.finalResults} />;
    case 'rules':
      return (
        <Suspense fallback={null}>
          <RulesView />
        </Suspense>
      );
    case 'vote':
      return <VoteScreen system={system} balance={balance} />;
    default:
      return <LogoCard event={event} />;
  }
}

function SecondStage({
  system,
  listTeam,
  balance,
  event,
}: {
  system: ShowState;
  listTeam: TTeamListItem[];
  balance: number;
  event: EventSettings;
}) {
  switch (system.screen2) {
    case 'scoreboard':
      return <Scoreboard listTeam={listTeam} />;
    case 'judges':
      return <JudgesProgress system={system} listTeam={listTeam} />;
    case 'answers':
      return <ShownAnswers system={system} listTeam={listTeam} />;
    case 'vote':
      return <VoteScreen system={system} balance={balance} />;
    default:
      return <LogoCard event={event} />;
  }
}

export default function ProjectorPage({ which }: { which: 'screen' | 'screen2' }) {
  const { system, listTeam, balance } = useLiveState();
  const event = useEventSettings(system.event);
  const preview = isPreview();
  const soundLocked = useStartGesture(!preview);
  useProjectorReport(preview ? null : which, soundLocked);
  // Known at once to the page (and the tests), shown to the hall only once it lasts (OfflineSign).
  const linkLost = useLostLong().lost;
  const shownNow = system.phase === 'question' || system.phase === 'answer';
  useMediaPreload(which === 'screen' ? system.nextMedia : null, shownNow);

  const overlay = (
    <>
      {soundLocked && <StartMark />}
      <OfflineSign />
    </>
  );
  const title = `${appText.screenTitles[which]} · ${event.name}`;
  if (which === 'screen2') {
    return (
      <ProjectorFrame title={title}>
        <Stage
          data-testid="projector"
          data-phase={system.phase}
          data-mode={system.screen2}
          data-link={linkLost ? 'lost' : 'live'}
          overlay={overlay}
        >
          <SecondStage system={system} listTeam={listTeam} balance={balance} event={event} />
        </Stage>
      </ProjectorFrame>
    );
  }
  return (
    <ProjectorFrame title={title}>
      <Stage
        data-testid="projector"
        data-phase={system.phase}
        data-link={linkLost ? 'lost' : 'live'}
        overlay={overlay}
        blank={system.phase === 'blank'}
      >
        <MainStage system={system} listTeam={listTeam} balance={balance} silent={preview} event={event} />
      </Stage>
    </ProjectorFrame>
  );
}
