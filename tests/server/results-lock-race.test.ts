/**
 * Points racing a lock of their round: a judge's point (its raw statement) and an admin's correction
 * (through `applyScoreChange`) are each either stored before the lock, or refused with 409 naming the
 * round, never stored after it. On PostgreSQL the points go to one server instance and the lock to
 * another (each with its own read model); on PGlite all go to the one instance.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/messages';
import { type RunningServer, startServer } from '../../src-server/server';
import { loginAt, sendJson } from '../helpers/http';
import { serverConfig } from '../helpers/test-app';
import { createTestDatabase, type TestDatabase } from '../helpers/test-db';

let database: TestDatabase;
const servers: RunningServer[] = [];
let pointsOn: string; // the instance the points are written on
let lockOn: string; // the instance the admin locks on
let admin = '';
let adminThere = '';
let judge = '';
let judgeId = '';
let teamId = '';

const send = sendJson;

beforeAll(async () => {
  database = await createTestDatabase();
  const config = () => serverConfig();
  servers.push(await startServer(config(), { database: database.handle, log: () => {} }));
  if (database.kind === 'postgres') servers.push(await startServer(config(), { database: database.handle, log: () => {} }));
  pointsOn = `http://127.0.0.1:${servers[0]!.port}`;
  lockOn = `http://127.0.0.1:${servers.at(-1)!.port}`;
  admin = await loginAt(lockOn, 'admin', 'mat-khau-admin-1');
  adminThere = await loginAt(pointsOn, 'admin', 'mat-khau-admin-1');
  teamId = (await send(lockOn, 'POST', '/api/team', admin, { data: { name: 'Đội Hoàn Kiếm' } })).json.item._id;
  await send(lockOn, 'POST', '/api/score-field', admin, { data: { name: 'phan-2', label: 'Phần 2', maxPoint: 10, step: 0.5, round: 2 } });
  judgeId = (
    await send(lockOn, 'POST', '/api/user', admin, {
      user: { username: 'gkdua', password: 'mat-khau-123', fullName: 'Giám khảo Đua', role: 'judge' },
    })
  ).json.user._id;
  judge = await loginAt(pointsOn, 'gkdua', 'mat-khau-123');
  expect((await send(lockOn, 'PUT', '/api/show', admin, { changes: { activeField: 'phan-2', scoringOpen: true } })).status).toBe(200);
});

afterAll(async () => {
  for (const server of servers) await server.close();
  await database.drop();
});

describe('points racing a lock of their round', () => {
  it('are stored before the lock or refused with 409, never stored after it', async () => {
    const outcomes = { stored: 0, refused: 0 };
    for (let round = 0; round < 16; round++) {
      // The points' instance has followed the last unlock (its judge's check reads the model).
      await expect
        .poll(async () => (await send(pointsOn, 'GET', '/api/results/locks', adminThere)).json.locks.length, { interval: 5 })
        .toBe(0);
      const lead = ((round * 7) % 16) - (round % 2 ? 0 : 15);
      const later = (ms: number) => new Promise((r) => setTimeout(r, Math.max(0, ms)));
      const [judged, corrected, lock] = await Promise.all([
        later(lead).then(() =>
          send(pointsOn, 'PUT', '/api/cham-thi/submit', judge, { teamId, point: (round % 20) / 2, key: `dua-${round}` }),
        ),
        later(lead).then(() =>
          send(pointsOn, 'POST', '/api/cham-thi/admin-submit', adminThere, {
            teamId,
            gkId: judgeId,
            fieldName: 'phan-2',
            point: 10 - (round % 20) / 2,
            reason: 'Sửa',
          }),
        ),
        later(-lead).then(() => send(lockOn, 'POST', '/api/results/lock', admin, { round: 2 })),
      ]);
      expect(lock.status, JSON.stringify(lock.json)).toBe(200);
      const events = await database.handle.db
        .selectFrom('events')
        .select(['id', 'type', 'payload'])
        .orderBy('id', 'desc')
        .limit(20)
        .execute();
      const lockEvent = events.find((e) => e.type === 'resultsLocks' && (e.payload as { locks: unknown[] }).locks.length === 1)!;
      expect(lockEvent).toBeDefined();
      for (const point of [judged, corrected]) {
        if (point.status === 200) {
          outcomes.stored++;
          const scoreEvent = events.find(
            (e) =>
              e.type === 'scores' &&
              (e.payload as { changes: { updatedAt: number }[] }).changes.some((c) => c.updatedAt === point.json.item.updatedAt),
          );
          expect(scoreEvent, `round ${round}`).toBeDefined();
          expect(scoreEvent!.id, `round ${round}: stored after the lock`).toBeLessThan(lockEvent.id);
        } else {
          outcomes.refused++;
          expect(point.status, `round ${round}`).toBe(409);
          expect(point.json.error.message).toBe(messages.resultsLock.roundLocked(2));
        }
      }
      expect((await send(lockOn, 'POST', '/api/results/unlock', admin, { round: 2, reason: `Lượt ${round}` })).status).toBe(200);
    }
    console.log(`[lock race] ${database.kind}: ${outcomes.stored} stored before the lock, ${outcomes.refused} refused`);
    expect(outcomes.stored).toBeGreaterThan(0);
    expect(outcomes.refused).toBeGreaterThan(0);
  });
});
