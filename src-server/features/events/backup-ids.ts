/**
 * A restored event's new ids, so it can sit beside the event it was copied from (even in the same
 * installation) without sharing a single id with it.
 *
 * Every UUID in the event's rows is replaced, the same old id by the same new one throughout: a row's
 * own id, a reference to one, and one written inside a text or a JSON value (`/media/<id>`,
 * `keyword:<setId>` in an audit reason, the show's rounds keyed by set, a question's id). The
 * installation's accounts a row names (judges, staff) are replaced by the accounts the restore
 * matched them to. The serial ids (audit events, votes, log entries) are the database's new ones,
 * put where rows and the show name them: they are numbers, which no text search could tell apart.
 */
import { randomUUID } from 'node:crypto';
import { messages } from '../../../src/messages';
import { damaged } from './backup-format';

const UUID = /(?<![0-9a-z])[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(?![0-9a-z])/gi;

/** The tables whose serial id another row, the show or the log names. */
export const REFERENCED_SERIALS = ['score_events', 'votes', 'action_log', 'sudden_deaths'] as const;
type SerialTable = (typeof REFERENCED_SERIALS)[number];

type Row = Record<string, unknown>;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const OTHER = '\u0001';
const NUMBER = '\u0002';

/**
 * Where a message says a vote's number: the words around it, up to any other value the message
 * holds, from the catalogue itself (a backup from before a change of wording keeps its old number).
 */
function voteNumberPattern(text: string): RegExp {
  const [before = '', after = ''] = text.split(NUMBER);
  const lead = before.split(OTHER).at(-1) ?? '';
  const tail = after.split(OTHER)[0] ?? '';
  return new RegExp(`(${escapeRegExp(lead)})(\\d+)(${escapeRegExp(tail)})`);
}
/** The audit reason of a vote's award, the log's summary of its discarded ballots. */
const AWARD_REASON = voteNumberPattern(messages.voteAwardReason(NUMBER));
const DISCARD_SUMMARY = voteNumberPattern(messages.voteGuard.discardSummary(0, OTHER, NUMBER));

/** Every UUID in a value (strings and keys, at any depth), lower-cased, added to `found`. */
export function collectUuids(value: unknown, found: Set<string>): void {
  if (typeof value === 'string') {
    for (const match of value.matchAll(UUID)) found.add(match[0].toLowerCase());
  } else if (Array.isArray(value)) {
    for (const item of value) collectUuids(item, found);
  } else if (typeof value === 'object' && value !== null && !(value instanceof Uint8Array) && !(value instanceof Date)) {
    for (const [key, item] of Object.entries(value)) {
      collectUuids(key, found);
      collectUuids(item, found);
    }
  }
}
const isObject = (value: unknown): value is Row => typeof value === 'object' && value !== null && !Array.isArray(value);

export class IdMap {
  private readonly uuids = new Map<string, string>();
  private readonly serials: Record<SerialTable, Map<number, number>> = {
    score_events: new Map(),
    votes: new Map(),
    action_log: new Map(),
    sudden_deaths: new Map(),
  };

  /** `oldId` becomes `newId` (the new contest, an account the restore matched). */
  set(oldId: string, newId: string): void {
    this.uuids.set(oldId.toLowerCase(), newId);
  }

  /** The new id of an old one: the one already given, else a fresh one. */
  uuid(oldId: string): string {
    const key = oldId.toLowerCase();
    let id = this.uuids.get(key);
    if (!id) {
      id = randomUUID();
      this.uuids.set(key, id);
    }
    return id;
  }

  /** A value with every UUID in it replaced, in strings and in objects' keys, at any depth. */
  replace(value: unknown): unknown {
    if (typeof value === 'string') return value.replace(UUID, (id) => this.uuid(id));
    if (Array.isArray(value)) return value.map((item) => this.replace(item));
    if (isObject(value)) return Object.fromEntries(Object.entries(value).map(([key, item]) => [this.replace(key), this.replace(item)]));
    return value;
  }

  setSerial(table: SerialTable, oldId: number, newId: number): void {
    this.serials[table].set(oldId, newId);
  }

  /** The new serial id of an old one; null when the backup held no such row. */
  serial(table: SerialTable, oldId: unknown): number | null {
    return typeof oldId === 'number' ? (this.serials[table].get(oldId) ?? null) : null;
  }

  /** The serial ids a row names, renewed (`row` is the file's, its JSON values still objects). */
  renewSerialReferences(table: string, row: Row): void {
    const required = (serialTable: SerialTable, value: unknown) => {
      const id = this.serial(serialTable, value);
      // A ballot of a vote the file does not hold: no backup this code wrote.
      if (id === null) throw damaged();
      return id;
    };
    switch (table) {
      case 'score_events':
        // An undo names the event it undid, an earlier one; a vote's points, the vote.
        if (row.undoes !== null && row.undoes !== undefined) row.undoes = this.serial('score_events', row.undoes);
        if (row.source === 'vote') row.reason = this.renewVoteNumber(row.reason, AWARD_REASON);
        return;
      case 'ballots':
        row.vote_id = required('votes', row.vote_id);
        return;
      case 'vote_discards':
        row.vote_id = required('votes', row.vote_id);
        row.action_id = required('action_log', row.action_id);
        return;
      case 'action_log':
        if (isObject(row.target)) row.target = this.renewTarget(row.target);
        if (row.kind === 'vote.discard') row.summary = this.renewVoteNumber(row.summary, DISCARD_SUMMARY);
        return;
      case 'show_state':
      case 'show_history':
        if (isObject(row.state)) row.state = this.renewShow(row.state);
        return;
    }
  }

  /** A vote's number in words people read, renewed where the catalogue's wording says it. */
  private renewVoteNumber(text: unknown, pattern: RegExp): unknown {
    if (typeof text !== 'string') return text;
    return text.replace(pattern, (whole, lead: string, id: string, tail: string) => {
      const renewed = this.serial('votes', Number(id));
      return renewed === null ? whole : `${lead}${renewed}${tail}`;
    });
  }

  /** What a log entry was done to: the audit event of points by hand, the vote of discarded ballots. */
  private renewTarget(target: Row): Row {
    const renewed = { ...target };
    if (typeof target.scoreEvent === 'number') renewed.scoreEvent = this.serial('score_events', target.scoreEvent);
    if (typeof target.voteId === 'string' && /^\d+$/.test(target.voteId)) {
      const id = this.serial('votes', Number(target.voteId));
      renewed.voteId = id === null ? null : String(id);
    }
    return renewed;
  }

  /** The audit events the show keeps (a move's points for undo, each round's for a replay). */
  private renewShow(state: Row): Row {
    const events = (list: unknown) =>
      Array.isArray(list) ? list.map((id) => this.serial('score_events', id)).filter((id): id is number => id !== null) : list;
    const renewed: Row = { ...state };
    if ('moveScores' in state) renewed.moveScores = events(state.moveScores);
    if (isObject(state.rounds)) {
      renewed.rounds = Object.fromEntries(
        Object.entries(state.rounds).map(([setId, round]) => [
          setId,
          isObject(round) ? { ...round, scoreEvents: events(round.scoreEvents) } : round,
        ]),
      );
    }
    return renewed;
  }
}
