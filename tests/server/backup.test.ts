/**
 * An event's one-file backup and its restore, on both databases: a small night played (teams, a
 * judges' panel, a question set with a picture, answers judged, judges' points, an admin's correction
 * and an undo, points by hand, two audience votes, one of them with ballots discarded), backed up over
 * HTTP and restored into a second, fresh installation, and into the same one. The restored event gives
 * the same results, audit log, show and log of actions, with the same media bytes, under new ids
 * throughout; its judges are matched by username or created locked. A file that is not a whole backup
 * is refused with its reason and changes nothing; only an admin may back up or restore.
 */
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/messages';
import { CONTEST_TABLES, scopeTo } from '../../src-server/db/scope';
import type { Database } from '../../src-server/db/types';
import { activeScope } from '../../src-server/features/events/active';
import { restoreEventBackup } from '../../src-server/features/events/backup';
import { fileSource, readBackup } from '../../src-server/features/events/backup-format';
import { startBackupSchedule, writeScheduledBackup } from '../../src-server/features/events/backup-schedule';
import { buildResults } from '../../src-server/features/results/data';
import { ANSWERS_FIELD, createJudges, createQuestionSet, createScoreFields, createTeams, JUDGED_FIELD } from '../helpers/event-setup';
import { type Caller, createTestApp, type TestApp } from '../helpers/test-app';

/** A real 1×1 PNG. */
const PNG_1X1 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;

let t: TestApp;
let fresh: TestApp;
let admin: Caller;
let master: Caller;
let adminCookie: string;
let freshAdminCookie: string;
let original: string;
let backup: Buffer;
let restored: string;

async function asAdmin(app: TestApp, cookie: string, method: string, url: string, body?: unknown) {
  const res = await app.request(method, url, { cookie, body });
  expect(res.status, `${method} ${url}: ${await res.clone().text()}`).toBe(200);
  return res;
}

/** A device casts a ballot, as a phone does: its cookie from reading the vote, then the ballot. */
async function cast(teamId: string) {
  const device = (await t.request('GET', '/api/vote')).headers.get('set-cookie')!.split(';')[0]!;
  const res = await t.request('POST', '/api/vote', { cookie: device, body: { teamIds: [teamId] } });
  expect(res.status, await res.clone().text()).toBe(200);
}

