/** Reads the environment once (the variables are listed in the README). */
import path from 'node:path';
import { SESSION_COOKIE, SOCKET_TIMEOUT_MS } from '../src/constants';

export interface Config {
  port: number;
  host: string;
  publicUrl: string | null;
  dataDir: string;
  databaseUrl: string | null;
  /** PostgreSQL: the owner's connection for migrations, so the app itself can run as a lesser role. */
  migrationDatabaseUrl: string | null;
  adminPassword: string | null;
  seedDemo: boolean;
  trustProxy: boolean;
  /** Open websockets allowed from one (trusted) address: a hall behind one NAT shares one. */
  wsMaxPerAddress: number;
  /** Open websockets allowed on this instance, from every address together. */
  wsMaxSockets: number;
  /** A socket with more than this many bytes waiting to be sent is not reading: it is dropped. */
  wsMaxBufferedBytes: number;
  /** A socket that does not answer the server's protocol ping within this time is dropped. */
  wsTimeoutMs: number;
  production: boolean;
  clientDir: string;
  cookieName: string;
  /** The ballot cookie's HMAC key; unset, one is made at the first start and kept in the database. */
  voteSecret: string | null;
  /** Ballots one address (an IPv6 /64) may cast at once, and the ballots a second it gets back. */
  voteBurst: number;
  votePerSecond: number;
  /** Where the event on stage is backed up every `backupEveryMinutes` (its last `backupKeep` files); null: never. */
  backupDir: string | null;
  backupKeep: number;
  backupEveryMinutes: number;
  /** The largest backup file a restore takes (POST /api/events/restore). */
  restoreMaxBytes: number;
}

function positiveInt(text: string | undefined, fallback: number): number {
  const value = Number(text);
  return text && Number.isSafeInteger(value) && value > 0 ? value : fallback;
}

function positiveNumber(text: string | undefined, fallback: number): number {
  const value = Number(text);
  return text && Number.isFinite(value) && value > 0 ? value : fallback;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 3000);
  return {
    port: Number.isInteger(port) && port >= 0 && port < 65536 ? port : 3000,
    host: env.HOST || '0.0.0.0',
    publicUrl: env.PUBLIC_URL ? env.PUBLIC_URL.replace(/\/+$/, '') : null,
    dataDir: path.resolve(env.DATA_DIR || './data'),
    databaseUrl: env.DATABASE_URL || null,
    migrationDatabaseUrl: env.MIGRATION_DATABASE_URL || null,
    adminPassword: env.ADMIN_PASSWORD || null,
    seedDemo: env.SEED_DEMO !== '0',
    trustProxy: env.TRUST_PROXY === '1',
    wsMaxPerAddress: positiveInt(env.WS_MAX_PER_ADDRESS, 2000),
    wsMaxSockets: positiveInt(env.WS_MAX_SOCKETS, 5000),
    wsMaxBufferedBytes: positiveInt(env.WS_MAX_BUFFERED_BYTES, 2 * 1024 * 1024),
    wsTimeoutMs: positiveInt(env.WS_TIMEOUT_MS, SOCKET_TIMEOUT_MS),
    production: env.NODE_ENV !== 'development',
    clientDir: path.resolve(env.CLIENT_DIR || './dist/client'),
    cookieName: SESSION_COOKIE,
    voteSecret: env.VOTE_SECRET || null,
    voteBurst: positiveInt(env.VOTE_BURST, 1000),
    votePerSecond: positiveNumber(env.VOTE_PER_SECOND, 20),
    backupDir: env.BACKUP_DIR ? path.resolve(env.BACKUP_DIR) : null,
    backupKeep: positiveInt(env.BACKUP_KEEP, 10),
    backupEveryMinutes: positiveNumber(env.BACKUP_EVERY_MINUTES, 5),
    restoreMaxBytes: positiveInt(env.RESTORE_MAX_BYTES, 500 * 1024 * 1024),
  };
}
