import type { Page, WebSocket } from 'playwright-core';
import { expect, it } from 'vitest';
import { ROLE_HOME, type Role } from '../../src/constants';
import { insertEvent } from '../../src-server/features/live/events';
import { readTeams } from '../../src-server/features/team/data';
import { ACCOUNTS, describeInBrowser, logIn, loginThroughForm, toast, waitForApp, watchRequests } from './harness';

/** Every route of the contract, with the role that may open it (null: public). */
const SEED_ROUTES: [string, Role | null][] = [
  ['/', null],
  ['/screen', null],
  ['/screen2', null],
  ['/master', 'master'],
  ['/supporter', 'judge'],
  ['/giam-kham-token/giamkhao1', null],
  ['/team', 'team'],
  ['/user/dashboard', 'admin'],
  ['/preview', 'master'],
  ['/login', null],
  ['/user', 'admin'],
  ['/user/member', 'admin'],
  ['/user/the-le', 'admin'],
  ...['fw-question', 'fw-question-2', 'fw-question-3', 'fw-question-4', 'fw-question-5', 'fw-question-6'].flatMap(
    (set): [string, Role][] => [
      [`/user/${set}`, 'admin'],
      [`/user/${set}/abc123`, 'admin'],
    ],
  ),
];

/** Every websocket the page opens, with the frames each has received from the server. */
function watchSockets(page: Page): { socket: WebSocket; heard: number }[] {
  const sockets: { socket: WebSocket; heard: number }[] = [];
  page.on('websocket', (socket) => {
    const entry = { socket, heard: 0 };
    sockets.push(entry);
    socket.on('framereceived', () => entry.heard++);
  });
  return sockets;
}

