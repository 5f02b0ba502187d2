/**
 * Judges' links and the vote's QR code carry an address a phone in the hall can open: PUBLIC_URL, the
 * request's own address, or, asked on the server's own machine (localhost), its network address;
 * never localhost.
 */
import type { NetworkInterfaceInfo } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/messages';
import { hallAddress, isLoopbackHost, lanAddresses } from '../../src-server/hall-address';
import { createTestApp, type TestApp } from '../helpers/test-app';

const nic = (address: string, internal = false): NetworkInterfaceInfo =>
  ({ address, family: 'IPv4', internal, netmask: '255.255.255.0', mac: '00:00:00:00:00:00', cidr: null }) as NetworkInterfaceInfo;
const HALL = { lo: [nic('127.0.0.1', true)], docker0: [nic('172.17.0.1')], wlan0: [nic('192.168.1.10')], usb0: [nic('169.254.3.4')] };
const LOOPBACK_URL = /^https?:\/\/(localhost|127\.|\[::1\]|0\.0\.0\.0)/;

describe('the hall address', () => {
  it('takes PUBLIC_URL first, whatever the request came to', () => {
    expect(hallAddress('https://hoithi.example.org/', 'http://localhost:3000', HALL)).toEqual({
      origin: 'https://hoithi.example.org',
      source: 'publicUrl',
      others: [],
    });
  });

  it("keeps the request's own address when a phone could open it", () => {
    expect(hallAddress(null, 'http://192.168.1.10:3000', HALL)).toMatchObject({ origin: 'http://192.168.1.10:3000', source: 'request' });
    expect(hallAddress(null, 'http://hoithi.lan', HALL)).toMatchObject({ origin: 'http://hoithi.lan', source: 'request' });
  });

  it.each(['http://localhost:3000', 'http://127.0.0.1:3000', 'http://[::1]:3000', 'http://app.localhost:3000', 'http://0.0.0.0:3000'])(
    "guesses the machine's Wi-Fi address, port kept, for a page opened at %s",
    (origin) => {
      expect(hallAddress(null, origin, HALL)).toEqual({ origin: 'http://192.168.1.10:3000', source: 'guessed', others: ['172.17.0.1'] });
    },
  );

  it('says there is none on a machine without a network, rather than localhost', () => {
    expect(hallAddress(null, 'http://localhost:3000', { lo: [nic('127.0.0.1', true)] })).toEqual({
      origin: null,
      source: 'none',
      others: [],
    });
    expect(lanAddresses({ usb0: [nic('169.254.3.4')] })).toEqual([]);
  });

  it('knows loopback names', () => {
    for (const host of ['localhost', '127.0.0.1', '127.1.2.3', '[::1]', 'x.localhost']) expect(isLoopbackHost(host), host).toBe(true);
    for (const host of ['192.168.1.10', 'hoithi.lan', 'localhost.example.org']) expect(isLoopbackHost(host), host).toBe(false);
  });
});

async function issueLink(t: TestApp, cookie: string, judgeId: string, host: string) {
  return t.request('POST', '/trpc/user.issueJudgeLink', { cookie, body: { _id: judgeId }, headers: { host } });
}

describe("a judge's link asked for on the server's own machine", () => {
  let t: TestApp;
  let cookie: string;
  let judgeId: string;
  beforeAll(async () => {
    t = await createTestApp();
    await t.createUser('quantri', 'admin');
    judgeId = await t.createUser('giamkhao1', 'judge');
    cookie = await t.login('quantri');
  });
  afterAll(() => t.close());

  it.each(['localhost:3000', '127.0.0.1:3000'])('carries the network address, not %s', async (host) => {
    const res = await issueLink(t, cookie, judgeId, host);
    const lan = lanAddresses()[0];
    if (!lan) {
      // This machine has no network: no link is issued, and the answer says why in Vietnamese.
      expect(res.status).toBe(409);
      expect((await res.json()).error.message).toBe(messages.judgeLinkNoAddress);
      return;
    }
    expect(res.status).toBe(200);
    const { url } = (await res.json()).result.data;
    expect(url).not.toMatch(LOOPBACK_URL);
    expect(url).toMatch(new RegExp(`^http://${lan.replaceAll('.', '\\.')}:3000/giam-kham-token/giamkhao1\\?token=`));
  });

  it('uses the address the vote QR code uses, and the /user screen is told it was guessed', async () => {
    const url = (await (await issueLink(t, cookie, judgeId, 'localhost:3000')).json()).result?.data?.url as string;
    const vote = (await (await t.request('GET', '/api/vote', { headers: { host: 'localhost:3000' } })).json()).url as string;
    const hall = (await (await t.request('GET', '/trpc/user.hallAddress', { cookie, headers: { host: 'localhost:3000' } })).json()).result
      .data;
    if (!lanAddresses().length) {
      expect(hall).toEqual({ origin: null, source: 'none', others: [] });
      return;
    }
    expect(vote).not.toMatch(LOOPBACK_URL);
    expect(new URL(url).origin).toBe(new URL(vote).origin);
    expect(hall).toMatchObject({ origin: new URL(url).origin, source: 'guessed' });
  });

  it('keeps the address a phone already used', async () => {
    const res = await issueLink(t, cookie, judgeId, '192.168.1.10:3000');
    expect((await res.json()).result.data.url).toMatch(/^http:\/\/192\.168\.1\.10:3000\/giam-kham-token\/giamkhao1\?token=/);
  });
});

describe('with PUBLIC_URL set', () => {
  let t: TestApp;
  let cookie: string;
  let judgeId: string;
  beforeAll(async () => {
    t = await createTestApp({ publicUrl: 'https://hoithi.example.org' });
    await t.createUser('quantri', 'admin');
    judgeId = await t.createUser('giamkhao1', 'judge');
    cookie = await t.login('quantri');
  });
  afterAll(() => t.close());

  it("a judge's link asked for on localhost carries PUBLIC_URL", async () => {
    const res = await issueLink(t, cookie, judgeId, 'localhost:3000');
    expect(res.status).toBe(200);
    expect((await res.json()).result.data.url).toMatch(/^https:\/\/hoithi\.example\.org\/giam-kham-token\/giamkhao1\?token=/);
    const hall = (await (await t.request('GET', '/trpc/user.hallAddress', { cookie })).json()).result.data;
    expect(hall).toEqual({ origin: 'https://hoithi.example.org', source: 'publicUrl', others: [] });
  });
});
