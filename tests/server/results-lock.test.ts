/**
 * Results locked ("kết quả đã chốt"): while a round's results (or the whole event's) are locked, every
 * path that moves one of its points answers 409 naming what is locked and writes nothing (a judge's
 * point and a replay from the pad's outbox, an admin's point and correction, hand points, a format's
 * verdict, the console's undo, an admin's undo, vote.award, the reset); after an audited unlock the
 * same call goes through. The live scoreboard stays; the final results need the whole event locked.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/messages';
import { RESET_CONFIRMATION } from '../../src/schemas/scoring';
import { ANSWERS_GK_ID } from '../../src/scoring';
import type { Delivery } from '../../src-server/features/live/fanout';
import { createJudges } from '../helpers/event-setup';
import { type Caller, createRoundNight } from '../helpers/round-night';
import type { TestApp } from '../helpers/test-app';

const t_ = messages.resultsLock;
let t: TestApp;
let admin: Caller;
let master: Caller;
let teams: Caller[];
let teamIds: string[];
let judge: { id: string; cookie: string; caller: Caller };
let adminId: string;
let questionIds: string[];

beforeAll(async () => {
  ({ t, admin, master, teams, teamIds } = await createRoundNight(['Đội An', 'Đội Bình']));
  adminId = (await admin.auth.me()).user!._id;
  judge = (await createJudges(t, ['gk1']))[0]!;
  await admin.scoreField.create({ data: { name: 'phan-1', label: 'Phần 1', kind: 'answers', maxPoint: 100, step: 5, round: 1 } });
  await admin.scoreField.create({ data: { name: 'phan-2', label: 'Phần 2', maxPoint: 10, step: 0.5, round: 2 } });
  // A field of no round: only the whole event's lock holds it.
  await admin.scoreField.create({ data: { name: 'phu', label: 'Điểm phụ', kind: 'answers', maxPoint: 50, step: 5 } });
  const set = await admin.questionSet.create({
    set: 1,
    data: {
      title: 'Khởi động',
      items: [10, 20, 30].map((point, i) => ({ content: `Câu ${i + 1}`, answer: 'Đáp án', point, timeLimit: 20 })),
    },
  });
  questionIds = set.item.items.map((q) => q.id);
  await master.show.update({ changes: { fw: 1, setId: set.item._id, phase: 'round' } });
});
afterAll(() => t.close());

/** Every stored point, by "team|judge|field": what the ranking reads. */
async function points(): Promise<Record<string, number>> {
  const rows = await t.deps.db.selectFrom('scores').select(['team_id', 'gk_id', 'field_name', 'point']).execute();
  return Object.fromEntries(rows.map((r) => [`${r.team_id}|${r.gk_id}|${r.field_name}`, Number(r.point)]));
}

/**
 * `call` is refused while `round`'s results (the whole event's: null) are locked, with the message
 * naming it, and leaves every point as it was; after the unlock the same call goes through.
 */
async function refusedWhileLocked<T>(round: number | null, call: () => Promise<T>): Promise<T> {
  await admin.results.lock({ round });
  const before = await points();
  await expect(call()).rejects.toMatchObject({ code: 'CONFLICT', message: round === null ? t_.eventLocked : t_.roundLocked(round) });
  expect(await points()).toEqual(before);
  await admin.results.unlock({ round, reason: 'Ban giám khảo phúc khảo' });
  return call();
}

