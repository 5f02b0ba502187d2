/**
 * Property: no read or write of one event touches another. Two events, A and B, each with teams, a
 * judges' panel (one judge on both, one on A's alone), a score sheet, a question set, rules and team
 * accounts; random sequences of what organisers do through the API (tRPC callers and the REST paths):
 * move the stage, make, rename and delete teams, write rules, add criteria and question sets, a judge's
 * point, an admin's correction and its undo, the event's settings, a vote, archive and reopen either
 * event, team accounts, and reach for the other event's rows by their ids. After every step: the event
 * the step is not about is byte-identical; the API's reads show exactly the event on stage, as the
 * model says; each event's audit chain holds and never crosses; every row names an existing event, a
 * team account its team's. Then the sharpest edges one by one.
 */
import { TRPCError } from '@trpc/server';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/messages';
import {
  CONTEST_OWNED_TABLES,
  expectAuditChains,
  type Fingerprint,
  fingerprint,
  orphansByTable,
  rowsCrossingEvents,
} from '../helpers/contest-rows';
import { createJudges } from '../helpers/event-setup';
import { type Caller, createTestApp, TEST_PASSWORD, type TestApp } from '../helpers/test-app';

type Code = 'ok' | 'BAD_REQUEST' | 'UNAUTHORIZED' | 'FORBIDDEN' | 'NOT_FOUND' | 'CONFLICT';
type Label = 'A' | 'B';

interface AuditEntry {
  /** The row's id once the log was read back (undo needs it). */
  id: number | null;
  teamId: string;
  gkId: string;
  fieldName: string;
  oldPoint: number | null;
  newPoint: number | null;
  source: string;
}

/** What one event holds, as the test expects the API to show it. */
interface EventModel {
  id: string;
  title: string;
  round1: string;
  archived: boolean;
  teams: Map<string, string>;
  /** Every team the event ever had: its audit rows may name none other. */
  teamsEver: Set<string>;
  rules: Map<string, { title: string; content: string; order: number }>;
  fields: string[];
  sets: number;
  /** Team accounts: username → team id (null once its team was deleted). */
  accounts: Map<string, string | null>;
  /** Points by "team|judge|field". */
  scores: Map<string, number>;
  audit: AuditEntry[];
  panel: Set<string>;
  voteOpen: boolean;
}

interface Judge {
  id: string;
  username: string;
  cookie: string | null;
  /** Whether its session should still be alive (a switch ends it when the new event's panel lacks it). */
  signedIn: boolean;
}

/** A step's footprint: which event's rows it may change. */
type Effect = { kind: 'none' } | { kind: 'write'; on: string } | { kind: 'switch'; from: string; to: string };

const TEAM_NAMES = ['Đội Hoa Sen', 'Đội Hoa Mai', 'Đội Hoa Đào', 'Đội Hoa Cúc'];
const FIELD_NAMES = ['f', 'g', 'h', 'k'];
const ACCOUNT_NAMES = ['doi-1', 'doi-2', 'doi-3'];
const EVENT_NAMES = ['Hội thi mùa xuân', 'Hội thi mùa hè', 'Chung kết'];
const ROUND_TITLES = ['Khởi động', 'Vượt chướng ngại vật', 'Về đích'];
const FOREIGN = [
  'renameTeam',
  'deleteTeam',
  'editRule',
  'removeField',
  'removeSet',
  'undo',
  'correct',
  'account',
  'removeAccount',
  'judge',
] as const;

let t: TestApp;
let adminCookie: string;
let admin: Caller;
let master: Caller;
const judges: Judge[] = [];
const events = {} as Record<Label, EventModel>;
let stage: Label = 'A';

const cellKey = (teamId: string, gkId: string, fieldName: string) => `${teamId}|${gkId}|${fieldName}`;
const onStage = () => events[stage];
const offStage = () => events[stage === 'A' ? 'B' : 'A'];
const picked = <T>(items: Iterable<T>, pick: number): T | undefined => {
  const list = [...items];
  return list.length ? list[pick % list.length] : undefined;
};

function blankModel(id: string, title: string, round1: string, panel: string[]): EventModel {
  return {
    id,
    title,
    round1,
    archived: false,
    teams: new Map(),
    teamsEver: new Set(),
    rules: new Map(),
    fields: [],
    sets: 0,
    accounts: new Map(),
    scores: new Map(),
    audit: [],
    panel: new Set(panel),
    voteOpen: false,
  };
}

/** A tRPC call's outcome: 'ok' or its error code. */
async function codeOf(call: Promise<unknown>): Promise<Code> {
  try {
    await call;
    return 'ok';
  } catch (error) {
    if (error instanceof TRPCError) return error.code as Code;
    throw error;
  }
}

