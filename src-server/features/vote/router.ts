/**
 * The audience vote's procedures: open and close (master, admin), read (anyone; the tally as the
 * audience may see it, and the device cookie a ballot needs), cast a ballot (anyone, one per device,
 * at a human rate per address), list the addresses by ballots and discard one's (master, admin), and
 * turn a closed vote into points.
 */
import type { StoredVote } from '../../../src/live';
import { messages } from '../../../src/messages';
import {
  type TVoteAnswer,
  type TVoteSource,
  type TVoteSources,
  ZBallotSchema,
  ZVoteAwardSchema,
  ZVoteDiscardSchema,
  ZVoteUpdateSchema,
} from '../../../src/schemas/vote';
import { ANSWERS_GK_ID } from '../../../src/scoring';
import type { Context } from '../../context';
import { AppError, badRequest, conflict } from '../../errors';
import { hallAddress } from '../../hall-address';
import { publicProcedure, roleProcedure, router } from '../../trpc';
import { recordAction } from '../actions/log';
import { audienceOf } from '../live/picture';
import { liveTransaction } from '../live/record';
import { readSheet } from '../scoreField/sheet';
import { applyScoreChange } from '../scoring/data';
import {
  castBallot,
  countBallots,
  countSourceBallots,
  insertDiscard,
  insertVote,
  lockVote,
  readBallot,
  readCurrentVote,
  readSourceCounts,
  writeAward,
  writeCount,
} from './data';
import { deviceCookie, deviceOf, newDevice } from './device';
import { ballotSource, RetryLater } from './gate';

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
  const vote = ctx.hub.live.votes.voteFor(audienceOf({ role: ctx.user?.role ?? null, userId: null, participantId: null }));
  // Taken with the vote, before the wait: the last event the answer includes.
  const { eventId } = ctx.hub.live;
  const mine = vote && device ? await readBallot(ctx.db, vote._id, device) : null;
  return { vote, mine, url: voteUrl(ctx.config.publicUrl, ctx.origin), eventId };
}

/**
 * The request's device, or a new one (its cookie set on the answer) when it has none: what reading
 * the vote does (`GET /api/vote`, and the ballot page at `/`, which carries that answer), so a ballot
 * always comes from a page that loaded. A ballot itself never makes a device.
 */
function deviceFor(ctx: Context): string {
  const known = deviceOf(ctx.voteKey, ctx.cookie);
  if (known) return known;
  const made = newDevice(ctx.voteKey);
  ctx.resHeaders?.append('Set-Cookie', deviceCookie(made.value, ctx.secure));
  return made.id;
}

/** The addresses listed on the console: the most ballots first. */
const SOURCES_SHOWN = 10;

/**
 * One ballot, guarded: the vote open and the ballot valid, the page's cookie (403 without: reload the
 * page), the source's bucket (429 with Retry-After), then the statement. Every refusal is recorded in
 * the refusal log (kind `ballot`, the address) and in the gate's count of the vote's refusals by source.
 */
async function guardedCast(ctx: Context, teamIds: string[]): Promise<void> {
  const vote: StoredVote | null = ctx.hub.live.votes.vote();
  const source = ballotSource(ctx.ip);
  try {
    if (!vote?.open || (vote.closesAt !== null && vote.closesAt <= Date.now())) throw conflict(messages.voteClosed);
    if (teamIds.length > vote.choices) throw badRequest(messages.voteTooManyChoices(vote.choices), 'teamIds');
    const onBallot = new Set(vote.teamIds);
    teamIds.forEach((id, index) => {
      if (!onBallot.has(id)) throw badRequest(`${messages.voteTeamNotOnBallot}${messages.inField(`teamIds.${index}`)}`, `teamIds.${index}`);
    });
    const device = deviceOf(ctx.voteKey, ctx.cookie);
    if (!device) throw new AppError('FORBIDDEN', messages.voteGuard.noDevice);
    const waitMs = ctx.ballotGate.take(source);
    if (waitMs > 0) throw new RetryLater(messages.voteGuard.tooFast(Math.max(1, Math.ceil(waitMs / 1000))), waitMs);
    await castBallot(ctx.db, { voteId: vote._id, device, teamIds, address: source, changeable: vote.changeable, now: Date.now() });
  } catch (error) {
    if (error instanceof AppError) {
      ctx.refusals.record('ballot', ctx.ip);
      if (vote) ctx.ballotGate.refused(vote._id, source);
      if (error instanceof RetryLater) ctx.resHeaders?.set('Retry-After', String(error.retryAfterS));
    }
    throw error;
  }
}

