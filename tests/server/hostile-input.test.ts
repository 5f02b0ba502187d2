/**
 * One hostile client's requests cost the server little and log little:
 * - a tRPC batch of more calls than MAX_HTTP_BATCH is refused with 400 before any call runs (before:
 *   1,237 calls of system.state in one GET, a 3.1 MB answer; 1,608 rules.all, 1,608 queries);
 * - JSON nested 8,000 deep, in a REST body, in `?input=` and in a POST body to tRPC, is a 400 naming
 *   the problem (before: a 500 and a stack in the log, ahead of the role check);
 * - a refusal is logged as one line without a stack; a flood of them is logged a few lines at most;
 * - each refusal is counted in the instance's refusal log, by kind and address.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MAX_HTTP_BATCH } from '../../src-server/app';
import { MAX_JSON_DEPTH } from '../../src-server/json-depth';
import { testAppForFile } from '../helpers/app-for-file';

const t = testAppForFile({ staff: ['admin'] });
afterEach(() => vi.restoreAllMocks());

const deep = (levels: number) => `${'['.repeat(levels)}1${']'.repeat(levels)}`;
const deepObject = (levels: number) => `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;

describe('an HTTP batch', () => {
  it(`of more than ${MAX_HTTP_BATCH} calls is refused with 400 before any call runs`, async () => {
    const paths = Array.from({ length: 1237 }, () => 'system.state').join(',');
    const before = t.deps.refusals.summary().byKind.find((k) => k.kind === 'batch')?.count ?? 0;
    const res = await t.request('GET', `/trpc/${paths}?batch=1`, { cookie: t.cookies.admin });
    expect(res.status).toBe(400);
    const body = await res.text();
    expect(body.length).toBeLessThan(1000);
    expect(JSON.parse(body).error.message).toContain(`tối đa ${MAX_HTTP_BATCH}`);
    expect(t.deps.refusals.summary().byKind.find((k) => k.kind === 'batch')?.count).toBe(before + 1);
  });

  it('of rules.all does not query once per call', async () => {
    const queries = vi.spyOn(t.deps.db, 'selectFrom');
    const paths = Array.from({ length: 1608 }, () => 'rules.all').join(',');
    const res = await t.request('GET', `/trpc/${paths}?batch=1`, { cookie: t.cookies.admin });
    expect(res.status).toBe(400);
    expect(queries).not.toHaveBeenCalled();
  });

  it(`of ${MAX_HTTP_BATCH} calls or fewer still works`, async () => {
    const paths = Array.from({ length: MAX_HTTP_BATCH }, () => 'system.state').join(',');
    const res = await t.request('GET', `/trpc/${paths}?batch=1`, { cookie: t.cookies.admin });
    expect(res.status).toBe(200);
    expect(await res.json()).toHaveLength(MAX_HTTP_BATCH);
  });
});

describe('input nested 8,000 deep', () => {
  const cases: [string, string, string, string | undefined][] = [
    ['a REST body (/api/vote)', 'POST', '/api/vote', `{"teamId":${deep(8000)}}`],
    ['a REST body (/login)', 'POST', '/login', `{"username":${deepObject(8000)},"password":"x"}`],
    ['a tRPC ?input=', 'GET', `/trpc/questionSet.get?input=${encodeURIComponent(deep(8000))}`, undefined],
    ['a tRPC POST body', 'POST', '/trpc/auth.logout', deepObject(8000)],
    ['a tRPC batch ?input=', 'GET', `/trpc/system.state?batch=1&input=${encodeURIComponent(`{"0":${deep(8000)}}`)}`, undefined],
  ];
  for (const [what, method, path, raw] of cases) {
    it(`in ${what} is a 400 saying so, logged as one line without a stack`, async () => {
      const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
      const warnings = vi.spyOn(console, 'warn').mockImplementation(() => {});
      const res = await t.request(method, path, {
        raw,
        headers: raw ? { 'content-type': 'application/json' } : {},
      });
      expect(res.status).toBe(400);
      const text = await res.text();
      expect(text).toContain(`tối đa ${MAX_JSON_DEPTH} cấp`);
      expect(errors).not.toHaveBeenCalled();
      const lines = warnings.mock.calls.map((call) => call.map(String).join(' '));
      expect(lines.length).toBeLessThanOrEqual(1);
      for (const line of lines) {
        expect(line).not.toContain('\n');
        expect(line).not.toMatch(/ at /);
      }
    });
  }

  it('is counted as deep input against the address', async () => {
    const before = t.deps.refusals.summary().byKind.find((k) => k.kind === 'deepInput')?.count ?? 0;
    await t.request('GET', `/trpc/questionSet.get?input=${encodeURIComponent(deep(8000))}`);
    const summary = t.deps.refusals.summary();
    expect(summary.byKind.find((k) => k.kind === 'deepInput')?.count).toBe(before + 1);
    expect(summary.byAddress.some((a) => a.kinds.some((k) => k.kind === 'deepInput'))).toBe(true);
  });

  it('a question set nested as deep as honest input still saves', async () => {
    const res = await t.request('POST', '/api/the-le', {
      body: { data: { title: 'Thể lệ', content: 'Nội dung', order: 1 } },
      cookie: t.cookies.admin,
    });
    expect(res.status).toBe(200);
  });
});

describe('the log', () => {
  it('writes a flood of refusals as a few lines, then says how many it left out', async () => {
    const warnings = vi.spyOn(console, 'warn').mockImplementation(() => {});
    for (let i = 0; i < 200; i++) await t.request('GET', '/api/khong-co');
    expect(warnings.mock.calls.length).toBeGreaterThan(0);
    expect(warnings.mock.calls.length).toBeLessThan(40);
    await new Promise((resolve) => setTimeout(resolve, 250));
    await t.request('GET', '/api/khong-co');
    expect(String(warnings.mock.calls.at(-1)?.[0])).toMatch(/more refusals not logged/);
  });

  it('writes a 4xx as one line naming the path and the message', async () => {
    const warnings = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await new Promise((resolve) => setTimeout(resolve, 2100)); // the log's burst refills
    await t.request('DELETE', '/api/team', { body: { _id: 'x' } });
    const line = String(warnings.mock.calls.at(-1)?.[0]);
    expect(line).toMatch(/^\[401\] UNAUTHORIZED .*auth|^\[401\] UNAUTHORIZED/);
    expect(line).not.toContain('\n');
  });
});
