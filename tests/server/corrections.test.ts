/**
 * The corrections the biên bản lists (scoring.corrections): every change to a point after it was
 * given, oldest first, with its team, field, judge, old and new points, its reason and who made it;
 * a judge's own scoring, and a point the admin enters where the judge gave none, are not corrections;
 * a reset is one entry, and what came before it is gone with the points it corrected.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESET_CONFIRMATION } from '../../src/schemas/scoring';
import { type Caller, createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
let admin: Caller;
let master: Caller;
let judge: Caller;
let judgeId: string;
let otherJudgeId: string;
const teamIds: string[] = [];
const teamNames = ['Đội 09 – Phường Đống Đa – Trường THCS Nguyễn Trường Tộ', 'Đội Hồ Gươm'];

beforeAll(async () => {
  t = await createTestApp();
  const adminId = await t.createUser('admin', 'admin');
  await t.deps.db.updateTable('users').set({ full_name: 'Lê Quản Trị' }).where('id', '=', adminId).execute();
  admin = await t.caller(await t.login('admin'));
  const masterId = await t.createUser('dieukhien', 'master');
  await t.deps.db.updateTable('users').set({ full_name: 'Phạm Điều Khiển' }).where('id', '=', masterId).execute();
  master = await t.caller(await t.login('dieukhien'));
  judgeId = await t.createUser('gk1', 'judge');
  await t.deps.db.updateTable('users').set({ full_name: 'TS Nguyễn Thị Mai' }).where('id', '=', judgeId).execute();
  otherJudgeId = await t.createUser('gk2', 'judge');
  await t.deps.db.updateTable('users').set({ full_name: 'ThS Trần Văn Bình' }).where('id', '=', otherJudgeId).execute();
  judge = await t.caller(await t.login('gk1'));
  for (const name of teamNames) {
    teamIds.push((await admin.team.create({ data: { name } })).item._id);
  }
  await admin.scoreField.create({ data: { name: 'f', label: 'Thuyết trình', maxPoint: 10, step: 0.5 } });
  await admin.scoreField.create({ data: { name: 'phan-1', label: 'Khởi động', kind: 'answers', maxPoint: 300, step: 5 } });
});
afterAll(() => t.close());

describe('scoring.corrections', () => {
  it('lists every correction with its reason, and neither the judges’ own scoring nor points entered for them', async () => {
    const [long, short] = teamIds as [string, string];
    await master.show.update({ changes: { activeField: 'f', scoringOpen: true } });
    await judge.scoring.submit({ teamId: long, point: 9 });
    await judge.scoring.submit({ teamId: long, point: 8.5 });
    expect((await admin.scoring.corrections()).items).toEqual([]);

    await admin.scoring.adminSubmit({ teamId: long, gkId: judgeId, point: 4, fieldName: 'f', reason: 'Giám khảo ghi nhầm ô' });
    await admin.scoring.adminSubmit({ teamId: short, gkId: otherJudgeId, point: 7, fieldName: 'f' });
    await master.show.handPoints({ teamId: short, fieldName: 'phan-1', points: 15, reason: 'Thắng câu hỏi phụ' });
    const log = (await admin.scoring.log({ source: 'admin', limit: 1 })).items[0]!;
    await admin.scoring.undo({ eventId: log.id, reason: 'Sửa nhầm giám khảo' });

    const { items, headJudgeDecisions } = await master.scoring.corrections();
    expect(headJudgeDecisions).toEqual([]);
    expect(items.map(({ id: _, at: __, ...rest }) => rest)).toEqual([
      {
        source: 'admin',
        teamName: 'Đội 09 – Phường Đống Đa – Trường THCS Nguyễn Trường Tộ',
        fieldLabel: 'Thuyết trình',
        judgeName: 'TS Nguyễn Thị Mai',
        oldPoint: 8.5,
        newPoint: 4,
        count: 1,
        what: 'Quản trị sửa điểm thay TS Nguyễn Thị Mai',
        reason: 'Giám khảo ghi nhầm ô',
        actorName: 'Lê Quản Trị',
      },
      {
        source: 'hand',
        teamName: 'Đội Hồ Gươm',
        fieldLabel: 'Khởi động',
        judgeName: '(theo câu trả lời)',
        oldPoint: null,
        newPoint: 15,
        count: 1,
        what: 'Điểm nhập tay (+15,0 điểm)',
        reason: 'Thắng câu hỏi phụ',
        actorName: 'Phạm Điều Khiển',
      },
      {
        source: 'undo',
        teamName: 'Đội Hồ Gươm',
        fieldLabel: 'Thuyết trình',
        judgeName: 'ThS Trần Văn Bình',
        oldPoint: 7,
        newPoint: null,
        count: 1,
        what: expect.stringMatching(/^Hoàn tác thay đổi lúc \d{2}:\d{2} của Lê Quản Trị \(Thuyết trình, Đội Hồ Gươm\): trống → 7,0$/),
        reason: 'Sửa nhầm giám khảo',
        actorName: 'Lê Quản Trị',
      },
    ]);
    const times = items.map((i) => i.at);
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });

  it('starts at the last reset, which is one entry naming how many points it removed', async () => {
    const remaining = (await t.deps.db.selectFrom('scores').select('team_id').execute()).length;
    expect(remaining).toBeGreaterThan(1);
    await admin.scoring.reset({ confirm: RESET_CONFIRMATION, reason: 'Chấm lại từ đầu theo quyết định của ban tổ chức' });
    await admin.scoring.adminSubmit({ teamId: teamIds[1]!, gkId: judgeId, point: 6, fieldName: 'f' });
    await admin.scoring.adminSubmit({ teamId: teamIds[1]!, gkId: judgeId, point: 6.5, fieldName: 'f', reason: 'Cộng điểm trình bày' });
    await admin.scoring.adminSubmitAll({ teamId: teamIds[0]!, point: 5, fieldName: 'f' });
    await admin.scoring.adminSubmitAll({ teamId: teamIds[0]!, point: 5.5, fieldName: 'f', reason: 'Thống nhất của ban giám khảo' });

    const { items } = await admin.scoring.corrections();
    expect(items.map((i) => [i.source, i.teamName, i.judgeName, i.oldPoint, i.newPoint, i.count, i.reason])).toEqual([
      ['reset', null, null, null, null, remaining, 'Chấm lại từ đầu theo quyết định của ban tổ chức'],
      ['admin', 'Đội Hồ Gươm', 'TS Nguyễn Thị Mai', 6, 6.5, 1, 'Cộng điểm trình bày'],
      ['admin-all', teamNames[0], 'TS Nguyễn Thị Mai', 5, 5.5, 1, 'Thống nhất của ban giám khảo'],
      ['admin-all', teamNames[0], 'ThS Trần Văn Bình', 5, 5.5, 1, 'Thống nhất của ban giám khảo'],
    ]);
    expect(items[0]).toMatchObject({ what: 'Xoá toàn bộ điểm', fieldLabel: null, judgeName: null, actorName: 'Lê Quản Trị' });
  });
});
