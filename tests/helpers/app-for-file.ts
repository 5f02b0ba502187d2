/** One test app for a whole test file: made before its tests, closed after them. */
import { afterAll, beforeAll } from 'vitest';
import type { Role } from '../../src/constants';
import { createTestApp, type TestApp } from './test-app';

export interface TestAppHandle<R extends Role> extends TestApp {
  /** The session cookies of the usual staff asked for (TestApp.staff), by role. */
  readonly cookies: Record<R, string>;
}

/**
 * Registers a beforeAll that makes the app and the usual staff accounts of `staff` (logged in), and an
 * afterAll that closes it. The handle forwards to that app; it is usable inside tests and hooks only.
 */
export function testAppForFile<R extends Role = never>(options: { staff?: readonly R[] } = {}): TestAppHandle<R> {
  let app: TestApp | undefined;
  let cookies: Record<R, string> | undefined;
  beforeAll(async () => {
    app = await createTestApp();
    cookies = await app.staff(options.staff ?? []);
  });
  afterAll(() => app?.close());
  return new Proxy({} as TestAppHandle<R>, {
    get(_, key) {
      if (!app || !cookies) throw new Error('testAppForFile: the app is made in beforeAll; use it inside a test or a hook');
      if (key === 'cookies') return cookies;
      return app[key as keyof TestApp];
    },
  });
}
