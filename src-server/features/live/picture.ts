/**
 * What the floor asks of the picture it keeps, and who sees what. The picture itself (what each
 * feature contributes to it) is assembled where the server is (`src-server/picture/`); the floor
 * only follows changes into it, replays them and fans them out.
 */
import type { Kysely } from 'kysely';
import type { Role } from '../../../src/constants';
import type { Audience, DomainEvent, LiveMessage } from '../../../src/live';
import type { Database } from '../../db/types';

/**
 * Which contest a picture is of: the one on stage when it was read. An installation holds several
 * contests; the picture holds the one on stage only, and follows only its changes.
 */
export interface LiveScope {
  readonly contest: string;
  /** The contest is archived: read-only for everyone. */
  readonly readOnly: boolean;
}

export interface Viewer {
  role: Role | null;
  userId: string | null;
  /** The participant the viewer signs in for (a team today; an individual contestant later), or null. */
  participantId: string | null;
}

export function audienceOf(viewer: Viewer): Audience {
  if (viewer.role === 'admin' || viewer.role === 'master') return 'staff';
  if (viewer.role === 'judge') return 'judge';
  // A team's account signs in for its team, the participant it follows.
  if (viewer.role === 'team') return 'participant';
  return 'public';
}

/** Viewers with the same key see the same messages. */
export function viewerKey(viewer: Viewer): string {
  const audience = audienceOf(viewer);
  if (audience === 'judge') return `judge:${viewer.userId}`;
  if (audience === 'participant') return `participant:${viewer.participantId}`;
  return audience;
}

/** One change's message for each kind of viewer; `judge` and `team` override `others` for them. */
export interface Output {
  staff: LiveMessage | null;
  others: LiveMessage | null;
  judge?: (gkId: string | null) => LiveMessage | null;
  participant?: (participantId: string | null) => LiveMessage | null;
}

export function messagesFor(outputs: Output[], viewer: Viewer): LiveMessage[] {
  const audience = audienceOf(viewer);
  const messages: LiveMessage[] = [];
  for (const output of outputs) {
    let message: LiveMessage | null;
    if (audience === 'staff') message = output.staff;
    else if (audience === 'judge' && output.judge) message = output.judge(viewer.userId);
    else if (audience === 'participant' && output.participant) message = output.participant(viewer.participantId);
    else message = output.others;
    if (message) messages.push(message);
  }
  return messages;
}

/** The in-memory picture a hub keeps: it follows each change and gives a fresh viewer a snapshot. */
export interface LivePicture {
  /** The id of the last event the picture has followed. */
  eventId: number;
  /** The contest it is of. */
  readonly scope: LiveScope;
  /** Follows one committed change and returns what each viewer is told of it. */
  apply(id: number, event: DomainEvent): Output[];
  /** Everything this viewer follows, as messages, for a screen that starts (or starts over). */
  snapshot(viewer: Viewer): LiveMessage[];
}

/**
 * Reads a whole picture of the contest on stage from the database, as one consistent read (at start,
 * after a gap, after the contest on stage changed).
 */
export type LoadPicture<P extends LivePicture> = (db: Kysely<Database>) => Promise<P>;

/**
 * One feature's share of a picture: its part of the state, what it tells viewers of each change and
 * what a fresh viewer gets from it. A picture holds its parts in dependency order and asks each in turn.
 */
export interface PicturePart<D> {
  /** Follows one committed change (every part sees every change) and returns what viewers are told. */
  follow(event: DomainEvent): Output[];
  /** This part's messages for a screen that starts (or starts over). */
  snapshot(viewer: Viewer): LiveMessage[];
  /** The part's content in the shape its loader reads it. */
  data(): D;
}

/** Reads computed since the last change, shared by a picture's parts (their keys differ). */
export class Memo {
  private readonly values = new Map<string, unknown>();

  get<T>(key: string, compute: () => T): T {
    if (this.values.has(key)) return this.values.get(key) as T;
    const value = compute();
    this.values.set(key, value);
    return value;
  }

  clear(): void {
    this.values.clear();
  }
}
