/**
 * Every REST path and every tRPC procedure against every role. A path or procedure missing from the
 * table fails the test, so nothing new can ship without a decision about who may call it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../src/constants';
import { createSession } from '../../src-server/features/auth/sessions';
import { appRouter } from '../../src-server/router';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../helpers/test-app';

type Who = 'anonymous' | Role;
const EVERYONE: Who[] = ['anonymous', 'team', 'judge', 'master', 'admin'];
const LOGGED_IN: Who[] = ['team', 'judge', 'master', 'admin'];
const READERS: Who[] = ['judge', 'master', 'admin'];
const STAFF: Who[] = ['master', 'admin'];
const ADMIN: Who[] = ['admin'];

const NO_ID = 'khong-ton-tai';

interface Entry {
  procedure: string;
  allowed: Who[];
  input?: unknown;
  rest?: { method: string; path: string; body?: unknown }[];
}

const setEntries = (n: number, name: string): Entry[] => [
  { procedure: `questionSet.list#${n}`, allowed: READERS, input: { set: n }, rest: [{ method: 'GET', path: `/api/${name}/all` }] },
  {
    procedure: `questionSet.get#${n}`,
    allowed: READERS,
    input: { set: n, _id: NO_ID },
    rest: [{ method: 'GET', path: `/api/${name}/${NO_ID}` }],
  },
  {
    procedure: `questionSet.create#${n}`,
    allowed: ADMIN,
    input: { set: n, data: { title: `Bộ ${n}` } },
    rest: [{ method: 'POST', path: `/api/${name}`, body: { data: { title: `Bộ ${n}` } } }],
  },
  {
    procedure: `questionSet.update#${n}`,
    allowed: ADMIN,
    input: { set: n, _id: NO_ID, changes: {} },
    rest: [{ method: 'PUT', path: `/api/${name}`, body: { _id: NO_ID, changes: {} } }],
  },
  {
    procedure: `questionSet.remove#${n}`,
    allowed: ADMIN,
    input: { set: n, _id: NO_ID },
    rest: [{ method: 'DELETE', path: `/api/${name}`, body: { _id: NO_ID } }],
  },
];

/** The admin-only update and remove of a collection, by tRPC and by REST (PUT and DELETE at `path`). */
const adminEdits = (collection: string, path: string): Entry[] => [
  {
    procedure: `${collection}.update`,
    allowed: ADMIN,
    input: { _id: NO_ID, changes: {} },
    rest: [{ method: 'PUT', path, body: { _id: NO_ID, changes: {} } }],
  },
  { procedure: `${collection}.remove`, allowed: ADMIN, input: { _id: NO_ID }, rest: [{ method: 'DELETE', path, body: { _id: NO_ID } }] },
];

