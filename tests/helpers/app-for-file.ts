/** One test app for a whole test file: made before its tests, closed after them. */
import { afterAll, beforeAll } from 'vitest';
import type { Role } from '../../src/constants';
import type { Config } from '../../src-server/config';
import { type Caller, createTestApp, type TestApp } from './test-app';

export interface TestAppHandle<R extends Role> extends TestApp {
  /** The session cookies of the usual staff asked for (TestApp.staff), by role. */
  readonly cookies: Record<R, string>;
  /** A tRPC caller as each of those staff, by role, made in the same beforeAll. */
  readonly callers: Record<R, Caller>;
}

/**
 * Registers a beforeAll that makes the app (with `config` over the test defaults) and the usual staff
 * accounts of `staff` (logged in, a caller each), and an afterAll that closes it. The handle forwards
 * to that app; it is usable inside tests and hooks only.
 */
export function testAppForFile<R extends Role = never>(options: { staff?: readonly R[]; config?: Partial<Config> } = {}): TestAppHandle<R> {
  let app: TestApp | undefined;
  let cookies: Record<R, string> | undefined;
  let callers: Record<R, Caller> | undefined;
  beforeAll(async () => {
    app = await createTestApp(options.config);
    const made = await app.staff(options.staff ?? []);
    const madeCallers = {} as Record<R, Caller>;
    for (const role of options.staff ?? []) madeCallers[role] = await app.caller(made[role]);
    cookies = made;
    callers = madeCallers;
  });
  afterAll(() => app?.close());
  return new Proxy({} as TestAppHandle<R>, {
    get(_, key) {
      if (!app || !cookies || !callers) throw new Error('testAppForFile: the app is made in beforeAll; use it inside a test or a hook');
      if (key === 'cookies') return cookies;
      if (key === 'callers') return callers;
      return app[key as keyof TestApp];
    },
  });
}