describe('locking and unlocking', () => {
  it('locks a round as the admin: who, when, for the staff to see, and in the action log', async () => {
    const from = Date.now();
    const { locks } = await admin.results.lock({ round: 2 });
    expect(locks).toEqual([{ round: 2, lockedBy: adminId, lockedByName: 'Người dùng admin', lockedAt: expect.any(Number) }]);
    expect(locks[0]!.lockedAt).toBeGreaterThanOrEqual(from - 1000);
    expect((await master.results.locks()).locks).toEqual(locks);
    const [entry] = (await master.actions.log({})).items;
    expect(entry).toMatchObject({
      kind: 'results.lock',
      actorName: 'Người dùng admin',
      summary: 'Chốt kết quả phần thi 2',
      beforeText: t_.stateOpen,
      afterText: t_.stateLocked,
    });
  });

  it('refuses to lock twice, to unlock what is not locked, and a round the event does not use', async () => {
    await expect(admin.results.lock({ round: 2 })).rejects.toMatchObject({ code: 'CONFLICT', message: t_.alreadyLocked(2) });
    await expect(admin.results.unlock({ round: 3, reason: 'x' })).rejects.toMatchObject({ code: 'CONFLICT', message: t_.notLocked(3) });
    await expect(admin.results.unlock({ reason: 'x' })).rejects.toMatchObject({ code: 'CONFLICT', message: t_.notLocked(null) });
    await admin.settings.update({ roundTitles: { '1': 'Khởi động', '2': 'Tăng tốc', '3': 'Về đích', '4': '', '5': '', '6': '' } });
    await expect(admin.results.lock({ round: 5 })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: t_.roundNotUsed(5) });
    const res = await t.request('POST', '/api/results/lock', { cookie: await t.login('admin'), body: { round: 7 } });
    expect(res.status).toBe(400);
  });

  it('asks a reason to unlock, and logs the unlock with it', async () => {
    const cookie = await t.login('admin');
    const res = await t.request('POST', '/api/results/unlock', { cookie, body: { round: 2, reason: '   ' } });
    expect(res.status).toBe(400);
    expect((await res.json()).error.message).toBe(t_.reasonRequired);
    expect((await master.results.locks()).locks.map((l) => l.round)).toEqual([2]);
    const { locks } = await admin.results.unlock({ round: 2, reason: 'Nhập nhầm điểm đội An' });
    expect(locks).toEqual([]);
    const [entry] = (await master.actions.log({})).items;
    expect(entry).toMatchObject({
      kind: 'results.unlock',
      summary: 'Mở khoá kết quả phần thi 2: Nhập nhầm điểm đội An',
      beforeText: t_.stateLocked,
      afterText: t_.stateOpen,
    });
  });

  it('is told to the staff’s screens as it happens, and to no one else', async () => {
    const deliveries: Delivery[] = [];
    const hear = (delivery: Delivery) => deliveries.push(delivery);
    t.deps.hub.subscribe(hear);
    try {
      await admin.results.lock({});
      const heard = (role: 'admin' | 'judge' | null) =>
        deliveries.flatMap((d) =>
          d.kind === 'change'
            ? d.entry
                .messagesFor({ role, userId: role === 'judge' ? judge.id : null, participantId: null })
                .filter((m) => m.type === 'locks')
            : [],
        );
      expect(heard('admin')).toEqual([{ type: 'locks', locks: [expect.objectContaining({ round: null, lockedBy: adminId })] }]);
      expect(heard('judge')).toEqual([]);
      expect(heard(null)).toEqual([]);
      await admin.results.unlock({ reason: 'Thử' });
      expect(heard('admin').at(-1)).toEqual({ type: 'locks', locks: [] });
    } finally {
      t.deps.hub.unsubscribe(hear);
    }
  });
});