const STATUS_CODES: Record<number, Code> = {
  200: 'ok',
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
};

/** A REST call's outcome as a code, and its JSON body. */
async function rest(method: string, path: string, body?: unknown, cookie: string | null = adminCookie) {
  const res = await t.request(method, path, { cookie: cookie ?? undefined, body });
  const json = await res.json();
  const code = STATUS_CODES[res.status];
  if (!code) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
  return { code, body: json };
}

const getJson = async (path: string, cookie: string | null = adminCookie) => (await rest('GET', path, undefined, cookie)).body;

/** Records a change of a point in the model: its audit entry and the stored point. */
function changePoint(m: EventModel, cell: Omit<AuditEntry, 'id' | 'oldPoint' | 'source'>, source: string): void {
  const key = cellKey(cell.teamId, cell.gkId, cell.fieldName);
  const { teamId, gkId, fieldName, newPoint } = cell;
  m.audit.push({ id: null, teamId, gkId, fieldName, oldPoint: m.scores.get(key) ?? null, newPoint, source });
  if (cell.newPoint === null) m.scores.delete(key);
  else m.scores.set(key, cell.newPoint);
}

/** Signs the judge in again when its session ended and it sits on the panel of the event on stage. */
async function judgeCookie(judge: Judge): Promise<string | null> {
  if (!judge.signedIn && onStage().panel.has(judge.id)) {
    judge.cookie = await t.login(judge.username);
    judge.signedIn = true;
  }
  return judge.cookie;
}

const point = fc.nat(20).map((half) => half / 2);
const pick = fc.nat();
const judge = fc.constantFrom(0, 1);
const op = fc.oneof(
  // Mostly to the other event; now and then to the one already on stage, which changes nothing.
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('switch' as const), to: fc.constantFrom('other', 'other', 'other', 'same') }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('createTeam' as const), name: fc.constantFrom(...TEAM_NAMES) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('renameTeam' as const), pick, name: fc.constantFrom(...TEAM_NAMES) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('deleteTeam' as const), pick }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('createRule' as const), title: fc.constantFrom(...ROUND_TITLES) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('editRule' as const), pick, title: fc.constantFrom(...EVENT_NAMES) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('addField' as const), name: fc.constantFrom(...FIELD_NAMES) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('createSet' as const), title: fc.constantFrom(...ROUND_TITLES) }) },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('judge' as const), judge, pick, point }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('correct' as const), judge, pick, point }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('undo' as const), pick }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('settings' as const),
      name: fc.constantFrom(...EVENT_NAMES),
      round1: fc.constantFrom(...ROUND_TITLES),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('renameOffStage' as const), name: fc.constantFrom(...EVENT_NAMES) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('vote' as const), open: fc.boolean() }) },
  {
    weight: 2,
    // Reopening more often than archiving, so the event on stage is open for most steps.
    arbitrary: fc.record({
      kind: fc.constant('archive' as const),
      which: fc.constantFrom('onStage', 'offStage'),
      archived: fc.constantFrom(true, false, false),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('seat' as const), judge, seated: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('account' as const), username: fc.constantFrom(...ACCOUNT_NAMES), pick }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('foreign' as const), what: fc.constantFrom(...FOREIGN), pick }) },
);
type Op = typeof op extends fc.Arbitrary<infer O> ? O : never;

const NONE: Effect = { kind: 'none' };

/**
 * A write to the event on stage: 'ok' and the model's change when it is open, refused with 409 (and
 * nothing written) when it is archived.
 */
async function stageWrite(code: Code, expected: Code, apply: () => void): Promise<Effect> {
  const m = onStage();
  const want: Code = m.archived && expected === 'ok' ? 'CONFLICT' : expected;
  expect(code).toBe(want);
  if (code !== 'ok') return NONE;
  apply();
  return { kind: 'write', on: m.id };
}