beforeAll(async () => {
  t = await createTestApp();
  const cookies = await t.staff(['admin', 'master']);
  adminCookie = cookies.admin;
  admin = await t.caller(cookies.admin);
  master = await t.caller(cookies.master);
  const judges = await createJudges(t, ['gk1', 'gk2']);
  const teamIds = await createTeams(admin, ['Đội An', 'Đội Bình', 'Đội Cúc']);
  const teams: Caller[] = [];
  for (const [i, teamId] of teamIds.entries()) {
    await t.createUser(`doi${i + 1}`, 'team', { teamId });
    teams.push(await t.caller(await t.login(`doi${i + 1}`)));
  }
  await createScoreFields(admin, [JUDGED_FIELD, ANSWERS_FIELD]);
  const { media } = await admin.media.upload({ fileName: 'anh.png', contentType: 'image/png', dataBase64: PNG_1X1 });
  await admin.settings.update({ name: 'Hội thi Tin học 2026', logoUrl: media.url });
  await admin.rules.create({ data: { title: 'Điều 1', content: `Xem ảnh: ${media.url}` } });
  const set = await createQuestionSet(admin, 1, {
    title: 'Khởi động',
    items: [10, 20].map((point, i) => ({ content: `Câu ${i + 1}?`, options: ['A', 'B'], answer: 'A', point, timeLimit: 30, media })),
  });
  // A large file beside it, written as an upload would store it.
  const scoped = t.deps.db;
  await scoped
    .insertInto('media')
    .values({ content_type: 'application/octet-stream', file_name: 'lon.bin', size: 3_000_000, data: randomBytes(3_000_000) })
    .execute();

  // Round 1: every team answers both questions; the master judges them.
  await master.show.update({ changes: { phase: 'round', fw: 1, setId: set.id } });
  for (const questionId of set.questionIds) {
    await master.show.update({
      changes: { questionId, phase: 'question', answersOpen: true, timer: { action: 'start', durationMs: 60_000 } },
    });
    for (const team of teams) await team.show.submitAnswer({ questionId, answer: 'A' });
    for (const [i, teamId] of teamIds.entries()) await master.show.verdict({ questionId, teamId, verdict: i === 2 ? 'wrong' : 'right' });
  }
  // The judges score; the admin corrects one point, then takes the correction back.
  await master.show.update({ changes: { answersOpen: false, activeField: 'f', scoringOpen: true } });
  for (const [j, judge] of judges.entries()) {
    for (const [i, teamId] of teamIds.entries()) await judge.caller.scoring.submit({ teamId, point: 5 + i + j / 2 });
  }
  await admin.scoring.adminSubmit({ teamId: teamIds[1]!, gkId: judges[0]!.id, point: 9.5, fieldName: 'f', reason: 'Nhập nhầm' });
  const last = await scoped.selectFrom('score_events').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow();
  await admin.scoring.undo({ eventId: Number(last.id), reason: 'Sửa lại' });
  await master.show.handPoints({ teamId: teamIds[2]!, fieldName: 'phan-1', points: 15, reason: 'Câu hỏi phụ' });

  // Two audience votes: the first one's ballots discarded, the second awarded.
  await asAdmin(t, cookies.master, 'PUT', '/api/vote', { open: true, teamIds, choices: 1 });
  await cast(teamIds[0]!);
  await asAdmin(t, cookies.master, 'PUT', '/api/vote', { open: false });
  const { voteId, sources } = await master.vote.sources();
  await master.vote.discard({ voteId: voteId!, address: sources[0]!.address });
  await asAdmin(t, cookies.master, 'PUT', '/api/vote', { open: true, teamIds, choices: 1 });
  await cast(teamIds[1]!);
  await cast(teamIds[1]!);
  await asAdmin(t, cookies.master, 'PUT', '/api/vote', { open: false });
  await master.vote.award({ fieldName: 'phan-1' });
  // Round 1's results locked: the lock travels with the event.
  await admin.results.lock({ round: 1 });

  original = (await activeScope(t.deps.base)).contest;
  backup = Buffer.from(await (await asAdmin(t, adminCookie, 'GET', `/api/events/${original}/backup`)).arrayBuffer());

  // The second installation: its own admin, and judge gk1 under another case of the same username.
  fresh = await createTestApp();
  freshAdminCookie = (await fresh.staff(['admin'])).admin;
  const gk1 = await fresh.createUser('GK1', 'judge');
  await fresh.deps.base.updateTable('users').set({ full_name: 'Người dùng gk1' }).where('id', '=', gk1).execute();
});
afterAll(async () => {
  await fresh?.close();
  await t?.close();
});

const contestCount = async (app: TestApp) =>
  Number((await sql<{ n: number }>`select count(*)::int as n from contests`.execute(app.deps.base)).rows[0]!.n);

/** POSTs `body` to the restore path as the holder of `cookie`. */
function postRestore(app: TestApp, body: Uint8Array | ReadableStream, cookie?: string, headers: Record<string, string> = {}) {
  return Promise.resolve(
    app.app.request('/api/events/restore', {
      method: 'POST',
      body,
      headers: { ...(cookie ? { cookie } : {}), ...headers },
      ...(body instanceof ReadableStream ? { duplex: 'half' } : {}),
    } as RequestInit),
  );
}

/**
 * What a contest's rows say, by names instead of ids: teams by name, accounts by username, sets and
 * questions by number, fields by name, media by file name; audit events, votes and log entries by
 * their place in order.
 */
