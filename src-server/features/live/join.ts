/**
 * What a screen that joins is sent, and how each message is named for resuming: the same for the
 * `system.join` procedure and for the sockets the fan-out writes to directly (`live-socket.ts`).
 */
import type { LiveMessage } from '../../../src/live';
import { z } from '../../../src/schemas/zod';
import type { LiveHub } from './hub';
import type { Viewer } from './picture';
import type { ChangeEntry } from './replay';

/** One message as the screen gets it: the id it resumes from, and the message. */
export type TrackedMessage = readonly [id: string, message: LiveMessage];

/**
 * A change's messages as tracked ids: the last carries the change's id, the ones before it
 * `id:index`, so a screen cut off in the middle of a change resumes after the message it had.
 */
export const changeMessageId = (id: number, index: number, count: number) => (index === count - 1 ? String(id) : `${id}:${index}`);
/** A snapshot's messages: only the last one is a place to resume from (`id:s` asks for a snapshot). */
export const snapshotMessageId = (id: number, index: number, count: number) => (index === count - 1 ? String(id) : `${id}:s`);

const RESUME_ID = /^(\d{1,15})(?::(\d{1,3}))?$/;

export const ZJoinInput = z.object({ lastEventId: z.string().max(40).nullish() }).optional();

/** Whether a live-only message (never stored) is for this audience: presence is the crew's. */
export const liveMessageFor = (message: LiveMessage, staff: boolean) => message.type !== 'presence' || staff;

/** A change's messages for one viewer, named. */
export function changeMessages(entry: ChangeEntry, viewer: Viewer, key: string, from = 0): TrackedMessage[] {
  const messages = entry.messagesFor(viewer, key);
  const tracked: TrackedMessage[] = [];
  for (let i = from; i < messages.length; i++) tracked.push([changeMessageId(entry.id, i, messages.length), messages[i]!]);
  return tracked;
}

/** Everything the viewer follows, as of the picture's last change, named. */
export function snapshotMessages(hub: Pick<LiveHub, 'live'>, viewer: Viewer): TrackedMessage[] {
  const id = hub.live.eventId;
  const messages = hub.live.snapshot(viewer);
  return messages.map((message, i) => [snapshotMessageId(id, i, messages.length), message] as const);
}

/**
 * What a screen joining with `lastEventId` is sent first: what it missed when all of it is still
 * held, else a snapshot; and the change it is then at. Read in one tick: the picture changes only
 * between ticks, so a subscriber attached in the same tick misses nothing and gets nothing twice.
 */
export function joinMessages(
  hub: Pick<LiveHub, 'live' | 'change' | 'changesSince'>,
  viewer: Viewer,
  key: string,
  lastEventId: string | null | undefined,
): { lastId: number; messages: TrackedMessage[] } {
  const resume = RESUME_ID.exec(lastEventId ?? '');
  const resumeId = resume ? Number(resume[1]) : null;
  const cut = resume?.[2] === undefined ? null : Number(resume[2]);
  // Cut off inside a change: its rest must still be held, else only a snapshot is complete.
  const partial = cut === null || resumeId === null ? undefined : hub.change(resumeId);
  const replay = resumeId === null || (cut !== null && !partial) ? null : hub.changesSince(resumeId);
  if (!replay) return { lastId: hub.live.eventId, messages: snapshotMessages(hub, viewer) };
  let lastId = resumeId!;
  const messages: TrackedMessage[] = partial ? changeMessages(partial, viewer, key, cut! + 1) : [];
  for (const entry of replay) {
    lastId = entry.id;
    messages.push(...changeMessages(entry, viewer, key));
  }
  return { lastId, messages };
}
