/**
 * /screen and /screen2: the projectors. Public and read-only: they follow the live show state
 * and draw it on a 16:9 stage; the only thing to click is the one-time start overlay.
 * `?preview=1` (the /preview page's frames) skips the overlay and stays silent.
 */
import { messages } from '../../src/messages';
import type { ShowState } from '../../src/schemas/show';
import type { TTeamListItem } from '../../src/schemas/system';
import { LogoCard, RoundCard, RulesView } from '../components/projector/Cards';
import { OfflineSign, StartOverlay } from '../components/projector/Overlays';
import { QuestionView, useMediaPreload } from '../components/projector/QuestionView';
import { Scoreboard } from '../components/projector/Scoreboard';
import { JudgesProgress, ShownAnswers } from '../components/projector/Screen2Views';
import { Stage } from '../components/projector/Stage';
import { useEventSettings } from '../components/projector/useEventSettings';
import { useSystemState } from '../hooks/useSystemState';
import { DocumentTitle } from '../hooks/useDocumentTitle';

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
  switch (system.phase) {
    case 'blank':
      return null;
    case 'round':
      return <RoundCard fw={system.fw} title={system.title} eventName={event.name} />;
    case 'question':
    case 'answer':
      return system.question ? (
        <QuestionView system={system} listTeam={listTeam} balance={balance} silent={silent} />
      ) : (
        <RoundCard fw={system.fw} title={system.title} eventName={event.name} />
      );
    case 'scoreboard':
      return <Scoreboard listTeam={listTeam} />;
    case 'rules':
      return <RulesView />;
    default:
      return <LogoCard event={event} />;
  }
}

function SecondStage({ system, listTeam, event }: { system: ShowState; listTeam: TTeamListItem[]; event: EventSettings }) {
  switch (system.screen2) {
    case 'scoreboard':
      return <Scoreboard listTeam={listTeam} />;
    case 'judges':
      return <JudgesProgress system={system} listTeam={listTeam} />;
    case 'answers':
      return <ShownAnswers system={system} listTeam={listTeam} />;
    default:
      return <LogoCard event={event} />;
  }
}

export default function ProjectorPage({ which }: { which: 'screen' | 'screen2' }) {
  const { system, listTeam, balance } = useSystemState();
  const event = useEventSettings(system.event);
  const preview = isPreview();
  const shownNow = system.phase === 'question' || system.phase === 'answer';
  useMediaPreload(which === 'screen' ? system.nextMedia : null, shownNow);

  const overlay = (
    <>
      {!preview && <StartOverlay />}
      <OfflineSign />
    </>
  );
  const title = `${messages.screenTitles[which]} · ${event.name}`;
  if (which === 'screen2') {
    return (
      <Stage data-testid="projector" data-phase={system.phase} data-mode={system.screen2} overlay={overlay}>
        <DocumentTitle title={title} />
        <SecondStage system={system} listTeam={listTeam} event={event} />
      </Stage>
    );
  }
  return (
    <Stage data-testid="projector" data-phase={system.phase} overlay={overlay} blank={system.phase === 'blank'}>
      <DocumentTitle title={title} />
      <MainStage system={system} listTeam={listTeam} balance={balance} silent={preview} event={event} />
    </Stage>
  );
}
