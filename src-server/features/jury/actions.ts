/**
 * The jury's changes: the head judge named, a criterion's threshold, a recusal, and the head judge's
 * rulings on a cell (accept, re-score request, decision). Each is a live change (the staff's screens
 * and the pads hear it, the standings rank with it) audited in the action log. A ruling or a recusal
 * moves what counts, so a results lock over its points refuses it like any change to a point.
 */

import type { Transaction } from 'kysely';
import { mayHeadJudge, openRescore, spreadThreshold, type TJury } from '../../../src/jury';
import { messages } from '../../../src/messages';
import type { TPublicUser } from '../../../src/schemas/auth';
import type { TJuryRule } from '../../../src/schemas/jury';
import { formatPoint } from '../../../src/valueFormat';
import type { Context } from '../../context';
import type { Database } from '../../db/types';
import { AppError, badRequest, conflict, notFound } from '../../errors';
import { recordAction } from '../actions/log';
import { type EventRecorder, liveTransaction } from '../live/record';
import { refuseLockedPoint } from '../results/gate';
import { readJury } from './data';

type Ctx = Context & { user: TPublicUser };
const t = messages.jury;

/** Records the jury as it now is, last in the transaction. */
export async function recordJury(recorder: EventRecorder): Promise<TJury> {
  const jury = await readJury(recorder.trx);
  await recorder.record({ type: 'jury', payload: { jury } });
  return jury;
}

const notHeadJudge = () => new AppError('FORBIDDEN', t.notHeadJudge);

const nameOf = (user: TPublicUser) => user.fullName.trim() || user.username;

async function teamName(trx: Transaction<Database>, teamId: string): Promise<string> {
  const team = await trx.selectFrom('teams').select('name').where('id', '=', teamId).executeTakeFirst();
  if (!team) throw notFound(messages.teamNotFound);
  return team.name;
}

async function panelJudge(trx: Transaction<Database>, judgeId: string): Promise<string> {
  const judge = await trx
    .selectFrom('users')
    .innerJoin('contest_judges', 'contest_judges.user_id', 'users.id')
    .select(['users.full_name', 'users.username'])
    .where('users.id', '=', judgeId)
    .where('users.role', '=', 'judge')
    .executeTakeFirst();
  if (!judge) throw notFound(messages.judgeNotFound);
  return judge.full_name || judge.username;
}

async function judgedField(trx: Transaction<Database>, fieldName: string) {
  const field = await trx
    .selectFrom('score_fields')
    .select(['name', 'label', 'kind', 'min_point', 'max_point', 'round'])
    .where('name', '=', fieldName)
    .executeTakeFirst();
  if (!field) throw notFound(messages.scoreFieldNotFound);
  if (field.kind !== 'judges') throw badRequest(t.fieldNotJudged, 'fieldName');
  return { name: field.name, label: field.label, minPoint: Number(field.min_point), maxPoint: Number(field.max_point) };
}

async function upsertSettings(trx: Transaction<Database>, change: { head_judge_id?: string | null; thresholds?: string }): Promise<void> {
  const found = await trx.selectFrom('jury_settings').select('contest_id').executeTakeFirst();
  if (found) await trx.updateTable('jury_settings').set(change).execute();
  else await trx.insertInto('jury_settings').values(change).execute();
}

/** Names the head judge (a judge of the panel), or none: the admin acts as one. */
export async function setHeadJudge(ctx: Ctx, judgeId: string | null): Promise<TJury> {
  return liveTransaction(ctx, async (recorder) => {
    const { trx } = recorder;
    const before = await readJury(trx);
    let name: string | null = null;
    if (judgeId !== null) {
      try {
        name = await panelJudge(trx, judgeId);
      } catch {
        throw badRequest(t.headNotOnPanel, 'judgeId');
      }
    }
    await upsertSettings(trx, { head_judge_id: judgeId });
    await recordAction(trx, {
      actorId: ctx.user._id,
      kind: 'jury.head',
      summary: name === null ? t.headCleared : t.headSet(name),
      target: { judgeId },
      before: { headJudgeId: before.headJudgeId },
      after: { headJudgeId: judgeId },
    });
    return recordJury(recorder);
  });
}

/** A criterion's threshold in points, or back to 20% of its range (null). */
export async function setThreshold(ctx: Ctx, fieldName: string, threshold: number | null): Promise<TJury> {
  return liveTransaction(ctx, async (recorder) => {
    const { trx } = recorder;
    const field = await judgedField(trx, fieldName);
    const range = field.maxPoint - field.minPoint;
    if (threshold !== null && (threshold <= 0 || threshold > range)) throw badRequest(t.thresholdRange(formatPoint(range)), 'threshold');
    const before = await readJury(trx);
    const thresholds = { ...before.thresholds };
    if (threshold === null) delete thresholds[fieldName];
    else thresholds[fieldName] = threshold;
    await upsertSettings(trx, { thresholds: JSON.stringify(thresholds) });
    await recordAction(trx, {
      actorId: ctx.user._id,
      kind: 'jury.threshold',
      summary: threshold === null ? t.thresholdDefault(field.label) : t.thresholdSet(field.label, formatPoint(threshold)),
      target: { fieldName },
      before: { threshold: spreadThreshold(field, before.thresholds) },
      after: { threshold: spreadThreshold(field, thresholds) },
    });
    return recordJury(recorder);
  });
}

/** Every judges criterion's points of a team move with a recusal: a lock over any of them refuses it. */
async function refuseLockedTeam(trx: Transaction<Database>): Promise<void> {
  const fields = await trx.selectFrom('score_fields').select('name').where('kind', '=', 'judges').execute();
  for (const field of fields) await refuseLockedPoint(trx, field.name);
}

