/**
 * A judge scoring the open field: the write the night lives on. The checks come from the live read
 * model; the transaction only confirms that the scoring gate they used is still current (one
 * indexed read), writes the point, its audit row, the idempotency row and the event, and commits.
 * At most 8 statements on PostgreSQL (6 on PGlite), none of them a ranking or progress query.
 */
import { createHash } from 'node:crypto';
import { messages } from '../../../src/messages';
import type { SheetField } from '../../../src/live';
import type { TScoreItem } from '../../../src/schemas/scoring';
import type { Context } from '../../context';
import { isForeignKeyViolation } from '../../db/errors';
import { AppError, notFound } from '../../errors';
import type { LiveModel } from '../live/model';
import { liveTransaction, type Trx } from '../live/record';
import { applyScoreChange } from './data';
import { checkPoint } from './submit';

export interface JudgeScoreInput {
  teamId: string;
  point: number;
  fieldName?: string;
  key?: string;
}

interface Answered {
  hash: string;
  response: { item: TScoreItem };
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

/** The scoring gate moved (scoring closed or the field changed on another instance a moment ago). */
class StaleGate extends Error {}

const requestHash = (input: JudgeScoreInput) => createHash('sha256').update(JSON.stringify(input)).digest('hex');

function replay(answered: { hash: string; response: unknown }, hash: string): { item: TScoreItem } {
  if (answered.hash !== hash) throw new AppError('CONFLICT', messages.keyReused, 'key');
  return answered.response as { item: TScoreItem };
}

/** Everything a judge's score is checked against, from memory; throws the answer a refusal gets. */
export function checkJudgeScore(live: LiveModel, judgeId: string, input: JudgeScoreInput): { field: SheetField; scoringVersion: number } {
  const { scoringOpen, activeField } = live.stored;
  if (!scoringOpen || !activeField) throw new AppError('CONFLICT', messages.scoringClosed);
  const field = live.sheet().find((f) => f.name === activeField);
  if (!field) throw notFound(messages.scoreFieldNotFound);
  if (field.kind !== 'judges') throw new AppError('CONFLICT', messages.scoringClosed);
  if (input.fieldName && input.fieldName !== field.name) throw new AppError('CONFLICT', messages.fieldNotOpen(field.label), 'fieldName');
  if (!live.allTeams().some((t) => t.id === input.teamId)) throw notFound(messages.teamNotFound);
  if (!live.seatList().some((s) => s.gkId === judgeId)) throw notFound(messages.judgeNotFound);
  checkPoint(field, input.point);
  return { field, scoringVersion: live.scoringVersion };
}

async function storedAnswer(trx: Pick<Trx, 'selectFrom'>, judgeId: string, key: string) {
  const row = await trx
    .selectFrom('idempotency_keys')
    .select(['request_hash', 'response'])
    .where('actor_id', '=', judgeId)
    .where('key', '=', key)
    .executeTakeFirst();
  return row ? { hash: row.request_hash, response: row.response } : null;
}

async function writeJudgeScore(
  ctx: Context,
  judgeId: string,
  gate: { field: SheetField; scoringVersion: number },
  input: JudgeScoreInput,
  hash: string,
): Promise<{ item: TScoreItem }> {
  const at = new Date();
  const response = { item: { teamId: input.teamId, gkId: judgeId, fieldName: gate.field.name, point: input.point, updatedAt: at.getTime() } };
  return liveTransaction(ctx, async (recorder) => {
    const { trx } = recorder;
    // 1. The gate the checks used is still current; a share lock keeps it so until commit.
    const show = await trx.selectFrom('show_state').select('scoring_version').where('id', '=', 1).forShare().executeTakeFirst();
    if ((show?.scoring_version ?? 0) !== gate.scoringVersion) throw new StaleGate();
    // 2. The key, claimed first: a concurrent copy of this request waits here, then finds it taken.
    if (input.key) {
      const claimed = await trx
        .insertInto('idempotency_keys')
        .values({ actor_id: judgeId, key: input.key, request_hash: hash, response: JSON.stringify(response) })
        .onConflict((oc) => oc.columns(['actor_id', 'key']).doNothing())
        .returning('key')
        .executeTakeFirst();
      if (!claimed) return replay((await storedAnswer(trx, judgeId, input.key))!, hash);
    }
    // 3–5. The point with its row lock, and its audit row.
    const { live } = await applyScoreChange(trx, {
      teamId: input.teamId,
      gkId: judgeId,
      fieldName: gate.field.name,
      point: input.point,
      actorId: judgeId,
      source: 'judge',
      key: input.key ?? null,
      at,
    });
    // 6–8. The ordered section: the events lock, the event, the NOTIFY (then the commit).
    await recorder.record({ type: 'scores', payload: { changes: [live] } });
    return response;
  });
}

export async function submitJudgeScore(ctx: Context & { user: { _id: string } }, input: JudgeScoreInput): Promise<{ item: TScoreItem }> {
  const judgeId = ctx.user._id;
  const hash = requestHash(input);
  const known = ctx.idempotency.get(judgeId, input.key);
  if (known) return replay(known, hash);
  for (let attempt = 1; ; attempt++) {
    let gate: ReturnType<typeof checkJudgeScore>;
    try {
      gate = checkJudgeScore(ctx.hub.live, judgeId, input);
    } catch (error) {
      // A retry of a score that was accepted before scoring closed still gets its first answer.
      const stored = input.key ? await storedAnswer(ctx.db, judgeId, input.key) : null;
      if (stored) return replay(stored, hash);
      throw error;
    }
    try {
      const answer = await writeJudgeScore(ctx, judgeId, gate, input, hash);
      if (input.key) ctx.idempotency.set(judgeId, input.key, { hash, response: answer });
      return answer;
    } catch (error) {
      if (isForeignKeyViolation(error)) throw notFound(messages.teamNotFound);
      if (!(error instanceof StaleGate)) throw error;
      // Scoring moved on another instance a moment ago: follow it, check again, once.
      if (attempt >= 2) throw new AppError('CONFLICT', messages.scoringClosed);
      await ctx.hub.catchUp();
    }
  }
}
