/**
 * Behind one trusted proxy (TRUST_PROXY=1) only the address that proxy appended counts, and
 * forwarded headers are believed only then; the Origin check compares scheme, host and port.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADDRESS_SLOWDOWN, LoginLimiter, slowdownMsAfter } from '../../src-server/features/auth/rate-limit';
import { originMatches, trustedClientIp } from '../../src-server/proxy';
import { createTestApp, type TestApp } from '../helpers/test-app';

describe('the client address', () => {
  it('is the last X-Forwarded-For entry behind a trusted proxy, and the socket otherwise', () => {
    expect(trustedClientIp('6.6.6.6, 10.0.0.9', '127.0.0.1', true)).toBe('10.0.0.9');
    expect(trustedClientIp('6.6.6.6, 10.0.0.9', '127.0.0.1', false)).toBe('127.0.0.1');
    expect(trustedClientIp(undefined, '127.0.0.1', true)).toBe('127.0.0.1');
  });
});

describe('the Origin check', () => {
  const site = { protocol: 'http:', host: 'hoithi.local:3000', forwardedProto: undefined, forwardedHost: undefined };
  it('compares scheme, host and port', () => {
    expect(originMatches('http://hoithi.local:3000', site, false, null)).toBe(true);
    expect(originMatches('https://hoithi.local:3000', site, false, null)).toBe(false);
    expect(originMatches('http://hoithi.local:3001', site, false, null)).toBe(false);
    expect(originMatches('http://hoithi.local', site, false, 'http://hoithi.local')).toBe(true);
  });
  it('believes X-Forwarded-Host and -Proto only behind a trusted proxy', () => {
    const forwarded = { ...site, forwardedHost: 'evil.example', forwardedProto: 'https' };
    expect(originMatches('https://evil.example', forwarded, false, null)).toBe(false);
    expect(originMatches('https://evil.example', forwarded, true, null)).toBe(true);
  });
});

describe('over HTTP', () => {
  let plain: TestApp;
  let proxied: TestApp;
  beforeAll(async () => {
    plain = await createTestApp();
    proxied = await createTestApp({ trustProxy: true });
  });
  afterAll(async () => {
    await plain.close();
    await proxied.close();
  });

  it('counts failed logins against the address the trusted proxy saw, whatever the client puts first', async () => {
    const waits: number[] = [];
    proxied.deps.limiter = new LoginLimiter(Date.now, async (ms) => waits.push(ms));
    // The address has used up its failures that cost no wait.
    for (let i = 0; i < ADDRESS_SLOWDOWN.free; i++) await proxied.deps.limiter.slowFailure(proxied.deps.db, '10.0.0.9');
    const attempt = (forwardedFor: string) =>
      proxied.request('POST', '/login', {
        body: { username: `nguoi-la-${forwardedFor}`, password: 'sai-mat-khau' },
        headers: { 'x-forwarded-for': forwardedFor },
      });
    expect((await attempt('203.0.113.1, 10.0.0.9')).status).toBe(401);
    expect((await attempt('203.0.113.2, 10.0.0.9')).status).toBe(401);
    expect((await attempt('10.0.0.9, 10.0.0.10')).status).toBe(401); // another address: not slowed
    expect(waits).toEqual([slowdownMsAfter(ADDRESS_SLOWDOWN.free + 1), slowdownMsAfter(ADDRESS_SLOWDOWN.free + 2)]);
  });

  it('refuses a write whose Origin matches only an X-Forwarded-Host that no trusted proxy set', async () => {
    const res = await plain.request('POST', '/logout', {
      body: {},
      headers: { origin: 'http://evil.example', host: 'localhost', 'x-forwarded-host': 'evil.example' },
    });
    expect(res.status).toBe(403);
  });

  it('refuses a write from the same host on another scheme', async () => {
    const res = await plain.request('POST', '/logout', { body: {}, headers: { origin: 'https://localhost', host: 'localhost' } });
    expect(res.status).toBe(403);
  });

  it('accepts a write through the trusted proxy from the public https origin', async () => {
    const res = await proxied.request('POST', '/logout', {
      body: {},
      headers: {
        origin: 'https://hoithi.example',
        host: 'backend:3000',
        'x-forwarded-host': 'hoithi.example',
        'x-forwarded-proto': 'https',
      },
    });
    expect(res.status).toBe(200);
  });
});
