/**
 * Where a screen fetches the obstacle round's picture. The staff see the uploaded original
 * (`/media/<id>`, a secret item); everyone else gets an address that names the round, the picture,
 * the tiles and the reveal (`/media/obstacle/<set>/<picture>/<tiles>-<shown>`), so each reveal is a
 * new address (no cache can show an old one) and the server serves only what the round has revealed.
 * Pure: the live model projects the public state with it, the route parses it back.
 */
import type { ObstacleScene } from '../../../src/schemas/show';

/** The address prefix of the composites (GET /media/obstacle/:setId/:pictureId/:view). */
export const OBSTACLE_PICTURE_PREFIX = '/media/obstacle';

const UPLOADED = /^\/media\/([^/?#]+)$/;

/** The media id of an uploaded file's address (`/media/<id>`), else null (an outside address). */
export function uploadedMediaId(url: string | null | undefined): string | null {
  const id = url ? UPLOADED.exec(url)?.[1] : undefined;
  return id && id !== 'obstacle' ? id : null;
}

/** The tiles a view shows uncovered: all of them once the round has ended. */
export type ObstacleView = { tiles: number; shown: 'all' | number[] };

/** `4-all`, `4-none`, `4-0.2`: the tiles and the uncovered ones, ascending (one spelling per view). */
export function viewKey(view: ObstacleView): string {
  const shown = view.shown === 'all' ? 'all' : view.shown.length ? view.shown.join('.') : 'none';
  return `${view.tiles}-${shown}`;
}

const VIEW = /^(\d{1,2})-(all|none|\d{1,2}(?:\.\d{1,2}){0,11})$/;

/** A view read from its key; null unless it is the one spelling `viewKey` gives. */
export function parseViewKey(key: string): ObstacleView | null {
  const match = VIEW.exec(key);
  if (!match) return null;
  const tiles = Number(match[1]);
  if (tiles < 1 || tiles > 12) return null;
  const raw = match[2]!;
  const view: ObstacleView = { tiles, shown: raw === 'all' ? 'all' : raw === 'none' ? [] : raw.split('.').map(Number) };
  if (view.shown !== 'all' && view.shown.some((tile) => tile >= tiles)) return null;
  return viewKey(view) === key ? view : null;
}

/** What the round on air lets a screen see of its picture: the revealed tiles, all once it has ended. */
export function sceneView(scene: Pick<ObstacleScene, 'tiles' | 'revealed' | 'ended'>): ObstacleView {
  if (scene.ended) return { tiles: scene.tiles, shown: 'all' };
  const shown = [...new Set(scene.revealed)].filter((tile) => tile >= 0 && tile < scene.tiles).sort((a, b) => a - b);
  return { tiles: scene.tiles, shown };
}

/**
 * The obstacle board as anyone but the staff sees it: the picture's address is the composite of the
 * revealed tiles. A picture given as an outside address (stored before those were refused) cannot be
 * composited, so it is left out until the round ends.
 */
export function publicObstacleScene(scene: ObstacleScene): ObstacleScene {
  const pictureId = uploadedMediaId(scene.picture);
  if (!pictureId) return scene.ended || scene.picture === null ? scene : { ...scene, picture: null };
  const address = `${OBSTACLE_PICTURE_PREFIX}/${encodeURIComponent(scene.setId)}/${encodeURIComponent(pictureId)}/${viewKey(sceneView(scene))}`;
  return { ...scene, picture: address };
}
