/**
 * The media addresses: GET /media/:id (an uploaded file; a secret one, an obstacle round's picture,
 * to the staff only, else the same 404 as a missing file) and GET /media/obstacle/… (the obstacle
 * picture as the round has revealed it, src-server/features/media/obstacle-address.ts).
 */
import type { Hono, Context as HonoContext } from 'hono';
import { getCookie } from 'hono/cookie';
import type { StoredShow } from '../../../src/live';
import { messages } from '../../../src/messages';
import type { ObstacleScene } from '../../../src/schemas/show';
import type { AppDeps } from '../../context';
import { badRequest, notFound } from '../../errors';
import { findSession } from '../auth/sessions';
import { audienceOf } from '../live/picture';
import { readMedia } from './media';
import { OBSTACLE_PICTURE_PREFIX, type ObstacleView, parseViewKey, uploadedMediaId } from './obstacle-address';
import { CompositeCache, compositeObstaclePicture, type Picture } from './obstacle-picture';

const param = (c: HonoContext, name: string) => {
  const value = (c.req.param(name) ?? '').slice(0, 100);
  if (value.includes('\u0000')) throw badRequest(messages.nulCharacter, name);
  return value;
};

function send(c: HonoContext, picture: Picture) {
  c.header('Content-Type', picture.contentType);
  c.header('Cross-Origin-Resource-Policy', 'same-origin');
  return c.body(picture.data as Uint8Array<ArrayBuffer>);
}

/** The round of a set, on air or kept in the show's records (it may have ended and been left). */
function roundScene(stored: StoredShow, setId: string): ObstacleScene | null {
  if (stored.obstacle?.setId === setId) return stored.obstacle;
  return stored.rounds?.[setId]?.obstacle ?? null;
}

/** Whether the round lets anyone see `view` of its picture: the tiles it revealed, every one once it ended. */
function viewAllowed(scene: ObstacleScene, pictureId: string, view: ObstacleView): boolean {
  if (uploadedMediaId(scene.picture) !== pictureId || scene.tiles !== view.tiles) return false;
  if (scene.ended) return true;
  return view.shown !== 'all' && view.shown.every((tile) => scene.revealed.includes(tile));
}

export function registerMediaRoutes(app: Hono, deps: AppDeps): void {
  const composites = new CompositeCache();

  const isStaff = async (c: HonoContext) => {
    const found = await findSession(deps.db, getCookie(c, deps.config.cookieName) ?? null, deps.sessions);
    return audienceOf({ role: found?.user.role ?? null, userId: null, participantId: null }) === 'staff';
  };

  app.get(`${OBSTACLE_PICTURE_PREFIX}/:setId/:pictureId/:view`, async (c) => {
    const setId = param(c, 'setId');
    const pictureId = param(c, 'pictureId');
    const view = parseViewKey(param(c, 'view'));
    const scene = roundScene(deps.hub.live.stage.stored, setId);
    // Anything the round has not revealed answers as a missing file would: nothing to probe.
    if (!view || !scene || !viewAllowed(scene, pictureId, view)) throw notFound(messages.mediaNotFound);
    if (view.shown === 'all') return send(c, await readMedia(deps.db, pictureId));
    const shown = view.shown;
    const key = `${pictureId}|${view.tiles}|${shown.join('.')}`;
    const made = () => readMedia(deps.db, pictureId).then((original) => compositeObstaclePicture(original, { tiles: view.tiles, shown }));
    return send(c, await composites.get(key, made));
  });

  app.get('/media/:id', async (c) => {
    const media = await readMedia(deps.db, param(c, 'id'));
    if (media.secret && !(await isStaff(c))) throw notFound(messages.mediaNotFound);
    return send(c, media);
  });
}
