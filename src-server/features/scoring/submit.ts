/**
 * The contract's scoring calls (docs/ARCHITECTURE.md): a judge scoring an open field (`judge.ts`), an admin entering or correcting one
 * judge's point, or every judge's at once. Each write and its audit event share one transaction;
 * an idempotency key makes a retry return the first answer and write nothing.
 */
import type { Transaction } from 'kysely';
import type { ScoreChange } from '../../../src/live';
import { messages } from '../../../src/messages';
import { type TScoreItem, ZScoreAnswerSchema, ZScoresAnswerSchema } from '../../../src/schemas/scoring';
import type { z } from '../../../src/schemas/zod';
import { formatNumber } from '../../../src/valueFormat';
import type { Context } from '../../context';
import type { Database, ScoreSource } from '../../db/types';
import { badRequest, notFound } from '../../errors';
import { type EventRecorder, liveTransaction } from '../live/record';
import { readSheet, type SheetRow } from '../scoreField/sheet';
import { applyScoreChange } from './data';
import { claimKey, once } from './idempotency';

async function findField(trx: Transaction<Database>, name: string): Promise<SheetRow> {
  const field = (await readSheet(trx)).find((f) => f.name === name);
  if (!field) throw notFound(messages.scoreFieldNotFound);
  return field;
}

/** In range and on the field's step (with a little float tolerance). */
export function checkPoint(field: { minPoint: number; maxPoint: number; step: number }, point: number): void {
  const steps = (point - field.minPoint) / field.step;
  const onStep = Math.abs(steps - Math.round(steps)) < 1e-6;
  if (point < field.minPoint || point > field.maxPoint || !onStep) {
    throw badRequest(
      messages.pointOutOfRange(formatNumber(field.minPoint), formatNumber(field.maxPoint), formatNumber(field.step)),
      'point',
    );
  }
}

async function assertTeam(trx: Transaction<Database>, teamId: string): Promise<void> {
  const team = await trx.selectFrom('teams').select('id').where('id', '=', teamId).executeTakeFirst();
  if (!team) throw notFound(messages.teamNotFound);
}

export async function activeJudgeIds(trx: Transaction<Database>): Promise<string[]> {
  const rows = await trx
    .selectFrom('users')
    .innerJoin('contest_judges', 'contest_judges.user_id', 'users.id')
    .select('id')
    .where('role', '=', 'judge')
    .where('active', '=', true)
    .orderBy('priority')
    .orderBy('username')
    .execute();
  return rows.map((r) => r.id);
}

/** The change to announce: the points as the live model follows them. */
export async function recordScores(recorder: EventRecorder, changes: ScoreChange[]): Promise<void> {
  await recorder.record({ type: 'scores', payload: { changes } });
}

/** A keyed admin write: checks, writes and claims its key in one live transaction (`idempotency.ts`). */
function keyedWrite<T>(
  ctx: Context,
  request: { actorId: string; key: string | undefined; body: unknown; schema: z.ZodType<T> },
  write: (recorder: EventRecorder) => Promise<T>,
): Promise<T> {
  return once(ctx, request, (claim) =>
    liveTransaction(ctx, async (recorder) => {
      const answer = await write(recorder);
      await claimKey(recorder.trx, claim, answer);
      return answer;
    }),
  );
}

async function writePoint(
  trx: Transaction<Database>,
  input: {
    teamId: string;
    gkId: string;
    fieldName: string;
    point: number;
    actorId: string;
    source: ScoreSource;
    reason?: string;
    key?: string;
  },
): Promise<{ item: TScoreItem; live: ScoreChange }> {
  const { item, live } = await applyScoreChange(trx, {
    teamId: input.teamId,
    gkId: input.gkId,
    fieldName: input.fieldName,
    point: input.point,
    actorId: input.actorId,
    source: input.source,
    reason: input.reason ?? null,
    key: input.key ?? null,
  });
  return { item: item!, live };
}

async function assertJudge(trx: Transaction<Database>, gkId: string): Promise<void> {
  const judge = await trx
    .selectFrom('users')
    .innerJoin('contest_judges', 'contest_judges.user_id', 'users.id')
    .select('id')
    .where('id', '=', gkId)
    .where('role', '=', 'judge')
    .executeTakeFirst();
  if (!judge) throw notFound(messages.judgeNotFound);
}

async function hasPoint(trx: Transaction<Database>, teamId: string, gkIds: string[], fieldName: string): Promise<boolean> {
  if (!gkIds.length) return false;
  const row = await trx
    .selectFrom('scores')
    .select('gk_id')
    .where('team_id', '=', teamId)
    .where('field_name', '=', fieldName)
    .where('gk_id', 'in', gkIds)
    .executeTakeFirst();
  return !!row;
}

export async function adminSubmitScore(
  ctx: Context & { user: { _id: string } },
  input: { teamId: string; gkId: string; point: number; fieldName: string; key?: string; reason?: string },
): Promise<{ item: TScoreItem }> {
  return keyedWrite(ctx, { actorId: ctx.user._id, key: input.key, body: input, schema: ZScoreAnswerSchema }, async (recorder) => {
    const { trx } = recorder;
    const field = await findField(trx, input.fieldName);
    if (field.kind !== 'judges') throw badRequest(messages.fieldNotJudged, 'fieldName');
    await assertTeam(trx, input.teamId);
    await assertJudge(trx, input.gkId);
    checkPoint(field, input.point);
    if (!input.reason && (await hasPoint(trx, input.teamId, [input.gkId], field.name))) throw badRequest(messages.reasonRequired, 'reason');
    const { item, live } = await writePoint(trx, { ...input, actorId: ctx.user._id, source: 'admin' });
    await recordScores(recorder, [live]);
    return { item };
  });
}

export async function adminSubmitAll(
  ctx: Context & { user: { _id: string } },
  input: { teamId: string; point: number; fieldName: string; key?: string; reason?: string },
): Promise<{ items: TScoreItem[] }> {
  return keyedWrite(ctx, { actorId: ctx.user._id, key: input.key, body: input, schema: ZScoresAnswerSchema }, async (recorder) => {
    const { trx } = recorder;
    const field = await findField(trx, input.fieldName);
    if (field.kind !== 'judges') throw badRequest(messages.fieldNotJudged, 'fieldName');
    await assertTeam(trx, input.teamId);
    checkPoint(field, input.point);
    const judges = await activeJudgeIds(trx);
    if (!input.reason && (await hasPoint(trx, input.teamId, judges, field.name))) throw badRequest(messages.reasonRequired, 'reason');
    const items: TScoreItem[] = [];
    const changes: ScoreChange[] = [];
    for (const gkId of judges) {
      const { item, live } = await writePoint(trx, { ...input, gkId, actorId: ctx.user._id, source: 'admin-all' });
      items.push(item);
      changes.push(live);
    }
    await recordScores(recorder, changes);
    return { items };
  });
}
