/**
 * The obstacle round on the big screen: the crossword of row answers (letter boxes, filled once a row
 * is revealed), the picture under its tiles (a revealed row uncovers its tile), the keyword's boxes
 * and the centre clue. When the round ends, the whole picture and the keyword show.
 */
import { projectorText } from '../../../src/messages/projector';
import type { ObstacleScene } from '../../../src/schemas/show';
import type { TTeamListItem } from '../../../src/schemas/system';
import classes from './ObstacleBoard.module.css';

/** The room for a row's boxes: the crossword's 860 px less its row number (64) and gap (20). */
const CROSSWORD_BOXES_WIDTH = 776;
const BOX_GAP = 8;

/** The letters of an answer as boxes: spaces are gaps between words, not boxes. */
function lettersOf(answer: string): string[] {
  return [...answer.normalize('NFC').toLocaleUpperCase('vi').replace(/\s+/g, '')];
}

function Boxes({ count, letters, size }: { count: number; letters: string[] | null; size: number }) {
  return (
    <span className={classes.boxes}>
      {Array.from({ length: count }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a box is its position in the word
        <span key={i} className={classes.box} style={{ width: size, height: size, fontSize: size * 0.62 }} data-filled={!!letters}>
          {letters?.[i] ?? ''}
        </span>
      ))}
    </span>
  );
}

export function ObstacleBoard({ obstacle, listTeam }: { obstacle: ObstacleScene; listTeam: TTeamListItem[] }) {
  const longest = Math.max(1, ...obstacle.rows.map((r) => r.letters), obstacle.keywordLetters);
  // Boxes as large as the longest word allows beside its row number (the crossword is 860 px wide).
  const size = Math.max(36, Math.min(84, Math.floor(CROSSWORD_BOXES_WIDTH / longest) - BOX_GAP));
  const columns = Math.ceil(Math.sqrt(obstacle.tiles));
  const tileRows = Math.ceil(obstacle.tiles / columns);
  const solvedBy = obstacle.solvedBy ? listTeam.find((t) => t._id === obstacle.solvedBy)?.name : null;
  const out = obstacle.eliminated.map((id) => listTeam.find((t) => t._id === id)?.name).filter(Boolean);
  return (
    <div className={classes.board} data-testid="obstacle-board" data-ended={obstacle.ended || undefined}>
      <div className={classes.title}>{projectorText.obstacleTitle}</div>
      <div className={classes.body}>
        <div className={classes.crossword}>
          {obstacle.rows.map((row, i) => (
            <div
              // biome-ignore lint/suspicious/noArrayIndexKey: a row is its position in the round
              key={i}
              className={classes.row}
              data-testid="obstacle-row"
              data-revealed={row.answer !== null || undefined}
              data-played={obstacle.played.includes(i) || undefined}
            >
              <span className={classes.rowNumber}>{i + 1}</span>
              <Boxes count={row.letters} letters={row.answer === null ? null : lettersOf(row.answer)} size={size} />
              <span className={classes.srOnly}>{projectorText.letterCount(row.letters)}</span>
            </div>
          ))}
          <div className={classes.keyword} data-testid="obstacle-keyword">
            <span className={classes.keywordLabel}>{projectorText.keyword(obstacle.keywordLetters)}</span>
            <Boxes count={obstacle.keywordLetters} letters={obstacle.keyword === null ? null : lettersOf(obstacle.keyword)} size={size} />
          </div>
          {obstacle.clue && (
            <div className={classes.clue} data-testid="obstacle-clue">
              {projectorText.centreClue}: {obstacle.clue}
            </div>
          )}
        </div>
        <div className={classes.picture}>
          {obstacle.picture && <img src={obstacle.picture} alt="" draggable={false} className={classes.image} />}
          <div
            className={classes.tiles}
            style={{ gridTemplateColumns: `repeat(${columns}, 1fr)`, gridTemplateRows: `repeat(${tileRows}, 1fr)` }}
          >
            {Array.from({ length: obstacle.tiles }, (_, i) => {
              const open = obstacle.ended || obstacle.revealed.includes(i);
              return (
                // biome-ignore lint/suspicious/noArrayIndexKey: a tile is its position in the picture
                <div key={i} className={classes.tile} data-open={open || undefined} data-testid="obstacle-tile">
                  {!open && <span>{i + 1}</span>}
                </div>
              );
            })}
          </div>
        </div>
      </div>
      <div className={classes.footer} data-testid="obstacle-footer">
        {solvedBy
          ? projectorText.keywordSolved(solvedBy)
          : out.length > 0
            ? projectorText.teamsOut(out.join(', '))
            : projectorText.keywordHint}
      </div>
    </div>
  );
}
