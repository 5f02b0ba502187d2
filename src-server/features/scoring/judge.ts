/**
 * A judge scoring an open field: the write the night lives on. The checks come from the live read
 * model; the transaction only confirms that the scoring gate they used is still current (one
 * indexed read), writes the point, its audit row, the idempotency row and the event, and commits:
 * two statements between BEGIN and COMMIT, none of them a ranking or progress query.
 */
import { sql } from 'kysely';
import { isRecused, openRescore } from '../../../src/jury';
import type { SheetField } from '../../../src/live';
import { messages } from '../../../src/messages';
import { lockOver } from '../../../src/resultsLock';
import { type TScoreItem, ZScoreAnswerSchema } from '../../../src/schemas/scoring';
import type { Context } from '../../context';
import { isForeignKeyViolation } from '../../db/errors';
import { writableContestIdOf } from '../../db/scope';
import { AppError, badRequest, notFound } from '../../errors';
import type { LiveModel } from '../../picture/model';
import { answerRescore } from '../jury/actions';
import { liveTransaction } from '../live/record';
import { lockedError } from '../results/locks';
import { claimKeySql, type KeyClaim, KeyTaken, once } from './idempotency';
import { checkPoint } from './submit';

export interface JudgeScoreInput {
  teamId: string;
  point: number;
  fieldName?: string;
  key?: string;
}

/** What a judge's point was checked with: its field, the scoring gate's version, the re-score request it answers. */
interface JudgeGate {
  field: SheetField;
  scoringVersion: number;
  rescoreId: string | null;
}

/** The scoring gate moved (scoring closed or the field changed on another instance a moment ago). */
class StaleGate extends Error {}

/** The cell had no point when the statement began, and another writer's first point committed meanwhile. */
class CellTaken extends Error {}

/**
 * Everything a judge's score is checked against, from memory (the scoring gate, the field, the
 * results locked, the team, the seat, the point); throws the answer a refusal gets. A
 * judge may score any open judges field; without `fieldName` (the seed's call) the one open field,
 * and a 400 naming `fieldName` when a judged round's sheet has opened several.
 */
export function checkJudgeScore(live: LiveModel, judgeId: string, input: JudgeScoreInput): JudgeGate {
  const jury = live.jury.state();
  if (isRecused(jury, judgeId, input.teamId)) {
    const team = live.standings.allTeams().find((t) => t.id === input.teamId);
    throw new AppError('CONFLICT', messages.jury.recused(team?.name ?? ''));
  }
  // The head judge's request to score this cell again opens it past the scoring gate, until answered.
  const rescore = input.fieldName ? openRescore(jury, judgeId, input.teamId, input.fieldName) : null;
  const requested = rescore && live.standings.sheet().find((f) => f.name === rescore.fieldName && f.kind === 'judges');
  if (rescore && requested) return checkCell(live, judgeId, input, requested, rescore.id);
  const { scoringOpen, openFields } = live.stage.stored;
  if (!scoringOpen || openFields.length === 0) throw new AppError('CONFLICT', messages.scoringClosed);
  const sheet = live.standings.sheet();
  const known = openFields.flatMap((name) => sheet.find((f) => f.name === name) ?? []);
  if (known.length === 0) throw notFound(messages.scoreFieldNotFound);
  const open = known.filter((f) => f.kind === 'judges');
  if (open.length === 0) throw new AppError('CONFLICT', messages.scoringClosed);
  const labels = open.map((f) => f.label);
  let field: SheetField;
  if (input.fieldName) {
    const named = open.find((f) => f.name === input.fieldName);
    if (!named) throw new AppError('CONFLICT', messages.fieldNotOpen(labels), 'fieldName');
    field = named;
  } else {
    if (open.length > 1) throw badRequest(messages.sheetFieldRequired(labels), 'fieldName');
    field = open[0]!;
  }
  return checkCell(live, judgeId, input, field, null);
}

/** The checks of a cell whatever opened it: the results locked, the team, the seat, the point. */
function checkCell(live: LiveModel, judgeId: string, input: JudgeScoreInput, field: SheetField, rescoreId: string | null): JudgeGate {
  // Locked results: the lock the live model holds is the one of `scoringVersion`, which every lock
  // and unlock moves on, so the write below confirms it too (`results/gate.ts`).
  const lock = lockOver(live.locks.all(), field.round);
  if (lock) throw lockedError(lock);
  if (!live.standings.allTeams().some((t) => t.id === input.teamId)) throw notFound(messages.teamNotFound);
  if (!live.standings.seatList().some((s) => s.gkId === judgeId)) throw notFound(messages.judgeNotFound);
  checkPoint(field, input.point);
  return { field, scoringVersion: live.stage.scoringVersion, rescoreId };
}