describe('every path that moves a point', () => {
  it('refuses a judge’s point on a locked round, and a queued one the pad replays, until the unlock', async () => {
    await master.show.update({ changes: { activeField: 'phan-2', scoringOpen: true } });
    const written = { teamId: teamIds[0]!, point: 7, key: 'pad-key-0001' };
    await judge.caller.scoring.submit(written);
    const queued = { teamId: teamIds[1]!, point: 8.5, key: 'pad-key-0002' };
    const item = await refusedWhileLocked(2, () => judge.caller.scoring.submit(queued));
    expect(item.item).toMatchObject({ teamId: teamIds[1], fieldName: 'phan-2', point: 8.5 });
    // A replay of a point written before the lock gets its first answer and writes nothing.
    await admin.results.lock({ round: 2 });
    const replay = await t.request('PUT', '/api/cham-thi/submit', { cookie: judge.cookie, body: written });
    expect(replay.status).toBe(200);
    // A new point is refused with the reason, as the pad shows it.
    const refused = await t.request('PUT', '/api/cham-thi/submit', {
      cookie: judge.cookie,
      body: { teamId: teamIds[0], point: 9, key: 'pad-key-0003' },
    });
    expect(refused.status).toBe(409);
    expect((await refused.json()).error.message).toBe(t_.roundLocked(2));
    expect((await points())[`${teamIds[0]}|${judge.id}|phan-2`]).toBe(7);
    await admin.results.unlock({ round: 2, reason: 'Mở để chấm tiếp' });
  });

  it('takes a judge’s point on a round that is not locked while another round is', async () => {
    await admin.results.lock({ round: 1 });
    await judge.caller.scoring.submit({ teamId: teamIds[0]!, point: 7.5 });
    expect((await points())[`${teamIds[0]}|${judge.id}|phan-2`]).toBe(7.5);
    await admin.results.unlock({ round: 1, reason: 'Xong' });
  });

  it('refuses an admin’s point, a correction and one for every judge', async () => {
    const gkId = judge.id;
    await refusedWhileLocked(2, () =>
      admin.scoring.adminSubmit({ teamId: teamIds[0]!, gkId, fieldName: 'phan-2', point: 6, reason: 'Sửa' }),
    );
    await refusedWhileLocked(null, () =>
      admin.scoring.adminSubmitAll({ teamId: teamIds[1]!, fieldName: 'phan-2', point: 5, reason: 'Sửa' }),
    );
    expect(await points()).toMatchObject({ [`${teamIds[0]}|${gkId}|phan-2`]: 6, [`${teamIds[1]}|${gkId}|phan-2`]: 5 });
  });

  it('refuses hand points, on a round’s field and, once the whole event is locked, on a field of no round', async () => {
    await refusedWhileLocked(1, () =>
      master.show.handPoints({ teamId: teamIds[0]!, fieldName: 'phan-1', points: 15, reason: 'Câu hỏi phụ' }),
    );
    await admin.results.lock({ round: 1 });
    await master.show.handPoints({ teamId: teamIds[0]!, fieldName: 'phu', points: 5, reason: 'Phong cách' });
    await admin.results.unlock({ round: 1, reason: 'Xong' });
    await refusedWhileLocked(null, () =>
      master.show.handPoints({ teamId: teamIds[1]!, fieldName: 'phu', points: 10, reason: 'Phong cách' }),
    );
    expect(await points()).toMatchObject({ [`${teamIds[0]}|${ANSWERS_GK_ID}|phu`]: 5, [`${teamIds[1]}|${ANSWERS_GK_ID}|phu`]: 10 });
  });

  it('refuses a format’s points (a classic round’s verdict), and the console’s undo of a move that gave points', async () => {
    const questionId = questionIds[0]!;
    await master.show.update({
      changes: { questionId, phase: 'question', answersOpen: true, timer: { action: 'start', durationMs: 60_000 } },
    });
    await teams[0]!.show.submitAnswer({ questionId, answer: 'Đáp án' });
    await teams[1]!.show.submitAnswer({ questionId, answer: 'Sai' });
    await refusedWhileLocked(1, () => master.show.verdict({ questionId, teamId: teamIds[0]!, verdict: 'right' }));
    const before = (await points())[`${teamIds[0]}|${ANSWERS_GK_ID}|phan-1`] ?? 0;
    // A wrong verdict moves no point: the lock does not stand in its way.
    await admin.results.lock({ round: 1 });
    await master.show.verdict({ questionId, teamId: teamIds[1]!, verdict: 'wrong' });
    await admin.results.unlock({ round: 1, reason: 'Chấm tiếp' });
    // The console's undo: first the wrong verdict (no point), then the right one (its 10 points back).
    await master.show.undo({});
    const { undone } = await refusedWhileLocked(1, () => master.show.undo({}));
    expect(undone.label).toBeTruthy();
    expect((await points())[`${teamIds[0]}|${ANSWERS_GK_ID}|phan-1`] ?? 0).toBe(before - 10);
  });

  it('refuses an admin’s undo of a logged change, and a round replayed', async () => {
    const last = await t.deps.db
      .selectFrom('score_events')
      .select('id')
      .where('field_name', '=', 'phan-2')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    await refusedWhileLocked(2, () => admin.scoring.undo({ eventId: Number(last.id), reason: 'Nhầm' }));
    const questionId = questionIds[1]!;
    await master.show.update({ changes: { questionId, phase: 'question', answersOpen: true } });
    await teams[1]!.show.submitAnswer({ questionId, answer: 'Đáp án' });
    await master.show.verdict({ questionId, teamId: teamIds[1]!, verdict: 'right' });
    const setId = (await master.system.state()).system.setId!;
    await refusedWhileLocked(1, () => master.show.restartRound({ setId }));
  });

  it('refuses vote.award on a locked round’s field', async () => {
    await master.vote.update({ open: true, teamIds, choices: 1 });
    const device = (await t.request('GET', '/api/vote')).headers.get('set-cookie')!.split(';')[0]!;
    expect((await t.request('POST', '/api/vote', { cookie: device, body: { teamIds: [teamIds[1]] } })).status).toBe(200);
    await master.vote.update({ open: false });
    const before = (await points())[`${teamIds[1]}|${ANSWERS_GK_ID}|phan-1`] ?? 0;
    await refusedWhileLocked(1, () => master.vote.award({ fieldName: 'phan-1' }));
    expect((await points())[`${teamIds[1]}|${ANSWERS_GK_ID}|phan-1`]).toBe(100);
    expect(before).not.toBe(100);
  });

  it('refuses the reset of all points while any round holding points is locked', async () => {
    await refusedWhileLocked(2, () => admin.scoring.reset({ confirm: RESET_CONFIRMATION, reason: 'Làm lại' }));
    expect(await points()).toEqual({});
  });
});

