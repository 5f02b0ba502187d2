/**
 * The audience vote's data: a vote's row, one ballot per device, the per-address ballot counts of
 * the rate limit, and the tally. A ballot writes no domain event: the tally is counted by one instance
 * at a time (`VoteCounter`, counter.ts) and travels as one `vote` event at most twice a second.
 */
import { type Kysely, sql } from 'kysely';
import type { StoredVote } from '../../../src/live';
import { messages } from '../../../src/messages';
import { ZStoredVoteSchema } from '../../../src/schemas/live';
import { type TVoteCount, VOTE_BALLOTS_PER_ADDRESS, VOTE_WINDOW_MS } from '../../../src/schemas/vote';
import { z } from '../../../src/schemas/zod';
import { parseStored } from '../../db/json';
import type { Database } from '../../db/types';
import { AppError, conflict } from '../../errors';
import { RetryLater } from './gate';

type Db = Kysely<Database>;

const ZTeamIds = z.array(z.string());
const ZTally = z.array(z.object({ teamId: z.string(), count: z.number() }));
const ZAward = ZStoredVoteSchema.shape.award;

/** A `votes` row as the live model holds it. */
export function storedVoteOf(row: {
  id: number | string;
  team_ids: unknown;
  choices: number;
  changeable: boolean;
  opened_at: number | string;
  closes_at: number | string | null;
  closed_at: number | string | null;
  tally: unknown;
  ballots: number;
  award: unknown;
}): StoredVote {
  const where = `votes ${row.id}`;
  const teamIds = parseStored(ZTeamIds, row.team_ids, `${where}.team_ids`);
  const counted = new Map(parseStored(ZTally, row.tally, `${where}.tally`).map((c) => [c.teamId, c.count]));
  return {
    _id: String(row.id),
    open: row.closed_at === null,
    teamIds,
    choices: row.choices,
    changeable: row.changeable,
    closesAt: row.closes_at === null ? null : Number(row.closes_at),
    openedAt: Number(row.opened_at),
    closedAt: row.closed_at === null ? null : Number(row.closed_at),
    // Every team of the ballot, 0 included, in the ballot's order.
    tally: teamIds.map((teamId) => ({ teamId, count: counted.get(teamId) ?? 0 })),
    ballots: row.ballots,
    award: parseStored(ZAward, row.award, `${where}.award`),
  };
}

const VOTE_COLUMNS = [
  'id',
  'team_ids',
  'choices',
  'changeable',
  'opened_at',
  'closes_at',
  'closed_at',
  'tally',
  'ballots',
  'award',
] as const;

/** The open vote, else the last one; null when there has never been one. */
export async function readCurrentVote(db: Db): Promise<StoredVote | null> {
  const row = await db.selectFrom('votes').select(VOTE_COLUMNS).orderBy('id', 'desc').limit(1).executeTakeFirst();
  return row ? storedVoteOf(row) : null;
}

/**
 * The vote's row, locked until the transaction ends. A close (or an award) takes it for update, so
 * it waits for every ballot in flight (each key-shares the row) and the ballots after it see it
 * closed; a plain count does not hold ballots up.
 */
export async function lockVote(db: Db, id: string, purpose: 'close' | 'count'): Promise<StoredVote | null> {
  const query = db.selectFrom('votes').select(VOTE_COLUMNS).where('id', '=', Number(id));
  const row = await (purpose === 'close' ? query.forUpdate() : query.forNoKeyUpdate()).executeTakeFirst();
  return row ? storedVoteOf(row) : null;
}

export async function insertVote(
  db: Db,
  vote: { teamIds: string[]; choices: number; changeable: boolean; closesAt: number | null; openedBy: string; now: number },
): Promise<StoredVote> {
  const row = await db
    .insertInto('votes')
    .values({
      team_ids: JSON.stringify(vote.teamIds),
      choices: vote.choices,
      changeable: vote.changeable,
      opened_at: vote.now,
      closes_at: vote.closesAt,
      opened_by: vote.openedBy,
    })
    .returning(VOTE_COLUMNS)
    .executeTakeFirstOrThrow();
  return storedVoteOf(row);
}

