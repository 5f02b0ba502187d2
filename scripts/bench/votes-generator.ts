/**
 * A load generator of the vote benchmark (votes.ts forks it): on `run`, voters arriving on their
 * schedule, each a new device on new connections bound to its own 127.x.y.z source address
 * (`GET /api/vote` for the ballot cookie, then `POST /api/vote`); on `insert`, the baseline's plain
 * one-row inserts into `ballots` on the same schedule. Answers pings with the shared clock.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { sleep } from './lib.mjs';
import { clock, loopbackAddress } from './live-lib';
import {
  castOne,
  type FromGenerator,
  type InsertTask,
  maxInFlight,
  type ToGenerator,
  type VoterResult,
  type VoterTask,
} from './votes-shared';

/**
 * Calls `start(i, due)` for each offset at its due time (200 ms from now + offsets[i], shared clock),
 * without waiting for what it starts; resolves with everything started.
 */
async function onSchedule<T>(offsets: number[], start: (i: number, due: number) => Promise<T>): Promise<T[]> {
  const t0 = clock() + 200;
  const pending: Promise<T>[] = [];
  for (let i = 0; i < offsets.length; i++) {
    const due = t0 + offsets[i]!;
    const wait = due - clock();
    if (wait > 1) await sleep(wait);
    pending.push(start(i, due));
  }
  return Promise.all(pending);
}

const runVoters = (task: VoterTask): Promise<VoterResult[]> => onSchedule(task.offsets, (i, due) => castOne(task, task.voters[i]!, due));

async function runInserts(task: InsertTask): Promise<{ latencies: number[]; lags: number[]; failures: string[]; inFlight: number }> {
  const pool = new pg.Pool({ connectionString: task.url, max: task.pool });
  // Every connection open before the clock starts, as the instances' pools are after warming up.
  const warm = await Promise.all(Array.from({ length: task.pool }, () => pool.connect()));
  for (const client of warm) client.release();
  const latencies: number[] = [];
  const lags: number[] = [];
  const failures: string[] = [];
  const spans: { start: number; end: number }[] = [];
  await onSchedule(task.offsets, (i, due) => {
    const start = clock();
    lags.push(start - due);
    return pool
      .query('insert into ballots (vote_id, device, team_ids, address) values ($1, $2, $3::jsonb, $4)', [
        task.voteId,
        `baseline-${i}-${randomBytes(8).toString('hex')}`,
        JSON.stringify([task.teams[i % task.teams.length]]),
        loopbackAddress(i),
      ])
      .then(
        () => {
          const end = clock();
          latencies.push(end - start);
          spans.push({ start, end });
        },
        (error: Error) => void failures.push(error.message),
      );
  });
  await pool.end();
  return { latencies, lags, failures, inFlight: maxInFlight(spans) };
}

const send = (message: FromGenerator) => process.send!(message);
process.on('message', (message: ToGenerator) => {
  if (message.type === 'ping') send({ type: 'pong', sentAt: message.sentAt, at: clock() });
  else if (message.type === 'run') void runVoters(message).then((results) => send({ type: 'done', results }));
  else if (message.type === 'insert') void runInserts(message).then((r) => send({ type: 'inserted', ...r }));
});
process.on('disconnect', () => process.exit(0));
