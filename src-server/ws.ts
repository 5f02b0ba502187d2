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
  const site = {
    protocol: 'http:',
    host: req.headers.host,
    forwardedProto: header(req, 'x-forwarded-proto'),
    forwardedHost: header(req, 'x-forwarded-host'),
  };
  return originMatches(origin, site, trustProxy, publicUrl);
}

function remoteIp(req: IncomingMessage, trustProxy: boolean): string {
  return trustedClientIp(header(req, 'x-forwarded-for'), req.socket.remoteAddress, trustProxy);
}

/** Close code for a socket over the per-address cap: "try again later". */
export const TOO_MANY_SOCKETS = 1013;

export function attachWebSocket(server: Server, deps: AppDeps): { close(): Promise<void> } {
  const perAddress = new Map<string, number>();
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
      return { ...ctx, socket: { subscriptions: 0 } };
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
    const ip = remoteIp(req, deps.config.trustProxy);
    wss.handleUpgrade(req, socket, head, (ws) => {
      const open = perAddress.get(ip) ?? 0;
      if (open >= deps.config.wsMaxPerAddress) {
        console.warn(`[ws] ${ip}: ${open} websockets open already (WS_MAX_PER_ADDRESS); closing a new one`);
        ws.close(TOO_MANY_SOCKETS, 'too many connections from this address');
        return;
      }
      perAddress.set(ip, open + 1);
      ws.once('close', () => {
        const left = (perAddress.get(ip) ?? 1) - 1;
        if (left > 0) perAddress.set(ip, left);
        else perAddress.delete(ip);
      });
      wss.emit('connection', ws, req);
    });
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