const TABLE: Entry[] = [
  {
    procedure: 'auth.login',
    allowed: EVERYONE,
    input: { username: 'admin', password: TEST_PASSWORD },
    rest: [{ method: 'POST', path: '/login', body: { username: 'admin', password: TEST_PASSWORD } }],
  },
  { procedure: 'auth.logout', allowed: EVERYONE, input: {}, rest: [{ method: 'POST', path: '/logout', body: {} }] },
  { procedure: 'auth.me', allowed: LOGGED_IN },
  { procedure: 'system.state', allowed: EVERYONE, rest: [{ method: 'GET', path: '/api/state' }] },
  // Development only: refused in production for everyone, admins included; only admins reach that check.
  { procedure: 'system.debug', allowed: [], input: { command: 'reload' } },
  { procedure: 'system.refusals', allowed: STAFF },
  { procedure: 'settings.get', allowed: EVERYONE },
  { procedure: 'settings.update', allowed: ADMIN, input: { venue: 'Nhà hát Lớn Hà Nội' } },
  { procedure: 'user.panel', allowed: ADMIN },
  { procedure: 'user.setPanel', allowed: ADMIN, input: { _id: NO_ID, seated: true } },
  // With the list: an event's backup and its restore, REST paths without a procedure (a file, not JSON).
  {
    procedure: 'events.list',
    allowed: ADMIN,
    rest: [
      { method: 'GET', path: '/api/events' },
      { method: 'GET', path: `/api/events/${NO_ID}/backup` },
      { method: 'POST', path: '/api/events/restore' },
    ],
  },
  {
    procedure: 'events.create',
    allowed: ADMIN,
    input: { data: { title: 'Cuộc thi thử quyền' } },
    rest: [{ method: 'POST', path: '/api/events', body: { data: { title: 'Cuộc thi thử quyền' } } }],
  },
  {
    procedure: 'events.update',
    allowed: ADMIN,
    input: { _id: NO_ID, changes: {} },
    rest: [{ method: 'PUT', path: '/api/events', body: { _id: NO_ID, changes: {} } }],
  },
  {
    procedure: 'events.remove',
    allowed: ADMIN,
    input: { _id: NO_ID, confirm: 'x' },
    rest: [{ method: 'DELETE', path: '/api/events', body: { _id: NO_ID, confirm: 'x' } }],
  },
  {
    procedure: 'events.activate',
    allowed: ADMIN,
    input: { _id: NO_ID },
    rest: [{ method: 'PUT', path: '/api/events/active', body: { _id: NO_ID } }],
  },
  {
    procedure: 'profile.update',
    allowed: LOGGED_IN,
    input: { changes: {} },
    rest: [{ method: 'PUT', path: '/api/profile', body: { changes: {} } }],
  },
  ...['fw-question', 'fw-question-2', 'fw-question-3', 'fw-question-4', 'fw-question-5', 'fw-question-6'].flatMap((name, i) =>
    setEntries(i + 1, name),
  ),
  {
    procedure: 'questionSet.adminList',
    allowed: ADMIN,
    input: { set: 3 },
    rest: [
      { method: 'GET', path: '/api/fw-question-3/admin/all' },
      { method: 'GET', path: '/api/fw-question-5/admin/all' },
    ],
  },
  {
    procedure: 'questionSet.adminGet',
    allowed: ADMIN,
    input: { set: 5, _id: NO_ID },
    rest: [
      { method: 'GET', path: `/api/fw-question-5/admin/${NO_ID}` },
      // The set as a workbook (a file, not JSON), through the same procedure.
      { method: 'GET', path: `/api/question-sets/5/${NO_ID}/export.xlsx` },
    ],
  },
  { procedure: 'questionSet.importFile', allowed: ADMIN, input: { set: 1, mode: 'preview', fileName: 'a.json', dataBase64: 'W10=' } },
  { procedure: 'questionSet.importColumns', allowed: ADMIN },
  { procedure: 'questionSet.rememberImportColumn', allowed: ADMIN, input: { header: 'Ghi chú riêng', field: 'explanation' } },
  { procedure: 'questionSet.forgetImportColumn', allowed: ADMIN, input: { header: 'Ghi chú riêng' } },
  { procedure: 'rules.all', allowed: EVERYONE, rest: [{ method: 'GET', path: '/api/the-le/all' }] },
  {
    procedure: 'rules.create',
    allowed: ADMIN,
    input: { data: { title: 'Điều 1' } },
    rest: [{ method: 'POST', path: '/api/the-le', body: { data: { title: 'Điều 1' } } }],
  },
  {
    procedure: 'rules.update',
    allowed: ADMIN,
    input: { _id: NO_ID, changes: { data: {} } },
    rest: [{ method: 'PUT', path: '/api/the-le', body: { _id: NO_ID, changes: { data: {} } } }],
  },
  {
    procedure: 'rules.remove',
    allowed: ADMIN,
    input: { _id: NO_ID },
    rest: [{ method: 'DELETE', path: '/api/the-le', body: { _id: NO_ID } }],
  },
  {
    procedure: 'user.page',
    allowed: ADMIN,
    input: { pageNumber: 1, pageSize: 50 },
    rest: [{ method: 'GET', path: '/api/user/page/1/50?condition=%7B%7D' }],
  },
  { procedure: 'user.all#partial', allowed: STAFF, input: { partial: true }, rest: [{ method: 'GET', path: '/api/user/all?partial=1' }] },
  { procedure: 'user.all', allowed: ADMIN, input: { partial: false }, rest: [{ method: 'GET', path: '/api/user/all' }] },
  { procedure: 'user.create', allowed: ADMIN, input: { user: {} }, rest: [{ method: 'POST', path: '/api/user', body: { user: {} } }] },
  ...adminEdits('user', '/api/user'),
  { procedure: 'team.all', allowed: LOGGED_IN, rest: [{ method: 'GET', path: '/api/team/all' }] },
  {
    procedure: 'team.create',
    allowed: ADMIN,
    input: { data: { name: 'Đội mới' } },
    rest: [{ method: 'POST', path: '/api/team', body: { data: { name: 'Đội mới' } } }],
  },
  ...adminEdits('team', '/api/team'),
  { procedure: 'scoreField.all', allowed: EVERYONE, rest: [{ method: 'GET', path: '/api/score-field/all' }] },
  {
    procedure: 'scoreField.create',
    allowed: ADMIN,
    input: { data: { label: 'x' } },
    rest: [{ method: 'POST', path: '/api/score-field', body: { data: { label: 'x' } } }],
  },
  ...adminEdits('scoreField', '/api/score-field'),
  { procedure: 'show.update', allowed: STAFF, input: { changes: {} }, rest: [{ method: 'PUT', path: '/api/show', body: { changes: {} } }] },
  { procedure: 'show.undo', allowed: STAFF, input: {} },
  { procedure: 'show.answers', allowed: STAFF, input: {} },
  { procedure: 'show.mine', allowed: ['team'] },
  { procedure: 'show.presence', allowed: STAFF },
  { procedure: 'show.submitAnswer', allowed: ['team'], input: { questionId: 'q1', answer: 'Hồ Gươm' } },
  { procedure: 'show.buzz', allowed: ['team'], input: { questionId: 'q1' } },
  { procedure: 'show.verdict', allowed: STAFF, input: { questionId: 'q1', teamId: NO_ID, verdict: 'right' } },
  { procedure: 'show.keywordBuzz', allowed: ['team'], input: {} },
  { procedure: 'show.keywordVerdict', allowed: STAFF, input: { teamId: NO_ID, verdict: 'wrong' } },
  { procedure: 'show.finishVerdict', allowed: STAFF, input: { result: 'wrong' } },
  { procedure: 'show.stealBuzz', allowed: ['team'], input: {} },
  { procedure: 'show.stealVerdict', allowed: STAFF, input: { verdict: 'wrong' } },
  { procedure: 'show.finishChoose', allowed: ['team'], input: { package: 0 } },
  { procedure: 'show.history', allowed: STAFF },
  { procedure: 'projectors.list', allowed: STAFF },
  { procedure: 'show.buzzVerdict', allowed: STAFF, input: { verdict: 'wrong' } },
  { procedure: 'show.handPoints', allowed: STAFF, input: { teamId: NO_ID, fieldName: 'phan-1', points: 5, reason: 'Thử quyền' } },
  { procedure: 'show.restartRound', allowed: STAFF, input: { setId: NO_ID } },
  {
    procedure: 'scoring.submit',
    allowed: ['judge'],
    input: { teamId: NO_ID, point: 5 },
    rest: [{ method: 'PUT', path: '/api/cham-thi/submit', body: { teamId: NO_ID, point: 5 } }],
  },
  {
    procedure: 'scoring.adminSubmit',
    allowed: ADMIN,
    input: { teamId: NO_ID, gkId: NO_ID, point: 5, fieldName: 'phan-1' },
    rest: [{ method: 'POST', path: '/api/cham-thi/admin-submit', body: { teamId: NO_ID, gkId: NO_ID, point: 5, fieldName: 'phan-1' } }],
  },
  {
    procedure: 'scoring.adminSubmitAll',
    allowed: ADMIN,
    input: { teamId: NO_ID, point: 5, fieldName: 'phan-1' },
    rest: [{ method: 'POST', path: '/api/cham-thi/admin-submit-all', body: { teamId: NO_ID, point: 5, fieldName: 'phan-1' } }],
  },
  { procedure: 'scoring.list', allowed: READERS },
  { procedure: 'scoring.progress', allowed: READERS, input: { fieldName: 'phan-1' } },
  { procedure: 'scoring.log', allowed: STAFF, input: {} },
  { procedure: 'scoring.corrections', allowed: STAFF },
  { procedure: 'actions.log', allowed: STAFF, input: {} },
  { procedure: 'scoring.undo', allowed: ADMIN, input: { eventId: 999999 } },
  { procedure: 'scoring.reset', allowed: ADMIN, input: { confirm: 'sai', reason: 'x' } },
  {
    procedure: 'results.list',
    allowed: STAFF,
    rest: [
      { method: 'GET', path: '/api/results' },
      { method: 'GET', path: '/api/results.xlsx' },
      { method: 'GET', path: '/api/results.csv' },
    ],
  },
  { procedure: 'results.locks', allowed: STAFF, rest: [{ method: 'GET', path: '/api/results/locks' }] },
  // Round 6 holds no field of the test: locking it moves nothing the other rows call.
  {
    procedure: 'results.lock',
    allowed: ADMIN,
    input: { round: 6 },
    rest: [{ method: 'POST', path: '/api/results/lock', body: { round: 6 } }],
  },
  {
    procedure: 'results.unlock',
    allowed: ADMIN,
    input: { round: 6, reason: 'Thử quyền' },
    rest: [{ method: 'POST', path: '/api/results/unlock', body: { round: 6, reason: 'Thử quyền' } }],
  },
  // The jury: judges read it (their recusals, the head judge's requests); rulings are the head judge's
  // (none is named here, so the admin alone); the rest the admin's.
  { procedure: 'jury.get', allowed: READERS },
  { procedure: 'jury.setHead', allowed: ADMIN, input: { judgeId: NO_ID } },
  { procedure: 'jury.setThreshold', allowed: ADMIN, input: { fieldName: NO_ID, threshold: 1 } },
  { procedure: 'jury.recuse', allowed: ADMIN, input: { judgeId: NO_ID, teamId: NO_ID, reason: 'Thử quyền' } },
  { procedure: 'jury.liftRecusal', allowed: ADMIN, input: { judgeId: NO_ID, teamId: NO_ID } },
  { procedure: 'jury.rule', allowed: ADMIN, input: { kind: 'accept', teamId: NO_ID, fieldName: NO_ID, reason: 'Thử quyền' } },
  { procedure: 'certificates.prizeRules', allowed: STAFF },
  {
    procedure: 'certificates.setPrizeRules',
    allowed: ADMIN,
    input: {
      rules: { mode: 'counts', counts: { nhat: 1, nhi: 2, ba: 3 }, restKhuyenKhich: true },
      signerTitle: '',
      signerName: '',
      place: '',
      showTotal: false,
    },
  },
  { procedure: 'certificates.list', allowed: STAFF, rest: [{ method: 'GET', path: '/api/certificates.pdf' }] },
  { procedure: 'ranking.tieBreak', allowed: STAFF, rest: [{ method: 'GET', path: '/api/tie-break' }] },
  {
    procedure: 'ranking.setTieBreak',
    allowed: ADMIN,
    input: { rules: null },
    rest: [{ method: 'PUT', path: '/api/tie-break', body: { rules: null } }],
  },
  { procedure: 'ranking.suddenDeaths', allowed: STAFF },
  {
    procedure: 'vote.get',
    allowed: EVERYONE,
    rest: [
      { method: 'GET', path: '/api/vote' },
      { method: 'GET', path: '/api/vote/qr.svg' },
    ],
  },
  { procedure: 'vote.update', allowed: STAFF, input: { open: false }, rest: [{ method: 'PUT', path: '/api/vote', body: { open: false } }] },
  {
    procedure: 'vote.cast',
    allowed: EVERYONE,
    input: { teamIds: [NO_ID] },
    rest: [{ method: 'POST', path: '/api/vote', body: { teamIds: [NO_ID] } }],
  },
  { procedure: 'vote.sources', allowed: STAFF },
  { procedure: 'vote.discard', allowed: STAFF, input: { voteId: NO_ID, address: '192.0.2.1' } },
  {
    procedure: 'vote.award',
    allowed: STAFF,
    input: { fieldName: NO_ID },
    rest: [{ method: 'POST', path: '/api/vote/award', body: { fieldName: NO_ID } }],
  },
  { procedure: 'user.hallAddress', allowed: ADMIN },
  { procedure: 'user.issueJudgeLink', allowed: ADMIN, input: { _id: NO_ID } },
  { procedure: 'user.revokeJudgeLink', allowed: ADMIN, input: { _id: NO_ID } },
  { procedure: 'user.clearLockout', allowed: ADMIN, input: { _id: NO_ID } },
  { procedure: 'media.upload', allowed: ADMIN, input: { contentType: 'text/plain', dataBase64: 'eA==' } },
];