export const voteRouter = router({
  /** The open vote, or the last one, with this device's ballot and the address to vote at. */
  get: publicProcedure.query(({ ctx }) => answer(ctx, deviceFor(ctx))),

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
          await recorder.record({ type: 'vote', payload: { vote: counted.vote } });
          return;
        }
        if (current?.open) throw conflict(messages.voteAlreadyOpen);
        const teams = new Set(
          ctx.hub.live.standings
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
        await recorder.record({ type: 'vote', payload: { vote } });
      });
      return { vote: ctx.hub.live.votes.voteFor('staff'), eventId: ctx.hub.live.eventId };
    }),

  /**
   * One ballot from this device (its cookie, set when its page read the vote): refused when closed,
   * beyond the choices, without the cookie, too fast from its address, from a discarded address, or
   * repeated without changes allowed.
   */
  cast: publicProcedure.input(ZBallotSchema).mutation(async ({ ctx, input }) => {
    await guardedCast(ctx, input.teamIds);
    return { ok: true as const };
  }),

  /**
   * The addresses with the most ballots in the open or last vote: ballots stored (every instance's),
   * ballots refused (this instance's), and whether the staff discarded them.
   */
  sources: roleProcedure('admin', 'master').query(async ({ ctx }): Promise<TVoteSources> => {
    const vote = await readCurrentVote(ctx.db);
    if (!vote) return { voteId: null, sources: [] };
    const stored = await readSourceCounts(ctx.db, vote._id, SOURCES_SHOWN);
    const refused = ctx.ballotGate.refusedFor(vote._id);
    const rows = new Map<string, TVoteSource>(
      stored.map((s) => [
        s.address,
        {
          address: s.address,
          ballots: s.ballots,
          refused: 0,
          discarded: s.discarded && { ballots: s.discarded.ballots, at: s.discarded.at },
        },
      ]),
    );
    const mostRefused = [...refused].sort((a, b) => b[1] - a[1]).slice(0, SOURCES_SHOWN);
    for (const [address, count] of mostRefused) {
      const row = rows.get(address);
      if (row) row.refused = count;
      else {
        const ballots = await countSourceBallots(ctx.db, vote._id, address);
        rows.set(address, { address, ballots, refused: count, discarded: null });
      }
    }
    for (const row of rows.values()) if (row.refused === 0) row.refused = refused.get(row.address) ?? 0;
    const sources = [...rows.values()]
      .sort((a, b) => b.ballots + b.refused - (a.ballots + a.refused) || a.address.localeCompare(b.address))
      .slice(0, SOURCES_SHOWN);
    // A discarded address stays listed whatever its rank: the console shows what was struck.
    for (const row of rows.values()) if (row.discarded && !sources.includes(row)) sources.push(row);
    return { voteId: vote._id, sources };
  }),

  /**
   * Strikes one address's ballots from the last vote before its award (a script's flood): the tally
   * leaves them out everywhere (the count is rewritten at once), the address casts no more in this
   * vote, and one action in the log says who, when, which address and how many. Not undoable: the
   * ballots stay stored, as evidence.
   */
  discard: roleProcedure('admin', 'master')
    .input(ZVoteDiscardSchema)
    .mutation(async ({ ctx, input }) => {
      const now = Date.now();
      const discarded = await liveTransaction(ctx, async (recorder) => {
        const { trx } = recorder;
        const current = await readCurrentVote(trx);
        if (!current || current._id !== input.voteId) throw conflict(messages.voteGuard.discardNotLast);
        const vote = await lockVote(trx, current._id, 'close');
        if (!vote) throw conflict(messages.voteGuard.discardNotLast);
        if (vote.award) throw conflict(messages.voteGuard.discardAwarded);
        const already = await trx
          .selectFrom('vote_discards')
          .select('address')
          .where('vote_id', '=', Number(vote._id))
          .where('address', '=', input.address)
          .executeTakeFirst();
        if (already) throw conflict(messages.voteGuard.discardTwice);
        const ballots = await countSourceBallots(trx, vote._id, input.address);
        if (ballots === 0) throw conflict(messages.voteGuard.discardNoBallots);
        const before = await countBallots(trx, vote._id);
        const actionId = await recordAction(trx, {
          actorId: ctx.user._id,
          kind: 'vote.discard',
          summary: messages.voteGuard.discardSummary(ballots, input.address, vote._id),
          target: { voteId: vote._id, address: input.address, ballots },
          before: { text: messages.voteGuard.countedBallots(before.ballots), ballots: before.ballots },
          after: { text: messages.voteGuard.countedBallots(before.ballots - ballots), ballots: before.ballots - ballots },
        });
        await insertDiscard(trx, { voteId: vote._id, address: input.address, ballots, actionId });
        // The count now, open or closed (a closed vote keeps its closing time).
        const counted = await writeCount(trx, vote, now, vote.open ? null : vote.closedAt);
        if (counted.changed) await recorder.record({ type: 'vote', payload: { vote: counted.vote } });
        return ballots;
      });
      return { discarded, vote: ctx.hub.live.votes.voteFor('staff'), eventId: ctx.hub.live.eventId };
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
        const field = (await readSheet(trx)).find((f) => f.name === input.fieldName);
        if (!field) throw badRequest(`${messages.scoreFieldNotFound}${messages.inField('fieldName')}`, 'fieldName');
        if (field.kind !== 'answers') throw badRequest(messages.voteFieldKind, 'fieldName');
        // The stored count is the close's; the ballots say the same, read again under the lock.
        const { tally } = await countBallots(trx, vote._id);
        const best = Math.max(0, ...vote.teamIds.map((id) => tally.get(id) ?? 0));
        if (best === 0) throw conflict(messages.voteNothingToAward);
        const winners = vote.teamIds.filter(
          (id) => (tally.get(id) ?? 0) === best && ctx.hub.live.standings.allTeams().some((t) => t.id === id),
        );
        const points = Number(field.maxPoint);
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
        await recorder.record({ type: 'vote', payload: { vote: awarded } });
      });
      return { vote: ctx.hub.live.votes.voteFor('staff'), eventId: ctx.hub.live.eventId };
    }),
});
