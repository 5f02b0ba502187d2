/**
 * Property: after any history of show moves, scores, answers, team, settings, sheet and judge
 * changes and restarts, the in-memory read model equals a fresh load from the database, its points
 * equal a rebuild from the audit log, and (on PostgreSQL) a second instance following through LISTEN
 * holds the same picture.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESET_CONFIRMATION } from '../../src/schemas/scoring';
import { createLiveHub, type NightHub } from '../../src-server/picture/hub';
import { loadLiveData } from '../../src-server/picture/load';
import type { LiveData } from '../../src-server/picture/model';
import {
  ANSWERS_FIELD,
  createJudges,
  createQuestionSet,
  createScoreFields,
  createTeams,
  JUDGED_FIELD,
  scoresFromLog,
} from '../helpers/event-setup';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
// Cookies, not callers: a caller's context holds the hub it was made with, and restarts replace it.
let adminCookie = '';
let teamCookie = '';
let teamId = '';
const judges: { id: string; cookie: string }[] = [];
const teamIds: string[] = [];
const questionIds: string[] = [];
let setId = '';
let second: NightHub | null = null;

beforeAll(async () => {
  t = await createTestApp();
  await t.createUser('admin', 'admin');
  adminCookie = await t.login('admin');
  const admin = await t.caller(adminCookie);
  judges.push(...(await createJudges(t, ['mgk0', 'mgk1', 'mgk2'])));
  teamIds.push(...(await createTeams(admin, ['Đội Một', 'Đội Hai', 'Đội Ba'])));
  teamId = teamIds[0]!;
  await t.createUser('doimot', 'team', { teamId });
  teamCookie = await t.login('doimot');
  await createScoreFields(admin, [JUDGED_FIELD, ANSWERS_FIELD]);
  const set = await createQuestionSet(admin, 1, {
    title: 'Bộ câu hỏi',
    items: [
      { content: 'Câu một?', options: ['A', 'B'], answer: 'A', point: 10, timeLimit: 600 },
      { content: 'Câu hai?', answer: 'Hai', point: 20, timeLimit: 600 },
    ],
  });
  setId = set.id;
  questionIds.push(...set.questionIds);
  if (t.database.handle.pool) {
    second = createLiveHub(t.deps.db, t.deps.notices);
    await second.start();
  }
});
afterAll(async () => {
  await second?.stop();
  await t.close();
});

const step = fc.oneof(
  fc.record({ kind: fc.constant('phase' as const), phase: fc.constantFrom('round', 'question', 'answer', 'scoreboard', 'blank') }),
  fc.record({ kind: fc.constant('question' as const), q: fc.nat(1) }),
  fc.record({ kind: fc.constant('open' as const), field: fc.constantFrom('f', 'phan-1', null), open: fc.boolean() }),
  fc.record({ kind: fc.constant('answersOpen' as const), open: fc.boolean() }),
  fc.record({ kind: fc.constant('freeze' as const), frozen: fc.boolean() }),
  fc.record({ kind: fc.constant('undoShow' as const) }),
  fc.record({ kind: fc.constant('judge' as const), judge: fc.nat(2), team: fc.nat(2), half: fc.nat(20) }),
  fc.record({ kind: fc.constant('adminAll' as const), team: fc.nat(2), half: fc.nat(20) }),
  fc.record({ kind: fc.constant('undoScore' as const), back: fc.nat(3) }),
  fc.record({ kind: fc.constant('reset' as const) }),
  fc.record({ kind: fc.constant('answer' as const), text: fc.constantFrom('A', 'B', 'Hai') }),
  fc.record({ kind: fc.constant('verdict' as const), verdict: fc.constantFrom('right', 'wrong', null) }),
  fc.record({ kind: fc.constant('buzz' as const) }),
  fc.record({ kind: fc.constant('teamEdit' as const), team: fc.nat(2), priority: fc.nat(3), active: fc.boolean() }),
  fc.record({
    kind: fc.constant('settings' as const),
    name: fc.constantFrom('Hội thi A', 'Hội thi B'),
    title: fc.constantFrom('VÒNG 1', 'KHỞI ĐỘNG'),
  }),
  fc.record({ kind: fc.constant('weight' as const), weight: fc.constantFrom(1, 2, 0.5) }),
  fc.record({
    kind: fc.constant('judgeEdit' as const),
    judge: fc.nat(2),
    name: fc.constantFrom('GK Một', 'GK Hai'),
    priority: fc.nat(2),
    active: fc.boolean(),
  }),
  fc.record({ kind: fc.constant('restart' as const) }),
);
type Step = typeof step extends fc.Arbitrary<infer S> ? S : never;

async function run(s: Step): Promise<void> {
  const admin = await t.caller(adminCookie);
  const team = await t.caller(teamCookie);
  switch (s.kind) {
    case 'phase':
      return void (await admin.show.update({ changes: { phase: s.phase } }));
    case 'question':
      return void (await admin.show.update({ changes: { fw: 1, setId, questionId: questionIds[s.q]! } }));
    case 'open':
      return void (await admin.show.update({ changes: { activeField: s.field, scoringOpen: s.open } }));
    case 'answersOpen':
      return void (await admin.show.update({ changes: { answersOpen: s.open, shownAnswers: s.open ? [] : [teamId] } }));
    case 'freeze':
      return void (await admin.show.update({ changes: { scoreboardFrozen: s.frozen } }));
    case 'undoShow':
      return void (await admin.show.undo());
    case 'judge':
      return void (await (await t.caller(judges[s.judge]!.cookie)).scoring.submit({ teamId: teamIds[s.team]!, point: s.half / 2 }));
    case 'adminAll':
      return void (await admin.scoring.adminSubmitAll({ teamId: teamIds[s.team]!, fieldName: 'f', point: s.half / 2, reason: 'sửa' }));
    case 'undoScore': {
      const log = await admin.scoring.log({ limit: 5 });
      const entry = log.items[s.back];
      if (entry) await admin.scoring.undo({ eventId: entry.id, reason: 'hoàn tác' });
      return;
    }
    case 'reset':
      return void (await admin.scoring.reset({ confirm: RESET_CONFIRMATION, reason: 'làm lại' }));
    case 'answer': {
      const questionId = t.deps.hub.live.stage.stored.questionId;
      if (questionId) await team.show.submitAnswer({ questionId, answer: s.text });
      return;
    }
    case 'verdict': {
      const questionId = t.deps.hub.live.stage.stored.questionId;
      if (questionId) await admin.show.verdict({ questionId, teamId, verdict: s.verdict });
      return;
    }
    case 'buzz': {
      const questionId = t.deps.hub.live.stage.stored.questionId;
      if (questionId) await team.show.buzz({ questionId });
      return;
    }
    case 'teamEdit':
      return void (await admin.team.update({ _id: teamIds[s.team]!, changes: { priority: s.priority, active: s.active } }));
    case 'settings':
      return void (await admin.settings.update({ name: s.name, roundTitles: { '1': s.title } }));
    case 'weight': {
      const field = (await admin.scoreField.all()).items.find((f) => f.name === 'f')!;
      return void (await admin.scoreField.update({ _id: field._id, changes: { weight: s.weight } }));
    }
    case 'judgeEdit':
      return void (await admin.user.update({
        _id: judges[s.judge]!.id,
        changes: { fullName: s.name, priority: s.priority, active: s.active },
      }));
    case 'restart': {
      // A new instance on the same data: it loads once and must agree with the old one.
      await t.deps.hub.stop();
      const hub = createLiveHub(t.deps.db, t.deps.notices);
      await hub.start();
      t.deps.hub = hub;
      return;
    }
  }
}

/** The model and a fresh load in one comparable shape: JSON values, rows in a stable order. */
function comparable(data: LiveData) {
  const plain = JSON.parse(JSON.stringify(data)) as LiveData;
  const key = (s: { teamId: string; gkId: string; fieldName: string }) => `${s.teamId}|${s.gkId}|${s.fieldName}`;
  plain.scores.sort((a, b) => key(a).localeCompare(key(b)));
  plain.teams.sort((a, b) => a.id.localeCompare(b.id));
  return plain;
}

