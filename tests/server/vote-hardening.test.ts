/**
 * The audience vote against a script, on both databases: a ballot needs the cookie its page's read of
 * the vote set (a blind loop of POSTs is refused whole), ballots come at a human rate per address (a
 * token bucket: a hall's burst of 1,000, then 20 a second, 429 with Retry-After beyond), an IPv6
 * address counts by its /64, every refusal is in the refusal log, and the staff see the addresses by
 * ballots and can strike one's ballots before the award, audited, the tally dropping them everywhere.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/messages';
import { type TVote, VOTE_COOKIE } from '../../src/schemas/vote';
import { readConfig } from '../../src-server/config';
import { BallotGate, ballotSource } from '../../src-server/features/vote/gate';
import { testAppForFile } from '../helpers/app-for-file';
import { countRows, createTeams } from '../helpers/event-setup';
import type { Caller } from '../helpers/test-app';

// Behind one trusted proxy, so each request can come from the address its X-Forwarded-For names.
const t = testAppForFile({ staff: ['admin', 'master', 'judge'], config: { trustProxy: true } });
let admin: Caller;
let judge: Caller;
const teamIds: string[] = [];
/** The gate's clock in these tests: moved by hand, so "until refill" does not depend on the machine's speed. */
let clock = 1_000_000;

beforeAll(async () => {
  ({ admin, judge } = t.callers);
  await admin.scoreField.create({ data: { name: 'binh-chon', label: 'Bình chọn', kind: 'answers', maxPoint: 10, step: 1 } });
  teamIds.push(...(await createTeams(admin, ['Đội An', 'Đội Bình'])));
});

/** The master, as a request now sees the server (a caller's context is taken when it is made). */
const asMaster = () => t.caller(t.cookies.master);

/** A gate like the server's, on the test's clock. */
function useGate(burst: number, perSecond: number): BallotGate {
  const gate = new BallotGate({ burst, perSecond }, () => clock);
  t.deps.ballotGate = gate;
  return gate;
}

const from = (ip: string) => ({ 'x-forwarded-for': ip });

/** A phone's page load at this address: the ballot cookie GET /api/vote sets. */
async function device(ip: string): Promise<string> {
  const res = await t.request('GET', '/api/vote', { headers: from(ip) });
  expect(res.status).toBe(200);
  const setCookie = res.headers.get('set-cookie') ?? '';
  expect(setCookie.startsWith(`${VOTE_COOKIE}=`)).toBe(true);
  return setCookie.split(';')[0]!;
}

async function cast(ip: string, cookie: string | undefined, teamId = teamIds[0]!) {
  const res = await t.request('POST', '/api/vote', { body: { teamIds: [teamId] }, cookie, headers: from(ip) });
  const body = (await res.json()) as { ok?: true; error?: { message: string; code: string } };
  return { status: res.status, body, retryAfter: res.headers.get('retry-after') };
}

/** Runs `count` jobs, `width` at a time. */
async function inBatches<T>(count: number, width: number, job: (i: number) => Promise<T>): Promise<T[]> {
  const results: T[] = [];
  for (let start = 0; start < count; start += width) {
    results.push(...(await Promise.all(Array.from({ length: Math.min(width, count - start) }, (_, k) => job(start + k)))));
  }
  return results;
}

const storedBallots = () => countRows(t.deps.db, 'ballots');

/** The staff's tally, once the counter has counted `ballots`. */
async function staffTally(ballots: number): Promise<TVote> {
  await expect.poll(async () => (await (await asMaster()).vote.get()).vote?.ballots, { timeout: 10_000, interval: 100 }).toBe(ballots);
  return (await (await asMaster()).vote.get()).vote!;
}

