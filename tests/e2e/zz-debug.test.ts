import { it } from 'vitest';
import { startHarness, waitForApp } from './harness';

it('debug', async () => {
  const h = await startHarness();
  const { page } = await h.newPage();
  let down = false;
  const t0 = Date.now();
  const log = (...a: unknown[]) => console.log(((Date.now() - t0) / 1000).toFixed(2), ...a);
  page.on('websocket', (ws) => {
    log('ws open', ws.url());
    ws.on('close', () => log('ws close'));
    ws.on('framereceived', (f) => log('recv', String(f.payload).slice(0, 80)));
    ws.on('framesent', (f) => log('sent', String(f.payload).slice(0, 80)));
  });
  const live = new Set<{ close(options?: { code?: number }): Promise<void> }>();
  await page.routeWebSocket(/\/trpc$/, (socket) => {
    log('route', down);
    if (down) {
      void socket.close({ code: 4000 });
      return;
    }
    socket.connectToServer();
    live.add(socket);
  });
  await page.goto('/screen');
  await waitForApp(page);
  await new Promise((r) => setTimeout(r, 1000));
  down = true;
  log('going down');
  for (const socket of live) await socket.close({ code: 4000 });
  live.clear();
  await new Promise((r) => setTimeout(r, 4000));
  down = false;
  log('up');
  await new Promise((r) => setTimeout(r, 8000));
  log('badge', await page.getByTestId('disconnected').count());
  await h.close();
}, 60000);
