/**
 * tRPC subscriptions over a websocket on the same HTTP server and port, path /trpc. The session
 * comes from the login cookie when the socket opens; browsers from other sites are turned away.
 */
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { applyWSSHandler } from '@trpc/server/adapters/ws';
import { WebSocketServer } from 'ws';
import { SOCKET_TIMEOUT_MS } from '../src/constants';
import { type AppDeps, createContext } from './context';
import { appRouter } from './router';
import { originMatches, trustedClientIp } from './proxy';
import { sharedPayloadEncoder } from './ws-encoder';

export const WS_MAX_PAYLOAD = 64 * 1024;

const header = (req: IncomingMessage, name: string) => {
  const value = req.headers[name];
  return Array.isArray(value) ? value.join(',') : value;
};

function originAllowed(req: IncomingMessage, publicUrl: string | null, trustProxy: boolean): boolean {
  const origin = req.headers.origin;
  if (!origin) return true; // not a browser
  const site = { protocol: 'http:', host: req.headers.host, forwardedProto: header(req, 'x-forwarded-proto'), forwardedHost: header(req, 'x-forwarded-host') };
  return originMatches(origin, site, trustProxy, publicUrl);
}

function remoteIp(req: IncomingMessage, trustProxy: boolean): string {
  return trustedClientIp(header(req, 'x-forwarded-for'), req.socket.remoteAddress, trustProxy);
}

export function attachWebSocket(server: Server, deps: AppDeps): { close(): Promise<void> } {
  const wss = new WebSocketServer({ noServer: true, maxPayload: WS_MAX_PAYLOAD });
  const handler = applyWSSHandler({
    wss,
    router: appRouter,
    // Ping often enough that a silent connection is noticed well within the clients' 20 s.
    experimental_encoder: sharedPayloadEncoder,
    keepAlive: { enabled: true, pingMs: SOCKET_TIMEOUT_MS / 2, pongWaitMs: SOCKET_TIMEOUT_MS / 2 },
    createContext: async ({ req, res }) => {
      const ctx = await createContext(deps, {
        cookie: req.headers.cookie,
        ip: remoteIp(req, deps.config.trustProxy),
        secure: false,
        resHeaders: null,
      });
      const forget = deps.sockets.add(res, ctx.sessionId, ctx.user);
      res.once('close', forget);
      return ctx;
    },
  });

  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const pathname = (req.url ?? '').split('?')[0];
    if (pathname !== '/trpc') return; // not ours
    if (!originAllowed(req, deps.config.publicUrl, deps.config.trustProxy)) {
      socket.write('HTTP/1.1 403 Forbidden\r\nConnection: close\r\n\r\n');
      socket.destroy();
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws, req));
  };
  server.on('upgrade', onUpgrade);

  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.off('upgrade', onUpgrade);
        handler.broadcastReconnectNotification();
        deps.sockets.closeAll();
        for (const client of wss.clients) client.terminate();
        wss.close(() => resolve());
      }),
  };
}