/** Plays one step through the API, checks its answer, and follows it in the model. */
async function play(o: Op): Promise<Effect> {
  const m = onStage();
  switch (o.kind) {
    case 'switch': {
      const from = m;
      const label: Label = (o.to === 'same') === (stage === 'A') ? 'A' : 'B';
      const to = events[label];
      const { code, body } = await rest('PUT', '/api/events/active', { _id: to.id });
      expect(code).toBe('ok');
      expect(body.item).toMatchObject({ _id: to.id, state: 'onStage' });
      if (to === from) return NONE;
      stage = label;
      for (const j of judges) if (!to.panel.has(j.id)) j.signedIn = false;
      return { kind: 'switch', from: from.id, to: to.id };
    }
    case 'createTeam': {
      const { code, body } = await rest('POST', '/api/team', { data: { name: o.name } });
      return stageWrite(code, 'ok', () => {
        m.teams.set(body.item._id, o.name);
        m.teamsEver.add(body.item._id);
      });
    }
    case 'renameTeam': {
      const teamId = picked(m.teams.keys(), o.pick);
      if (!teamId) return NONE;
      const code = await codeOf(admin.team.update({ _id: teamId, changes: { name: o.name } }));
      return stageWrite(code, 'ok', () => m.teams.set(teamId, o.name));
    }
    case 'deleteTeam': {
      const teamId = picked(m.teams.keys(), o.pick);
      if (!teamId) return NONE;
      const { code } = await rest('DELETE', '/api/team', { _id: teamId });
      return stageWrite(code, 'ok', () => {
        m.teams.delete(teamId);
        for (const key of [...m.scores.keys()]) if (key.startsWith(`${teamId}|`)) m.scores.delete(key);
        for (const [username, owner] of m.accounts) if (owner === teamId) m.accounts.set(username, null);
      });
    }
    case 'createRule': {
      const data = { title: o.title, content: `Thể lệ phần ${o.title}`, order: m.rules.size + 1 };
      const { code, body } = await rest('POST', '/api/the-le', { data });
      return stageWrite(code, 'ok', () => m.rules.set(body.item._id, data));
    }
    case 'editRule': {
      const ruleId = picked(m.rules.keys(), o.pick);
      if (!ruleId) return NONE;
      const code = await codeOf(admin.rules.update({ _id: ruleId, changes: { data: { title: o.title } } }));
      return stageWrite(code, 'ok', () => m.rules.set(ruleId, { ...m.rules.get(ruleId)!, title: o.title }));
    }
    case 'addField': {
      const data = { name: o.name, label: `Tiêu chí ${o.name}`, maxPoint: 10, step: 0.5 };
      const code = await codeOf(admin.scoreField.create({ data }));
      // A criterion's name is unique within its event only.
      return stageWrite(code, m.fields.includes(o.name) ? 'CONFLICT' : 'ok', () => m.fields.push(o.name));
    }
    case 'createSet': {
      const data = { title: o.title, items: [{ content: `${o.title}?`, answer: 'A', point: 10, timeLimit: 30 }] };
      const code = await codeOf(admin.questionSet.create({ set: 1, data }));
      return stageWrite(code, 'ok', () => m.sets++);
    }
    case 'judge': {
      const j = judges[o.judge]!;
      const teamId = picked(m.teams.keys(), o.pick);
      if (!teamId) return NONE;
      const call = async (cookie: string | null) => (await t.caller(cookie ?? undefined)).scoring.submit({ teamId, point: o.point });
      if (!m.panel.has(j.id)) {
        // Not on this event's panel: signed out when it went on stage, so the point never arrives.
        expect((await getJson('/api/state', j.cookie)).user).toBeNull();
        expect(await codeOf(call(j.cookie))).toBe('UNAUTHORIZED');
        return NONE;
      }
      const code = await codeOf(call(await judgeCookie(j)));
      return stageWrite(code, 'ok', () => changePoint(m, { teamId, gkId: j.id, fieldName: 'f', newPoint: o.point }, 'judge'));
    }
    case 'correct': {
      const j = judges[o.judge]!;
      const teamId = picked(m.teams.keys(), o.pick);
      if (!teamId) return NONE;
      const input = { teamId, gkId: j.id, fieldName: 'f', point: o.point, reason: 'Sửa theo biên bản' };
      const code = await codeOf(admin.scoring.adminSubmit(input));
      if (!m.panel.has(j.id)) {
        expect(code).toBe('NOT_FOUND');
        return NONE;
      }
      return stageWrite(code, 'ok', () => changePoint(m, { teamId, gkId: j.id, fieldName: 'f', newPoint: o.point }, 'admin'));
    }
    case 'undo': {
      // A change of a team still there (its points went with a deleted team).
      const target = picked(
        m.audit.filter((e) => e.id !== null && m.teams.has(e.teamId)),
        o.pick,
      );
      if (!target) return NONE;
      const code = await codeOf(admin.scoring.undo({ eventId: target.id!, reason: 'Hoàn tác' }));
      return stageWrite(code, 'ok', () => changePoint(m, { ...target, newPoint: target.oldPoint }, 'undo'));
    }
    case 'settings': {
      const code = await codeOf(admin.settings.update({ name: o.name, roundTitles: { 1: o.round1 } }));
      return stageWrite(code, 'ok', () => {
        m.title = o.name;
        m.round1 = o.round1;
      });
    }
    case 'renameOffStage': {
      const off = offStage();
      const { code } = await rest('PUT', '/api/events', { _id: off.id, changes: { title: o.name } });
      expect(code).toBe(off.archived ? 'CONFLICT' : 'ok');
      if (code !== 'ok') return NONE;
      off.title = o.name;
      return { kind: 'write', on: off.id };
    }
    case 'vote': {
      if (o.open) {
        const teamIds = [...m.teams.keys()].slice(0, 2);
        if (teamIds.length < 2) return NONE;
        const code = await codeOf(master.vote.update({ open: true, teamIds }));
        return stageWrite(code, m.voteOpen ? 'CONFLICT' : 'ok', () => (m.voteOpen = true));
      }
      const code = await codeOf(master.vote.update({ open: false }));
      return stageWrite(code, m.voteOpen ? 'ok' : 'CONFLICT', () => (m.voteOpen = false));
    }
    case 'archive': {
      const target = o.which === 'onStage' ? m : offStage();
      const { code, body } = await rest('PUT', '/api/events', { _id: target.id, changes: { archived: o.archived } });
      expect(code).toBe('ok');
      expect(body.item.state).toBe(target === m ? 'onStage' : o.archived ? 'archived' : 'prepared');
      if (target.archived === o.archived) return NONE;
      target.archived = o.archived;
      return { kind: 'write', on: target.id };
    }
    case 'seat': {
      const j = judges[o.judge]!;
      const code = await codeOf(admin.user.setPanel({ _id: j.id, seated: o.seated }));
      return stageWrite(code, 'ok', () => {
        if (o.seated) m.panel.add(j.id);
        else {
          // Off the panel: signed out of this event.
          m.panel.delete(j.id);
          j.signedIn = false;
        }
      });
    }
    case 'account': {
      // An archived event on stage takes no new team account (409).
      if (m.archived) {
        const teamId = picked(m.teams.keys(), o.pick);
        if (!teamId) return NONE;
        const user = { username: o.username, password: TEST_PASSWORD, role: 'team' as const, teamId, fullName: `Máy của ${o.username}` };
        expect(await codeOf(admin.user.create({ user }))).toBe('CONFLICT');
        return NONE;
      }
      const teamId = picked(m.teams.keys(), o.pick);
      if (!teamId) return NONE;
      const user = { username: o.username, password: TEST_PASSWORD, role: 'team' as const, teamId, fullName: `Máy của ${o.username}` };
      const code = await codeOf(admin.user.create({ user }));
      // A team account's name is unique within its event: the other event may hold the same one.
      return stageWrite(code, m.accounts.has(o.username) ? 'CONFLICT' : 'ok', () => m.accounts.set(o.username, teamId));
    }
    case 'foreign':
      return reachAcross(o.what, o.pick);
  }
}

