/**
 * The obstacle round on the big screen: the crossword of row answers (letter boxes, filled once a row
 * is revealed), the picture under its tiles (a revealed row uncovers its tile), the keyword's boxes
 * and the centre clue. When the round ends, the whole picture and the keyword show.
 *
 * Only the staff get the original picture: every other screen gets the server's composite, with the
 * tiles not yet revealed painted over, at an address that changes with each reveal. The board draws
 * its tiles over either, as before, and opens a newly revealed tile only once the picture that shows
 * it has arrived, so the tile fades onto the picture, never onto the paint.
 */
import { useEffect, useRef, useState } from 'react';
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

interface ShownPicture {
  /** The address the state gave. */
  url: string | null;
  /** What the img shows: the address, or the fetched picture's blob URL. */
  src: string | null;
  revealed: number[];
  ended: boolean;
}

/**
 * The picture and the reveal that goes with it. A new address (the next reveal's composite) is
 * fetched whole first; until then the board keeps the last picture and its tiles as they were.
 */
function useShownPicture(obstacle: ObstacleScene): ShownPicture {
  const { picture, revealed, ended } = obstacle;
  const [shown, setShown] = useState<ShownPicture>(() => ({ url: picture, src: picture, revealed, ended }));
  // The address on show and the blob URL that holds it, read by the effect below without re-running it.
  const shownUrl = useRef(picture);
  const blob = useRef<string | null>(null);
  const revealKey = revealed.join(',');

  useEffect(() => {
    const reveal = { revealed: revealKey ? revealKey.split(',').map(Number) : [], ended };
    const show = (src: string | null) => {
      if (blob.current && blob.current !== src) URL.revokeObjectURL(blob.current);
      blob.current = src?.startsWith('blob:') ? src : null;
      shownUrl.current = picture;
      setShown({ url: picture, src, ...reveal });
    };
    if (!picture) return show(null);
    // The same picture (the staff's original, say): only the tiles change.
    if (picture === shownUrl.current) return setShown((was) => ({ ...was, ...reveal }));
    const abort = new AbortController();
    fetch(picture, { signal: abort.signal })
      .then((res) => (res.ok ? res.blob() : Promise.reject(new Error(String(res.status)))))
      .then((data) => {
        if (!abort.signal.aborted) show(URL.createObjectURL(data));
      })
      // Not fetched: the address itself, as the board always drew it.
      .catch(() => {
        if (!abort.signal.aborted) show(picture);
      });
    return () => abort.abort();
  }, [picture, revealKey, ended]);

  useEffect(
    () => () => {
      if (blob.current) URL.revokeObjectURL(blob.current);
    },
    [],
  );
  return shown;
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
  const shown = useShownPicture(obstacle);
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
          {shown.src && <img src={shown.src} alt="" draggable={false} className={classes.image} />}
          <div
            className={classes.tiles}
            style={{ gridTemplateColumns: `repeat(${columns}, 1fr)`, gridTemplateRows: `repeat(${tileRows}, 1fr)` }}
          >
            {Array.from({ length: obstacle.tiles }, (_, i) => {
              const open = shown.ended || shown.revealed.includes(i);
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
