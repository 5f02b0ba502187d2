/**
 * A judge's score racing a "close scoring": the score is either stored before the close, or refused
 * with 409 and the pad's message, never stored after it. On PostgreSQL the score goes to one server
 * instance and the close to another (two instances on one database, each with its own read model);
 * on PGlite both go to the one instance.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/messages';
import { type RunningServer, startServer } from '../../src-server/server';
import { loginAt, sendJson } from '../helpers/http';
import { serverConfig } from '../helpers/test-app';
import { createTestDatabase, type TestDatabase } from '../helpers/test-db';

let database: TestDatabase;
const servers: RunningServer[] = [];
let judgeOn: string; // the instance the judge scores on
let adminOn: string; // the instance the master closes scoring on
let admin = '';
let judge = '';
let teamId = '';

const send = sendJson;

beforeAll(async () => {
  database = await createTestDatabase();
  const config = () => serverConfig();
  servers.push(await startServer(config(), { database: database.handle, log: () => {} }));
  if (database.kind === 'postgres') servers.push(await startServer(config(), { database: database.handle, log: () => {} }));
  judgeOn = `http://127.0.0.1:${servers[0]!.port}`;
  adminOn = `http://127.0.0.1:${servers.at(-1)!.port}`;
  admin = await loginAt(adminOn, 'admin', 'mat-khau-admin-1');
  teamId = (await send(adminOn, 'POST', '/api/team', admin, { data: { name: 'Đội Hoàn Kiếm' } })).json.item._id;
  await send(adminOn, 'POST', '/api/score-field', admin, { data: { name: 'f', label: 'Tiêu chí', maxPoint: 10, step: 0.5 } });
  await send(adminOn, 'POST', '/api/user', admin, {
    user: { username: 'gkdua', password: 'mat-khau-123', fullName: 'Giám khảo Đua', role: 'judge' },
  });
  judge = await loginAt(judgeOn, 'gkdua', 'mat-khau-123');
});

afterAll(async () => {
  for (const server of servers) await server.close();
  await database.drop();
});

describe('a score racing a close', () => {
  it('is stored before the close or refused with 409, never stored after it', async () => {
    const outcomes = { stored: 0, refused: 0 };
    for (let round = 0; round < 20; round++) {
      expect((await send(adminOn, 'PUT', '/api/show', admin, { changes: { activeField: 'f', scoringOpen: true } })).status).toBe(200);
      // The judge's instance has followed the opening.
      await expect.poll(async () => (await (await fetch(`${judgeOn}/api/state`)).json()).system.scoringOpen, { interval: 5 }).toBe(true);
      const point = (round % 20) / 2;
      // Vary who goes first: the score or the close starts up to 15 ms after the other. The delays
      // are the race itself, not a wait for anything.
      const lead = ((round * 7) % 16) - (round % 2 ? 0 : 15);
      const later = (ms: number) => new Promise((r) => setTimeout(r, Math.max(0, ms)));
      const [score, close] = await Promise.all([
        later(lead).then(() => send(judgeOn, 'PUT', '/api/cham-thi/submit', judge, { teamId, point, key: `dua-${round}` })),
        later(-lead).then(() => send(adminOn, 'PUT', '/api/show', admin, { changes: { scoringOpen: false } })),
      ]);
      expect(close.status).toBe(200);
      const events = await database.handle.db
        .selectFrom('events')
        .select(['id', 'type', 'payload'])
        .orderBy('id', 'desc')
        .limit(20)
        .execute();
      const closeEvent = events.find((e) => e.type === 'show' && (e.payload as { version: number }).version === close.json.system.version)!;
      expect(closeEvent).toBeDefined();
      if (score.status === 200) {
        outcomes.stored++;
        const scoreEvent = events.find(
          (e) =>
            e.type === 'scores' &&
            (e.payload as { changes: { updatedAt: number }[] }).changes.some((c) => c.updatedAt === score.json.item.updatedAt),
        );
        expect(scoreEvent, `round ${round}`).toBeDefined();
        expect(scoreEvent!.id, `round ${round}: stored after the close`).toBeLessThan(closeEvent.id);
      } else {
        outcomes.refused++;
        expect(score.status, `round ${round}`).toBe(409);
        expect(score.json.error.message).toBe(messages.scoringClosed);
        const log = await database.handle.db
          .selectFrom('score_events')
          .select('id')
          .where('idempotency_key', '=', `dua-${round}`)
          .execute();
        expect(log).toEqual([]);
      }
    }
    console.log(`[race] ${database.kind}: ${outcomes.stored} stored before the close, ${outcomes.refused} refused`);
    // Both sides of the race were run, not just one.
    expect(outcomes.stored).toBeGreaterThan(0);
    expect(outcomes.refused).toBeGreaterThan(0);
  });
});
