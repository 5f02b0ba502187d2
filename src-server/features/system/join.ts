/**
 * What each screen receives from system.join: every event projected for its viewer (SPEC section 5),
 * a replay of what it missed after a reconnect, or one fresh snapshot when it was away too long.
 */
import type { Kysely } from 'kysely';
import type { Role } from '../../../src/constants';
import type { Database } from '../../db/types';
import type { StoredEvent } from '../../events';
import { answersFor, buzzOrder } from '../show/answers';
import { loadShow } from '../show/state';
import { listScores } from '../scoring/data';
import { progressPayload } from '../scoring/submit';
import { ANSWERS_GK_ID } from '../../../src/scoring';
import { getShowState, latestEventId, listActiveTeams } from './data';

export const MAX_REPLAY = 1000;

export interface Viewer {
  role: Role | null;
  userId: string | null;
  teamId: string | null;
}

const isStaff = (viewer: Viewer) => viewer.role === 'admin' || viewer.role === 'master';

type Payload = Record<string, unknown>;

/** The part of an event this viewer may see, or null when it is not for them. */
export function projectEvent(type: string, payload: Payload, viewer: Viewer): Payload | null {
  switch (type) {
    case 'state':
    case 'progress':
    case 'reload':
      return payload;
    case 'teams':
      return isStaff(viewer) ? { listTeam: payload.listTeam } : { listTeam: payload.publicListTeam ?? payload.listTeam };
    case 'scores': {
      if (isStaff(viewer)) return payload;
      if (viewer.role !== 'judge') return null;
      const items = ((payload.items ?? []) as { gkId: string }[]).filter((item) => item.gkId === viewer.userId);
      return items.length ? { items } : null;
    }
    case 'mine': {
      if (viewer.role !== 'team' || payload.teamId !== viewer.teamId) return null;
      const { teamId: _teamId, ...rest } = payload;
      return rest;
    }
    default:
      // answers, buzz and anything new: the console only, until decided otherwise.
      return isStaff(viewer) ? payload : null;
  }
}

const sharedProjections = new WeakMap<StoredEvent, Map<string, Payload | null>>();

/** Viewers who see the same projection of an event share one key. */
function audienceKey(type: string, viewer: Viewer): string {
  switch (type) {
    case 'state':
    case 'progress':
    case 'reload':
      return 'all';
    case 'teams':
      return isStaff(viewer) ? 'staff' : 'public';
    case 'scores':
      return isStaff(viewer) ? 'staff' : `user:${viewer.userId}`;
    case 'mine':
      return `team:${viewer.role === 'team' ? viewer.teamId : ''}`;
    default:
      return isStaff(viewer) ? 'staff' : 'none';
  }
}

/**
 * The message for this viewer, as one object shared by every viewer with the same projection, so
 * the websocket encoder serialises it once per event rather than once per screen.
 */
export function sharedMessage(event: StoredEvent, viewer: Viewer): Payload | null {
  let byAudience = sharedProjections.get(event);
  if (!byAudience) {
    byAudience = new Map();
    sharedProjections.set(event, byAudience);
  }
  const key = audienceKey(event.type, viewer);
  if (!byAudience.has(key)) {
    const data = projectEvent(event.type, event.payload, viewer);
    const message = data ? { type: event.type, ...data } : null;
    if (message) markShared(message);
    byAudience.set(key, message);
  }
  return byAudience.get(key) ?? null;
}

const shared = new WeakSet<object>();
function markShared(message: object): void {
  shared.add(message);
}
export function isShared(message: unknown): message is object {
  return typeof message === 'object' && message !== null && shared.has(message);
}

/** The events after `lastId`, or null when a snapshot is needed instead. */
export async function readBacklog(db: Kysely<Database>, lastId: number): Promise<StoredEvent[] | null> {
  const bounds = await db
    .selectFrom('events')
    .select((eb) => [eb.fn.min('id').as('min'), eb.fn.max('id').as('max'), eb.fn.countAll<number>().as('n')])
    .where('id', '>', lastId)
    .executeTakeFirstOrThrow();
  const count = Number(bounds.n);
  if (count > MAX_REPLAY) return null;
  if (count === 0) {
    // Nothing new — unless the client's id comes from a database this one has never seen.
    return lastId <= (await latestEventId(db)) ? [] : null;
  }
  if (Number(bounds.min) !== lastId + 1) {
    // Pruned events or a foreign id: the gap cannot be replayed.
    const older = await db.selectFrom('events').select('id').where('id', '<=', lastId).limit(1).executeTakeFirst();
    if (!older) return null;
  }
  const rows = await db.selectFrom('events').select(['id', 'type', 'payload']).where('id', '>', lastId).orderBy('id').execute();
  return rows.map((r) => ({ id: r.id, type: r.type, payload: r.payload }));
}

/** A fresh picture of everything this viewer follows, as events. */
export async function snapshotFor(db: Kysely<Database>, viewer: Viewer): Promise<{ type: string; payload: Payload }[]> {
  const [system, listTeam, { stored }] = await Promise.all([getShowState(db), listActiveTeams(db), loadShow(db)]);
  const events: { type: string; payload: Payload }[] = [{ type: 'state', payload: { system } }];
  const publicListTeam = stored.scoreboardFrozen && stored.frozenListTeam ? stored.frozenListTeam : undefined;
  events.push({ type: 'teams', payload: { listTeam, ...(publicListTeam ? { publicListTeam } : {}) } });
  const questionId = stored.questionId;
  if (questionId && (isStaff(viewer) || viewer.role === 'team')) {
    const [items, order] = await Promise.all([answersFor(db, questionId), buzzOrder(db, questionId)]);
    events.push({ type: 'answers', payload: { questionId, items } });
    events.push({ type: 'buzz', payload: { questionId, order } });
    const mine = items.find((a) => a.teamId === viewer.teamId);
    if (mine) events.push({ type: 'mine', payload: { teamId: viewer.teamId, questionId, answer: mine.answer, verdict: mine.verdict } });
  }
  if (stored.activeField) {
    events.push({ type: 'progress', payload: await db.transaction().execute((trx) => progressPayload(trx, stored.activeField!)) });
  }
  if (isStaff(viewer) || viewer.role === 'judge') {
    const items = (await listScores(db)).filter((i) => i.gkId !== ANSWERS_GK_ID);
    events.push({ type: 'scores', payload: { items } });
  }
  return events;
}
