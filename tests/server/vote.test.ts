/**
 * The audience vote on the server, on both databases: opening (master and admin only, one at a
 * time), ballots from anonymous devices (a signed cookie each, one ballot per device, a repeat
 * refused or replacing), the tally (counted apart from the ballots, never an event per ballot, seen
 * by the public only while a screen shows it), closing by hand and by time, the per-address limit,
 * and the points a closed vote becomes.
 */
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { messages } from '../../src/messages';
import { type TVote, type TVoteAnswer, VOTE_BALLOTS_PER_ADDRESS, VOTE_COOKIE } from '../../src/schemas/vote';
import { windowStart } from '../../src-server/features/vote/data';
import { testAppForFile } from '../helpers/app-for-file';
import { countRows } from '../helpers/event-setup';
import type { Caller } from '../helpers/test-app';

const t = testAppForFile({ staff: ['admin', 'master'] });
let admin: Caller;
let teamCookie: string;
const teamIds: string[] = [];

beforeAll(async () => {
  admin = t.callers.admin;
  await admin.scoreField.create({ data: { name: 'binh-chon', label: 'Bình chọn', kind: 'answers', maxPoint: 10, step: 1, position: 1 } });
  await admin.scoreField.create({ data: { name: 'trinh-bay', label: 'Trình bày', maxPoint: 20, step: 1, position: 2 } });
  for (const [i, name] of ['Đội An', 'Đội Bình', 'Đội Cúc'].entries()) {
    teamIds.push((await admin.team.create({ data: { name, priority: i } })).item._id);
  }
  await t.createUser('doi0', 'team', { teamId: teamIds[0]! });
  teamCookie = await t.login('doi0');
});

const asMaster = { cookie: () => t.cookies.master };

async function putVote(body: unknown, cookie = asMaster.cookie()) {
  return t.request('PUT', '/api/vote', { body, cookie });
}

interface Answer {
  ok?: true;
  error?: { message: string; code: string; field?: string };
}

/** A new device, as a phone gets one: the ballot cookie its page's read of the vote sets. */
async function newDevice(): Promise<string> {
  const res = await t.request('GET', '/api/vote');
  const setCookie = res.headers.get('set-cookie') ?? '';
  expect(setCookie.startsWith(`${VOTE_COOKIE}=`)).toBe(true);
  return setCookie.split(';')[0]!;
}

/** Casts a ballot as a device: with its cookie, or as a new device (returns the cookie it was given). */
async function cast(teams: string[], device?: string): Promise<{ status: number; body: Answer; device: string | undefined }> {
  const cookie = device ?? (await newDevice());
  const res = await t.request('POST', '/api/vote', { body: { teamIds: teams }, cookie });
  return { status: res.status, body: await res.json(), device: cookie };
}

async function readVote(cookie?: string) {
  const res = await t.request('GET', '/api/vote', { cookie });
  expect(res.status).toBe(200);
  return (await res.json()) as TVoteAnswer & { vote: TVote };
}

/** Waits for the counter (at most twice a second) to show this tally to the staff. */
async function tallyReaches(expected: number[], ballots: number) {
  await expect
    .poll(
      async () => {
        const { vote } = await readVote(t.cookies.master);
        return { counts: vote.tally?.map((c) => c.count), ballots: vote.ballots };
      },
      { timeout: 5000, interval: 100 },
    )
    .toEqual({ counts: expected, ballots });
}

async function closeVote() {
  const res = await putVote({ open: false });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()).vote;
}

const eventCount = () => countRows(t.deps.db, 'events');