/** A judge recused from a team, with the reason: their pad skips it, their points for it stop counting. */
export async function recuse(ctx: Ctx, input: { judgeId: string; teamId: string; reason: string }): Promise<TJury> {
  return liveTransaction(ctx, async (recorder) => {
    const { trx } = recorder;
    await refuseLockedTeam(trx);
    const judge = await panelJudge(trx, input.judgeId);
    const team = await teamName(trx, input.teamId);
    const taken = await trx
      .selectFrom('recusals')
      .select('id')
      .where('judge_id', '=', input.judgeId)
      .where('team_id', '=', input.teamId)
      .executeTakeFirst();
    if (taken) throw conflict(t.alreadyRecused);
    await trx.insertInto('recusals').values({ judge_id: input.judgeId, team_id: input.teamId, reason: input.reason }).execute();
    await recordAction(trx, {
      actorId: ctx.user._id,
      kind: 'jury.recuse',
      summary: t.recusedAction(judge, team, input.reason),
      target: { judgeId: input.judgeId, teamId: input.teamId },
      before: { recused: false },
      after: { recused: true, reason: input.reason },
    });
    return recordJury(recorder);
  });
}

export async function liftRecusal(ctx: Ctx, input: { judgeId: string; teamId: string }): Promise<TJury> {
  return liveTransaction(ctx, async (recorder) => {
    const { trx } = recorder;
    await refuseLockedTeam(trx);
    const removed = await trx
      .deleteFrom('recusals')
      .where('judge_id', '=', input.judgeId)
      .where('team_id', '=', input.teamId)
      .returning('reason')
      .executeTakeFirst();
    if (!removed) throw conflict(t.notRecused);
    const judge = await panelJudge(trx, input.judgeId).catch(() => input.judgeId);
    const team = await teamName(trx, input.teamId);
    await recordAction(trx, {
      actorId: ctx.user._id,
      kind: 'jury.recuse',
      summary: t.recusalLifted(judge, team),
      target: { judgeId: input.judgeId, teamId: input.teamId },
      before: { recused: true, reason: removed.reason },
      after: { recused: false },
    });
    return recordJury(recorder);
  });
}

/** The head judge's step on a team's criterion: accept the points, ask a judge to score again, or decide. */
export async function rule(ctx: Ctx, input: TJuryRule): Promise<TJury> {
  return liveTransaction(ctx, async (recorder) => {
    const { trx } = recorder;
    // Who may rule, first and from the stored jury: a head judge named a moment ago counts.
    const jury = await readJury(trx);
    if (!mayHeadJudge(ctx.user, jury)) throw notHeadJudge();
    const field = await judgedField(trx, input.fieldName);
    await refuseLockedPoint(trx, field.name);
    const team = await teamName(trx, input.teamId);
    const points = Object.fromEntries(
      (
        await trx
          .selectFrom('scores')
          .select(['gk_id', 'point'])
          .where('team_id', '=', input.teamId)
          .where('field_name', '=', field.name)
          .execute()
      )
        .filter((row) => !jury.recusals.some((r) => r.judgeId === row.gk_id && r.teamId === input.teamId))
        .map((row) => [row.gk_id, Number(row.point)]),
    );
    const base = {
      team_id: input.teamId,
      field_name: field.name,
      kind: input.kind,
      reason: input.reason,
      actor_id: ctx.user._id,
      actor_name: nameOf(ctx.user),
    };
    let summary: string;
    let after: Record<string, unknown>;
    switch (input.kind) {
      case 'accept': {
        if (Object.keys(points).length < 2) throw conflict(t.nothingToAccept);
        await trx
          .insertInto('jury_rulings')
          .values({ ...base, seen: JSON.stringify(points) })
          .execute();
        summary = t.acceptedAction(team, field.label);
        after = { accepted: points, reason: input.reason };
        break;
      }
      case 'rescore': {
        const judge = await panelJudge(trx, input.judgeId);
        if (jury.recusals.some((r) => r.judgeId === input.judgeId && r.teamId === input.teamId)) throw conflict(t.judgeRecused);
        if (points[input.judgeId] === undefined) throw conflict(t.judgeNotScored);
        if (openRescore(jury, input.judgeId, input.teamId, field.name)) throw conflict(t.rescoreOpen);
        await trx
          .insertInto('jury_rulings')
          .values({ ...base, judge_id: input.judgeId })
          .execute();
        summary = t.rescoreAction(judge, team, field.label);
        after = { judgeId: input.judgeId, point: points[input.judgeId], reason: input.reason };
        break;
      }
      case 'decision': {
        if (input.point < field.minPoint || input.point > field.maxPoint) {
          throw badRequest(t.decisionRange(formatPoint(field.minPoint), formatPoint(field.maxPoint)), 'point');
        }
        await trx
          .insertInto('jury_rulings')
          .values({ ...base, point: input.point })
          .execute();
        summary = t.decidedAction(team, field.label, formatPoint(input.point));
        after = { point: input.point, reason: input.reason, source: t.decisionSource };
        break;
      }
    }
    await recordAction(trx, {
      actorId: ctx.user._id,
      kind: `jury.${input.kind}`,
      summary: `${summary}: ${input.reason}`,
      target: { teamId: input.teamId, fieldName: field.name },
      before: { points },
      after,
    });
    return recordJury(recorder);
  });
}

/** A judge's point answers their open re-score request on that cell: in the point's own transaction. */
export async function answerRescore(recorder: EventRecorder, rulingId: string, at: Date): Promise<void> {
  await recorder.trx
    .updateTable('jury_rulings')
    .set({ answered_at: at })
    .where('id', '=', rulingId)
    .where('answered_at', 'is', null)
    .execute();
  await recordJury(recorder);
}