/**
 * Subscriptions are checked over a real websocket: system.join in websocket.test.ts, show.console
 * (master and admin only) in consoles.test.ts; projectors.report is open to every projector page (it
 * only says that page is there), bounded by the socket's own limits.
 */
const SUBSCRIPTIONS = ['system.join', 'show.console', 'projectors.report'];

let t: TestApp;
const userIds = new Map<Role, string>();

beforeAll(async () => {
  t = await createTestApp();
  for (const role of ['admin', 'master', 'judge', 'team'] as Role[]) userIds.set(role, await t.createUser(role, role));
  // The team account belongs to a team, as team accounts do.
  const team = await t.deps.db.insertInto('teams').values({ name: 'Đội thử' }).returning('id').executeTakeFirstOrThrow();
  await t.deps.db.updateTable('users').set({ team_id: team.id }).where('id', '=', userIds.get('team')!).execute();
});
afterAll(() => t.close());

/** A fresh session per call, so a logout in one row cannot affect another. */
async function cookieFor(who: Who): Promise<string | undefined> {
  if (who === 'anonymous') return undefined;
  const { token } = await createSession(t.deps.db, userIds.get(who)!);
  return `hoithi_session=${token}`;
}

const denied = (who: Who) => (who === 'anonymous' ? 401 : 403);
const baseName = (procedure: string) => procedure.split('#')[0]!;

