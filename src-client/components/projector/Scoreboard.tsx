/**
 * The animated ranking: each row keeps its DOM node and moves to its rank's place by a CSS
 * transition on `transform`, so a change of order glides instead of jumping. The audience sees
 * whatever totals the server sends them (frozen ones while the master keeps the board frozen). A
 * team level on total with another says why it stands where it does beside its total ("Xếp trên do
 * câu hỏi phụ", "Đồng hạng").
 */

import { projectorText } from '../../../src/messages/projector';
import type { TTeamListItem } from '../../../src/schemas/system';
import { compareStanding } from '../../../src/teamOrder';
import { tieNoteLine } from '../../../src/tieNote';
import { formatPoint } from '../../../src/valueFormat';
import { TeamBadge } from '../TeamBadge';
import { FitText } from './FitText';
import scene from './Scene.module.css';
import classes from './Scoreboard.module.css';
import { STAGE_HEIGHT, useStageHeight } from './Stage';

const TITLE_HEIGHT = 132;
/** The board's padding above and below its rows (`.board`). */
const PADDING = 48 + 40;
/** The tallest row pitch on a 16:9 stage; a taller stage (4:3, 5:4) allows taller rows in proportion. */
const MAX_PITCH = 112;
const ROW_GAP = 14;

/** Standings order: rank, then the teams' list order (priority, then name), as on every screen. */
export function rankedTeams(listTeam: TTeamListItem[]): TTeamListItem[] {
  return [...listTeam].sort(compareStanding);
}

export function Scoreboard({ listTeam, title = projectorText.scoreboard }: { listTeam: TTeamListItem[]; title?: string }) {
  const ranked = rankedTeams(listTeam);
  const position = new Map(ranked.map((team, index) => [team._id, index]));
  // DOM order never changes (sorted by id), so the browser animates the moves.
  const stable = [...listTeam].sort((a, b) => (a._id < b._id ? -1 : a._id > b._id ? 1 : 0));
  const stageHeight = useStageHeight();
  const rowsHeight = stageHeight - PADDING - TITLE_HEIGHT;
  const pitch = Math.min((MAX_PITCH * stageHeight) / STAGE_HEIGHT, rowsHeight / Math.max(ranked.length, 1));
  const rowHeight = Math.max(24, pitch - ROW_GAP);

  return (
    <div className={scene.board}>
      <div className={scene.boardTitle}>{title}</div>
      <div className={classes.boardRows}>
        {ranked.length === 0 && <div className={scene.emptyNote}>{projectorText.noTeams}</div>}
        {stable.map((team) => {
          const index = position.get(team._id) ?? 0;
          const badge = Math.round(rowHeight * 0.74);
          const note = tieNoteLine(team.tie);
          return (
            <div
              key={team._id}
              className={team.rank === 1 ? classes.rowTop : classes.row}
              style={{ height: rowHeight, transform: `translateY(${index * pitch}px)` }}
              data-testid="scoreboard-row"
              data-rank={team.rank}
              data-position={index + 1}
            >
              <span className={classes.rank} data-rank={team.rank} style={{ width: badge, height: badge, fontSize: badge * 0.5 }}>
                {team.rank}
              </span>
              <TeamBadge name={team.name} logoUrl={team.logoUrl} size={badge} fontScale={0.36} />
              <div className={classes.rowName}>
                {/* A name too long for its row shrinks (to 70 %) before it ellipsizes. */}
                <FitText className={classes.rowTeam} max={rowHeight * 0.4} min={rowHeight * 0.28} fitKey={team.name}>
                  {team.name}
                </FitText>
                {team.unit && rowHeight >= 64 && (
                  <div className={classes.rowUnit} style={{ fontSize: rowHeight * 0.24 }}>
                    {team.unit}
                  </div>
                )}
              </div>
              {/* A long reason (a criterion's whole label) shrinks (to 70 %) before it ellipsizes. */}
              {note && (
                <FitText
                  className={classes.tieNote}
                  max={Math.max(16, rowHeight * 0.28)}
                  min={Math.max(14, rowHeight * 0.2)}
                  fitKey={`${note}|${rowHeight}`}
                  data-testid="scoreboard-tie"
                >
                  {note}
                </FitText>
              )}
              <div className={classes.rowTotal} style={{ fontSize: rowHeight * 0.52 }} data-testid="scoreboard-total">
                {formatPoint(team.total)}
              </div>
            </div>
          );
        })}
      </div>
    </div>
  );
}
