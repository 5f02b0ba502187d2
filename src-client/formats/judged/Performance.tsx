/**
 * The judged round's performance on the projector: the team on stage, its topic and a clock big enough
 * to read from the back of the hall.
 */

import { projectorText } from '../../../src/messages/projector';
import type { ShowState } from '../../../src/schemas/show';
import type { TTeamListItem } from '../../../src/schemas/system';
import { formatCountdown } from '../../../src/valueFormat';
import { FitText } from '../../components/projector/FitText';
import { useCountdown } from '../../hooks/useCountdown';
import classes from './Performance.module.css';

export function Performance({ system, listTeam, balance }: { system: ShowState; listTeam: TTeamListItem[]; balance: number }) {
  const { seconds, running } = useCountdown(system.timer, balance);
  const team = listTeam.find((t) => t._id === system.activeTeamId);
  const timed = system.timer.durationMs > 0 || system.timer.endsAt !== null;
  const over = system.timer.endsAt !== null && !running;
  const clockState = over ? 'over' : running && seconds <= 30 ? 'warning' : running ? 'running' : 'paused';
  return (
    <div className={classes.performance} data-testid="performance">
      <div className={classes.kicker}>
        {projectorText.performance} · {system.title}
      </div>
      <FitText className={classes.performer} max={132} min={48} fitKey={team?.name ?? ''}>
        <span data-testid="performance-team">{team ? team.name : projectorText.noTeamOnStage}</span>
      </FitText>
      {system.question && (
        <FitText className={classes.topic} max={56} min={28} fitKey={system.question.content}>
          <span>{system.question.content}</span>
        </FitText>
      )}
      {timed && (
        <div className={classes.clock} data-state={clockState} data-testid="performance-clock" aria-live="off">
          {formatCountdown(seconds)}
        </div>
      )}
    </div>
  );
}