async function labelsOf(base: Kysely<Database>, contestId: string) {
  const db = scopeTo(base, { contestId, readOnly: false });
  const labels = new Map<string, string>([[contestId, 'contest']]);
  for (const team of await db.selectFrom('teams').select(['id', 'name']).execute()) labels.set(team.id, `team:${team.name}`);
  for (const user of await db.selectFrom('users').select(['id', 'username']).execute())
    labels.set(user.id, `user:${user.username.toLowerCase()}`);
  for (const media of await db.selectFrom('media').select(['id', 'file_name']).execute()) labels.set(media.id, `media:${media.file_name}`);
  for (const field of await db.selectFrom('score_fields').select(['id', 'name']).execute()) labels.set(field.id, `field:${field.name}`);
  for (const rule of await db.selectFrom('rules').select(['id', 'title']).execute()) labels.set(rule.id, `rule:${rule.title}`);
  for (const set of await db.selectFrom('question_sets').select(['id', 'set_no', 'items']).execute()) {
    labels.set(set.id, `set:${set.set_no}`);
    for (const [i, item] of (set.items as { id: string }[]).entries()) labels.set(item.id, `question:${set.set_no}.${i}`);
  }
  const order = async (table: 'score_events' | 'votes' | 'action_log') =>
    new Map((await db.selectFrom(table).select('id').orderBy('id').execute()).map((row, i) => [Number(row.id), i]));
  const events = await order('score_events');
  const actions = await order('action_log');
  const votes = await order('votes');
  const label = (value: unknown): unknown => {
    // A vote's number, in the words of its award and its discarded ballots: by its place too.
    if (typeof value === 'string') {
      return value
        .replace(UUID, (id) => labels.get(id) ?? `unknown:${id}`)
        .replace(/(bình chọn (?:khán giả )?số )(\d+)/i, (_, lead, n) => `${lead}#${votes.get(Number(n))}`);
    }
    if (Array.isArray(value)) return value.map(label);
    if (value && typeof value === 'object' && !(value instanceof Date)) {
      return Object.fromEntries(Object.entries(value).map(([key, item]) => [label(key), label(item)]));
    }
    return value;
  };
  return { db, label, events, votes, actions };
}

/** The contest's rows that a restore must reproduce, by names and places instead of ids. */
async function described(base: Kysely<Database>, contestId: string) {
  const { db, label, events, votes, actions } = await labelsOf(base, contestId);
  const results = await buildResults(db);
  const audit = await db
    .selectFrom('score_events')
    .select(['team_id', 'gk_id', 'field_name', 'old_point', 'new_point', 'source', 'reason', 'rule', 'undoes'])
    .orderBy('id')
    .execute();
  const show = await db.selectFrom('show_state').select(['version', 'state']).executeTakeFirstOrThrow();
  const state = show.state as { moveScores?: number[]; rounds?: Record<string, { scoreEvents: number[] }> };
  const log = await db.selectFrom('action_log').select(['kind', 'summary', 'actor_name', 'target', 'after']).orderBy('id').execute();
  const discards = await db
    .selectFrom('vote_discards')
    .innerJoin('votes', 'votes.id', 'vote_discards.vote_id')
    .select(['vote_discards.vote_id', 'vote_discards.action_id', 'vote_discards.ballots'])
    .execute();
  const media = await db.selectFrom('media').select(['file_name', 'content_type', 'size', 'secret', 'data']).orderBy('file_name').execute();
  return {
    results: label({ ...results, votes: results.votes.map((v) => ({ ...v, id: votes.get(Number(v.id)) })) }),
    audit: label(audit.map((e) => ({ ...e, undoes: e.undoes === null ? null : events.get(Number(e.undoes)) }))),
    show: label({
      ...state,
      moveScores: state.moveScores?.map((id) => events.get(id)),
      rounds: Object.fromEntries(
        Object.entries(state.rounds ?? {}).map(([setId, r]) => [setId, r.scoreEvents.map((id) => events.get(id))]),
      ),
    }),
    log: label(
      log.map((entry) => {
        const target = entry.target as { scoreEvent?: number; voteId?: string } | null;
        return {
          ...entry,
          target: target && { ...target, scoreEvent: events.get(target.scoreEvent ?? -1), voteId: votes.get(Number(target.voteId ?? -1)) },
        };
      }),
    ) as unknown[],
    locks: label(await db.selectFrom('results_locks').select(['round', 'locked_by', 'locked_by_name', 'locked_at']).execute()),
    discards: discards.map((d) => ({ vote: votes.get(Number(d.vote_id)), action: actions.get(Number(d.action_id)), ballots: d.ballots })),
    ballots: await db
      .selectFrom('ballots')
      .innerJoin('votes', 'votes.id', 'ballots.vote_id')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
      .then((row) => Number(row.n)),
    media: media.map(({ data, ...rest }) => ({ ...rest, sha: createHash('sha256').update(data).digest('hex') })),
  };
}