/** Reaches for a row of the event not on stage by its id: refused as unknown, and nothing anywhere changes. */
async function reachAcross(what: (typeof FOREIGN)[number], n: number): Promise<Effect> {
  const m = onStage();
  const off = offStage();
  const teamId = picked(off.teams.keys(), n);
  let code: Code;
  let expected: Code = 'NOT_FOUND';
  switch (what) {
    case 'renameTeam':
      if (!teamId) return NONE;
      code = await codeOf(admin.team.update({ _id: teamId, changes: { name: 'Đội lạ' } }));
      break;
    case 'deleteTeam':
      if (!teamId) return NONE;
      code = (await rest('DELETE', '/api/team', { _id: teamId })).code;
      break;
    case 'editRule': {
      const ruleId = picked(off.rules.keys(), n);
      if (!ruleId) return NONE;
      code = await codeOf(admin.rules.update({ _id: ruleId, changes: { data: { title: 'Thể lệ lạ' } } }));
      break;
    }
    case 'undo': {
      const target = picked(
        off.audit.filter((e) => e.id !== null),
        n,
      );
      if (!target) return NONE;
      code = await codeOf(admin.scoring.undo({ eventId: target.id!, reason: 'Hoàn tác nhầm' }));
      break;
    }
    case 'correct':
      if (!teamId) return NONE;
      code = await codeOf(admin.scoring.adminSubmit({ teamId, gkId: judges[0]!.id, fieldName: 'f', point: 1, reason: 'Sửa nhầm' }));
      break;
    case 'removeField':
    case 'removeSet': {
      const table = what === 'removeField' ? 'score_fields' : 'question_sets';
      const row = picked(await t.deps.base.selectFrom(table).select('id').where('contest_id', '=', off.id).orderBy('id').execute(), n);
      if (!row) return NONE;
      const remove = what === 'removeField' ? admin.scoreField.remove({ _id: row.id }) : admin.questionSet.remove({ set: 1, _id: row.id });
      code = await codeOf(remove);
      break;
    }
    case 'removeAccount': {
      const row = picked(await t.deps.base.selectFrom('users').select('id').where('contest_id', '=', off.id).orderBy('id').execute(), n);
      if (!row) return NONE;
      code = await codeOf(admin.user.remove({ _id: row.id }));
      break;
    }
    case 'account':
      if (!teamId) return NONE;
      expected = 'BAD_REQUEST';
      code = await codeOf(
        admin.user.create({ user: { username: 'doi-la', password: TEST_PASSWORD, role: 'team', teamId, fullName: 'Đội lạ' } }),
      );
      break;
    case 'judge': {
      if (!teamId) return NONE;
      // Off the panel of the event on stage, the judge is signed out before the team is looked for.
      if (!m.panel.has(judges[0]!.id)) expected = 'UNAUTHORIZED';
      const cookie = await judgeCookie(judges[0]!);
      code = await codeOf((await t.caller(cookie ?? undefined)).scoring.submit({ teamId, point: 1 }));
      break;
    }
  }
  // An archived event on stage may refuse the write before it looks the row up.
  if (m.archived && code === 'CONFLICT') expected = 'CONFLICT';
  expect(code).toBe(expected);
  return NONE;
}