/**
 * Every team's votes and the ballots cast, straight from the ballots; the ballots of an address the
 * staff discarded (`vote_discards`) are left out.
 */
export async function countBallots(db: Db, voteId: string): Promise<{ tally: Map<string, number>; ballots: number }> {
  const id = Number(voteId);
  const counted = sql`not exists (select 1 from vote_discards d where d.vote_id = ${id} and d.address = ballots.address)`;
  const counts = await sql<{ team_id: string; count: number | string }>`
    select choice as team_id, count(*) as count
    from ballots, jsonb_array_elements_text(ballots.team_ids) as choice
    where vote_id = ${id} and ${counted}
    group by choice`.execute(db);
  const total = await sql<{ n: number | string }>`select count(*) as n from ballots where vote_id = ${id} and ${counted}`.execute(db);
  return { tally: new Map(counts.rows.map((r) => [r.team_id, Number(r.count)])), ballots: Number(total.rows[0]?.n ?? 0) };
}

/**
 * Writes a fresh count into the vote's row (in the caller's transaction, the row locked), closing it
 * too when `closedAt` is given. Returns the stored vote, and whether anything a screen shows changed.
 */
export async function writeCount(
  db: Db,
  vote: StoredVote,
  now: number,
  closedAt: number | null,
): Promise<{ vote: StoredVote; changed: boolean }> {
  const { tally, ballots } = await countBallots(db, vote._id);
  const counts: TVoteCount[] = vote.teamIds.map((teamId) => ({ teamId, count: tally.get(teamId) ?? 0 }));
  const changed = closedAt !== null || ballots !== vote.ballots || counts.some((c, i) => c.count !== vote.tally[i]?.count);
  if (!changed) {
    await db.updateTable('votes').set({ tallied_at: now }).where('id', '=', Number(vote._id)).execute();
    return { vote, changed };
  }
  const row = await db
    .updateTable('votes')
    .set({ tally: JSON.stringify(counts), ballots, tallied_at: now, ...(closedAt !== null ? { closed_at: closedAt } : {}) })
    .where('id', '=', Number(vote._id))
    .returning(VOTE_COLUMNS)
    .executeTakeFirstOrThrow();
  return { vote: storedVoteOf(row), changed };
}

export async function writeAward(db: Db, voteId: string, award: NonNullable<StoredVote['award']>): Promise<StoredVote> {
  const row = await db
    .updateTable('votes')
    .set({ award: JSON.stringify(award) })
    .where('id', '=', Number(voteId))
    .returning(VOTE_COLUMNS)
    .executeTakeFirstOrThrow();
  return storedVoteOf(row);
}

/** The window of the per-address limit a moment falls in. */
export const windowStart = (now: number) => now - (now % VOTE_WINDOW_MS);

/**
 * Casts one ballot in one statement: the vote must still be open (key-share locked, so a close waits
 * for it and counts it, or it sees the close and is refused) and its address not discarded, the
 * address's count in this window goes up, and the ballot is stored, replacing the device's earlier one
 * only when the vote allows changes. `address` is the ballot's source (`gate.ts`: an IPv6 address by
 * its /64). On refusal a second read says why.
 */