const succeeded = new Map<string, number>();

describe('the live read model', () => {
  it('equals a fresh load from the database after random histories, and its points equal the audit log', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 25 }), async (steps) => {
        for (const s of steps) {
          // Refused moves (409, 400) change nothing; the rest are counted below.
          if (
            await run(s).then(
              () => true,
              () => false,
            )
          )
            succeeded.set(s.kind, (succeeded.get(s.kind) ?? 0) + 1);
        }
        const fresh = await loadLiveData(t.deps.db);
        const model = t.deps.hub.live;
        expect(model.eventId).toBe(fresh.eventId);
        expect(comparable(model.toData())).toEqual(comparable(fresh.data));
        const points = Object.fromEntries(model.standings.allScores().map((s) => [`${s.teamId}|${s.gkId}|${s.fieldName}`, s.point]));
        expect(points).toEqual(Object.fromEntries(await scoresFromLog(t.deps.db)));
        if (second) {
          // The other instance follows through LISTEN/NOTIFY.
          await expect.poll(() => second!.live.eventId, { timeout: 5000, interval: 10 }).toBe(fresh.eventId);
          expect(comparable(second.live.toData())).toEqual(comparable(fresh.data));
        }
      }),
      { numRuns: 25 },
    );
    // The histories really changed things: every kind of change that cannot be refused happened.
    const applied = [...succeeded.keys()];
    console.log('[live-model] applied steps by kind:', Object.fromEntries(succeeded));
    for (const kind of ['phase', 'question', 'teamEdit', 'settings', 'weight', 'judgeEdit', 'restart'] as const)
      expect(applied).toContain(kind);
  }, 120_000);
});
