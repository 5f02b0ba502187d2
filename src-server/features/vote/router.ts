/**
 * The audience vote's procedures: open and close (master, admin), read (anyone; the tally as the
 * audience may see it), cast a ballot (anyone, one per device), and turn a closed vote into points.
 */
import type { StoredVote } from '../../../src/live';
import { messages } from '../../../src/messages';
import { ANSWERS_GK_ID } from '../../../src/scoring';
import { type TVoteAnswer, ZBallotSchema, ZVoteAwardSchema, ZVoteUpdateSchema } from '../../../src/schemas/vote';
import type { Context } from '../../context';
import { hallAddress } from '../../hall-address';
import { badRequest, conflict } from '../../errors';
import { audienceOf } from '../live/model';
import { liveTransaction } from '../live/record';
import { applyScoreChange } from '../scoring/data';
import { publicProcedure, roleProcedure, router } from '../../trpc';
import { castBallot, countBallots, insertVote, lockVote, readBallot, readCurrentVote, writeAward, writeCount } from './data';
import { deviceCookie, deviceOf, newDevice } from './device';

/**
 * The address to vote at, for the QR code and the screens: the hall address (`hall-address.ts`, the
 * rule judges' links follow too); on a machine with no network at all, the request's own address,
 * which at least a screen on this machine opens.
 */
export function voteUrl(publicUrl: string | null, origin: string | null): string {
  const hall = hallAddress(publicUrl, origin);
  if (hall.origin) return `${hall.origin}/`;
  try {
    return origin ? `${new URL(origin).origin}/` : '/';
  } catch {
    return '/';
  }
}

async function answer(ctx: Context, device: string | null): Promise<TVoteAnswer> {
  const vote = ctx.hub.live.voteFor(audienceOf({ role: ctx.user?.role ?? null, userId: null, teamId: null }));
  const mine = vote && device ? await readBallot(ctx.db, vote._id, device) : null;
  return { vote, mine, url: voteUrl(ctx.config.publicUrl, ctx.origin) };
}

/** The request's device, or a new one (its cookie set on the answer) when it has none. */
function deviceFor(ctx: Context): string {
  const known = deviceOf(ctx.voteKey, ctx.cookie);
  if (known) return known;
  const made = newDevice(ctx.voteKey);
  ctx.resHeaders?.append('Set-Cookie', deviceCookie(made.value, ctx.secure));
  return made.id;
}

