/**
 * Property: for any history of judge scores, admin corrections, admin-all, undos and resets, the
 * scores rebuilt from the audit log alone equal the live scores.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESET_CONFIRMATION } from '../../src/schemas/scoring';
import { createJudges, createScoreFields, createTeams, JUDGED_FIELD, scoresFromLog } from '../helpers/event-setup';
import { type Caller, createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
let admin: Caller;
const judges: { id: string; caller: Caller }[] = [];
const teamIds: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  await t.createUser('admin', 'admin');
  admin = await t.caller(await t.login('admin'));
  judges.push(...(await createJudges(t, ['pgk0', 'pgk1', 'pgk2'])));
  teamIds.push(...(await createTeams(admin, ['Đội 1', 'Đội 2'])));
  await createScoreFields(admin, [JUDGED_FIELD]);
  await admin.show.update({ changes: { activeField: 'f', scoringOpen: true } });
});
afterAll(() => t.close());

const action = fc.oneof(
  fc.record({ kind: fc.constant('judge' as const), judge: fc.nat(2), team: fc.nat(1), half: fc.nat(20) }),
  fc.record({ kind: fc.constant('admin' as const), judge: fc.nat(2), team: fc.nat(1), half: fc.nat(20) }),
  fc.record({ kind: fc.constant('all' as const), team: fc.nat(1), half: fc.nat(20) }),
  fc.record({ kind: fc.constant('undo' as const), back: fc.nat(5) }),
  fc.record({ kind: fc.constant('reset' as const) }),
);

describe('the audit log', () => {
  it('rebuilds the live scores exactly, for random histories', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(action, { minLength: 1, maxLength: 12 }), async (actions) => {
        for (const a of actions) {
          if (a.kind === 'judge') {
            await judges[a.judge]!.caller.scoring.submit({ teamId: teamIds[a.team]!, point: a.half / 2 });
          } else if (a.kind === 'admin') {
            await admin.scoring.adminSubmit({
              teamId: teamIds[a.team]!,
              gkId: judges[a.judge]!.id,
              point: a.half / 2,
              fieldName: 'f',
              reason: 'sửa',
            });
          } else if (a.kind === 'all') {
            await admin.scoring.adminSubmitAll({ teamId: teamIds[a.team]!, point: a.half / 2, fieldName: 'f', reason: 'sửa' });
          } else if (a.kind === 'undo') {
            const recent = (await admin.scoring.log({ limit: a.back + 1 })).items;
            const target = recent[recent.length - 1];
            if (target) await admin.scoring.undo({ eventId: target.id });
          } else if ((await admin.scoring.list()).items.length > 0) {
            await admin.scoring.reset({ confirm: RESET_CONFIRMATION, reason: 'thử' });
          }
        }
        const live = new Map((await admin.scoring.list()).items.map((i) => [`${i.teamId}|${i.gkId}|${i.fieldName}`, i.point]));
        expect(await scoresFromLog(t.deps.db)).toEqual(live);
      }),
      { numRuns: 25 },
    );
  });
});
