/** Starts everything: the lock, the database, migrations, the HTTP server and the websocket. */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { createApp } from './app';
import { type FirstStartGroundwork, prepareDatabase } from './bootstrap';
import { writeServerFile } from './cli-token';
import type { Config } from './config';
import { limitConnections } from './connections';
import { type AppDeps, followSessionNotices } from './context';
import { type DatabaseHandle, openDatabase } from './db/connection';
import { acquireDataDirLock } from './db/lock';
import { Notices } from './db/notices';
import { LoginLimiter } from './features/auth/rate-limit';
import { SessionCache } from './features/auth/sessions';
import { ScopedHandles } from './features/events/active';
import { startBackupSchedule } from './features/events/backup-schedule';
import { ProjectorPresence } from './features/projectors/presence';
import { IdempotencyCache } from './features/scoring/idempotency';
import { ConsolePresence } from './features/show/consoles';
import { VoteCounter } from './features/vote/counter';
import { loadVoteKey } from './features/vote/device';
import { BallotGate } from './features/vote/gate';
import { createLiveHub } from './picture/hub';
import { RefusalLog } from './refusals';
import { SocketRegistry } from './socket-registry';
import { attachWebSocket } from './ws';

export interface RunningServer {
  url: string;
  port: number;
  deps: AppDeps;
  database: DatabaseHandle;
  /** Screens following `system.join` on this instance's direct path (`live-socket.ts`). */
  liveJoins(): number;
  close(): Promise<void>;
}

export interface StartOptions {
  /** Use an open database instead of the one the config names (tests). */
  database?: DatabaseHandle;
  log?: (line: string) => void;
  /** The data folder's lock, when the caller took it already (its release). */
  dataDirLock?: () => void;
  /** A first start's groundwork, begun when the folder was made new (`index.ts`). */
  groundwork?: FirstStartGroundwork;
}

/**
 * What the app runs on, over an open database: the live floor over the night's picture (started),
 * what listens beside it (the consoles, the vote's count, the session notices), the caches and the limiter.
 */
export async function createAppDeps(database: DatabaseHandle, config: Config): Promise<AppDeps> {
  const base = database.db;
  const notices = new Notices(base, database.pool);
  const hub = createLiveHub(base, notices);
  const consoles = new ConsolePresence(base, notices);
  const handles = new ScopedHandles(base);
  // Each request acts on the contest the picture shows (the one on stage when it last loaded).
  const onStage = () => handles.for(hub.live.scope);
  const votes = new VoteCounter(onStage, hub);
  await hub.start();
  await consoles.start();
  // While a vote is open a count comes within an interval; a change may have opened one.
  hub.subscribe((delivery) => {
    if (delivery.kind !== 'live') votes.wake();
  });
  const deps: AppDeps = {
    base,
    get db() {
      return onStage();
    },
    config,
    hub,
    notices,
    consoles,
    votes,
    limiter: new LoginLimiter(),
    sockets: new SocketRegistry(),
    projectors: new ProjectorPresence(),
    sessions: new SessionCache(),
    idempotency: new IdempotencyCache(),
    voteKey: await loadVoteKey(database.db, config.voteSecret),
    refusals: new RefusalLog(),
    ballotGate: new BallotGate({ burst: config.voteBurst, perSecond: config.votePerSecond }),
  };
  followSessionNotices(deps);
  await notices.start();
  votes.wake();
  return deps;
}

/** Stops what `createAppDeps` started, before the database closes. */
export async function stopAppDeps(deps: AppDeps): Promise<void> {
  deps.votes.stop();
  await deps.consoles.stop();
  await deps.notices.stop();
  await deps.hub.stop();
}

export async function startServer(config: Config, options: StartOptions = {}): Promise<RunningServer> {
  const log = options.log ?? console.log;
  let releaseLock: (() => void) | null = null;
  let database = options.database;
  if (!database) {
    if (!config.databaseUrl) releaseLock = options.dataDirLock ?? acquireDataDirLock(config.dataDir);
    try {
      database = await openDatabase(config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.dataDir });
    } catch (error) {
      releaseLock?.();
      throw error;
    }
  }
  await prepareDatabase(database.db, config, log, options.groundwork);

  const deps = await createAppDeps(database, config);
  const { hub } = deps;
  // Presence is per instance and not stored: it is delivered live only (type `presence`).
  deps.sockets.onPresence((judges) => hub.emitLive({ type: 'presence', judges }));
  const app = createApp(deps);

  const server = await new Promise<Server>((resolve, reject) => {
    const s = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, () => resolve(s as Server));
    (s as Server).once('error', reject);
  });
  limitConnections(server);
  const ws = attachWebSocket(server, deps);
  const backups = startBackupSchedule(database.db, config);
  const port = (server.address() as AddressInfo).port;
  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const url = `http://${shownHost}:${port}`;
  // Holding an embedded data folder: command-line tools work through this server (`cli-token.ts`).
  const card = releaseLock ? writeServerFile(config.dataDir, config.host, port) : null;
  deps.cliToken = card?.token ?? null;

  let closing: Promise<void> | null = null;
  const close = () =>
    (closing ??= (async () => {
      card?.remove();
      await ws.close();
      await backups?.stop();
      await stopAppDeps(deps);
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections?.();
      });
      if (!options.database) await database.close();
      releaseLock?.();
    })());

  return { url, port, deps, database, liveJoins: () => ws.liveJoins(), close };
}
