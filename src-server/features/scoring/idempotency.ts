/**
 * The one idempotency mechanism of the scoring writes (a judge's point, an admin's correction, an
 * admin's point for every judge): a key makes a retry safe. The first answer to an (actor, key) is
 * given again, from memory or from `idempotency_keys`; the same key with another body is a 409; a
 * write claims its key in its own transaction, and a copy that finds the key claimed writes nothing.
 * A retry refused by a check that passed the first time (scoring closed since) still gets its answer.
 */
import { createHash } from 'node:crypto';
import { type Kysely, type RawBuilder, sql, type Transaction } from 'kysely';
import { messages } from '../../../src/messages';
import type { z } from '../../../src/schemas/zod';
import { parseStored } from '../../db/json';
import type { Database } from '../../db/types';
import { AppError } from '../../errors';

type Db = Kysely<Database> | Transaction<Database>;

/** A key's first answer and the hash of the request it answered. */
export interface Answered<T = unknown> {
  hash: string;
  response: T;
}

/**
 * Answers to idempotency keys this instance has already seen, so a pad's retry is answered from
 * memory. Bounded: the oldest half goes when it is full (the database still knows them all).
 */
export class IdempotencyCache {
  private readonly entries = new Map<string, Answered>();
  constructor(private readonly limit = 20_000) {}

  get(actorId: string, key: string | undefined): Answered | undefined {
    return key ? this.entries.get(`${actorId}\u0000${key}`) : undefined;
  }

  set(actorId: string, key: string, answered: Answered): void {
    if (this.entries.size >= this.limit) {
      let drop = this.limit / 2;
      for (const old of this.entries.keys()) {
        this.entries.delete(old);
        if (--drop <= 0) break;
      }
    }
    this.entries.set(`${actorId}\u0000${key}`, answered);
  }
}

/** What a keyed write is asked: who, with which key (none: it just runs), the body and its answer's schema. */
export interface KeyedRequest<T> {
  actorId: string;
  key: string | undefined;
  body: unknown;
  schema: z.ZodType<T>;
}

/** The key this write would claim; `claimKeySql` and `claimKey` claim it. */
export interface KeyClaim {
  actorId: string;
  key: string | null;
  hash: string;
}

/** Another copy of the request claimed the key first: this one writes nothing (thrown to roll back). */
export class KeyTaken extends Error {}

/**
 * `idempotency_keys.response`: the answer first given to a key, in the form the call answers (one
 * point, or one per judge), to give again to a retry.
 */
export function storedAnswerOf<T>(schema: z.ZodType<T>, row: { actorId: string; key: string; response: unknown }): T {
  return parseStored(schema, row.response, `idempotency_keys.response of key ${JSON.stringify(row.key)} (user ${row.actorId})`);
}

/** The answer first given to `actorId`'s `key` and the hash of the request it answered, if any. */
export async function readStoredAnswer<T>(
  db: Pick<Db, 'selectFrom'>,
  schema: z.ZodType<T>,
  actorId: string,
  key: string,
): Promise<Answered<T> | null> {
  const row = await db
    .selectFrom('idempotency_keys')
    .select(['request_hash', 'response'])
    .where('actor_id', '=', actorId)
    .where('key', '=', key)
    .executeTakeFirst();
  return row ? { hash: row.request_hash, response: storedAnswerOf(schema, { actorId, key, response: row.response }) } : null;
}

/**
 * The claim of a key as SQL, for a write that makes it part of one statement (a judge's point): an
 * insert of the key and its answer from the rows of `from`, nothing when the key is taken (waiting
 * for a concurrent claim to commit or roll back), returning 1 when claimed. Nothing to claim without a key.
 */
export function claimKeySql(claim: KeyClaim, response: unknown, from: RawBuilder<unknown>): RawBuilder<unknown> {
  return sql`insert into idempotency_keys (actor_id, key, request_hash, response)
        select ${claim.actorId}, ${claim.key}, ${claim.hash}, cast(${JSON.stringify(response)} as jsonb) from ${from} as source
        where cast(${claim.key} as text) is not null
        on conflict do nothing
        returning 1`;
}

/** Claims the key for `response` in the write's transaction; throws KeyTaken when another copy has it. */
export async function claimKey(trx: Transaction<Database>, claim: KeyClaim, response: unknown): Promise<void> {
  if (claim.key === null) return;
  const { rows } = await sql<{
    claimed: number;
  }>`with claim as (${claimKeySql(claim, response, sql`(select 1)`)}) select count(*) as claimed from claim`.execute(trx);
  if (Number(rows[0]?.claimed ?? 0) === 0) throw new KeyTaken();
}

function replay<T>(answered: Answered<T>, hash: string): T {
  if (answered.hash !== hash) throw new AppError('CONFLICT', messages.keyReused, 'key');
  return answered.response;
}

/**
 * Runs a keyed write once per (actor, key): see the module's comment. `write` gets the claim it must
 * make in its transaction (`claimKeySql` or `claimKey`).
 */
export async function once<T>(
  deps: { db: Kysely<Database>; idempotency: IdempotencyCache },
  request: KeyedRequest<T>,
  write: (claim: KeyClaim) => Promise<T>,
): Promise<T> {
  const { actorId, key } = request;
  const hash = createHash('sha256').update(JSON.stringify(request.body)).digest('hex');
  const known = deps.idempotency.get(actorId, key);
  // Sound: what is remembered for this actor's key is the answer of the call that parsed it.
  if (known) return replay(known as Answered<T>, hash);
  let answer: T;
  try {
    answer = await write({ actorId, key: key ?? null, hash });
  } catch (error) {
    // Taken by a copy of this request, or refused now though it was answered before.
    const stored = key ? await readStoredAnswer(deps.db, request.schema, actorId, key) : null;
    if (!stored) throw error;
    answer = replay(stored, hash);
  }
  if (key) deps.idempotency.set(actorId, key, { hash, response: answer });
  return answer;
}