describe('the rate of ballots', () => {
  it('reads its burst and refill from the environment: 1,000 at once and 20 a second unless set', () => {
    expect(readConfig({})).toMatchObject({ voteBurst: 1000, votePerSecond: 20 });
    expect(readConfig({ VOTE_BURST: '300', VOTE_PER_SECOND: '2.5' })).toMatchObject({ voteBurst: 300, votePerSecond: 2.5 });
    expect(readConfig({ VOTE_BURST: 'nhiều', VOTE_PER_SECOND: '-1' })).toMatchObject({ voteBurst: 1000, votePerSecond: 20 });
    expect(t.deps.ballotGate.rate).toEqual({ burst: 1000, perSecond: 20 });
  });

  it('keys an IPv6 address by its /64, and IPv4 (mapped or not) by the whole address', () => {
    expect(ballotSource('203.0.113.7')).toBe('203.0.113.7');
    expect(ballotSource('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(ballotSource('2001:db8:0:1::5')).toBe('2001:db8:0:1::/64');
    expect(ballotSource('2001:0DB8:0000:0001:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:0:1::/64');
    expect(ballotSource('2001:db8:0:2::5')).toBe('2001:db8:0:2::/64');
    expect(ballotSource('fe80::1%eth0')).toBe('fe80::/64');
  });

  it('refuses all of 5,200 ballots posted without the page’s cookie, and logs each refusal', async () => {
    useGate(1000, 20);
    const opened = await t.request('PUT', '/api/vote', { body: { open: true, teamIds }, cookie: t.cookies.master });
    expect(opened.status).toBe(200);
    const attacker = '198.51.100.66';
    const answers = await inBatches(5200, 100, () => cast(attacker, undefined));
    expect(answers.filter((a) => a.status === 403)).toHaveLength(5200);
    expect(answers[0]!.body.error?.message).toBe(messages.voteGuard.noDevice);
    // None of them was given a device on the way.
    expect(await storedBallots()).toBe(0);
    // A cookie that was never signed is no better.
    expect((await cast(attacker, `${VOTE_COOKIE}=${'A'.repeat(22)}.${'B'.repeat(43)}`)).status).toBe(403);
    const log = t.deps.refusals.summary();
    expect(log.byAddress.find((a) => a.address === attacker)).toMatchObject({ count: 5201, kinds: [{ kind: 'ballot', count: 5201 }] });
    // The console lists the address with its refusals.
    const { sources } = await (await asMaster()).vote.sources();
    expect(sources[0]).toMatchObject({ address: attacker, ballots: 0, refused: 5201, discarded: null });
  }, 120_000);

  it('has the ballot page at / set the cookie a ballot needs, so a phone’s first tap counts', async () => {
    useGate(1000, 20);
    const page = await t.request('GET', '/', { headers: from('198.51.100.7') });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('id="hoi-thi-ballot"');
    const cookie = (page.headers.get('set-cookie') ?? '').split(';')[0]!;
    expect(cookie.startsWith(`${VOTE_COOKIE}=`)).toBe(true);
    expect((await cast('198.51.100.7', cookie)).status).toBe(200);
    // A page load with its cookie keeps it: no new device.
    expect((await t.request('GET', '/', { cookie, headers: from('198.51.100.7') })).headers.get('set-cookie')).toBeNull();
  });

  it('takes a burst of 1,000 devices from one address, then answers 429 with Retry-After until the bucket refills', async () => {
    useGate(1000, 20);
    const earlier = await storedBallots();
    const hall = '203.0.113.10';
    const phones = await inBatches(1030, 50, () => device(hall));
    const first = await inBatches(1000, 50, (i) => cast(hall, phones[i]));
    expect(first.filter((a) => a.status === 200)).toHaveLength(1000);
    const over = await cast(hall, phones[1000]);
    expect(over.status).toBe(429);
    expect(over.retryAfter).toBe('1');
    expect(over.body.error?.message).toBe(messages.voteGuard.tooFast(1));
    // Another address has a bucket of its own.
    expect((await cast('203.0.113.11', await device('203.0.113.11'))).status).toBe(200);
    // Half a second: ten ballots back; a second: twenty.
    clock += 500;
    const refilled = await inBatches(19, 19, (i) => cast(hall, phones[1000 + i]));
    expect(refilled.map((a) => a.status).sort()).toEqual([...Array(10).fill(200), ...Array(9).fill(429)]);
    clock += 500;
    const accepted = await inBatches(10, 10, (i) => cast(hall, phones[1019 + i]));
    expect(accepted.map((a) => a.status)).toEqual(Array(10).fill(200));
    expect((await cast(hall, phones[1029])).status).toBe(429);
    expect(t.deps.refusals.summary().byAddress.find((a) => a.address === hall)?.kinds).toEqual([{ kind: 'ballot', count: 11 }]);
    const { sources } = await (await asMaster()).vote.sources();
    expect(sources.find((row) => row.address === hall)).toMatchObject({ ballots: 1020, refused: 11 });
    await staffTally(earlier + 1000 + 1 + 10 + 10);
  }, 120_000);

  it('gives 200 IPv6 addresses of one /64 one bucket between them', async () => {
    useGate(100, 20);
    const addresses = Array.from({ length: 200 }, (_, i) => `2001:db8:77:5:${(i + 1).toString(16)}::1`);
    const cookies = await inBatches(200, 50, (i) => device(addresses[i]!));
    const answers = await inBatches(200, 50, (i) => cast(addresses[i]!, cookies[i]));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(100);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(100);
    // The next /64 is another network; an IPv4-mapped address is its IPv4.
    expect((await cast('2001:db8:77:6::1', await device('2001:db8:77:6::1'))).status).toBe(200);
    const { sources } = await (await asMaster()).vote.sources();
    expect(sources.find((s) => s.address === '2001:db8:77:5::/64')).toMatchObject({ ballots: 100, refused: 100 });
    expect(sources.some((s) => s.address.startsWith('2001:db8:77:5:') && !s.address.endsWith('/64'))).toBe(false);
    useGate(1, 1);
    expect((await cast('::ffff:192.0.2.44', await device('::ffff:192.0.2.44'))).status).toBe(200);
    expect((await cast('192.0.2.44', await device('192.0.2.44'))).status).toBe(429);
  }, 120_000);
});

describe('discarding an address’s ballots', () => {
  const flood = '203.0.113.10';

  it('is for the staff only, checked on the server', async () => {
    const { voteId } = await (await asMaster()).vote.sources();
    for (const [caller, code] of [
      [judge, 'FORBIDDEN'],
      [await t.caller(), 'UNAUTHORIZED'],
    ] as const) {
      await expect(caller.vote.sources()).rejects.toMatchObject({ code });
      await expect(caller.vote.discard({ voteId: voteId!, address: flood })).rejects.toMatchObject({ code });
    }
    expect(await t.deps.db.selectFrom('vote_discards').select('address').execute()).toHaveLength(0);
  });

  it('drops them from the tally everywhere, refuses the address after, and writes one audited action', async () => {
    useGate(1000, 20);
    const before = await staffTally(await storedBallots());
    const { voteId, sources } = await (await asMaster()).vote.sources();
    const row = sources.find((s) => s.address === flood)!;
    expect(row.ballots).toBeGreaterThanOrEqual(1010);
    // Everyone else's ballots: for Đội Bình, so the winner turns once the flood goes.
    const others = await inBatches(5, 5, async (i) => cast(`192.0.2.${100 + i}`, await device(`192.0.2.${100 + i}`), teamIds[1]));
    expect(others.every((a) => a.status === 200)).toBe(true);
    await staffTally(before.ballots! + 5);

    const actionsBefore = (await (await asMaster()).actions.log({ limit: 1000 })).items.length;
    const answer = await (await asMaster()).vote.discard({ voteId: voteId!, address: flood });
    expect(answer.discarded).toBe(row.ballots);
    const after = await staffTally(before.ballots! + 5 - row.ballots);
    expect(after.tally!.find((c) => c.teamId === teamIds[0])!.count).toBe(
      before.tally!.find((c) => c.teamId === teamIds[0])!.count - row.ballots,
    );
    // What the public's screens get is the same count.
    expect(t.deps.hub.live.votes.vote()!.ballots).toBe(after.ballots);
    const listed = (await (await asMaster()).vote.sources()).sources.find((s) => s.address === flood)!;
    expect(listed.discarded).toMatchObject({ ballots: row.ballots });

    const log = (await (await asMaster()).actions.log({ limit: 1000 })).items;
    expect(log).toHaveLength(actionsBefore + 1);
    expect(log[0]).toMatchObject({
      kind: 'vote.discard',
      actorName: 'Người dùng dieukhien',
      summary: messages.voteGuard.discardSummary(row.ballots, flood, voteId!),
      target: { voteId, address: flood, ballots: row.ballots },
      beforeText: messages.voteGuard.countedBallots(before.ballots! + 5),
      afterText: messages.voteGuard.countedBallots(after.ballots!),
    });

    // The address casts no more in this vote; twice is refused; other addresses vote on.
    const late = await cast(flood, await device(flood));
    expect(late.status).toBe(403);
    expect(late.body.error?.message).toBe(messages.voteGuard.sourceDiscarded);
    await expect((await asMaster()).vote.discard({ voteId: voteId!, address: flood })).rejects.toThrow(messages.voteGuard.discardTwice);
    await expect((await asMaster()).vote.discard({ voteId: voteId!, address: '192.0.2.250' })).rejects.toThrow(
      messages.voteGuard.discardNoBallots,
    );
    expect((await cast('192.0.2.200', await device('192.0.2.200'), teamIds[1])).status).toBe(200);
  });

  it('counts for the award, which no discard follows', async () => {
    const { voteId } = await (await asMaster()).vote.sources();
    const closed = await t.request('PUT', '/api/vote', { body: { open: false }, cookie: t.cookies.master });
    const { vote } = (await closed.json()) as { vote: TVote };
    const count = (v: TVote, teamId: string) => v.tally!.find((c) => c.teamId === teamId)!.count;
    expect(count(vote, teamIds[0]!)).toBeGreaterThan(count(vote, teamIds[1]!));
    // A closed vote may still lose an address's ballots before its award (here the /64's hundred);
    // its closing time stays, and Đội Bình now leads.
    await (await asMaster()).vote.discard({ voteId: voteId!, address: '2001:db8:77:5::/64' });
    const recounted = (await (await asMaster()).vote.get()).vote!;
    expect(recounted).toMatchObject({ open: false, closedAt: vote.closedAt, ballots: vote.ballots! - 100 });
    expect(count(recounted, teamIds[1]!)).toBeGreaterThan(count(recounted, teamIds[0]!));
    const award = await (await asMaster()).vote.award({ fieldName: 'binh-chon' });
    expect(award.vote?.award?.teamIds).toEqual([teamIds[1]]);
    await expect((await asMaster()).vote.discard({ voteId: voteId!, address: '192.0.2.200' })).rejects.toThrow(
      messages.voteGuard.discardAwarded,
    );
  });
});