async function writeJudgeScore(
  ctx: Context,
  judgeId: string,
  gate: JudgeGate,
  input: JudgeScoreInput,
  claim: KeyClaim,
): Promise<{ item: TScoreItem }> {
  const at = new Date();
  const response = {
    item: { teamId: input.teamId, gkId: judgeId, fieldName: gate.field.name, point: input.point, updatedAt: at.getTime() },
  };
  const { teamId, point } = input;
  const fieldName = gate.field.name;
  const { key } = claim;
  return liveTransaction(ctx, async (recorder) => {
    const { trx } = recorder;
    // One statement does the write:
    // - `gate`: the scoring gate the checks used is still current, share-locked until commit;
    // - `claim`: the idempotency key, claimed first, so a concurrent copy of this request waits
    //   on it, then finds it taken and writes nothing;
    // - `old`: the point it replaces, its row locked before anything touches it (locked after, a
    //   row this same statement had changed is skipped by FOR UPDATE and the old point is lost);
    // - `inserted` or `updated`: the point, inserted when the cell had none, updated when it had
    //   (both read `old`, so it runs first); and `audit`, its audit row with the old point.
    //   A cell with no row cannot be locked: when another writer's first point commits meanwhile,
    //   the insert finds it and writes nothing (an upsert would overwrite it and log "∅ → point"),
    //   and the whole write runs again, now finding that row.
    const contestId = writableContestIdOf(trx);
    const { rows } = await sql<{ gate: boolean; go: boolean; written: boolean }>`
      with gate as (
        select 1 from show_state where contest_id = ${contestId} and scoring_version = ${gate.scoringVersion} for share
      ),
      claim as (${claimKeySql(claim, response, sql`gate`)}),
      go as (
        select 1 from gate where cast(${key} as text) is null or exists (select 1 from claim)
      ),
      old as (
        select point from scores where team_id = ${teamId} and gk_id = ${judgeId} and field_name = ${fieldName} for update
      ),
      inserted as (
        insert into scores (contest_id, team_id, gk_id, field_name, point, updated_by, updated_at)
        select ${contestId}, ${teamId}, ${judgeId}, ${fieldName}, cast(${point} as numeric), ${judgeId}, cast(${at} as timestamptz)
        from go where not exists (select 1 from old)
        on conflict (team_id, gk_id, field_name) do nothing
        returning 1
      ),
      updated as (
        update scores set point = cast(${point} as numeric), updated_by = ${judgeId}, updated_at = cast(${at} as timestamptz)
        where team_id = ${teamId} and gk_id = ${judgeId} and field_name = ${fieldName}
          and exists (select 1 from go) and exists (select 1 from old)
        returning 1
      ),
      audit as (
        insert into score_events (contest_id, team_id, gk_id, field_name, old_point, new_point, actor_id, source, idempotency_key)
        select ${contestId}, ${teamId}, ${judgeId}, ${fieldName}, (select point from old), cast(${point} as numeric), ${judgeId}, 'judge', ${key}
        from (select 1 from inserted union all select 1 from updated) as saved
        returning 1
      )
      select exists (select 1 from gate) as gate, exists (select 1 from go) as go, exists (select 1 from audit) as written`.execute(trx);
    const outcome = rows[0]!;
    if (!outcome.gate) throw new StaleGate();
    // Claimed by a copy of this request: it wrote nothing, and the first answer is given.
    if (!outcome.go) throw new KeyTaken();
    // Rolled back with the key it claimed: the write runs again and locks the point now there.
    if (!outcome.written) throw new CellTaken();
    // The event last, in one statement, then the commit.
    if (gate.rescoreId) await answerRescore(recorder, gate.rescoreId, at);
    const change = { teamId, gkId: judgeId, fieldName, point, updatedAt: at.getTime() };
    await recorder.record({ type: 'scores', payload: { changes: [change] } });
    return response;
  });
}

export async function submitJudgeScore(ctx: Context & { user: { _id: string } }, input: JudgeScoreInput): Promise<{ item: TScoreItem }> {
  const judgeId = ctx.user._id;
  return once(ctx, { actorId: judgeId, key: input.key, body: input, schema: ZScoreAnswerSchema }, (claim) =>
    checkAndWrite(ctx, judgeId, input, claim),
  );
}

/** The checks from memory and the write, again when the cell or the gate moved meanwhile. */
async function checkAndWrite(ctx: Context, judgeId: string, input: JudgeScoreInput, claim: KeyClaim): Promise<{ item: TScoreItem }> {
  let races = 0;
  for (let attempt = 1; ; attempt++) {
    const gate = checkJudgeScore(ctx.hub.live, judgeId, input);
    try {
      return await writeJudgeScore(ctx, judgeId, gate, input, claim);
    } catch (error) {
      if (isForeignKeyViolation(error)) throw notFound(messages.teamNotFound);
      // Another writer's first point for this cell committed meanwhile: write again over it.
      if (error instanceof CellTaken && ++races <= 3) {
        attempt--;
        continue;
      }
      if (!(error instanceof StaleGate)) throw error;
      // Scoring moved on another instance a moment ago: follow it, check again, once.
      if (attempt >= 2) throw new AppError('CONFLICT', messages.scoringClosed);
      await ctx.hub.catchUp();
    }
  }
}
