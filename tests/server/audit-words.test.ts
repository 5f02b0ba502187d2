/**
 * The audit log speaks Vietnamese: every change is told with its team, field, judge and question
 * names (a question as "Phần N · Câu k", an obstacle's keyword by the keyword), never an id, a rule
 * code or an English source word. The changes come from the real paths where this file can drive
 * them, and as each format's writer stores them (reason and rule) for the rest.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESET_CONFIRMATION, type TAuditEntry } from '../../src/schemas/scoring';
import { ANSWERS_GK_ID } from '../../src/scoring';
import type { ScoreSource } from '../../src-server/db/types';
import { createTestApp, type TestApp } from '../helpers/test-app';

type Caller = Awaited<ReturnType<TestApp['caller']>>;
let t: TestApp;
let admin: Caller;
let master: Caller;
let judge: Caller;
let judgeId: string;
const teamIds: string[] = [];
const TEAMS = ['Lớp 9A1', 'Lớp 9A2'];
let classic: string[];
let obstacleSetId: string;
let obstacleRows: string[];
let finishQuestions: string[];

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;
const ENGLISH =
  /\b(judge|admin|admin-all|answer|speed|row|rows|keyword|package|star|steal|buzz|vote|votes|hand|undo|restart|reset|right|wrong|timeout|lost|clue|place)\b/i;

beforeAll(async () => {
  t = await createTestApp();
  const adminId = await t.createUser('admin', 'admin');
  await t.deps.db.updateTable('users').set({ full_name: 'Lê Quản Trị' }).where('id', '=', adminId).execute();
  admin = await t.caller(await t.login('admin'));
  const masterId = await t.createUser('dieukhien', 'master');
  await t.deps.db.updateTable('users').set({ full_name: 'Phạm Điều Khiển' }).where('id', '=', masterId).execute();
  master = await t.caller(await t.login('dieukhien'));
  judgeId = await t.createUser('gk1', 'judge');
  await t.deps.db.updateTable('users').set({ full_name: 'Nguyễn Thị Giám Khảo' }).where('id', '=', judgeId).execute();
  judge = await t.caller(await t.login('gk1'));
  for (const [i, name] of TEAMS.entries()) {
    const id = (await admin.team.create({ data: { name } })).item._id;
    teamIds.push(id);
    await t.createUser(`doi${i}`, 'team', { teamId: id });
  }
  await admin.scoreField.create({ data: { name: 'f', label: 'Thuyết trình', maxPoint: 10, step: 0.5 } });
  await admin.scoreField.create({ data: { name: 'phan-1', label: 'Khởi động', kind: 'answers', maxPoint: 300, step: 5 } });
  const question = (i: number) => ({ content: `Câu ${i}?`, options: ['A', 'B'], answer: 'A', point: 10, timeLimit: 30 });
  classic = (await admin.questionSet.create({ set: 1, data: { title: 'Khởi động', items: [1, 2].map(question) } })).item.items.map(
    (q) => q.id,
  );
  const obstacle = await admin.questionSet.create({
    set: 3,
    data: {
      title: 'Vượt chướng ngại vật',
      format: { kind: 'obstacle', keyword: 'Thăng Long', centreClue: 'Kinh đô', tiles: 4 },
      items: [1, 2, 3, 4].map(question),
    },
  });
  obstacleSetId = obstacle.item._id;
  obstacleRows = obstacle.item.items.map((q) => q.id);
  finishQuestions = (await admin.questionSet.create({ set: 4, data: { title: 'Về đích', items: [1, 2, 3].map(question) } })).item.items.map(
    (q) => q.id,
  );
});
afterAll(() => t.close());

function expectForPeople(entry: TAuditEntry) {
  const shown = [entry.description, entry.teamName, entry.fieldLabel, entry.judgeName, entry.actorName ?? ''];
  for (const text of shown) {
    expect(text, `${entry.source}: ${text}`).not.toMatch(UUID);
    expect(text, `${entry.source}: ${text}`).not.toMatch(ENGLISH);
  }
  expect(TEAMS).toContain(entry.teamName);
}

/** The newest entry of a source. */
async function latest(source: TAuditEntry['source']): Promise<TAuditEntry> {
  const [entry] = (await admin.scoring.log({ source: source as never, limit: 1 })).items;
  expect(entry, source).toBeDefined();
  return entry!;
}

