/**
 * The direct path for `system.join` (`src-server/live-socket.ts`), driven by the real `@trpc/client`
 * and by hand in tRPC's wire format: what a screen gets, in order, with tracked ids it can resume
 * from; a stop that ends it; other calls in the same frame still reaching tRPC.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { hashPassword } from '../../src-server/features/auth/password';
import { insertAccounts } from '../helpers/accounts';
import { jsonCall, loginAt } from '../helpers/http';
import { type RealServer, startRealServer } from '../helpers/real-server';
import { serverConfig } from '../helpers/test-app';
import { wsTrpcClient } from '../helpers/ws-client';

let running: RealServer;
let master: string;

const phaseOf = (data: { type: string; system?: unknown }) => (data.type === 'state' ? (data.system as { phase: string }).phase : null);
const move = (changes: Record<string, unknown>) => jsonCall(running.base, master, 'PUT', '/api/show', { changes });

/** Waits until `check` holds, polling the event loop (the server and the client share it here). */
async function until(check: () => boolean, what: string, timeoutMs = 5000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

beforeAll(async () => {
  running = await startRealServer(serverConfig());
  await insertAccounts(running.database.handle.db, [
    { username: 'dieukhien', role: 'master', password_hash: await hashPassword('mat-khau-123') },
  ]);
  master = await loginAt(running.base, 'dieukhien', 'mat-khau-123');
});
afterAll(() => running.close());

describe('system.join on the direct path, with the real @trpc/client', () => {
  it('delivers every change in order with its event id, resumes after the last one and stops on unsubscribe', async () => {
    const before = running.server.liveJoins();
    const { wsClient, client } = wsTrpcClient(running.base);
    const received: { id: string | undefined; data: { type: string; system?: unknown } }[] = [];
    let started = false;
    const subscription = client.system.join.subscribe(
      {},
      { onStarted: () => (started = true), onData: (tracked) => received.push({ id: tracked.id, data: tracked.data as never }) },
    );
    await until(() => received.some((e) => e.data.type === 'teams'), 'the snapshot');
    expect(started).toBe(true);
    expect(running.server.liveJoins()).toBe(before + 1);

    const phases = ['round', 'rules', 'round', 'rules'];
    for (const phase of phases) await move({ phase });
    await until(() => received.filter((e) => phaseOf(e.data) !== null).length >= 1 + phases.length, 'four changes');
    const moves = received.filter((e) => phaseOf(e.data) !== null).slice(1);
    expect(moves.map((e) => phaseOf(e.data))).toEqual(phases);
    const ids = moves.map((e) => Number(e.id));
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(new Set(ids).size).toBe(ids.length);

    // Unsubscribed: the server lets go of it, and later changes never reach it.
    subscription.unsubscribe();
    await until(() => running.server.liveJoins() === before, 'the stop');
    const count = received.length;
    await move({ phase: 'round' });
    const afterStop = await jsonCall(running.base, master, 'GET', '/api/state', undefined);
    expect(afterStop.system.phase).toBe('round');
    expect(received.length).toBe(count);

    // Joining again from the second move's id: the third and fourth move and the one after, nothing else.
    const resumed: { id: string | undefined; data: { type: string; system?: unknown } }[] = [];
    const again = client.system.join.subscribe(
      { lastEventId: String(ids[1]) },
      { onData: (tracked) => resumed.push({ id: tracked.id, data: tracked.data as never }) },
    );
    await until(() => resumed.length >= 3, 'the replay');
    expect(resumed.map((e) => phaseOf(e.data))).toEqual(['round', 'rules', 'round']);
    expect(resumed.slice(0, 2).map((e) => Number(e.id))).toEqual(ids.slice(2));
    expect(resumed.every((e) => e.data.type === 'state')).toBe(true);
    again.unsubscribe();
    await wsClient.close();
  });

  it("answers in tRPC's wire format, and passes the other calls of the same frame to tRPC", async () => {
    const socket = new WebSocket(`${running.base.replace('http', 'ws')}/trpc`, { headers: { cookie: master } });
    const frames: {
      id: unknown;
      result?: { type: string; id?: string; data?: { id: string; data: { type: string } } };
      error?: unknown;
    }[] = [];
    let pongs = 0;
    socket.on('message', (raw) => (String(raw) === 'PONG' ? pongs++ : frames.push(JSON.parse(String(raw)))));
    await new Promise((resolve) => socket.once('open', resolve));
    // The client's heartbeat is answered before tRPC has the socket.
    socket.send('PING');
    await until(() => pongs === 1, 'the PONG');
    // One frame: the join, and a subscription tRPC serves itself (the console's).
    socket.send(
      JSON.stringify([
        { id: 7, method: 'subscription', params: { path: 'system.join', input: {} } },
        { id: 8, method: 'subscription', params: { path: 'show.console', input: {} } },
      ]),
    );
    await until(() => frames.some((f) => f.id === 7 && f.result?.data?.data.type === 'teams'), 'the join snapshot');
    await until(() => frames.some((f) => f.id === 8 && f.result?.type === 'started'), 'the console subscription');
    const join = frames.filter((f) => f.id === 7);
    expect(join[0]!.result).toEqual({ type: 'started' });
    for (const frame of join.slice(1)) {
      expect(frame.result!.type).toBe('data');
      expect(frame.result!.id).toBe(frame.result!.data!.id);
    }
    // The snapshot's last message is the one to resume from: the event id alone.
    expect(join.at(-1)!.result!.id).toMatch(/^\d+$/);

    socket.send(JSON.stringify({ id: 7, method: 'subscription.stop' }));
    await until(() => frames.some((f) => f.id === 7 && f.result?.type === 'stopped'), 'stopped');
    const count = frames.filter((f) => f.id === 7).length;
    // Another join on the same socket: once it has the move, the stopped one would have had it too.
    socket.send(JSON.stringify({ id: 9, method: 'subscription', params: { path: 'system.join', input: {} } }));
    await until(() => frames.some((f) => f.id === 9 && f.result?.data?.data.type === 'teams'), 'the second join');
    await move({ phase: 'rules' });
    await until(() => frames.some((f) => f.id === 9 && phaseOf(f.result?.data?.data ?? { type: '' }) === 'rules'), 'the move');
    expect(frames.filter((f) => f.id === 7).length).toBe(count);
    // Now that tRPC has the socket, it answers the heartbeat.
    socket.send('PING');
    await until(() => pongs === 2, 'the second PONG');
    socket.close();
  });

  it('answers a join with input it refuses with the same 400 error as before', async () => {
    const socket = new WebSocket(`${running.base.replace('http', 'ws')}/trpc`);
    const frames: { id: unknown; error?: { data?: { httpStatus?: number } } }[] = [];
    socket.on('message', (raw) => frames.push(JSON.parse(String(raw))));
    await new Promise((resolve) => socket.once('open', resolve));
    socket.send(JSON.stringify({ id: 3, method: 'subscription', params: { path: 'system.join', input: { lastEventId: 'x'.repeat(41) } } }));
    await until(() => frames.some((f) => f.id === 3 && f.error), 'the error');
    expect(frames.find((f) => f.id === 3)!.error!.data!.httpStatus).toBe(400);
    socket.close();
  });
});