describe('opening a vote', () => {
  it('is for the master and the admin only', async () => {
    expect((await putVote({ open: true, teamIds }, '')).status).toBe(401);
    expect((await putVote({ open: true, teamIds }, teamCookie)).status).toBe(403);
    expect((await t.request('POST', '/api/vote/award', { body: { fieldName: 'binh-chon' }, cookie: teamCookie })).status).toBe(403);
  });

  it('refuses bad input naming the field, and stores nothing', async () => {
    const cases: [unknown, string][] = [
      [{ open: true, teamIds: [teamIds[0]] }, 'teamIds'],
      [{ open: true, teamIds: [teamIds[0], teamIds[0]] }, 'teamIds'],
      [{ open: true, teamIds: [teamIds[0], 'khong-co'] }, 'teamIds.1'],
      [{ open: true, teamIds, choices: 4 }, 'choices'],
      [{ open: true, teamIds, choices: 0 }, 'choices'],
      [{ open: true, teamIds, closesAt: Date.now() - 1000 }, 'closesAt'],
      [{ open: true, teamIds, closesAt: 'ngày mai' }, 'closesAt'],
      [{ open: true, teamIds, extra: 1 }, ''],
      [{ open: 'yes' }, 'open'],
    ];
    for (const [body, field] of cases) {
      const res = await putVote(body);
      const answer = await res.json();
      expect(res.status, JSON.stringify(body)).toBe(400);
      if (field) expect(answer.error.field, JSON.stringify(body)).toBe(field);
      expect(answer.error.message).toMatch(/[àáảãạăâđêôơư]/i);
    }
    expect(await t.deps.db.selectFrom('votes').select('id').execute()).toHaveLength(0);
    expect((await putVote({ open: false })).status).toBe(409);
  });

  it('opens one vote at a time, and everyone sees it without its tally', async () => {
    const res = await putVote({ open: true, teamIds });
    expect(res.status).toBe(200);
    const { vote } = await res.json();
    expect(vote).toMatchObject({ open: true, choices: 1, changeable: false, closesAt: null, teamIds, ballots: 0 });
    expect(vote.teams.map((team: { name: string }) => team.name)).toEqual(['Đội An', 'Đội Bình', 'Đội Cúc']);
    expect((await putVote({ open: true, teamIds })).status).toBe(409);
    const seen = await readVote();
    expect(seen.vote).toMatchObject({ open: true, tally: null, ballots: null });
    expect(seen.mine).toBeNull();
    expect(seen.url).toMatch(/^http:\/\/.+\/$/);
    // The live snapshot of a screen that connects now carries it.
    const snapshot = t.deps.hub.live.snapshot({ role: null, userId: null, participantId: null });
    expect(snapshot.find((m) => m.type === 'vote')).toMatchObject({ vote: { open: true, tally: null } });
    await closeVote();
  });
});