describeInBrowser('the client shell in a browser', (h) => {
  it('refuses a wrong password with a red toast carrying the server reason, and stays on /login', async () => {
    const { page, errors } = await h.newPage();
    await page.goto('/login');
    await page.getByLabel('Tên đăng nhập').fill('admin');
    await page.getByLabel('Mật khẩu', { exact: true }).fill('sai-mat-khau');
    await page.getByRole('button', { name: 'Đăng nhập' }).click();
    const refused = toast(page, 'Đăng nhập thất bại! Tên đăng nhập hoặc mật khẩu không đúng');
    await expect.poll(() => refused.count()).toBe(1);
    expect(await refused.getAttribute('style')).toContain('--mantine-color-red');
    // Toasts sit at the bottom of the screen.
    const box = await refused.boundingBox();
    expect(box && box.y > 400).toBe(true);
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(errors).toEqual([]);
  });

  for (const role of ['admin', 'master', 'judge', 'team'] as const) {
    it(`takes a ${role} to ${ROLE_HOME[role]} after login`, async () => {
      const { page, errors } = await h.newPage();
      await loginThroughForm(page, role);
      await page.waitForURL((url) => url.pathname === ROLE_HOME[role]);
      await expect.poll(() => page.getByTestId('user-menu').textContent()).toContain(ACCOUNTS[role].username);
      expect(errors).toEqual([]);
    });
  }

  it('asks before logging out: Huỷ keeps the session, Đồng ý goes to / logged out', async () => {
    const { context, page, errors } = await h.newPage();
    await loginThroughForm(page, 'team');
    await page.waitForURL((url) => url.pathname === '/team');

    await page.getByRole('button', { name: 'Đăng xuất' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Bạn có muốn đăng xuất không?').waitFor();
    expect(await dialog.getByText('Đăng xuất', { exact: true }).count()).toBe(1);
    await dialog.getByRole('button', { name: 'Huỷ' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/team');
    expect((await (await context.request.get('/api/state')).json()).user?.username).toBe('doi1');

    await page.getByRole('button', { name: 'Đăng xuất' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Đồng ý' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('link', { name: 'Đăng nhập' }).first().waitFor();
    expect((await (await context.request.get('/api/state')).json()).user).toBeNull();
    expect(errors).toEqual([]);
  });

  it('shows "Không tìm thấy trang" with a way home for an unknown path', async () => {
    const { page, errors } = await h.newPage();
    for (const unknown of ['/khong-co', '/user/khong-co', '/user/fw-question-7', '/screen/1', '/USER', '/user/', '/Master']) {
      const response = await page.goto(unknown);
      expect(response?.status(), unknown).toBe(404);
      await page.getByText('Không tìm thấy trang').waitFor();
    }
    await page.getByRole('link', { name: 'Về trang chủ' }).last().click();
    await page.waitForURL((url) => url.pathname === '/');
    expect(errors).toEqual([]);
  });

  it('renders every route of the contract without a page error', async () => {
    const pages = new Map<Role | null, { page: Page; errors: string[] }>();
    for (const role of [null, 'admin', 'master', 'judge', 'team'] as const) {
      const opened = await h.newPage();
      if (role) await logIn(opened.context, role);
      pages.set(role, opened);
    }
    // A detail route shows a set that exists (an unknown id shows the not-found screen).
    const ids = new Map<string, string>();
    for (const set of ['fw-question', 'fw-question-2', 'fw-question-3', 'fw-question-4', 'fw-question-5', 'fw-question-6']) {
      const created = await pages.get('admin')!.page.request.post(`/api/${set}`, { data: { data: { title: `Bộ ${set}` } } });
      ids.set(set, ((await created.json()) as { item: { _id: string } }).item._id);
    }
    for (const [pattern, role] of SEED_ROUTES) {
      const route = pattern.replace(/^\/user\/([^/]+)\/abc123$/, (_, set: string) => `/user/${set}/${ids.get(set)}`);
      const { page, errors } = pages.get(role)!;
      const response = await page.goto(route);
      expect(response?.status(), route).toBe(200);
      await waitForApp(page);
      expect(new URL(page.url()).pathname, route).toBe(route);
      expect(await page.getByTestId('not-found').count(), route).toBe(0);
      expect(await page.getByTestId('chunk-load-failed').count(), route).toBe(0);
      expect(await page.getByTestId('no-access').count(), route).toBe(0);
      expect(errors, route).toEqual([]);
    }
  });

  it('sends anonymous visitors of a protected screen to /login, and hides screens from other roles', async () => {
    const { page } = await h.newPage();
    await page.goto('/master');
    await page.waitForURL((url) => url.pathname === '/login');

    const judge = await h.newPage();
    await logIn(judge.context, 'judge');
    await judge.page.goto('/user');
    await judge.page.getByText('Bạn không có quyền xem màn hình này').waitFor();
  });

  it('reopens the websocket after login and after logout, so the server reads the new session', async () => {
    const { page } = await h.newPage();
    // The page's timers run on a clock the test can move on.
    await page.clock.install();
    const opened = watchSockets(page);
    const calls = watchRequests(page, (url) => new URL(url).pathname.startsWith('/trpc'));
    await page.goto('/login');
    await waitForApp(page);
    await expect.poll(() => opened.length, { timeout: 10_000 }).toBe(1);
    await loginThroughForm(page, 'judge', { open: false });
    await page.waitForURL((url) => url.pathname === '/supporter');
    await expect.poll(() => opened.length, { timeout: 10_000 }).toBe(2);
    await page.getByRole('button', { name: 'Đăng xuất' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Đồng ý' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await expect.poll(() => opened.length, { timeout: 10_000 }).toBe(3);
    // The third socket is up and answering; whatever the page would still do about the logout (a
    // reconnect's timer, the re-read of the session) is done before counting again.
    await expect.poll(() => opened[2]!.heard).toBeGreaterThan(0);
    await page.clock.fastForward(1500);
    await calls.settled();
    expect(opened.length, 'one new socket per session change, no more').toBe(3);
    expect(opened.every(({ socket }) => new URL(socket.url()).pathname === '/trpc')).toBe(true);
    // A planned reconnect is not announced as a lost connection.
    expect(await page.getByTestId('disconnected').count()).toBe(0);
  });

  it('shows "Mất kết nối" while the server is away and catches up once it is back', async () => {
    const { page, errors } = await h.newPage();
    await page.goto('/');
    await waitForApp(page);
    await page.getByText('Chưa có đội thi.').waitFor();
    expect(await page.getByTestId('disconnected').count()).toBe(0);

    const stopped = await h.stopServer();
    await page.getByText('Mất kết nối').waitFor({ timeout: 10_000 });
    // A team added while the page was offline (by another server on the same database) shows up
    // after the reconnect, without a reload: the page resumes from its last event and gets the rest.
    const { db } = h.server.deps;
    await db.insertInto('teams').values({ name: 'Đội Hoàn Kiếm', unit: 'Phường Hoàn Kiếm' }).execute();
    await insertEvent(db, { type: 'teams', payload: { teams: await readTeams(db) } });
    await stopped.start();
    await page.getByTestId('disconnected').waitFor({ state: 'detached', timeout: 15_000 });
    await page.getByText('Đội Hoàn Kiếm').waitFor({ timeout: 10_000 });
    expect(errors).toEqual([]);
  });

  it('adds a t time stamp to every call', async () => {
    const { page } = await h.newPage();
    const calls: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (/^\/(trpc|api|login$|logout$)/.test(url.pathname) && request.resourceType() !== 'document') {
        calls.push(request.url());
      }
    });
    await loginThroughForm(page, 'master');
    await page.waitForURL((url) => url.pathname === '/master');
    await page.getByRole('button', { name: 'Đăng xuất' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Đồng ý' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await waitForApp(page);

    expect(calls.some((c) => c.includes('/trpc/system.state'))).toBe(true);
    expect(calls.some((c) => c.includes('/trpc/auth.login'))).toBe(true);
    expect(calls.some((c) => c.includes('/trpc/auth.logout'))).toBe(true);
    for (const call of calls) expect(new URL(call).searchParams.get('t'), call).toMatch(/^\d{13}$/);
  });

  it('shows a red toast with the server message when the system state cannot be loaded', async () => {
    const { context, page } = await h.newPage();
    await context.route(/\/trpc\/system\.state/, (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({
          error: { message: 'Máy chủ gặp sự cố, vui lòng thử lại', code: -32603, data: { code: 'INTERNAL_SERVER_ERROR', httpStatus: 500 } },
        }),
      }),
    );
    await page.clock.install();
    const opened = watchSockets(page);
    const loads = watchRequests(page, (url) => url.includes('/trpc/system.state'));
    await page.goto('/');
    const failure = toast(page, 'Lấy thông tin hệ thống lỗi! Máy chủ gặp sự cố, vui lòng thử lại');
    await failure.waitFor({ timeout: 15_000 });
    expect(await failure.getAttribute('style')).toContain('--mantine-color-red');
    // The page still works as a visitor's, and the failure is told once, not by every screen: not
    // after the socket opens (which re-reads the state), nor after any retry's timer has run out.
    await page.getByText('Các phần thi').waitFor();
    await expect.poll(() => opened[0]?.heard ?? 0).toBeGreaterThan(0);
    await page.clock.fastForward(1500);
    await loads.settled();
    expect(await failure.count()).toBe(1);
  });

  it('shows which chunk failed and a reload button when a screen cannot be loaded', async () => {
    const { context, page } = await h.newPage();
    await context.route(/\/assets\/Master\.page-[^/]*\.js/, (route) => route.fulfill({ status: 404, body: 'missing' }));
    await logIn(context, 'master');
    await page.goto('/master');
    const failure = page.getByTestId('chunk-load-failed');
    await failure.waitFor();
    expect(await failure.textContent()).toMatch(/Loading chunk master failed \(missing: http:\/\/127\.0\.0\.1:\d+\/assets\/Master\.page-/);
    expect(await page.getByRole('button', { name: 'Tải lại trang' }).count()).toBe(1);
  });
});