/** Every row the contest owns (its tables, its team accounts, its panel), as text. */
async function dump(base: Kysely<Database>, contestId: string): Promise<string> {
  const parts: unknown[] = [];
  for (const table of [...CONTEST_TABLES, 'contest_judges']) {
    const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(table)} where contest_id = ${contestId}`.execute(base);
    parts.push(rows.map((row) => Object.fromEntries(Object.entries(row).filter(([, value]) => !(value instanceof Uint8Array)))));
  }
  parts.push(await base.selectFrom('users').select(['id', 'team_id', 'username']).where('contest_id', '=', contestId).execute());
  return JSON.stringify(parts);
}

/** The audit chain holds: per cell, each event's old point is the previous event's new one. */
async function expectChain(base: Kysely<Database>, contestId: string) {
  const events = await scopeTo(base, { contestId, readOnly: false })
    .selectFrom('score_events')
    .select(['team_id', 'gk_id', 'field_name', 'old_point', 'new_point'])
    .orderBy('id')
    .execute();
  const last = new Map<string, number | null>();
  for (const e of events) {
    const cell = `${e.team_id}|${e.gk_id}|${e.field_name}`;
    expect(e.old_point).toBe(last.get(cell) ?? null);
    last.set(cell, e.new_point);
  }
  expect(events.length).toBeGreaterThan(10);
}

describe('a backup restored into another installation', () => {
  it('downloads as one named file that reads through whole', async () => {
    const res = await asAdmin(t, adminCookie, 'GET', `/api/events/${original}/backup`);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="hoi-thi-tin-hoc-2026-\d{4}-\d{2}-\d{2}\.hoithi"$/);
    expect(backup.subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));
    const header = JSON.parse(gunzipSync(backup).toString('utf8').split('\n')[0]!);
    expect(header).toMatchObject({ format: 'hoithi-event-backup', version: 1, title: 'Hội thi Tin học 2026' });
    expect(header.counts).toMatchObject({ teams: 3, users: 3, media: 2, votes: 2, ballots: 3, vote_discards: 1, people: 4 });
  });

  it('makes a new event, not on stage, with the same title', async () => {
    const before = await contestCount(fresh);
    // Larger than any other body the app takes (1 MB for a call, 28 MB for an upload): its own limit holds.
    expect(backup.length).toBeGreaterThan(1024 * 1024);
    const res = await postRestore(fresh, backup, freshAdminCookie);
    expect(res.status, await res.clone().text()).toBe(200);
    const { item } = (await res.json()) as { item: { _id: string; title: string } };
    expect(item.title).toBe('Hội thi Tin học 2026');
    restored = item._id;
    expect(await contestCount(fresh)).toBe(before + 1);
    expect((await activeScope(fresh.deps.base)).contest).not.toBe(restored);
    const contest = await fresh.deps.base.selectFrom('contests').select('archived').where('id', '=', restored).executeTakeFirstOrThrow();
    expect(contest.archived).toBe(false);
  });

  it('gives the same results, audit log, show, votes, log of actions and media', async () => {
    const before = await described(t.deps.base, original);
    const after = await described(fresh.deps.base, restored);
    // The restore's own entry comes last in the new event's log.
    expect(after.log.at(-1)).toMatchObject({ kind: 'event.restore', actor_name: 'Người dùng admin' });
    expect({ ...after, log: after.log.slice(0, -1) }).toEqual(before);
    expect(JSON.stringify(after)).not.toContain('unknown:');
    await expectChain(fresh.deps.base, restored);
  });

  it('keeps no id of the original, and points its question set and settings at its own media', async () => {
    const originals = new Set((await dump(t.deps.base, original)).match(UUID));
    const copy = await dump(fresh.deps.base, restored);
    expect(originals.size).toBeGreaterThan(20);
    expect([...originals].filter((id) => copy.includes(id))).toEqual([]);
    const db = scopeTo(fresh.deps.base, { contestId: restored, readOnly: false });
    const png = await db.selectFrom('media').select('id').where('file_name', '=', 'anh.png').executeTakeFirstOrThrow();
    const set = await db.selectFrom('question_sets').select('items').executeTakeFirstOrThrow();
    expect((set.items as { media: { url: string } }[]).map((q) => q.media.url)).toEqual([`/media/${png.id}`, `/media/${png.id}`]);
    const settings = await db.selectFrom('settings').select('data').executeTakeFirstOrThrow();
    expect((settings.data as { logoUrl: string }).logoUrl).toBe(`/media/${png.id}`);
  });

  it('matches judges by username, any case, and creates the missing ones locked, on the new panel', async () => {
    const users = await fresh.deps.base
      .selectFrom('users')
      .select(['id', 'username', 'role', 'active', 'password_hash', 'full_name', 'contest_id'])
      .execute();
    const byName = (name: string) => users.find((u) => u.username === name && u.contest_id === null);
    expect(byName('GK1')).toMatchObject({ active: true, role: 'judge' });
    expect(byName('gk1')).toBeUndefined();
    expect(byName('gk2')).toMatchObject({ active: false, role: 'judge', password_hash: null, full_name: 'Người dùng gk2' });
    // The master who judged answers and gave points by hand: named in the log, so kept, locked.
    expect(byName('dieukhien')).toMatchObject({ active: false, role: 'master', password_hash: null });
    const panel = await fresh.deps.base.selectFrom('contest_judges').select('user_id').where('contest_id', '=', restored).execute();
    expect(panel.map((p) => p.user_id).sort()).toEqual([byName('GK1')!.id, byName('gk2')!.id].sort());
    // The team accounts come with their passwords, in the new event.
    const doi1 = users.find((u) => u.username === 'doi1' && u.contest_id === restored);
    const originalDoi1 = await t.deps.base
      .selectFrom('users')
      .select('password_hash')
      .where('username', '=', 'doi1')
      .executeTakeFirstOrThrow();
    expect(doi1?.password_hash).toBe(originalDoi1.password_hash);
  });
});

describe('a backup restored into the installation that holds the original', () => {
  it('sits beside it with new ids and the same results, even from the unpacked file', async () => {
    const users = await t.deps.base.selectFrom('users').select('id').where('contest_id', 'is', null).execute();
    const copy = await restoreEventBackup(t.deps.base, gunzipSync(backup));
    expect(copy.contestId).not.toBe(original);
    const before = await described(t.deps.base, original);
    const after = await described(t.deps.base, copy.contestId);
    expect({ ...after, log: after.log.slice(0, -1) }).toEqual(before);
    // Its judges are the installation's own, and no account was added.
    expect(await t.deps.base.selectFrom('users').select('id').where('contest_id', 'is', null).execute()).toHaveLength(users.length);
    const panel = async (id: string) =>
      (await t.deps.base.selectFrom('contest_judges').select('user_id').where('contest_id', '=', id).execute())
        .map((p) => p.user_id)
        .sort();
    expect(await panel(copy.contestId)).toEqual(await panel(original));
    const accounts = new Set(users.map((u) => u.id));
    const originals = new Set((await dump(t.deps.base, original)).match(UUID)?.filter((id) => !accounts.has(id)));
    const dumped = await dump(t.deps.base, copy.contestId);
    expect([...originals].filter((id) => dumped.includes(id))).toEqual([]);
    await expectChain(t.deps.base, copy.contestId);
  });
});

describe('a file that is not a whole backup', () => {
  const gzipLines = (...lines: unknown[]) => gzipSync(lines.map((line) => `${JSON.stringify(line)}\n`).join(''));
  const cases: [string, () => Buffer, () => string][] = [
    ['a file cut short', () => backup.subarray(0, Math.floor(backup.length / 2)), () => messages.backup.damaged],
    [
      'a changed byte',
      () => {
        const copy = Buffer.from(backup);
        copy[Math.floor(copy.length / 3)]! ^= 0xff;
        return copy;
      },
      () => messages.backup.damaged,
    ],
    [
      'a changed row under a whole gzip (the sha-256)',
      () => gzipSync(Buffer.from(gunzipSync(backup).toString('utf8').replace('Đội Bình', 'Đội Bính'))),
      () => messages.backup.damaged,
    ],
    ['an empty file', () => Buffer.alloc(0), () => messages.backup.damaged],
    ['a picture', () => Buffer.from(PNG_1X1, 'base64'), () => messages.backup.foreign],
    ['another program’s gzip', () => gzipLines({ hello: 1 }), () => messages.backup.foreign],
    [
      'a newer version’s backup',
      () => gzipLines({ format: 'hoithi-event-backup', version: 99, title: 'x' }, { sha256: '0'.repeat(64) }),
      () => messages.backup.newerVersion(99),
    ],
  ];

  it.each(cases)('refuses %s with its reason, and changes nothing', async (_name, file, message) => {
    const before = await contestCount(fresh);
    const res = await postRestore(fresh, file(), freshAdminCookie);
    expect(res.status).toBe(400);
    expect((await res.json()).error).toMatchObject({ message: message(), field: 'file' });
    expect(await contestCount(fresh)).toBe(before);
  });
});

describe('who may back up and restore', () => {
  let masterCookie: string;
  beforeAll(async () => {
    // Not dieukhien: the restore made that account, locked.
    await fresh.createUser('dieukhien2', 'master');
    masterCookie = await fresh.login('dieukhien2');
  });

  it('lets only an admin download a backup, and says when there is no such event', async () => {
    const url = `/api/events/${restored}/backup`;
    expect((await fresh.request('GET', url)).status).toBe(401);
    const refused = await fresh.request('GET', url, { cookie: masterCookie });
    expect(refused.status).toBe(403);
    expect((await refused.json()).error.message).toBe(messages.forbidden);
    const missing = await fresh.request('GET', '/api/events/khong-co/backup', { cookie: freshAdminCookie });
    expect(missing.status).toBe(404);
    expect((await missing.json()).error.message).toBe(messages.backup.eventNotFound);
    // The restored event backs up in its turn.
    expect((await fresh.request('GET', url, { cookie: freshAdminCookie })).status).toBe(200);
  });

  it('lets only an admin restore, from this site only', async () => {
    const before = await contestCount(fresh);
    const anonymous = await postRestore(fresh, backup);
    expect(anonymous.status).toBe(401);
    expect((await anonymous.json()).error.message).toBe(messages.notLoggedIn);
    expect((await postRestore(fresh, backup, masterCookie)).status).toBe(403);
    const crossSite = await postRestore(fresh, backup, freshAdminCookie, { origin: 'http://evil.example' });
    expect(crossSite.status).toBe(403);
    expect((await crossSite.json()).error.message).toBe(messages.crossOrigin);
    expect(await contestCount(fresh)).toBe(before);
  });

  it('refuses a file over RESTORE_MAX_BYTES with 413, whether its length is declared or not', async () => {
    const limit = fresh.deps.config.restoreMaxBytes;
    fresh.deps.config.restoreMaxBytes = 1024 * 1024;
    try {
      const before = await contestCount(fresh);
      const big = Buffer.alloc(1024 * 1024 + 1, 1);
      const declared = await postRestore(fresh, big, freshAdminCookie, { 'content-length': String(big.length) });
      expect(declared.status).toBe(413);
      expect((await declared.json()).error.message).toBe(messages.backup.tooLarge(1));
      const streamed = new ReadableStream<Uint8Array>({
        start(controller) {
          for (let i = 0; i < 5; i++) controller.enqueue(new Uint8Array(300 * 1024));
          controller.close();
        },
      });
      const counted = await postRestore(fresh, streamed, freshAdminCookie);
      expect(counted.status).toBe(413);
      expect(await contestCount(fresh)).toBe(before);
    } finally {
      fresh.deps.config.restoreMaxBytes = limit;
    }
  });
});

describe('backups while the night goes on (BACKUP_DIR)', () => {
  it('writes the event on stage under its id, keeping only the newest files', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'hoithi-backups-'));
    try {
      const at = (minute: number) => new Date(Date.UTC(2026, 10, 27, 8, minute, 0));
      for (const minute of [0, 5, 10]) await writeScheduledBackup(t.deps.base, dir, 2, at(minute));
      const files = (await fs.readdir(dir)).sort();
      expect(files).toEqual([
        `hoi-thi-tin-hoc-2026_20261127-150500_${original}.hoithi`,
        `hoi-thi-tin-hoc-2026_20261127-151000_${original}.hoithi`,
      ]);
      const header = await readBackup(fileSource(path.join(dir, files[1]!)));
      expect(header.contest.id).toBe(original);
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });

  it('runs every BACKUP_EVERY_MINUTES until stopped', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'hoithi-backups-'));
    try {
      const schedule = startBackupSchedule(t.deps.base, { backupDir: dir, backupKeep: 1, backupEveryMinutes: 0.002 });
      await expect.poll(async () => (await fs.readdir(dir)).filter((name) => name.endsWith('.hoithi')).length).toBe(1);
      await schedule!.stop();
      expect((await fs.readdir(dir)).filter((name) => name.endsWith('.tmp'))).toEqual([]);
      expect(startBackupSchedule(t.deps.base, { backupDir: null, backupKeep: 1, backupEveryMinutes: 5 })).toBeNull();
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });
});
