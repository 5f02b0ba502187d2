/**
 * The projector's scenes of two formats: the speed round's timed results (every shown answer, fastest
 * first, with its time to 0.01 s and the points its place earned) and the judged round's performance
 * (the team on stage, its topic and a clock big enough to read from the back of the hall).
 */
import { formatCountdown } from '../../../src/valueFormat';
import { answerSeconds } from '../../../src/roundFormats';
import { projectorText } from '../../../src/messages/projector';
import type { ShowState } from '../../../src/schemas/show';
import type { TTeamListItem } from '../../../src/schemas/system';
import { useCountdown } from '../../hooks/useCountdown';
import { FitText } from './FitText';
import classes from './FormatScenes.module.css';
import { STAGE_HEIGHT, useStageHeight } from './Stage';

/** The board's title and padding (`.board`, `.title`), which the rows share the rest of the stage with. */
const CHROME_HEIGHT = 40 + 36 + 96 + 24 + 90;

export function SpeedResults({ system, listTeam }: { system: ShowState; listTeam: TTeamListItem[] }) {
  const shown = new Set(system.shownAnswers);
  // Fastest first; an answer with no time (answers never opened) after the timed ones.
  const items = (system.shownAnswerItems ?? [])
    .filter((item) => shown.has(item.teamId))
    .sort((a, b) => (a.elapsedMs ?? Number.POSITIVE_INFINITY) - (b.elapsedMs ?? Number.POSITIVE_INFINITY));
  const stageHeight = useStageHeight();
  const pitch = Math.min((150 * stageHeight) / STAGE_HEIGHT, (stageHeight - CHROME_HEIGHT) / Math.max(items.length, 1));
  const rowHeight = Math.max(48, pitch - 14);
  const font = Math.max(24, Math.min(58, rowHeight * 0.42));
  return (
    <div className={classes.board} data-testid="speed-board">
      <div className={classes.title}>
        {projectorText.speedTitle}
        {system.question && <span className={classes.subtitle}>{projectorText.questionLabel(system.question.index + 1)}</span>}
      </div>
      {system.phase === 'answer' && system.question?.answer && (
        <div className={classes.rightAnswer} data-testid="speed-board-answer">
          {projectorText.answer}: <strong>{system.question.answer}</strong>
        </div>
      )}
      <div className={classes.rows}>
        {items.map((item) => {
          const team = listTeam.find((t) => t._id === item.teamId);
          const verdict = item.verdict;
          return (
            <div
              key={item.teamId}
              className={`${classes.row} ${classes.fadeIn}`}
              style={{ height: rowHeight, fontSize: font }}
              data-verdict={verdict ?? undefined}
              data-testid="speed-board-row"
            >
              <span className={classes.time}>{item.elapsedMs === null ? '—' : answerSeconds(item.elapsedMs)}</span>
              <FitText className={classes.team} max={font} min={22} fitKey={`${team?.name ?? ''}|${font}`}>
                <span>{team?.name ?? ''}</span>
              </FitText>
              <FitText className={classes.answer} max={font} min={20} fitKey={`${item.answer}|${font}`}>
                <span>{item.answer}</span>
              </FitText>
              {verdict ? (
                <span className={classes.mark} role="img" aria-label={verdict === 'right' ? projectorText.right : projectorText.wrong}>
                  {verdict === 'right' ? '✓' : '✗'}
                </span>
              ) : (
                <span className={classes.mark} />
              )}
              <span className={classes.points} data-testid="speed-board-points">
                {verdict === 'right' ? projectorText.plusPoints(item.points) : ''}
              </span>
            </div>
          );
        })}
      </div>
    </div>
  );
}

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