describe('ballots', () => {
  it('gives each page that reads the vote a signed cookie, takes one ballot per device, and writes no event per ballot', async () => {
    // The counter's own tally events come at most twice a second: hold it while counting the events
    // the ballots write (none), however slowly this runs.
    const counting = vi.spyOn(t.deps.votes, 'count').mockResolvedValue(undefined);
    await putVote({ open: true, teamIds });
    const before = await eventCount();
    const first = await cast([teamIds[1]!]);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ ok: true });
    const res = await t.request('GET', '/api/vote');
    const cookie = res.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(new RegExp(`^${VOTE_COOKIE}=[A-Za-z0-9_-]{22}\\.[A-Za-z0-9_-]{43};`));
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
    expect(cookie).toContain('Max-Age=2592000');
    // The same device again: refused, and its ballot kept.
    const again = await cast([teamIds[2]!], first.device);
    expect(again.status).toBe(409);
    expect(again.body.error?.message).toBe(messages.voteAlreadyCast);
    expect((await readVote(first.device)).mine).toEqual([teamIds[1]]);
    expect((await cast([teamIds[0]!], cookie.split(';')[0])).status).toBe(200);
    // A forged cookie is no device: refused, as a ballot with no cookie is.
    const forged = await cast([teamIds[2]!], `${first.device!.split('.')[0]}.${'A'.repeat(43)}`);
    expect(forged.status).toBe(403);
    expect(forged.body.error?.message).toBe(messages.voteGuard.noDevice);
    const third = await cast([teamIds[2]!]);
    expect(third.status).toBe(200);
    expect(await eventCount()).toBe(before);
    counting.mockRestore();
    await tallyReaches([1, 1, 1], 3);
  });

  it('refuses a team not on the ballot, too many choices and a malformed ballot, naming the field', async () => {
    expect((await cast(['khong-co'])).body.error?.field).toBe('teamIds.0');
    const two = await cast([teamIds[0]!, teamIds[1]!]);
    expect(two.status).toBe(400);
    expect(two.body.error).toMatchObject({ field: 'teamIds', message: messages.voteTooManyChoices(1) });
    const bad = await t.request('POST', '/api/vote', {
      raw: '{"teamIds": ',
      cookie: await newDevice(),
      headers: { 'content-type': 'application/json' },
    });
    expect(bad.status).toBe(400);
    expect((await cast([])).status).toBe(400);
  });

  it('shows the tally to the public only while a screen shows it', async () => {
    const show = (changes: object) => t.request('PUT', '/api/show', { body: { changes }, cookie: t.cookies.master });
    expect((await readVote()).vote.tally).toBeNull();
    expect((await show({ screen2: 'vote' })).status).toBe(200);
    expect((await readVote()).vote.tally?.map((c) => c.count)).toEqual([1, 1, 1]);
    await show({ screen2: 'logo', phase: 'vote' });
    expect((await readVote()).vote.ballots).toBe(3);
    await show({ phase: 'idle', overlay: 'vote' });
    expect((await readVote()).vote.ballots).toBe(3);
    await show({ overlay: 'lowerThird' });
    expect((await readVote()).vote.tally).toBeNull();
  });

  it('counts at most twice a second however many ballots come', async () => {
    const before = await eventCount();
    const started = Date.now();
    const ballots = await Promise.all(Array.from({ length: 40 }, (_, i) => cast([teamIds[i % 3]!])));
    expect(ballots.every((b) => b.status === 200)).toBe(true);
    await tallyReaches([15, 14, 14], 43);
    const seconds = (Date.now() - started) / 1000;
    // One vote event per count that moved, and no more than two a second.
    expect((await eventCount()) - before).toBeLessThanOrEqual(Math.ceil(seconds * 2) + 1);
  });

  it('closes with the exact count, refuses ballots after, and cannot close twice', async () => {
    const late = cast([teamIds[0]!]);
    const closed = await closeVote();
    expect((await late).status === 200 ? closed.tally[0].count : closed.tally[0].count + 1).toBe(16);
    const { vote } = await readVote(t.cookies.master);
    expect(vote).toMatchObject({ open: false });
    expect(vote.closedAt).toBeGreaterThan(vote.openedAt);
    const after = await cast([teamIds[1]!]);
    expect(after.status).toBe(409);
    expect(after.body.error?.message).toBe(messages.voteClosed);
    expect((await putVote({ open: false })).status).toBe(409);
  });

  it('replaces a ballot when changes are allowed, and takes several choices', async () => {
    await putVote({ open: true, teamIds, choices: 2, changeable: true });
    const phone = await cast([teamIds[0]!, teamIds[1]!]);
    expect(phone.status).toBe(200);
    expect((await cast([teamIds[2]!], phone.device)).status).toBe(200);
    expect((await readVote(phone.device)).mine).toEqual([teamIds[2]]);
    expect((await cast([teamIds[0]!, teamIds[1]!, teamIds[2]!])).status).toBe(400);
    await tallyReaches([0, 0, 1], 1);
    await closeVote();
  });

  it('closes by itself at its closing time', async () => {
    const res = await putVote({ open: true, teamIds, closesAt: new Date(Date.now() + 3000).toISOString() });
    expect(res.status).toBe(200);
    expect((await cast([teamIds[1]!])).status).toBe(200);
    await expect.poll(async () => (await readVote()).vote.open, { timeout: 10_000, interval: 100 }).toBe(false);
    const { vote } = await readVote(t.cookies.master);
    expect(vote.tally?.map((c) => c.count)).toEqual([0, 1, 0]);
    expect(vote.closedAt).toBe(vote.closesAt);
    expect((await cast([teamIds[1]!])).status).toBe(409);
  });

  it('lets one address cast 5,000 ballots in 15 minutes, then answers 429', async () => {
    await putVote({ open: true, teamIds });
    const now = Date.now();
    // The address the test app's requests come from, as the earlier ballots stored it.
    const { address: ip } = await t.deps.db.selectFrom('ballots').select('address').executeTakeFirstOrThrow();
    await t.deps.db
      .insertInto('vote_limits')
      .values({ address: ip, window_start: windowStart(now), count: VOTE_BALLOTS_PER_ADDRESS - 1 })
      .onConflict((oc) => oc.columns(['address', 'window_start']).doUpdateSet({ count: VOTE_BALLOTS_PER_ADDRESS - 1 }))
      .execute();
    // The test app's requests come from one address; the 5,000th is taken, the next refused.
    const requests = await Promise.all([cast([teamIds[0]!]), cast([teamIds[0]!])]);
    const statuses = requests.map((r) => r.status).sort();
    if (windowStart(Date.now()) === windowStart(now)) {
      expect(statuses).toEqual([200, 429]);
      expect(requests.find((r) => r.status === 429)!.body.error?.message).toBe(messages.voteRateLimited);
    }
    await t.deps.db.deleteFrom('vote_limits').execute();
    await closeVote();
  });
});

