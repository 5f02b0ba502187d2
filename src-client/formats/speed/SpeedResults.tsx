/**
 * The speed round's timed results on the projector: every shown answer, fastest first, with its time
 * to 0.01 s and the points its place earned.
 */

import { projectorText } from '../../../src/messages/projector';
import { answerSeconds } from '../../../src/roundFormats';
import type { ShowState } from '../../../src/schemas/show';
import type { TTeamListItem } from '../../../src/schemas/system';
import { BoardTitle, questionSubtitle } from '../../components/projector/BoardTitle';
import { FitText } from '../../components/projector/FitText';
import { STAGE_HEIGHT, useStageHeight } from '../../components/projector/Stage';
import classes from './SpeedResults.module.css';

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
      <BoardTitle className={classes.title} title={projectorText.speedTitle} subtitle={questionSubtitle(system)} />
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
