/** The jury as stored (migration 0021): the head judge, thresholds, recusals and rulings of the contest. */
import type { Kysely, Transaction } from 'kysely';
import type { TJury, TJuryRuling } from '../../../src/jury';
import { messages } from '../../../src/messages';
import type { TCorrectionEntry } from '../../../src/schemas/scoring';
import { formatPoint } from '../../../src/valueFormat';
import type { Database } from '../../db/types';

type Db = Kysely<Database> | Transaction<Database>;

const numbers = (value: unknown): Record<string, number> => {
  const out: Record<string, number> = {};
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    for (const [key, item] of Object.entries(value)) if (typeof item === 'number' && Number.isFinite(item)) out[key] = item;
  }
  return out;
};

export async function readJury(db: Db): Promise<TJury> {
  const [settings, recusals, rulings] = await Promise.all([
    db.selectFrom('jury_settings').select(['head_judge_id', 'thresholds']).executeTakeFirst(),
    db.selectFrom('recusals').select(['judge_id', 'team_id', 'reason']).orderBy('created_at').orderBy('id').execute(),
    db
      .selectFrom('jury_rulings')
      .select(['id', 'team_id', 'field_name', 'kind', 'judge_id', 'point', 'reason', 'seen', 'actor_name', 'at', 'answered_at'])
      .orderBy('at')
      .orderBy('id')
      .execute(),
  ]);
  return {
    headJudgeId: settings?.head_judge_id ?? null,
    thresholds: numbers(settings?.thresholds),
    recusals: recusals.map((r) => ({ judgeId: r.judge_id, teamId: r.team_id, reason: r.reason })),
    rulings: rulings.map(
      (r): TJuryRuling => ({
        id: r.id,
        teamId: r.team_id,
        fieldName: r.field_name,
        kind: r.kind,
        judgeId: r.judge_id,
        point: r.point === null ? null : Number(r.point),
        reason: r.reason,
        seen: r.seen === null ? null : numbers(r.seen),
        actorName: r.actor_name,
        at: r.at.getTime(),
        answeredAt: r.answered_at?.getTime() ?? null,
      }),
    ),
  };
}

/** The head judge's rulings as the biên bản lists them, oldest first: what was done, on what, why, by whom. */
export async function readRulingEntries(db: Db): Promise<TCorrectionEntry[]> {
  const rows = await db
    .selectFrom('jury_rulings')
    .leftJoin('teams', 'teams.id', 'jury_rulings.team_id')
    .leftJoin('score_fields', 'score_fields.name', 'jury_rulings.field_name')
    .leftJoin('users', 'users.id', 'jury_rulings.judge_id')
    .select([
      'jury_rulings.kind',
      'jury_rulings.point',
      'jury_rulings.reason',
      'jury_rulings.actor_name',
      'jury_rulings.at',
      'jury_rulings.field_name',
      'jury_rulings.seen',
      'teams.name as team_name',
      'score_fields.label as field_label',
      'users.full_name as judge_full_name',
      'users.username as judge_username',
    ])
    .orderBy('jury_rulings.at')
    .orderBy('jury_rulings.id')
    .execute();
  const t = messages.jury;
  return rows.map((row, index): TCorrectionEntry => {
    const team = row.team_name ?? '';
    const field = row.field_label ?? row.field_name;
    const judge = row.judge_full_name || row.judge_username || null;
    const point = row.point === null ? null : Number(row.point);
    const what =
      row.kind === 'accept'
        ? t.acceptedAction(team, field)
        : row.kind === 'rescore'
          ? t.rescoreAction(judge ?? '', team, field)
          : t.decidedAction(team, field, formatPoint(point));
    return {
      id: index + 1,
      at: row.at.getTime(),
      source: 'headJudge',
      teamName: team,
      fieldLabel: field,
      judgeName: judge,
      oldPoint: null,
      newPoint: point,
      count: 1,
      what,
      reason: row.reason.trim() || null,
      actorName: row.actor_name || null,
    };
  });
}