describe('the permission table', () => {
  it('covers every tRPC procedure', () => {
    const procedures = Object.keys(appRouter._def.procedures).sort();
    const covered = new Set([...TABLE.map((e) => baseName(e.procedure)), ...SUBSCRIPTIONS]);
    expect(procedures.filter((p) => !covered.has(p))).toEqual([]);
  });

  it('covers every REST path', () => {
    const declared = t.app.routes
      .filter((r) => r.method !== 'ALL' && (r.path.startsWith('/api/') || r.path === '/login' || r.path === '/logout'))
      .map((r) => `${r.method} ${r.path}`);
    const inTable = TABLE.flatMap((e) => e.rest ?? []).map((r) => `${r.method} ${r.path.split('?')[0]}`);
    const matches = (route: string) => inTable.some((concrete) => new RegExp(`^${route.replace(/:[^/]+/g, '[^/]+')}$`).test(concrete));
    expect(declared.filter((route) => !matches(route))).toEqual([]);
  });

  const rows = TABLE.flatMap((entry) => EVERYONE.map((who) => ({ entry, who })));
  it(`has ${TABLE.length} procedures × ${EVERYONE.length} roles`, () => expect(rows.length).toBe(TABLE.length * 5));

  it.each(rows.map(({ entry, who }) => [entry.procedure, who, entry] as const))('tRPC %s as %s', async (_name, who, entry) => {
    const caller = (await t.caller(await cookieFor(who))) as unknown as Record<
      string,
      Record<string, (input?: unknown) => Promise<unknown>>
    >;
    const [domain, name] = baseName(entry.procedure).split('.') as [string, string];
    let code: string | null = null;
    try {
      await caller[domain]![name]!(entry.input);
    } catch (error) {
      code = (error as { code?: string }).code ?? 'UNKNOWN';
    }
    if (entry.allowed.includes(who)) {
      expect(code === 'UNAUTHORIZED' || code === 'FORBIDDEN', `${entry.procedure} as ${who} was refused (${code})`).toBe(false);
    } else {
      expect(code).toBe(who === 'anonymous' ? 'UNAUTHORIZED' : 'FORBIDDEN');
    }
  });

  const restRows = TABLE.flatMap((entry) => (entry.rest ?? []).flatMap((rest) => EVERYONE.map((who) => ({ entry, rest, who }))));
  it.each(restRows.map(({ entry, rest, who }) => [`${rest.method} ${rest.path}`, who, entry, rest] as const))(
    'REST %s as %s',
    async (_name, who, entry, rest) => {
      const res = await t.request(rest.method, rest.path, { cookie: await cookieFor(who), body: rest.body });
      expect(res.status).toBeLessThan(500);
      if (entry.allowed.includes(who)) {
        expect([401, 403], `${rest.method} ${rest.path} as ${who}`).not.toContain(res.status);
      } else {
        expect(res.status).toBe(denied(who));
      }
      if (res.status >= 400) expect((await res.json()).error.message).toMatch(/\p{L}/u);
    },
  );
});
