/**
 * The judges' panel of the event on stage: which of the installation's judge accounts sit on it. A
 * judge's seat on the screens, password and link work only for the event whose panel they sit on.
 */

import { messages } from '../../../src/messages';
import { announceSessionsEnded, type Context } from '../../context';
import { badRequest } from '../../errors';
import { liveTransaction } from '../live/record';
import { recordSeatsIfChanged, seatOnPanel } from './data';

export interface PanelJudge {
  _id: string;
  username: string;
  fullName: string;
  active: boolean;
  seated: boolean;
}

/** Every judge account of the installation, and whether it sits on this event's panel. */
export async function listPanel(ctx: Context): Promise<PanelJudge[]> {
  const rows = await ctx.db
    .selectFrom('users')
    .leftJoin('contest_judges', 'contest_judges.user_id', 'users.id')
    .select(['users.id', 'users.username', 'users.full_name', 'users.active', 'contest_judges.user_id as seated'])
    .where('users.role', '=', 'judge')
    .orderBy('users.priority')
    .orderBy('users.username')
    .execute();
  return rows.map((r) => ({ _id: r.id, username: r.username, fullName: r.full_name, active: r.active, seated: r.seated !== null }));
}

/** Seats a judge on the panel or takes them off it (their sessions end: they belong to this event no more). */
export async function setSeated(ctx: Context, userId: string, seated: boolean): Promise<void> {
  const judge = await ctx.db.selectFrom('users').select('id').where('id', '=', userId).where('role', '=', 'judge').executeTakeFirst();
  if (!judge) throw badRequest(messages.judgeNotFound, '_id');
  const ended = await liveTransaction(ctx, async (recorder) => {
    const { trx } = recorder;
    let sessions: { id: string }[] = [];
    if (seated) await seatOnPanel(trx, userId);
    else {
      await trx.deleteFrom('contest_judges').where('user_id', '=', userId).execute();
      sessions = await trx.deleteFrom('sessions').where('user_id', '=', userId).returning('id').execute();
    }
    await recordSeatsIfChanged(recorder, ctx.hub.live.standings.seatList());
    return sessions.map((s) => s.id);
  });
  await announceSessionsEnded(ctx, ended);
}