export async function castBallot(
  db: Db,
  ballot: { voteId: string; device: string; teamIds: string[]; address: string; changeable: boolean; now: number },
): Promise<void> {
  const voteId = Number(ballot.voteId);
  const window = windowStart(ballot.now);
  const teams = JSON.stringify(ballot.teamIds);
  const inserted = await sql<{ device: string }>`
    with gate as (
      select id from votes
      where id = ${voteId} and closed_at is null and (closes_at is null or closes_at > ${ballot.now})
        and not exists (select 1 from vote_discards where vote_id = ${voteId} and address = ${ballot.address})
      for key share
    ), counted as (
      insert into vote_limits (address, window_start, count) values (${ballot.address}, ${window}, 1)
      on conflict (address, window_start) do update set count = vote_limits.count + 1
      returning count
    )
    insert into ballots (vote_id, device, team_ids, address)
    select gate.id, ${ballot.device}, cast(${teams} as jsonb), ${ballot.address}
    from gate, counted
    where counted.count <= ${VOTE_BALLOTS_PER_ADDRESS}
    on conflict (vote_id, device) do update set team_ids = excluded.team_ids, address = excluded.address, cast_at = now()
    where ${ballot.changeable}
    returning device`.execute(db);
  if (inserted.rows.length > 0) return;

  const open = await db
    .selectFrom('votes')
    .select('id')
    .where('id', '=', voteId)
    .where('closed_at', 'is', null)
    .where((eb) => eb.or([eb('closes_at', 'is', null), eb('closes_at', '>', ballot.now)]))
    .executeTakeFirst();
  if (!open) throw conflict(messages.voteClosed);
  const discarded = await db
    .selectFrom('vote_discards')
    .select('address')
    .where('vote_id', '=', voteId)
    .where('address', '=', ballot.address)
    .executeTakeFirst();
  if (discarded) throw new AppError('FORBIDDEN', messages.voteGuard.sourceDiscarded);
  const limit = await db
    .selectFrom('vote_limits')
    .select('count')
    .where('address', '=', ballot.address)
    .where('window_start', '=', window)
    .executeTakeFirst();
  if ((limit?.count ?? 0) > VOTE_BALLOTS_PER_ADDRESS) {
    throw new RetryLater(messages.voteRateLimited, window + VOTE_WINDOW_MS - ballot.now);
  }
  throw conflict(messages.voteAlreadyCast);
}

/** This device's ballot in the vote, or null. */
export async function readBallot(db: Db, voteId: string, device: string): Promise<string[] | null> {
  const row = await db
    .selectFrom('ballots')
    .select('team_ids')
    .where('vote_id', '=', Number(voteId))
    .where('device', '=', device)
    .executeTakeFirst();
  return row ? parseStored(ZTeamIds, row.team_ids, `ballots of vote ${voteId}`) : null;
}

/** Windows of the per-address limit that have passed are of no use: dropped now and then. */
export async function dropOldLimits(db: Db, now: number): Promise<void> {
  await db.deleteFrom('vote_limits').where('window_start', '<', windowStart(now)).execute();
}

/** One address's ballots in a vote, as the console lists them. */
export interface SourceCount {
  address: string;
  ballots: number;
  /** When the staff discarded them: how many then, and the action's id in the log. */
  discarded: { ballots: number; at: number; actionId: number } | null;
}

/** The addresses with the most ballots in the vote (discarded ones among them), most first. */
export async function readSourceCounts(db: Db, voteId: string, limit: number): Promise<SourceCount[]> {
  const id = Number(voteId);
  const rows = await db
    .selectFrom('ballots')
    .select(['address', (eb) => eb.fn.countAll<number | string>().as('n')])
    .where('vote_id', '=', id)
    .groupBy('address')
    .orderBy('n', 'desc')
    .orderBy('address')
    .limit(limit)
    .execute();
  const discards = await db
    .selectFrom('vote_discards')
    .select(['address', 'ballots', 'action_id', 'created_at'])
    .where('vote_id', '=', id)
    .execute();
  const counted = rows.map((r) => ({ address: r.address, ballots: Number(r.n) }));
  // A discarded address stays on the list (its row says so), however few its ballots.
  for (const d of discards) if (!counted.some((c) => c.address === d.address)) counted.push({ address: d.address, ballots: d.ballots });
  return counted.map((c) => {
    const d = discards.find((x) => x.address === c.address);
    return { ...c, discarded: d ? { ballots: d.ballots, at: d.created_at.getTime(), actionId: Number(d.action_id) } : null };
  });
}

/** The ballots one address cast in the vote (all of them, discarded or not). */
export async function countSourceBallots(db: Db, voteId: string, address: string): Promise<number> {
  const row = await db
    .selectFrom('ballots')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('vote_id', '=', Number(voteId))
    .where('address', '=', address)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Marks an address's ballots discarded from the vote (in the caller's transaction, the vote locked). */
export async function insertDiscard(
  db: Db,
  discard: { voteId: string; address: string; ballots: number; actionId: number },
): Promise<void> {
  await db
    .insertInto('vote_discards')
    .values({ vote_id: Number(discard.voteId), address: discard.address, ballots: discard.ballots, action_id: discard.actionId })
    .execute();
}