const sortedBy = <T>(items: T[], key: (item: T) => string) => [...items].sort((a, b) => key(a).localeCompare(key(b)));

/** The API's reads of the event on stage equal the model (and the log's ids go into it, for undo). */
async function expectReadsOf(m: EventModel): Promise<void> {
  const teams = sortedBy(
    [...m.teams].map(([_id, name]) => ({ _id, name })),
    (team) => team._id,
  );
  const state = await getJson('/api/state');
  expect(state.system.event).toMatchObject({ _id: m.id, name: m.title });
  const listTeam = state.listTeam.map(({ _id, name }: { _id: string; name: string }) => ({ _id, name }));
  expect(sortedBy(listTeam, (team: { _id: string }) => team._id)).toEqual(teams);

  const accountsOf = (teamId: string) => [...m.accounts].flatMap(([username, owner]) => (owner === teamId ? [username] : [])).sort();
  const teamList = (await getJson('/api/team/all')).items.map((team: { _id: string; name: string; accounts: { username: string }[] }) => ({
    _id: team._id,
    name: team.name,
    accounts: team.accounts.map((a) => a.username).sort(),
  }));
  expect(sortedBy(teamList, (team: { _id: string }) => team._id)).toEqual(
    teams.map((team) => ({ ...team, accounts: accountsOf(team._id) })),
  );

  const rules = sortedBy(
    [...m.rules].map(([_id, data]) => ({ _id, data })),
    (rule) => rule._id,
  );
  expect(sortedBy((await getJson('/api/the-le/all')).items, (rule: { _id: string }) => rule._id)).toEqual(rules);
  const fields = (await getJson('/api/score-field/all')).items.map((f: { name: string }) => f.name);
  expect(fields.sort()).toEqual([...m.fields].sort());
  expect((await admin.questionSet.list({ set: 1 })).items).toHaveLength(m.sets);

  const results = (await getJson('/api/results')).items as {
    teamId: string;
    fields: { fieldName: string; judges: { gkId: string; point: number | null }[] }[];
  }[];
  expect(results.map((r) => r.teamId).sort()).toEqual(teams.map((team) => team._id));
  const resultCells = results.flatMap((r) =>
    r.fields.flatMap((f) =>
      f.judges.flatMap((j) => (j.point === null ? [] : [[cellKey(r.teamId, j.gkId, f.fieldName), j.point] as const])),
    ),
  );
  // The results count every point of the event, a judge's taken off the panel since included (the record keeps them).
  expect(new Map(resultCells)).toEqual(m.scores);
  const listed = (await admin.scoring.list()).items;
  expect(new Map(listed.map((s) => [cellKey(s.teamId, s.gkId, s.fieldName), s.point]))).toEqual(m.scores);

  const log = (await admin.scoring.log({ limit: 1000 })).items.reverse();
  const entry = (e: Omit<AuditEntry, 'id'>) => ({
    teamId: e.teamId,
    gkId: e.gkId,
    fieldName: e.fieldName,
    oldPoint: e.oldPoint,
    newPoint: e.newPoint,
    source: e.source,
  });
  expect(log.map(entry)).toEqual(m.audit.map(entry));
  log.forEach((e, i) => {
    m.audit[i]!.id = e.id;
  });

  const accounts = (await admin.user.all()).list.filter((u) => u.role === 'team').map((u) => [u.username, u.teamId] as const);
  expect(new Map(accounts)).toEqual(m.accounts);
  const { settings } = await admin.settings.get();
  expect({ name: settings.name, round1: settings.roundTitles[1] }).toEqual({ name: m.title, round1: m.round1 });
  expect((await admin.vote.get()).vote?.open ?? false).toBe(m.voteOpen);

  const actions = (await admin.actions.log({ limit: 1000 })).items.map((a) => a.id).sort((a, b) => a - b);
  const stored = await t.deps.base.selectFrom('action_log').select('id').where('contest_id', '=', m.id).orderBy('id').execute();
  expect(actions).toEqual(stored.map((row) => Number(row.id)));

  const listedEvents = (await admin.events.list()).items;
  for (const e of Object.values(events)) {
    const state = e === m ? 'onStage' : e.archived ? 'archived' : 'prepared';
    expect(listedEvents.find((item) => item._id === e.id)).toMatchObject({ title: e.title, state, teamCount: e.teams.size });
  }
}

