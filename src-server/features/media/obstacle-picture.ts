/**
 * The obstacle round's picture as the audience may see it: the original with every tile not yet
 * revealed painted over with an opaque block, drawn here (sharp) so no screen but the staff's ever
 * holds the hidden part. The projector draws its tiles (number, colour) over this composite as it did
 * over the original, so the board looks as before.
 *
 * The composite has the board's shape (4:3), the original cropped to its centre as the board's
 * `object-fit: cover` crops it, so the tiles of the board and of the composite are the same cells.
 */
import type { OverlayOptions } from 'sharp';
import { loadSharp } from '../../heavy';

/** The board's shape (ObstacleBoard.module.css, `.picture`). */
const BOARD_RATIO = 4 / 3;
/** Wider than any projector shows the picture (860 px of a 1920 px stage), at most. */
const MAX_WIDTH = 1600;
/** A covered tile: the dark end of the projector's tile gradient, opaque. */
export const OBSTACLE_FILL = { r: 0x7a, g: 0x15, b: 0x15 } as const;
/** Pictures larger than this are not decoded (a 20 MB upload of a few thousand pixels a side is well within). */
const MAX_INPUT_PIXELS = 64_000_000;

export interface Picture {
  contentType: string;
  data: Uint8Array;
}

/** The board's grid: as many columns as the square root of the tiles, rounded up (ObstacleBoard). */
export function tileGrid(tiles: number): { columns: number; rows: number } {
  const columns = Math.ceil(Math.sqrt(tiles));
  return { columns, rows: Math.ceil(tiles / columns) };
}

/** Tile `index`'s cell in a picture of `width` × `height`, as the board's equal grid cuts it. */
export function tileCell(tiles: number, index: number, width: number, height: number) {
  const { columns, rows } = tileGrid(tiles);
  const column = index % columns;
  const row = Math.floor(index / columns);
  const left = Math.round((column * width) / columns);
  const top = Math.round((row * height) / rows);
  return { left, top, width: Math.round(((column + 1) * width) / columns) - left, height: Math.round(((row + 1) * height) / rows) - top };
}

/** The size of the composite: the largest 4:3 centre of the picture, no wider than MAX_WIDTH. */
function boardSize(width: number, height: number): { width: number; height: number } {
  let w = width;
  let h = Math.round(width / BOARD_RATIO);
  if (h > height) {
    h = height;
    w = Math.round(height * BOARD_RATIO);
  }
  const scale = Math.min(1, MAX_WIDTH / w);
  return { width: Math.max(1, Math.round(w * scale)), height: Math.max(1, Math.round(h * scale)) };
}

function coverFor(tiles: number, shown: number[], width: number, height: number): OverlayOptions[] {
  const covers: OverlayOptions[] = [];
  for (let index = 0; index < tiles; index++) {
    if (shown.includes(index)) continue;
    const cell = tileCell(tiles, index, width, height);
    if (cell.width < 1 || cell.height < 1) continue;
    covers.push({
      input: { create: { width: cell.width, height: cell.height, channels: 4, background: { ...OBSTACLE_FILL, alpha: 1 } } },
      left: cell.left,
      top: cell.top,
    });
  }
  return covers;
}

/** A picture the server cannot read (a format sharp does not decode): every cell covered, nothing leaks. */
async function coveredBoard(): Promise<Picture> {
  const sharp = await loadSharp();
  const data = await sharp({ create: { width: 1200, height: 900, channels: 3, background: OBSTACLE_FILL } })
    .png()
    .toBuffer();
  return { contentType: 'image/png', data: new Uint8Array(data) };
}

/**
 * The original with the tiles `view` does not show painted over. A JPEG stays a JPEG (quality 90);
 * anything else becomes a PNG, lossless and keeping transparency.
 */
export async function compositeObstaclePicture(original: Picture, view: { tiles: number; shown: number[] }): Promise<Picture> {
  try {
    const sharp = await loadSharp();
    const input = sharp(original.data, { limitInputPixels: MAX_INPUT_PIXELS });
    const meta = await input.metadata();
    // EXIF orientations 5–8 turn the picture a quarter: the browser shows it turned, so do we.
    const turned = (meta.orientation ?? 1) >= 5;
    const width = turned ? meta.height : meta.width;
    const height = turned ? meta.width : meta.height;
    if (!width || !height) return await coveredBoard();
    const size = boardSize(width, height);
    const board = await input
      .rotate()
      .resize({ ...size, fit: 'cover', position: 'centre' })
      .toBuffer();
    const composite = sharp(board).composite(coverFor(view.tiles, view.shown, size.width, size.height));
    const jpeg = original.contentType === 'image/jpeg';
    const data = jpeg ? await composite.jpeg({ quality: 90 }).toBuffer() : await composite.png().toBuffer();
    return { contentType: jpeg ? 'image/jpeg' : 'image/png', data: new Uint8Array(data) };
  } catch (error) {
    console.warn(`[media] obstacle picture not composited (${(error as Error).message}); served covered`);
    return coveredBoard();
  }
}

/**
 * The composites made lately, by picture and view, a few at most (a round reveals a dozen tiles;
 * each is a picture of a megabyte or two). A composite being made is shared by every request for it.
 */
export class CompositeCache {
  private readonly entries = new Map<string, Promise<Picture>>();
  private readonly sizes = new Map<string, number>();

  constructor(
    private readonly maxEntries = 16,
    private readonly maxBytes = 64 * 1024 * 1024,
  ) {}

  get(key: string, make: () => Promise<Picture>): Promise<Picture> {
    const held = this.entries.get(key);
    if (held) {
      // Most recently used last: the oldest is dropped first.
      this.entries.delete(key);
      this.entries.set(key, held);
      return held;
    }
    const made = make();
    this.entries.set(key, made);
    made.then(
      (picture) => {
        if (this.entries.get(key) !== made) return;
        this.sizes.set(key, picture.data.byteLength);
        this.trim();
      },
      () => {
        if (this.entries.get(key) === made) this.entries.delete(key);
      },
    );
    this.trim();
    return made;
  }

  private trim(): void {
    let bytes = [...this.sizes.values()].reduce((sum, size) => sum + size, 0);
    for (const key of this.entries.keys()) {
      if (this.entries.size <= this.maxEntries && bytes <= this.maxBytes) break;
      if (this.entries.size <= 1) break;
      this.entries.delete(key);
      bytes -= this.sizes.get(key) ?? 0;
      this.sizes.delete(key);
    }
  }

  get size(): number {
    return this.entries.size;
  }
}
