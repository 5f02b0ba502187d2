/**
 * Counts the open vote's ballots at most twice a second, on one instance at a time: every instance
 * wakes while a vote is open, the one that takes the advisory lock counts (unless another counted
 * less than an interval ago), and a count that moved records one `vote` event, which every instance
 * follows like any change. The close, by hand or at `closesAt`, counts for the last time under the
 * vote's row lock, after every ballot in flight has landed.
 */
import { type Kysely, sql } from 'kysely';
import { VOTE_TALLY_INTERVAL_MS } from '../../../src/schemas/vote';
import type { Database } from '../../db/types';
import type { NightHub } from '../../picture/hub';
import { liveTransaction } from '../live/record';
import { dropOldLimits, lockVote, writeCount } from './data';

/** The advisory lock of the count (apart from the events lock). */
const TALLY_LOCK = 73_912;

export class VoteCounter {
  private timer: NodeJS.Timeout | null = null;
  private running = false;
  private stopped = false;
  private lastCleanup = 0;

  constructor(
    /** The contest on stage's handle, asked afresh for each count. */
    private readonly dbOnStage: () => Kysely<Database>,
    private readonly hub: NightHub,
  ) {}

  /** While a vote is open, makes sure a count comes within an interval. */
  wake(): void {
    // An archived event's vote is not counted: its results stay as they were archived.
    if (this.stopped || this.timer || this.running || !this.hub.live?.votes.vote()?.open || this.hub.live.scope.readOnly) return;
    this.timer = setTimeout(() => void this.tick(), VOTE_TALLY_INTERVAL_MS);
    this.timer.unref();
  }

  private async tick(): Promise<void> {
    this.timer = null;
    this.running = true;
    try {
      await this.count(Date.now());
    } catch (error) {
      if (!this.stopped) console.error('[vote] could not count the ballots:', (error as Error).message);
    } finally {
      this.running = false;
      this.wake();
    }
  }

  /** One count, if this instance gets the lock and the last count is at least an interval old. */
  async count(now: number): Promise<void> {
    const current = this.hub.live.votes.vote();
    if (!current?.open || this.hub.live.scope.readOnly) return;
    await liveTransaction({ db: this.dbOnStage(), hub: this.hub }, async (recorder) => {
      const { trx } = recorder;
      if (this.hub.postgres) {
        const got = await sql<{ got: boolean }>`select pg_try_advisory_xact_lock(${TALLY_LOCK}) as got`.execute(trx);
        if (!got.rows[0]?.got) return;
      }
      const closing = current.closesAt !== null && current.closesAt <= now;
      // A close waits for the ballots in flight (they key-share the row); a plain count does not.
      const vote = await lockVote(trx, current._id, closing ? 'close' : 'count');
      if (!vote?.open) return;
      if (!closing) {
        const row = await trx.selectFrom('votes').select('tallied_at').where('id', '=', Number(vote._id)).executeTakeFirst();
        if (row?.tallied_at != null && now - Number(row.tallied_at) < VOTE_TALLY_INTERVAL_MS - 50) return;
      }
      const counted = await writeCount(trx, vote, now, closing ? vote.closesAt : null);
      if (counted.changed) await recorder.record({ type: 'vote', payload: { vote: counted.vote } });
    });
    if (now - this.lastCleanup > 60_000) {
      this.lastCleanup = now;
      await dropOldLimits(this.dbOnStage(), now);
    }
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}