/** What holds across both events, whatever the step: rows of existing events only, panels, audit chains. */
async function expectInvariants(): Promise<void> {
  const base = t.deps.base;
  expect(await orphansByTable(base)).toEqual({});
  expect(await rowsCrossingEvents(base)).toEqual([]);
  await expectAuditChains(base, new Map(Object.values(events).map((e) => [e.id, e.teamsEver])));
  const seats = await base.selectFrom('contest_judges').select(['contest_id', 'user_id']).execute();
  for (const e of Object.values(events)) {
    expect(new Set(seats.filter((s) => s.contest_id === e.id).map((s) => s.user_id))).toEqual(e.panel);
  }
}

const bothPrints = async (): Promise<Record<string, Fingerprint>> =>
  Object.fromEntries(await Promise.all(Object.values(events).map(async (e) => [e.id, await fingerprint(t.deps.base, e.id)])));

/** One step: played, its footprint held to, the reads and the invariants checked. */
async function step(o: Op): Promise<void> {
  const before = await bothPrints();
  const effect = await play(o);
  const after = await bothPrints();
  for (const e of Object.values(events)) {
    if (effect.kind === 'write' && effect.on === e.id) continue;
    if (effect.kind === 'switch' && effect.from === e.id) {
      // The event leaving the stage records the switch in its action log, and nothing else changes.
      const { action_log: logBefore, ...restBefore } = before[e.id]!;
      const { action_log: logAfter, ...restAfter } = after[e.id]!;
      expect(restAfter).toEqual(restBefore);
      const added = logAfter!.filter((row) => !logBefore!.includes(row)).map((row) => JSON.parse(row));
      expect(added).toEqual([expect.objectContaining({ kind: 'event.switch', contest_id: e.id })]);
      expect(logAfter).toHaveLength(logBefore!.length + 1);
      continue;
    }
    expect(after[e.id], `event ${e.title} (${e.id}) must not change`).toEqual(before[e.id]);
  }
  await expectReadsOf(onStage());
  await expectInvariants();
}

async function stepAll(ops: readonly Op[]): Promise<void> {
  for (const [index, o] of ops.entries()) {
    try {
      await step(o);
    } catch (error) {
      throw new Error(`step ${index + 1} of ${ops.length} ${JSON.stringify(o)} (stage ${stage}): ${(error as Error).message}`, {
        cause: error,
      });
    }
  }
}

beforeAll(async () => {
  t = await createTestApp();
  await t.createUser('admin', 'admin');
  adminCookie = await t.login('admin');
  admin = await t.caller(adminCookie);
  await t.createUser('dieukhien', 'master');
  master = await t.caller(await t.login('dieukhien'));
  const aId = (await admin.events.list()).items[0]!._id;
  // A blank event seats every judge there is: the first judge sits on both panels, the second (made after B) on A's alone.
  const [both] = await createJudges(t, ['gk-chung']);
  const { item } = await admin.events.create({ data: { title: 'Hội thi B', rounds: 3 } });
  const [onlyA] = await createJudges(t, ['gk-rieng']);
  for (const [j, username] of [
    [both!, 'gk-chung'],
    [onlyA!, 'gk-rieng'],
  ] as const)
    judges.push({ id: j.id, username, cookie: j.cookie, signedIn: true });
  const { settings } = await admin.settings.get();
  events.A = blankModel(aId, settings.name, settings.roundTitles[1]!, [both!.id, onlyA!.id]);
  events.B = blankModel(item._id, 'Hội thi B', messages.eventsAdmin.roundTitle(1), [both!.id]);

  // Each event through the same steps as the property, checked as they go; then scoring opens on 'f'.
  const prepare = async (title: string, teams: string[], account: string) => {
    await stepAll([
      { kind: 'settings', name: title, round1: 'Khởi động' },
      ...teams.map((name) => ({ kind: 'createTeam' as const, name })),
      { kind: 'addField', name: 'f' },
      { kind: 'createSet', title: 'Khởi động' },
      { kind: 'createRule', title: 'Khởi động' },
      { kind: 'account', username: account, pick: 0 },
    ]);
    await master.show.update({ changes: { activeField: 'f', scoringOpen: true } });
  };
  await prepare('Hội thi A', ['Đội Hoa Sen', 'Đội Hoa Mai'], 'doi-a');
  await stepAll([{ kind: 'switch', to: 'other' }]);
  await prepare('Hội thi B', ['Đội Hoa Sen', 'Đội Hoa Đào'], 'doi-b');
  await stepAll([
    { kind: 'judge', judge: 0, pick: 0, point: 6 },
    { kind: 'switch', to: 'other' },
    { kind: 'judge', judge: 1, pick: 1, point: 7 },
  ]);
});
afterAll(() => t?.close());

