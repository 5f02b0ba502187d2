/**
 * The token a server writes in `<dataDir>/server.json` for command-line tools on its machine: a tRPC
 * call from a loopback address that carries it acts as the first active admin; the same token from
 * another machine or through a proxy, a wrong token, or a server that wrote none, is refused in
 * Vietnamese. Other requests are untouched by it.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/messages';
import { CLI_TOKEN_HEADER } from '../../src-server/cli-token';
import { testAppForFile } from '../helpers/app-for-file';

const TOKEN = 'mot-ma-thu-nghiem-du-dai-cho-dong-lenh-0123456789';
const t = testAppForFile();
beforeAll(async () => {
  // The oldest admin account is disabled: the token acts as the first one still active.
  await t.createUser('quantri-cu', 'admin', { active: false });
  await t.createUser('quantri', 'admin');
  t.deps.cliToken = TOKEN;
});

/** A tRPC call as a process at `from` sends it (the socket's address, as @hono/node-server gives it). */
async function call(
  procedure: string,
  options: { token?: string; from?: string; headers?: Record<string, string>; body?: unknown } = {},
): Promise<{ status: number; body: { result?: { data: unknown }; error?: { message: string; data: { code: string } } } }> {
  const headers: Record<string, string> = { ...(options.token ? { [CLI_TOKEN_HEADER]: options.token } : {}), ...options.headers };
  const init: RequestInit =
    options.body === undefined
      ? { headers }
      : { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(options.body) };
  const res = await t.app.request(`/trpc/${procedure}?t=${Date.now()}`, init, {
    incoming: { socket: { remoteAddress: options.from ?? '127.0.0.1' } },
  });
  return { status: res.status, body: await res.json() };
}

describe('the CLI token', () => {
  it.each(['127.0.0.1', '::1', '::ffff:127.0.0.1'])('acts as the first active admin for a call from %s', async (from) => {
    const me = await call('auth.me', { token: TOKEN, from });
    expect(me.status).toBe(200);
    expect(me.body.result?.data).toMatchObject({ user: { username: 'quantri', role: 'admin' } });
  });

  it('may call what only an admin may, and writes as that admin', async () => {
    const created = await call('questionSet.create', { token: TOKEN, body: { set: 2, data: { title: 'Bộ từ dòng lệnh' } } });
    expect(created.status).toBe(200);
    const { items } = await (await t.caller(await t.login('quantri'))).questionSet.adminList({ set: 2 });
    expect(items.map((s) => s.title)).toContain('Bộ từ dòng lệnh');
  });

  it('is refused with a wrong token (401), and no cookie stands in for it', async () => {
    const cookie = await t.login('quantri');
    for (const token of ['sai', `${TOKEN}x`, TOKEN.slice(1)]) {
      const refused = await call('auth.me', { token, headers: { cookie } });
      expect(refused.status).toBe(401);
      expect(refused.body.error?.message).toBe(messages.cliTokenWrong);
    }
  });

  it('is refused from another machine, or through a proxy on this one (403)', async () => {
    for (const from of ['192.168.1.20', '10.0.0.7', '::ffff:192.168.1.20', 'fe80::1']) {
      const refused = await call('auth.me', { token: TOKEN, from });
      expect(refused.status).toBe(403);
      expect(refused.body.error?.message).toBe(messages.cliTokenRemote);
    }
    const proxied = await call('auth.me', { token: TOKEN, headers: { 'x-forwarded-for': '192.168.1.20' } });
    expect(proxied.status).toBe(403);
    expect(proxied.body.error?.message).toBe(messages.cliTokenRemote);
  });

  it('is refused by a server that wrote no server.json (PostgreSQL, or a test database)', async () => {
    t.deps.cliToken = null;
    try {
      const refused = await call('auth.me', { token: TOKEN });
      expect(refused.status).toBe(401);
      expect(refused.body.error?.message).toBe(messages.cliTokenWrong);
    } finally {
      t.deps.cliToken = TOKEN;
    }
  });

  it('is refused, saying why, when no admin account is active', async () => {
    await t.deps.base.updateTable('users').set({ active: false }).where('username', '=', 'quantri').execute();
    try {
      const refused = await call('auth.me', { token: TOKEN });
      expect(refused.status).toBe(403);
      expect(refused.body.error?.message).toBe(messages.cliTokenNoAdmin);
    } finally {
      await t.deps.base.updateTable('users').set({ active: true }).where('username', '=', 'quantri').execute();
    }
  });

  it('lets a file import larger than the default body limit through, as an admin session would', async () => {
    // 1.5 MB of file (2 MB as base64), over the 1 MB a caller without a session may send.
    const rows = Array.from({ length: 15_000 }, (_, i) => `Câu hỏi số ${i + 1} của tệp lớn từ dòng lệnh,${i % 10}`);
    const file = Buffer.from(['Câu hỏi,Điểm', ...rows].join('\n'))
      .toString('base64')
      .padEnd(2 * 1024 * 1024, 'A');
    const body = { set: 1, mode: 'preview', fileName: 'lon.csv', dataBase64: file };
    expect((await call('questionSet.importFile', { token: TOKEN, body })).status).toBe(200);
    expect((await call('questionSet.importFile', { token: 'sai', body })).status).toBe(413);
  });

  it('opens nothing outside tRPC: a REST path with the token answers as to anyone', async () => {
    const res = await t.app.request(
      '/api/events',
      { headers: { [CLI_TOKEN_HEADER]: TOKEN } },
      { incoming: { socket: { remoteAddress: '127.0.0.1' } } },
    );
    expect(res.status).toBe(401);
  });
});
