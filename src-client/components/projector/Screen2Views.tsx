/** Screen 2's own modes: the judges' progress (ticks, never points) and the answers put on screen. */

import { projectorText } from '../../../src/messages/projector';
import { answerSeconds } from '../../../src/roundFormats';
import type { ShowState } from '../../../src/schemas/show';
import type { TTeamListItem } from '../../../src/schemas/system';
import { useLiveProgress } from '../../hooks/liveEvents';
import { useRemote } from '../../projector/useRemote';
import { trpcClient } from '../../trpcClient';
import { BoardTitle, questionSubtitle } from './BoardTitle';
import { FitText } from './FitText';
import scene from './Scene.module.css';
import classes from './Screen2Views.module.css';
import { STAGE_HEIGHT, useStageHeight } from './Stage';

/** What the board's title and padding take of the stage's height (`.board`, `.boardTitle`). */
const CHROME_HEIGHT = 48 + 40 + 132 + 24;

/**
 * Teams down, judges across (in seat order, by name), a tick where a judge has scored the team on the
 * open field (on a judged round's sheet: on every open criterion).
 */
/** The last word of a Vietnamese name (its given name) fits a narrow column: "TS Trần Thị Mai" → "Mai". */
function shortName(name: string): string {
  return name.trim().split(/\s+/).at(-1) ?? name;
}

export function JudgesProgress({ system, listTeam }: { system: ShowState; listTeam: TTeamListItem[] }) {
  const fields = useRemote(() => trpcClient.scoreField.all.query())?.items ?? [];
  const progress = useLiveProgress();
  const sheet = system.openFields;
  const label = sheet
    .map((name) => fields.find((f) => f.name === name)?.label ?? '')
    .filter(Boolean)
    .join(' · ');
  const current = sheet.flatMap((name) => progress.get(name) ?? []);
  // A tick once the judge has scored the team on every open field.
  const count = new Map<string, number>();
  for (const item of current) for (const d of item.done) count.set(`${d.teamId}|${d.gkId}`, (count.get(`${d.teamId}|${d.gkId}`) ?? 0) + 1);
  const done = new Set([...count].filter(([, n]) => n === sheet.length).map(([key]) => key));
  const teams = [...listTeam].sort((a, b) => a.priority - b.priority || a.name.localeCompare(b.name, 'vi'));
  const open = sheet.length > 0 && system.scoringOpen;
  // The judges' columns once scoring opens (or someone has scored): before that, each team says "Chưa mở chấm".
  const judges = current.length === sheet.length && (open || count.size > 0) ? (current[0]?.judges ?? []) : [];

  const stageHeight = useStageHeight();
  const rowHeight = Math.min((96 * stageHeight) / STAGE_HEIGHT, (stageHeight - CHROME_HEIGHT - 60) / Math.max(teams.length, 1) - 10);
  const fontSize = Math.max(20, rowHeight * 0.42);
  const columns =
    judges.length > 0 ? `minmax(0, 1fr) repeat(${judges.length}, ${Math.min(150, 900 / judges.length)}px)` : 'minmax(0, 1fr) 640px';

  return (
    <div className={scene.board} data-testid="judges-progress">
      <BoardTitle title={projectorText.judges} subtitle={label} />
      <div className={classes.grid} style={{ gridTemplateColumns: columns, gridAutoRows: rowHeight }}>
        {judges.length > 0 && <div />}
        {judges.map((judge) => (
          <div key={judge.gkId} className={classes.gridHead} title={judge.name}>
            {shortName(judge.name)}
          </div>
        ))}
        {teams.map((team) => [
          <FitText
            key={team._id}
            className={classes.gridTeam}
            max={Math.round(fontSize)}
            min={Math.min(Math.round(fontSize), 16)}
            fitKey={`${team.name}|${fontSize}`}
          >
            <span>{team.name}</span>
          </FitText>,
          ...(judges.length > 0
            ? judges.map(({ gkId }) => {
                const ticked = done.has(`${team._id}|${gkId}`);
                return (
                  <div
                    key={`${team._id}|${gkId}`}
                    className={ticked ? classes.gridCellDone : classes.gridCell}
                    style={{ fontSize: rowHeight * 0.6 }}
                    data-testid="judge-cell"
                    data-done={ticked || undefined}
                  >
                    {ticked ? '✓' : '·'}
                  </div>
                );
              })
            : [
                <div key={`${team._id}|none`} className={classes.gridNote} style={{ fontSize: fontSize * 0.8 }}>
                  {open ? projectorText.scoredCount(0) : projectorText.scoringNotOpen}
                </div>,
              ]),
        ])}
      </div>
    </div>
  );
}

/** The teams' answers the master put on screen 2, with the verdict once it is given. */
export function ShownAnswers({ system, listTeam }: { system: ShowState; listTeam: TTeamListItem[] }) {
  const items = system.shownAnswerItems ?? [];
  const shown = system.shownAnswers;
  // A speed round shows each answer's time after answers opened and the points its place earned.
  const speed = system.format === 'speed';
  const columns = shown.length <= 1 ? 1 : shown.length <= 4 ? 2 : 3;
  const rows = Math.max(1, Math.ceil(shown.length / columns));
  return (
    <div className={scene.board} data-testid="shown-answers">
      <BoardTitle title={projectorText.answers} subtitle={questionSubtitle(system)} />
      {shown.length === 0 ? (
        <div className={scene.emptyNote}>{projectorText.noShownAnswers}</div>
      ) : (
        <div
          className={classes.answerCards}
          style={{ gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`, gridTemplateRows: `repeat(${rows}, minmax(0, 1fr))` }}
        >
          {shown.map((teamId) => {
            const team = listTeam.find((t) => t._id === teamId);
            const item = items.find((a) => a.teamId === teamId);
            const verdict = item?.verdict ?? null;
            return (
              <div
                key={teamId}
                className={`${classes.answerCard} ${scene.fadeIn}`}
                data-verdict={verdict ?? undefined}
                data-testid="shown-answer"
              >
                <div className={classes.answerCardHead}>
                  <span className={classes.answerCardTeam}>{team?.name ?? ''}</span>
                  {verdict && (
                    <span
                      className={classes.verdictMark}
                      role="img"
                      aria-label={verdict === 'right' ? projectorText.right : projectorText.wrong}
                    >
                      {verdict === 'right' ? '✓' : '✗'}
                    </span>
                  )}
                </div>
                {speed && item && (
                  <div className={classes.speedLine} data-testid="speed-result">
                    <span>{item.elapsedMs === null ? '' : answerSeconds(item.elapsedMs)}</span>
                    {verdict === 'right' && <span className={classes.speedPoints}>{projectorText.plusPoints(item.points)}</span>}
                  </div>
                )}
                <div className={classes.answerCardLabel}>{projectorText.answers}</div>
                <FitText className={classes.answerCardText} max={72} min={24} fitKey={item?.answer ?? ''}>
                  <span>{item ? item.answer : projectorText.noAnswerYet}</span>
                </FitText>
              </div>
            );
          })}
        </div>
      )}
    </div>
  );
}