/** Puts event `label` on stage, through the REST seam. */
async function switchTo(label: Label): Promise<void> {
  expect((await rest('PUT', '/api/events/active', { _id: events[label].id })).code).toBe('ok');
}

/**
 * Both events open again, their panels as they were made (the first judge on both, the second on A's
 * alone), and A on stage, as each example starts: the property left them anyhow.
 */
async function backToA(): Promise<void> {
  for (const e of Object.values(events))
    expect((await rest('PUT', '/api/events', { _id: e.id, changes: { archived: false } })).code).toBe('ok');
  const [both, onlyA] = judges as [Judge, Judge];
  for (const [label, seatedOnlyA] of [
    ['B', false],
    ['A', true],
  ] as const) {
    await switchTo(label);
    await admin.user.setPanel({ _id: both.id, seated: true });
    await admin.user.setPanel({ _id: onlyA.id, seated: seatedOnlyA });
  }
}

/** A new team of event `label`, which is on stage: its id (its audit rows may name it). */
async function newTeam(label: Label, name: string): Promise<string> {
  const { code, body } = await rest('POST', '/api/team', { data: { name } });
  expect(code).toBe('ok');
  events[label].teamsEver.add(body.item._id);
  return body.item._id;
}

describe('two events on one installation', () => {
  it('never read or write each other, for random sequences of what organisers do', async () => {
    const replay = process.env.CONTEST_SCOPE_SEED;
    const seed = replay ? Number(replay) : Math.floor(Math.random() * 2 ** 31);
    try {
      await fc.assert(
        fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 12 }), (ops) => stepAll(ops)),
        // The world carries on from run to run, so a failure is reported as it happened, not shrunk.
        { numRuns: 25, seed, endOnFailure: true },
      );
    } catch (error) {
      throw new Error(`contest scope property failed; replay with CONTEST_SCOPE_SEED=${seed}\n${(error as Error).message}`, {
        cause: error,
      });
    }
  }, 120_000);

  it('signs a team account in only while its event is on stage, beside the other event’s account of the same name', async () => {
    await backToA();
    const username = 'doi-trung-ten';
    const login = (password: string) => rest('POST', '/login', { username, password }, null);
    const account = (teamId: string, password: string) =>
      admin.user.create({ user: { username, password, role: 'team', teamId, fullName: 'Máy của đội' } });
    const teamA = await newTeam('A', 'Đội Bạch Đằng');
    await account(teamA, 'mat-khau-doi-a');
    await switchTo('B');
    const teamB = await newTeam('B', 'Đội Chi Lăng');
    await account(teamB, 'mat-khau-doi-b');

    await switchTo('A');
    const phoneA = await t.login(username, 'mat-khau-doi-a');
    expect((await getJson('/api/state', phoneA)).user).toMatchObject({ role: 'team', teamId: teamA });
    expect((await login('mat-khau-doi-b')).code).toBe('UNAUTHORIZED');

    await switchTo('B');
    // A's phone is signed out with its event, and its password opens nothing while B is on stage.
    expect((await getJson('/api/state', phoneA)).user).toBeNull();
    expect((await login('mat-khau-doi-a')).code).toBe('UNAUTHORIZED');
    const phoneB = await t.login(username, 'mat-khau-doi-b');
    expect((await getJson('/api/state', phoneB)).user).toMatchObject({ role: 'team', teamId: teamB });

    await switchTo('A');
    expect((await getJson('/api/state', phoneB)).user).toBeNull();
    expect((await login('mat-khau-doi-a')).code).toBe('ok');
  });

  it('signs the judge who sits on A’s panel alone out when B goes on stage, and takes no point from them there', async () => {
    await backToA();
    const teamA = await newTeam('A', 'Đội Đống Đa');
    const submit = async (cookie: string, teamId: string, point: number) =>
      codeOf((await t.caller(cookie)).scoring.submit({ teamId, point }));
    const cookie = await t.login('gk-rieng');
    expect(await submit(cookie, teamA, 4)).toBe('ok');

    await switchTo('B');
    const teamB = await newTeam('B', 'Đội Rạch Gầm');
    const printB = await fingerprint(t.deps.base, events.B.id);
    expect((await getJson('/api/state', cookie)).user).toBeNull();
    expect(await submit(cookie, teamB, 4)).toBe('UNAUTHORIZED');
    expect(await rest('POST', '/login', { username: 'gk-rieng', password: TEST_PASSWORD }, null)).toMatchObject({
      code: 'FORBIDDEN',
      body: { error: { message: messages.eventsAdmin.judgeNotOnPanel } },
    });
    expect(await fingerprint(t.deps.base, events.B.id)).toEqual(printB);
    // The judge on both panels scores B as ever.
    expect(await submit(await t.login('gk-chung'), teamB, 8)).toBe('ok');

    await switchTo('A');
    expect(await submit(await t.login('gk-rieng'), teamA, 5)).toBe('ok');
  });

  it('lets both events have a team of the same name, each seeing only its own', async () => {
    await backToA();
    const name = 'Đội Trùng Tên';
    const teamA = await newTeam('A', name);
    await switchTo('B');
    const teamB = await newTeam('B', name);
    expect(teamB).not.toBe(teamA);
    const namesakes = async () => ({
      teams: (await getJson('/api/team/all')).items
        .filter((team: { name: string }) => team.name === name)
        .map((team: { _id: string }) => team._id),
      results: (await getJson('/api/results')).items
        .filter((r: { name: string }) => r.name === name)
        .map((r: { teamId: string }) => r.teamId),
    });
    expect(await namesakes()).toEqual({ teams: [teamB], results: [teamB] });
    await switchTo('A');
    expect(await namesakes()).toEqual({ teams: [teamA], results: [teamA] });
  });

  // A team account is the event's: the read-only gate covers it (users/manage.ts) as it covers the
  // event's own tables (db/scope.ts).
  it('refuses a new team account while the event on stage is archived, as every other write (409)', async () => {
    await backToA();
    const teamId = await newTeam('A', 'Đội Lưu Trữ');
    expect((await rest('PUT', '/api/events', { _id: events.A.id, changes: { archived: true } })).code).toBe('ok');
    try {
      const user = { username: 'doi-luu-tru', password: TEST_PASSWORD, role: 'team' as const, teamId, fullName: 'Máy đội lưu trữ' };
      expect(await codeOf(admin.user.create({ user }))).toBe('CONFLICT');
    } finally {
      expect((await rest('PUT', '/api/events', { _id: events.A.id, changes: { archived: false } })).code).toBe('ok');
    }
  });

  // The live change log's rows of a deleted event go with it (`events.contest_id` has no foreign key:
  // deleteEvent removes them), its teams' names in their payloads among them.
  it('leaves no row naming an event once it is deleted, the live change log included', async () => {
    await backToA();
    const { item } = await admin.events.create({ data: { title: 'Giao hữu', rounds: 1 } });
    await admin.events.activate({ _id: item._id });
    expect((await rest('POST', '/api/team', { data: { name: 'Đội Giao Hữu' } })).code).toBe('ok');
    await switchTo('A');
    expect((await rest('DELETE', '/api/events', { _id: item._id, confirm: 'Giao hữu' })).code).toBe('ok');
    expect(await orphansByTable(t.deps.base)).toEqual({});
  });

  it('deletes B whole and leaves A byte-identical', async () => {
    await backToA();
    const base = t.deps.base;
    const printA = await fingerprint(base, events.A.id);
    const readsA = {
      teams: await getJson('/api/team/all'),
      results: await getJson('/api/results'),
      log: await admin.scoring.log({ limit: 1000 }),
    };
    const title = (await admin.events.list()).items.find((e) => e._id === events.B.id)!.title;
    expect((await rest('DELETE', '/api/events', { _id: events.B.id, confirm: title })).code).toBe('ok');

    expect(await fingerprint(base, events.A.id)).toEqual(printA);
    expect({
      teams: await getJson('/api/team/all'),
      results: await getJson('/api/results'),
      log: await admin.scoring.log({ limit: 1000 }),
    }).toEqual(readsA);
    // Every row of B's is gone, the live change log's too, and no row names it.
    for (const [table, rows] of Object.entries(await fingerprint(base, events.B.id))) expect(rows, table).toEqual([]);
    expect(await orphansByTable(base, CONTEST_OWNED_TABLES)).toEqual({});
    expect(await rowsCrossingEvents(base)).toEqual([]);
    await expectAuditChains(base, new Map([[events.A.id, events.A.teamsEver]]));
  });
});
