/**
 * Fan-out: one show change (PUT /api/show) to N websocket subscribers of system.join, measured from
 * the request to the last delivery; beside it, in the same run, a bare `ws` broadcast of the same
 * payload to N plain sockets (serialised once, sent N times).
 *
 *   npm run bench:fanout [-- --rounds 30 --sizes 100,1000]
 */
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import WebSocket, { WebSocketServer } from 'ws';
import { parseArgs } from '../lib/cli-db';
import { addUser, benchServer, login, machine, ms, percentile } from './lib';

const args = parseArgs(process.argv.slice(2));
const rounds = Number(args.get('rounds') ?? 30);
const sizes = String(args.get('sizes') ?? '100,1000').split(',').map(Number);

function openSockets(url: string, n: number, onMessage: (index: number, data: string) => void): Promise<WebSocket[]> {
  return Promise.all(
    Array.from(
      { length: n },
      (_, index) =>
        new Promise<WebSocket>((resolve, reject) => {
          const socket = new WebSocket(url);
          socket.on('message', (data) => onMessage(index, String(data)));
          socket.once('open', () => resolve(socket));
          socket.once('error', reject);
        }),
    ),
  );
}

async function measureTrpc(base: string, cookie: string, n: number): Promise<{ total: number[]; answered: number[] }> {
  let expected = -1;
  let received = 0;
  let done: (() => void) | null = null;
  const joined = new Set<number>();
  const sockets = await openSockets(`${base.replace('http', 'ws')}/trpc`, n, (index, raw) => {
    const message = JSON.parse(raw);
    const data = message.result?.data?.data;
    if (!data) return;
    if (data.type === 'teams') joined.add(index);
    if (data.type === 'state' && data.system.version === expected) {
      received++;
      if (received === n) done?.();
    }
  });
  for (const socket of sockets) {
    socket.send(JSON.stringify({ id: 1, method: 'subscription', params: { path: 'system.join', input: {} } }));
  }
  while (joined.size < n) await new Promise((r) => setTimeout(r, 20));

  const latencies: number[] = [];
  const answered: number[] = [];
  for (let round = 0; round < rounds + 3; round++) {
    const current = await (await fetch(`${base}/api/state`)).json();
    expected = current.system.version + 1;
    received = 0;
    const finished = new Promise<void>((resolve) => (done = resolve));
    const start = performance.now();
    const res = await fetch(`${base}/api/show`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ changes: { screen2: round % 2 ? 'scoreboard' : 'logo' } }),
    });
    if (res.status !== 200) throw new Error(`PUT /api/show: ${res.status}`);
    const answeredAt = performance.now();
    await finished;
    // The first rounds warm the JIT and the caches.
    if (round >= 3) {
      latencies.push(performance.now() - start);
      answered.push(answeredAt - start);
    }
  }
  for (const socket of sockets) socket.terminate();
  return { total: latencies, answered };
}

async function measureBare(payload: string, n: number): Promise<number[]> {
  const wss = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  await new Promise((r) => wss.once('listening', r));
  const port = (wss.address() as AddressInfo).port;
  let received = 0;
  let done: (() => void) | null = null;
  const sockets = await openSockets(`ws://127.0.0.1:${port}`, n, () => {
    received++;
    if (received === n) done?.();
  });
  const latencies: number[] = [];
  for (let round = 0; round < rounds + 3; round++) {
    received = 0;
    const finished = new Promise<void>((resolve) => (done = resolve));
    const start = performance.now();
    const message = JSON.stringify(JSON.parse(payload));
    for (const client of wss.clients) client.send(message);
    await finished;
    if (round >= 3) latencies.push(performance.now() - start);
  }
  for (const socket of sockets) socket.terminate();
  await new Promise((r) => wss.close(r));
  return latencies;
}

const { server, database, base } = await benchServer();
await addUser(database, 'bench-master', 'master');
const cookie = await login(base, 'bench-master');
const sample = await (await fetch(`${base}/api/state`)).json();
const payload = JSON.stringify({ id: 1, result: { type: 'data', id: '42', data: { type: 'state', system: sample.system } } });

const lines = [
  `Machine: ${machine()}; database: PGlite (in memory); ${rounds} rounds after 3 warm-up rounds.`,
  '',
  '| subscribers | system.join: request → last delivery, p50 | p99 | (of which request → HTTP answer, p50) | bare ws broadcast, p50 | p99 | p99 ratio |',
  '|---:|---:|---:|---:|---:|---:|---:|',
];
for (const n of sizes) {
  const { total, answered } = await measureTrpc(base, cookie, n);
  const bare = await measureBare(payload, n);
  const ratio = percentile(total, 99) / percentile(bare, 99);
  lines.push(
    `| ${n} | ${ms(percentile(total, 50))} | ${ms(percentile(total, 99))} | ${ms(percentile(answered, 50))} | ${ms(percentile(bare, 50))} | ${ms(percentile(bare, 99))} | ${ratio.toFixed(2)}× |`,
  );
  console.error(`[bench] N=${n} done`);
}
console.log(lines.join('\n'));
await server.close();
await database.close();
process.exit(0);