export const voteRouter = router({
  /** The open vote, or the last one, with this device's ballot and the address to vote at. */
  get: publicProcedure.query(({ ctx }) => answer(ctx, deviceOf(ctx.voteKey, ctx.cookie))),

  /** Opens a vote (one at a time) or closes the open one, counting it a last time. */
  update: roleProcedure('admin', 'master')
    .input(ZVoteUpdateSchema)
    .mutation(async ({ ctx, input }) => {
      const now = Date.now();
      await liveTransaction(ctx, async (recorder) => {
        const { trx } = recorder;
        const current = await readCurrentVote(trx);
        if (!input.open) {
          if (!current?.open) throw conflict(messages.voteNotOpen);
          const vote = await lockVote(trx, current._id, 'close');
          if (!vote?.open) throw conflict(messages.voteNotOpen);
          const counted = await writeCount(trx, vote, now, now);
          await recorder.record({ type: 'vote', payload: { vote: counted.vote } }, { last: true });
          return;
        }
        if (current?.open) throw conflict(messages.voteAlreadyOpen);
        const teams = new Set(
          ctx.hub.live
            .allTeams()
            .filter((t) => t.active)
            .map((t) => t.id),
        );
        input.teamIds.forEach((id, index) => {
          if (!teams.has(id)) throw badRequest(`${messages.teamNotFound}${messages.inField(`teamIds.${index}`)}`, `teamIds.${index}`);
        });
        if (input.choices > input.teamIds.length) throw badRequest(messages.voteChoicesTooMany, 'choices');
        const closesAt = input.closesAt == null ? null : typeof input.closesAt === 'number' ? input.closesAt : Date.parse(input.closesAt);
        if (closesAt !== null && closesAt <= now) throw badRequest(messages.voteClosesInPast, 'closesAt');
        const vote = await insertVote(trx, {
          teamIds: input.teamIds,
          choices: input.choices,
          changeable: input.changeable,
          closesAt,
          openedBy: ctx.user._id,
          now,
        });
        await recorder.record({ type: 'vote', payload: { vote } }, { last: true });
      });
      return { vote: ctx.hub.live.voteFor('staff') };
    }),

  /** One ballot from this device: refused when closed, beyond the choices, or repeated without changes allowed. */
  cast: publicProcedure.input(ZBallotSchema).mutation(async ({ ctx, input }) => {
    const vote: StoredVote | null = ctx.hub.live.vote();
    if (!vote?.open || (vote.closesAt !== null && vote.closesAt <= Date.now())) throw conflict(messages.voteClosed);
    if (input.teamIds.length > vote.choices) throw badRequest(messages.voteTooManyChoices(vote.choices), 'teamIds');
    const onBallot = new Set(vote.teamIds);
    input.teamIds.forEach((id, index) => {
      if (!onBallot.has(id)) throw badRequest(`${messages.voteTeamNotOnBallot}${messages.inField(`teamIds.${index}`)}`, `teamIds.${index}`);
    });
    const device = deviceFor(ctx);
    await castBallot(ctx.db, {
      voteId: vote._id,
      device,
      teamIds: input.teamIds,
      address: ctx.ip,
      changeable: vote.changeable,
      now: Date.now(),
    });
    return { ok: true as const };
  }),

  /**
   * Turns the last vote, closed, into points on an answers field: its winners (every team tied first)
   * each get the field's maximum, audited with source `vote`.
   */
  award: roleProcedure('admin', 'master')
    .input(ZVoteAwardSchema)
    .mutation(async ({ ctx, input }) => {
      await liveTransaction(ctx, async (recorder) => {
        const { trx } = recorder;
        const current = await readCurrentVote(trx);
        if (!current) throw conflict(messages.voteNothingToAward);
        const vote = await lockVote(trx, current._id, 'close');
        if (!vote) throw conflict(messages.voteNothingToAward);
        if (vote.open) throw conflict(messages.voteStillOpen);
        if (vote.award) throw conflict(messages.voteAlreadyAwarded);
        const field = await trx
          .selectFrom('score_fields')
          .select(['name', 'kind', 'max_point'])
          .where('name', '=', input.fieldName)
          .executeTakeFirst();
        if (!field) throw badRequest(`${messages.scoreFieldNotFound}${messages.inField('fieldName')}`, 'fieldName');
        if (field.kind !== 'answers') throw badRequest(messages.voteFieldKind, 'fieldName');
        // The stored count is the close's; the ballots say the same, read again under the lock.
        const { tally } = await countBallots(trx, vote._id);
        const best = Math.max(0, ...vote.teamIds.map((id) => tally.get(id) ?? 0));
        if (best === 0) throw conflict(messages.voteNothingToAward);
        const winners = vote.teamIds.filter((id) => (tally.get(id) ?? 0) === best && ctx.hub.live.allTeams().some((t) => t.id === id));
        const points = Number(field.max_point);
        const changes = [];
        for (const teamId of winners) {
          const { live } = await applyScoreChange(trx, {
            teamId,
            gkId: ANSWERS_GK_ID,
            fieldName: field.name,
            point: points,
            actorId: ctx.user._id,
            source: 'vote',
            rule: `vote:votes=${best}:${points}`,
            reason: messages.voteAwardReason(vote._id),
          });
          changes.push(live);
        }
        const awarded = await writeAward(trx, vote._id, { fieldName: field.name, teamIds: winners, points });
        await recorder.record({ type: 'scores', payload: { changes } });
        await recorder.record({ type: 'vote', payload: { vote: awarded } }, { last: true });
      });
      return { vote: ctx.hub.live.voteFor('staff') };
    }),
});