describe('the projector', () => {
  it('shows the live scoreboard whatever is locked', async () => {
    await master.show.update({ changes: { phase: 'scoreboard' } });
    await admin.results.lock({ round: 1 });
    await master.show.update({ changes: { phase: 'round' } });
    await master.show.update({ changes: { phase: 'scoreboard' } });
    expect((await t.request('GET', '/api/state')).status).toBe(200);
    await admin.results.unlock({ round: 1, reason: 'Xong' });
  });

  it('shows the final results only once the whole event is locked, and keeps them until they leave the screen', async () => {
    const final = () => master.show.update({ changes: { phase: 'final' } });
    await expect(final()).rejects.toMatchObject({ code: 'CONFLICT', message: t_.finalNeedsLock });
    await admin.results.lock({ round: 1 });
    await admin.results.lock({ round: 2 });
    await expect(final()).rejects.toMatchObject({ code: 'CONFLICT', message: t_.finalNeedsLock });
    await admin.results.lock({});
    const { system } = await final();
    expect(system.phase).toBe('final');
    await expect(admin.results.unlock({ reason: 'Sửa điểm' })).rejects.toMatchObject({ code: 'CONFLICT', message: t_.finalOnAir });
    await master.show.update({ changes: { phase: 'scoreboard' } });
    await admin.results.unlock({ reason: 'Sửa điểm' });
    // The console's undo cannot bring them back while the event is open again.
    await expect(master.show.undo({})).rejects.toMatchObject({ code: 'CONFLICT', message: t_.finalNeedsLock });
    await admin.results.lock({});
    expect((await master.show.undo({})).system.phase).toBe('final');
  });
});

describe('what else moves the results', () => {
  it('refuses taking a team out of locked results and changing a locked criterion’s scale; a label may change', async () => {
    // The whole event is locked (the final results are on air).
    expect((await master.results.locks()).locks.some((l) => l.round === null)).toBe(true);
    await expect(admin.team.remove({ _id: teamIds[0]! })).rejects.toMatchObject({ code: 'CONFLICT', message: t_.eventLocked });
    await expect(admin.team.update({ _id: teamIds[1]!, changes: { active: false } })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: t_.eventLocked,
    });
    const field = (await admin.scoreField.all()).items.find((f) => f.name === 'phan-2')!;
    await expect(admin.scoreField.update({ _id: field._id, changes: { weight: 2 } })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: t_.eventLocked,
    });
    await expect(admin.scoreField.remove({ _id: field._id })).rejects.toMatchObject({ code: 'CONFLICT', message: t_.eventLocked });
    await admin.scoreField.update({ _id: field._id, changes: { label: 'Phần 2: Tăng tốc' } });
    expect((await admin.scoreField.all()).items.find((f) => f.name === 'phan-2')).toMatchObject({ weight: 1, label: 'Phần 2: Tăng tốc' });
  });
});

describe('an archived event', () => {
  it('keeps its locks read-only like the rest of it', async () => {
    const { contest } = t.deps.hub.live.scope;
    await admin.events.update({ _id: contest, changes: { archived: true } });
    await expect(admin.results.unlock({ reason: 'Sửa' })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: messages.eventsAdmin.archived,
    });
    await expect(admin.results.lock({ round: 3 })).rejects.toMatchObject({ code: 'CONFLICT', message: messages.eventsAdmin.archived });
    expect((await master.results.locks()).locks.map((l) => l.round)).toEqual([null, 1, 2]);
  });
});
