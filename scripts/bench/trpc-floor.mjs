/**
 * tRPC's own floor, to read the live figures against: a bare tRPC websocket server (the same
 * `applyWSSHandler`, keep-alive and shared-payload encoder as the app) whose subscription does
 * nothing but wait for the next message, beside a bare `ws` server, in one process. Subscribers are
 * two separate client processes. Prints, for N subscribers of each:
 * - fan-out: a change → the last frame handed to a socket (server side), median of 30 rounds;
 * - memory: heap used + external after a GC, per 1,000 idle subscribers.
 *
 *   node --expose-gc scripts/bench/trpc-floor.mjs [N]
 */
import { fork } from 'node:child_process';
import http from 'node:http';
import { fileURLToPath } from 'node:url';
import { initTRPC, tracked } from '@trpc/server';
import { applyWSSHandler } from '@trpc/server/adapters/ws';
import { WebSocketServer } from 'ws';

if (process.argv[2] === '--clients') {
  // A client process: N sockets, subscribed over tRPC's protocol or plain.
  const { default: WebSocket } = await import('ws');
  const [, , , n, url, mode] = process.argv;
  for (let i = 0; i < Number(n); i++) {
    const socket = new WebSocket(url);
    socket.on('open', () => {
      if (mode === 'trpc') socket.send(JSON.stringify({ id: 1, method: 'subscription', params: { path: 'system.join', input: {} } }));
    });
    socket.on('message', (data) => String(data) === 'PING' && socket.send('PONG'));
    if (i % 100 === 99) await new Promise((r) => setTimeout(r, 20));
  }
  setInterval(() => {}, 1000);
} else {
  const N = Number(process.argv[2] ?? 1000);
  const payload = JSON.stringify({ type: 'state', system: { pad: 'x'.repeat(580) } });
  let message = JSON.parse(payload);
  let waiters = [];
  let sent = 0;
  let allSent = null;

  const t = initTRPC.create();
  const router = t.router({
    system: t.router({
      join: t.procedure.subscription(async function* ({ signal }) {
        yield tracked('0', { type: 'teams' });
        while (!signal?.aborted) {
          await new Promise((resolve) => waiters.push(resolve));
          yield tracked('1', message);
        }
      }),
    }),
  });
  const serialised = new WeakMap();
  const encoder = {
    encode(m) {
      const inner = m?.result?.data?.data;
      if (!inner || typeof inner !== 'object') return JSON.stringify(m);
      let json = serialised.get(inner);
      if (!json) {
        json = JSON.stringify(inner);
        serialised.set(inner, json);
      }
      const id = JSON.stringify(m.result.id);
      if (inner === message && ++sent === N) allSent?.();
      return `{"id":${JSON.stringify(m.id)},"result":{"type":"data","id":${id},"data":{"id":${id},"data":${json}}}}`;
    },
    decode: (data) => JSON.parse(String(data)),
  };

  const server = http.createServer();
  const trpcWss = new WebSocketServer({ noServer: true });
  const bareWss = new WebSocketServer({ noServer: true });
  server.on('upgrade', (req, socket, head) => {
    const wss = req.url === '/bare' ? bareWss : trpcWss;
    wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws, req));
  });
  applyWSSHandler({
    wss: trpcWss,
    router,
    createContext: () => ({}),
    experimental_encoder: encoder,
    keepAlive: { enabled: true, pingMs: 10_000, pongWaitMs: 10_000 },
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();

  const memory = () => {
    global.gc();
    global.gc();
    const m = process.memoryUsage();
    return (m.heapUsed + m.external) / 2 ** 20;
  };
  const settle = (ms) => new Promise((r) => setTimeout(r, ms));
  const self = fileURLToPath(import.meta.url);
  const open = async (wss, mode, path) => {
    const before = memory();
    const child = fork(self, ['--clients', String(N), `ws://127.0.0.1:${port}${path}`, mode]);
    while (wss.clients.size < N) await settle(100);
    await settle(2000);
    return { child, perThousand: (memory() - before) / (N / 1000) };
  };
  const trpc = await open(trpcWss, 'trpc', '/trpc');
  const bare = await open(bareWss, 'bare', '/bare');

  const rounds = [];
  for (let i = 0; i < 33; i++) {
    sent = 0;
    message = JSON.parse(payload);
    let start = performance.now();
    await new Promise((resolve) => {
      allSent = resolve;
      const wake = waiters;
      waiters = [];
      for (const w of wake) w();
    });
    const trpcMs = performance.now() - start;
    start = performance.now();
    for (const client of bareWss.clients) client.send(payload);
    rounds.push([trpcMs, performance.now() - start]);
    await settle(100);
  }
  const median = (values) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)];
  const measured = rounds.slice(3);
  const fanTrpc = median(measured.map((r) => r[0]));
  const fanBare = median(measured.map((r) => r[1]));
  console.log(
    `N = ${N}: fan-out, server side, median of 30: tRPC ${fanTrpc.toFixed(1)} ms, bare ws ${fanBare.toFixed(1)} ms (${(fanTrpc / fanBare).toFixed(2)}×)`,
  );
  console.log(
    `N = ${N}: heap + external after GC per 1,000 idle: tRPC ${trpc.perThousand.toFixed(2)} MiB, bare ws ${bare.perThousand.toFixed(2)} MiB (${(trpc.perThousand / bare.perThousand).toFixed(2)}×)`,
  );
  trpc.child.kill();
  bare.child.kill();
  process.exit(0);
}