describe('points from the vote', () => {
  it('are given only after closing, on an answers field, to every team tied first, once', async () => {
    const award = (fieldName: string) => t.request('POST', '/api/vote/award', { body: { fieldName }, cookie: t.cookies.master });
    await putVote({ open: true, teamIds });
    expect((await award('binh-chon')).status).toBe(409); // still open
    await cast([teamIds[0]!]);
    await cast([teamIds[2]!]);
    await closeVote();
    expect((await award('khong-co')).status).toBe(400);
    const judged = await award('trinh-bay');
    expect(judged.status).toBe(400);
    expect((await judged.json()).error).toMatchObject({ field: 'fieldName', message: messages.voteFieldKind });
    const res = await award('binh-chon');
    expect(res.status, await res.clone().text()).toBe(200);
    expect((await res.json()).vote.award).toEqual({ fieldName: 'binh-chon', teamIds: [teamIds[0], teamIds[2]], points: 10 });
    expect((await award('binh-chon')).status).toBe(409);
    const results = await (await t.request('GET', '/api/results', { cookie: t.cookies.master })).json();
    const total = (id: string) => results.items.find((r: { teamId?: string; _id?: string }) => (r.teamId ?? r._id) === id)?.total;
    expect([total(teamIds[0]!), total(teamIds[1]!), total(teamIds[2]!)]).toEqual([10, 0, 10]);
    const audit = await t.deps.db.selectFrom('score_events').select(['source', 'rule', 'team_id']).where('source', '=', 'vote').execute();
    expect(audit.map((a) => a.rule)).toEqual(['vote:votes=1:10', 'vote:votes=1:10']);
  });

  it('are in the results, the XLSX (a sheet per vote) and so the biên bản', async () => {
    const { votes } = await admin.results.list();
    // Every closed vote so far, in order; the last is the one awarded.
    const last = votes.at(-1)!;
    expect(last.ballots).toBe(2);
    expect(last.rows.map((r) => [r.rank, r.name, r.count, r.winner])).toEqual([
      [1, 'Đội An', 1, true],
      [1, 'Đội Cúc', 1, true],
      [3, 'Đội Bình', 0, false],
    ]);
    expect(last.award).toEqual({ fieldName: 'binh-chon', label: 'Bình chọn', points: 10 });
    const xlsx = await t.request('GET', '/api/results.xlsx', { cookie: t.cookies.master });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(await xlsx.arrayBuffer()) as never);
    const sheets = workbook.worksheets.filter((sheet) => sheet.name.startsWith('Bình chọn'));
    expect(sheets).toHaveLength(votes.length);
    const sheet = sheets.at(-1)!;
    expect((sheet.getRow(2).values as unknown[]).slice(1)).toEqual(['Hạng', 'Đội thi', 'Đơn vị', 'Số phiếu', 'Được yêu thích nhất']);
    expect((sheet.getRow(3).values as unknown[]).slice(1, 5)).toEqual([1, 'Đội An', '', 1]);
    expect(JSON.stringify(sheet.getSheetValues())).toContain(messages.results.voteAward('Bình chọn', '10,0'));
  });

  it('survive a restart with the vote and its award', async () => {
    const before = (await readVote(t.cookies.master)).vote;
    const hub = t.deps.hub;
    await hub.stop();
    const { createLiveHub } = await import('../../src-server/picture/hub');
    const fresh = createLiveHub(t.deps.db, t.deps.notices);
    await fresh.start();
    t.deps.hub = fresh;
    expect((await readVote(t.cookies.master)).vote).toEqual(before);
  });
});
