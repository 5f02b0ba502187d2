/** The real app on a throwaway database, driven through app.request and createCaller. */
import type { Hono } from 'hono';
import type { Role } from '../../src/constants';
import { createApp } from '../../src-server/app';
import { type Config, readConfig } from '../../src-server/config';
import { type AppDeps, createContext } from '../../src-server/context';
import { hashPassword } from '../../src-server/features/auth/password';
import { liveTransaction } from '../../src-server/features/live/record';
import { recordSeatsIfChanged, seatOnPanel } from '../../src-server/features/users/data';
import { createCaller } from '../../src-server/router';
import { createAppDeps, stopAppDeps } from '../../src-server/server';
import { createTestDatabase, type TestDatabase } from './test-db';

export const TEST_PASSWORD = 'mat-khau-thu-nghiem';
/** The first admin's password of a real test server (`serverConfig`). */
export const SERVER_ADMIN_PASSWORD = 'mat-khau-admin-1';

/** The config of a real server for a test: a free port on localhost, no demo event, the repository as client folder. */
export function serverConfig(overrides: Partial<Config> = {}): Config {
  return {
    ...readConfig({}),
    port: 0,
    host: '127.0.0.1',
    adminPassword: SERVER_ADMIN_PASSWORD,
    seedDemo: false,
    clientDir: process.cwd(),
    ...overrides,
  };
}

/** The usual staff's usernames, by role (TestApp.staff). */
export const STAFF_NAMES: Record<Role, string> = { admin: 'admin', master: 'dieukhien', judge: 'giamkhao', team: 'doi' };

/** A tRPC caller of the app, as some session holder (TestApp.caller). */
export type Caller = Awaited<ReturnType<TestApp['caller']>>;

export interface TestApp {
  app: Hono;
  deps: AppDeps;
  database: TestDatabase;
  /** Sends a request with an optional cookie and JSON body. */
  request(
    method: string,
    path: string,
    options?: { body?: unknown; raw?: string; cookie?: string; headers?: Record<string, string> },
  ): Promise<Response>;
  /** Creates an account (for a team account, `teamId` ties it to its team); its id. */
  createUser(username: string, role: Role, extra?: { active?: boolean; password?: string; teamId?: string }): Promise<string>;
  /** Logs in through POST /login and returns the session cookie ("name=value"). */
  login(username: string, password?: string): Promise<string>;
  /**
   * The usual staff, one account per role asked for (admin, dieukhien, giamkhao, doi), created in
   * that order and each logged in: their session cookies by role.
   */
  staff<R extends Role>(roles: readonly R[]): Promise<Record<R, string>>;
  /** A tRPC caller as the holder of `cookie` (anonymous without). */
  caller(cookie?: string): Promise<ReturnType<typeof createCaller>>;
  close(): Promise<void>;
}

export async function createTestApp(overrides: Partial<ReturnType<typeof readConfig>> = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  const config = { ...readConfig({}), adminPassword: null, clientDir: process.cwd(), ...overrides };
  const deps = await createAppDeps(database.handle, config);
  const { hub } = deps;
  const app = createApp(deps);
  const passwordHash = await hashPassword(TEST_PASSWORD);

  const request: TestApp['request'] = (method, path, options = {}) => {
    const headers: Record<string, string> = { ...(options.headers ?? {}) };
    if (options.cookie) headers.cookie = options.cookie;
    let body: string | undefined = options.raw;
    if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers['content-type'] = 'application/json';
    }
    return Promise.resolve(app.request(path, { method, headers, body }));
  };

  const testApp: TestApp = {
    app,
    deps,
    database,
    request,
    async createUser(username, role, extra = {}) {
      const row = await deps.db
        .insertInto('users')
        .values({
          username,
          role,
          full_name: `Người dùng ${username}`,
          password_hash: extra.password ? await hashPassword(extra.password) : passwordHash,
          active: extra.active ?? true,
          ...(extra.teamId ? { team_id: extra.teamId } : {}),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (role === 'judge') await seatOnPanel(deps.db, row.id);
      // As the admin screens do: a new judge takes a seat on the live screens.
      await liveTransaction(deps, (recorder) => recordSeatsIfChanged(recorder, deps.hub.live.standings.seatList()));
      return row.id;
    },
    async login(username, password = TEST_PASSWORD) {
      const res = await request('POST', '/login', { body: { username, password } });
      if (res.status !== 200) throw new Error(`login ${username} failed: ${res.status} ${await res.text()}`);
      const setCookie = res.headers.get('set-cookie') ?? '';
      return setCookie.split(';')[0]!;
    },
    async staff(roles) {
      for (const role of roles) await testApp.createUser(STAFF_NAMES[role], role);
      const cookies = {} as Record<(typeof roles)[number], string>;
      for (const role of roles) cookies[role] = await testApp.login(STAFF_NAMES[role]);
      return cookies;
    },
    async caller(cookie) {
      const ctx = await createContext(deps, { cookie, ip: '127.0.0.1', secure: false, resHeaders: new Headers() });
      return createCaller(ctx);
    },
    close: async () => {
      await stopAppDeps(deps); // with the hub in use now: a test may have restarted it
      if (deps.hub !== hub) await hub.stop();
      await database.drop();
    },
  };
  return testApp;
}