describe('the audit log in words', () => {
  it('tells judges, corrections, verdicts, undo and reset with names', async () => {
    await master.show.update({ changes: { activeField: 'f', scoringOpen: true } });
    await judge.scoring.submit({ teamId: teamIds[0]!, point: 5 });
    await judge.scoring.submit({ teamId: teamIds[0]!, point: 7 });
    await admin.scoring.adminSubmit({ teamId: teamIds[0]!, gkId: judgeId, point: 8, fieldName: 'f', reason: 'Giám khảo gõ nhầm' });
    await admin.scoring.adminSubmitAll({ teamId: teamIds[1]!, point: 6, fieldName: 'f', reason: 'Chấm bù' });

    const set = (await admin.questionSet.adminList({ set: 1 })).items[0]!;
    await master.show.update({ changes: { phase: 'round', fw: 1, setId: set._id } });
    await master.show.update({
      changes: { questionId: classic[1]!, phase: 'question', answersOpen: true, timer: { action: 'start', durationMs: 60_000 } },
    });
    const team = await t.caller(await t.login('doi1'));
    await team.show.submitAnswer({ questionId: classic[1]!, answer: 'A' });
    await master.show.update({ changes: { answersOpen: false } });
    await master.show.verdict({ questionId: classic[1]!, teamId: teamIds[1]!, verdict: 'right' });

    const judged = await latest('judge');
    expect(judged).toMatchObject({
      teamName: 'Lớp 9A1',
      fieldLabel: 'Thuyết trình',
      judgeName: 'Nguyễn Thị Giám Khảo',
      description: 'Nguyễn Thị Giám Khảo chấm',
    });
    expect((await latest('admin')).description).toBe('Quản trị sửa điểm thay Nguyễn Thị Giám Khảo: Giám khảo gõ nhầm');
    expect((await latest('admin-all')).description).toContain('Chấm bù');
    const answered = await latest('answer');
    expect(answered).toMatchObject({ teamName: 'Lớp 9A2', judgeName: '(theo câu trả lời)', description: 'Phần 1 · Câu 2: trả lời đúng' });

    await admin.scoring.undo({ eventId: judged.id, reason: 'Nhầm đội' });
    const undone = await latest('undo');
    expect(undone.description).toMatch(
      /^Hoàn tác thay đổi lúc \d{2}:\d{2} của Nguyễn Thị Giám Khảo \(Thuyết trình, Lớp 9A1\): 5,0 → 7,0: Nhầm đội$/,
    );

    await admin.scoring.reset({ confirm: RESET_CONFIRMATION, reason: 'Chấm lại từ đầu' });
    expect((await latest('reset')).description).toBe('Xoá toàn bộ điểm: Chấm lại từ đầu');

    for (const entry of (await admin.scoring.log({ limit: 1000 })).items) expectForPeople(entry);
  });

  it("tells each format's points by its rule, with question names and the obstacle's keyword", async () => {
    // As each format's writer stores its points: the source, the reason and the rule.
    const [a, b] = teamIds as [string, string];
    const q = (id: string) => id;
    const written: [ScoreSource, string, string | null, string | null, number][] = [
      ['speed', a, `${q(classic[0]!)}: right`, 'speed:place=2:30', 30],
      ['speed', b, `${q(classic[0]!)}: thứ tự trả lời đúng thay đổi`, 'speed:place=-:0', 0],
      ['row', a, `${q(obstacleRows[1]!)}: right`, 'row:2:10', 10],
      ['keyword', b, `keyword:${obstacleSetId}: right`, 'keyword:rows=2:60', 60],
      ['keyword', a, `keyword:${obstacleSetId}: right`, 'keyword:clue:20', 20],
      ['package', a, `${q(finishQuestions[0]!)}: right`, 'package:right:20', 20],
      ['star', a, `${q(finishQuestions[1]!)}: wrong`, 'star:wrong:-30', -30],
      ['star', a, `${q(finishQuestions[2]!)}: timeout`, 'star:timeout:-30', -30],
      ['steal', b, `steal:${q(finishQuestions[1]!)}: right`, 'steal:right:30', 30],
      ['steal', a, `steal:${q(finishQuestions[1]!)}: right`, 'steal:lost:-30', -30],
      ['steal', b, `steal:${q(finishQuestions[2]!)}: wrong`, 'steal:wrong:-15', -15],
      ['buzz', a, `${q(classic[0]!)}: right`, 'buzz:right:20', 20],
      ['buzz', b, `${q(classic[0]!)}: wrong`, 'buzz:wrong:-10', -10],
      ['vote', b, 'Bình chọn khán giả số 1: đội được yêu thích nhất', 'vote:votes=42:10', 10],
      ['hand', a, 'Thưởng câu hỏi phụ', null, 15],
    ];
    const ids: number[] = [];
    for (const [source, teamId, reason, rule, delta] of written) {
      const current = await t.deps.db
        .selectFrom('score_events')
        .select('new_point')
        .where('team_id', '=', teamId)
        .where('gk_id', '=', ANSWERS_GK_ID)
        .orderBy('id', 'desc')
        .executeTakeFirst();
      const old = current?.new_point ?? null;
      const row = await t.deps.db
        .insertInto('score_events')
        .values({
          team_id: teamId,
          gk_id: ANSWERS_GK_ID,
          field_name: 'phan-1',
          old_point: old,
          new_point: (old ?? 0) + delta,
          actor_id: null,
          source,
          reason,
          rule,
          idempotency_key: null,
          request_hash: null,
          undoes: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.push(Number(row.id));
    }
    // "Chơi lại vòng này" takes the keyword's points back.
    await t.deps.db
      .insertInto('score_events')
      .values({
        team_id: b,
        gk_id: ANSWERS_GK_ID,
        field_name: 'phan-1',
        old_point: 0,
        new_point: -60,
        actor_id: null,
        source: 'restart',
        reason: null,
        idempotency_key: null,
        request_hash: null,
        undoes: ids[3]!,
      })
      .execute();

    const entries = (await admin.scoring.log({ limit: written.length + 1 })).items.reverse();
    expect(entries.map((e) => e.description)).toEqual([
      'Phần 1 · Câu 1 (tăng tốc): trả lời đúng, hạng 2, +30,0 điểm',
      'Phần 1 · Câu 1 (tăng tốc): thứ tự trả lời đúng thay đổi, không xếp hạng, +0,0 điểm',
      'Phần 3 · Câu 2 (hàng ngang 2): trả lời đúng, +10,0 điểm',
      'Giải từ khoá «Thăng Long» (Phần 3) sau 2 hàng ngang: +60,0 điểm',
      'Giải từ khoá «Thăng Long» (Phần 3) sau khi mở gợi ý: +20,0 điểm',
      'Phần 4 · Câu 1 (về đích): trả lời đúng, +20,0 điểm',
      'Phần 4 · Câu 2 (về đích, ngôi sao hy vọng): trả lời sai, −30,0 điểm',
      'Phần 4 · Câu 3 (về đích, ngôi sao hy vọng): hết giờ, −30,0 điểm',
      'Giành quyền trả lời Phần 4 · Câu 2: trả lời đúng, +30,0 điểm',
      'Phần 4 · Câu 2: đội khác giành quyền và trả lời đúng, −30,0 điểm',
      'Giành quyền trả lời Phần 4 · Câu 3: trả lời sai, −15,0 điểm',
      'Phần 1 · Câu 1 (bấm chuông): trả lời đúng, +20,0 điểm',
      'Phần 1 · Câu 1 (bấm chuông): trả lời sai, −10,0 điểm',
      'Bình chọn khán giả: được yêu thích nhất với 42 phiếu, +10,0 điểm',
      'Điểm nhập tay (+15,0 điểm): Thưởng câu hỏi phụ',
      expect.stringMatching(
        /^Chơi lại vòng: trả lại thay đổi lúc \d{2}:\d{2} \(Giải từ khoá «Thăng Long» \(Phần 3\) sau 2 hàng ngang: \+60,0 điểm\)$/,
      ),
    ]);
    for (const entry of entries) expectForPeople(entry);
  });

  it('names a deleted question or team without its id', async () => {
    await t.deps.db
      .insertInto('score_events')
      .values({
        team_id: 'doi-da-xoa',
        gk_id: ANSWERS_GK_ID,
        field_name: 'phan-1',
        old_point: null,
        new_point: 10,
        actor_id: null,
        source: 'answer',
        reason: '7b3ae5cc-1111-4222-8333-944455556666: right',
        idempotency_key: null,
        request_hash: null,
        undoes: null,
      })
      .execute();
    const [entry] = (await admin.scoring.log({ limit: 1 })).items;
    expect(entry).toMatchObject({ teamName: 'đội đã xoá', description: 'câu hỏi đã xoá: trả lời đúng' });
    expect(entry!.description).not.toMatch(UUID);
  });
});
