/**
 * Event ids committing out of order (PostgreSQL). Writers commit side by side, so a transaction
 * holding a lower id may commit after a higher one, or roll back and leave an id that never comes.
 * Every reader (the hub whose write it is, and another instance's hub hearing it through NOTIFY)
 * follows in id order with nothing skipped: it waits at the missing id while the transaction that
 * may hold it is in flight, follows on once it has ended without it, and after GAP_TIMEOUT_MS no
 * longer waits for a stalled one but reads everything again if it commits after all. A picture read
 * while such a transaction is in flight is read again when it commits.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { EVENTS_CHANNEL } from '../../src-server/features/live/events';
import { GAP_TIMEOUT_MS } from '../../src-server/features/live/hub';
import { liveTransaction } from '../../src-server/features/live/record';
import { readSettings } from '../../src-server/features/settings/data';
import { createLiveHub, type NightHub } from '../../src-server/picture/hub';
import { createTestApp, type TestApp } from '../helpers/test-app';

describe.runIf(process.env.TEST_DB === 'postgres')('event ids committing out of order', () => {
  let t: TestApp;
  let second: NightHub;

  beforeAll(async () => {
    t = await createTestApp();
    second = createLiveHub(t.deps.db, t.deps.notices);
    await second.start();
  });
  afterAll(async () => {
    await second.stop();
    await t.close();
  });

  /** The ids each hub followed after `from`, in the order it followed them. */
  const followed = (from: number) => [t.deps.hub, second].map((hub) => hub.changesSince(from)!.map((entry) => entry.id));

  /**
   * A transaction on its own connection that takes an event id now, as the server's writers do (its
   * transaction id first), and commits its change (the event's name, in the table unless `table` is
   * false) and its event when told.
   */
  async function lateWriter(name: string, { table = true } = {}) {
    const client = await t.database.handle.pool!.connect();
    await client.query('begin');
    await client.query('select pg_current_xact_id()');
    const id = Number((await client.query<{ id: string }>(`select nextval('events_id_seq') as id`)).rows[0]!.id);
    const settings = { ...(await readSettings(t.deps.db)), name };
    const contestId = t.deps.hub.live.scope.contest;
    return {
      id,
      async commit() {
        if (table) {
          await client.query(
            `insert into settings (id, contest_id, data) values (1, $2, $1) on conflict (contest_id) do update set data = excluded.data`,
            [JSON.stringify(settings), contestId],
          );
        }
        await client.query(`insert into events (id, type, payload, contest_id) values ($1, 'settings', $2, $3)`, [
          id,
          JSON.stringify({ settings }),
          contestId,
        ]);
        await client.query('select pg_notify($1, $2)', [EVENTS_CHANNEL, String(id)]);
        await client.query('commit');
        client.release();
      },
      async rollback() {
        await client.query('rollback');
        client.release();
      },
    };
  }

  it('follows the lower id first though it commits last, on this instance and on another', async () => {
    const from = t.deps.hub.live.eventId;
    const late = await lateWriter('Hội thi muộn', { table: false });
    // A write through the app takes the next id and commits first.
    const settings = await readSettings(t.deps.db);
    let answered = false;
    const write = liveTransaction(t.deps, (recorder) => recorder.settings({ ...settings, name: 'Hội thi sớm' })).then(() => {
      answered = true;
    });
    // Committed, but no reader follows it while the lower id may still come.
    await expect
      .poll(async () => Number((await t.deps.db.selectFrom('events').select('id').where('id', '>', late.id).executeTakeFirst())?.id ?? 0))
      .toBeGreaterThan(late.id);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(followed(from)).toEqual([[], []]);
    expect(answered).toBe(false);
    await late.commit();
    await write;
    await expect.poll(() => second.live.eventId, { timeout: 5000, interval: 10 }).toBe(late.id + 1);
    expect(followed(from)).toEqual([
      [late.id, late.id + 1],
      [late.id, late.id + 1],
    ]);
    // Both pictures end on the change committed last by id: the write's name, not the late one's.
    for (const hub of [t.deps.hub, second]) expect(hub.live.stage.eventSettings().name).toBe('Hội thi sớm');
  });

  it('follows on past an id whose transaction rolls back, as soon as it has', async () => {
    const from = t.deps.hub.live.eventId;
    const late = await lateWriter('Không bao giờ');
    const settings = await readSettings(t.deps.db);
    const write = liveTransaction(t.deps, (recorder) => recorder.settings({ ...settings, name: 'Hội thi sau' }));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(followed(from)).toEqual([[], []]);
    const warn = vi.spyOn(console, 'warn');
    await late.rollback();
    await write;
    // Passed because its transaction ended, not at the gap timeout (which says so).
    expect(warn.mock.calls.flat().join(' ')).not.toContain('still not committed');
    warn.mockRestore();
    await expect.poll(() => second.live.eventId, { timeout: 5000, interval: 10 }).toBe(late.id + 1);
    expect(followed(from)).toEqual([[late.id + 1], [late.id + 1]]);
  });

  it('stops waiting for a stalled transaction after the gap timeout, and reads everything again when it commits', async () => {
    const from = t.deps.hub.live.eventId;
    const late = await lateWriter('Hội thi rất muộn');
    const settings = await readSettings(t.deps.db);
    const started = performance.now();
    await liveTransaction(t.deps, (recorder) => recorder.settings({ ...settings, name: 'Hội thi đúng giờ' }));
    expect(performance.now() - started).toBeGreaterThanOrEqual(GAP_TIMEOUT_MS);
    await expect.poll(() => second.live.eventId, { timeout: 5000, interval: 10 }).toBe(late.id + 1);
    expect(followed(from)).toEqual([[late.id + 1], [late.id + 1]]);
    for (const hub of [t.deps.hub, second]) expect(hub.live.stage.eventSettings().name).toBe('Hội thi đúng giờ');
    // It commits after all: both pictures are read again and hold its change.
    await late.commit();
    for (const hub of [t.deps.hub, second]) {
      await expect.poll(() => hub.live.stage.eventSettings().name, { timeout: 5000, interval: 10 }).toBe('Hội thi rất muộn');
    }
  });

  it('reads a picture again when a transaction in flight during its read commits a lower id', async () => {
    const late = await lateWriter('Hội thi khi đọc');
    const settings = await readSettings(t.deps.db);
    const write = liveTransaction(t.deps, (recorder) => recorder.settings({ ...settings, name: 'Hội thi trước khi đọc' }));
    await expect
      .poll(async () => Number((await t.deps.db.selectFrom('events').select('id').where('id', '>', late.id).executeTakeFirst())?.id ?? 0))
      .toBe(late.id + 1);
    const third = createLiveHub(t.deps.db, t.deps.notices);
    let started = false;
    const starting = third.start().then(() => {
      started = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    // The read saw id late.id + 1 without late.id: it waits for the transaction in flight.
    expect(started).toBe(false);
    await late.commit();
    await starting;
    await write;
    try {
      expect(third.live.eventId).toBe(late.id + 1);
      // The late change is in the picture though its id is below the one the first read ended on.
      expect(third.live.stage.eventSettings().name).toBe('Hội thi khi đọc');
    } finally {
      await third.stop();
    }
  });
});
