import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as mediaDetected from '../../db/migrations/2026_11_22_0006_media_detected';

/** A real 1×1 PNG. */
const PNG_1X1 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

import { messages } from '../../src/messages';
import { postEach } from '../helpers/event-setup';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
let admin: string, master: string, judge: string;

beforeAll(async () => {
  t = await createTestApp();
  ({ admin, master, judge } = await t.staff(['admin', 'master', 'judge', 'team']));
});
afterAll(() => t.close());

const question = (content: string, answer = 'Đáp án') => ({
  content,
  options: ['A', 'B', 'C', 'D'],
  answer,
  explanation: 'Giải thích',
  point: 10,
  timeLimit: 30,
});

describe('question sets', () => {
  it('creates a set with stable question ids and answers it in the contract shape', async () => {
    const res = await t.request('POST', '/api/fw-question-2', {
      cookie: admin,
      body: {
        data: {
          title: 'Tiến về Hà Nội — vòng 1',
          items: [question('Hồ Gươm còn có tên gọi nào khác?'), question('Cầu Long Biên khánh thành năm nào?')],
        },
      },
    });
    expect(res.status).toBe(200);
    const { item } = await res.json();
    expect(item).toMatchObject({ set: 2, title: 'Tiến về Hà Nội — vòng 1', version: 1, priority: 0 });
    expect(item.items).toHaveLength(2);
    expect(item.items[0].id).toMatch(/\w{8}/);
    expect(item.items[0].id).not.toBe(item.items[1].id);
  });

  it('keeps question ids across a reorder', async () => {
    const created = (
      await (
        await t.request('POST', '/api/fw-question-3', {
          cookie: admin,
          body: { data: { title: 'Bộ 3', items: [question('Một'), question('Hai')] } },
        })
      ).json()
    ).item;
    const reordered = [created.items[1], created.items[0]];
    const res = await t.request('PUT', '/api/fw-question-3', {
      cookie: admin,
      body: { _id: created._id, changes: { items: reordered }, version: 1 },
    });
    const { item } = await res.json();
    expect(item.items.map((q: { id: string }) => q.id)).toEqual([created.items[1].id, created.items[0].id]);
    expect(item.version).toBe(2);
  });

  it('shows answers to admin and master, never to judges', async () => {
    const created = (
      await (
        await t.request('POST', '/api/fw-question-4', {
          cookie: admin,
          body: { data: { title: 'Bộ 4', items: [question('Câu hỏi', 'Bí mật')] } },
        })
      ).json()
    ).item;
    const forMaster = await (await t.request('GET', `/api/fw-question-4/${created._id}`, { cookie: master })).json();
    expect(forMaster.item.items[0].answer).toBe('Bí mật');
    const forJudge = await (await t.request('GET', `/api/fw-question-4/${created._id}`, { cookie: judge })).json();
    expect(forJudge.item.items[0]).not.toHaveProperty('answer');
    expect(forJudge.item.items[0]).not.toHaveProperty('explanation');
    const listForJudge = await (await t.request('GET', '/api/fw-question-4/all', { cookie: judge })).text();
    expect(listForJudge).not.toContain('Bí mật');
  });

  it('refuses a stale version with 409 and keeps the first edit', async () => {
    const created = (await (await t.request('POST', '/api/fw-question-5', { cookie: admin, body: { data: { title: 'Bản đầu' } } })).json())
      .item;
    const first = await t.request('PUT', '/api/fw-question-5', {
      cookie: admin,
      body: { _id: created._id, changes: { title: 'Sửa lần 1' }, version: 1 },
    });
    expect(first.status).toBe(200);
    const second = await t.request('PUT', '/api/fw-question-5', {
      cookie: admin,
      body: { _id: created._id, changes: { title: 'Sửa lần 2' }, version: 1 },
    });
    expect(second.status).toBe(409);
    expect((await second.json()).error.message).toBe(messages.staleVersion);
    const stored = await (await t.request('GET', `/api/fw-question-5/admin/${created._id}`, { cookie: admin })).json();
    expect(stored.item.title).toBe('Sửa lần 1');
  });

  it('answers 404 for an unknown id and for an id of another set', async () => {
    const created = (await (await t.request('POST', '/api/fw-question', { cookie: admin, body: { data: { title: 'Bộ 1' } } })).json()).item;
    expect((await t.request('GET', '/api/fw-question/khong-co', { cookie: admin })).status).toBe(404);
    expect((await t.request('GET', `/api/fw-question-6/${created._id}`, { cookie: admin })).status).toBe(404);
    expect((await t.request('DELETE', '/api/fw-question-6', { cookie: admin, body: { _id: created._id } })).status).toBe(404);
  });

  it('names the bad field of a bad question', async () => {
    const res = await t.request('POST', '/api/fw-question', {
      cookie: admin,
      body: { data: { title: 'X', items: [{ content: '', point: 'mười' }] } },
    });
    expect(res.status).toBe(400);
    const { error } = await res.json();
    expect(error.field).toMatch(/^data\.items\.0\.(content|point)$/);
  });

  it('lists a set by priority then title, and deletes', async () => {
    await postEach(t, admin, '/api/fw-question-6', [
      { data: { title: 'Chung kết', priority: 2 } },
      { data: { title: 'Bán kết', priority: 1 } },
      { data: { title: 'An toàn', priority: 2 } },
    ]);
    const { items } = await (await t.request('GET', '/api/fw-question-6/all', { cookie: admin })).json();
    expect(items.map((s: { title: string }) => s.title)).toEqual(['Bán kết', 'An toàn', 'Chung kết']);
    const del = await t.request('DELETE', '/api/fw-question-6', { cookie: admin, body: { _id: items[0]._id } });
    expect(await del.json()).toEqual({ ok: true });
    expect((await (await t.request('GET', '/api/fw-question-6/all', { cookie: admin })).json()).items).toHaveLength(2);
  });
});

describe('rules', () => {
  it('are public to read, sorted by order, with changes under data', async () => {
    const b = await (
      await t.request('POST', '/api/the-le', { cookie: admin, body: { data: { title: 'Điều 2', content: '**Hai**', order: 2 } } })
    ).json();
    await t.request('POST', '/api/the-le', { cookie: admin, body: { data: { title: 'Điều 1', content: 'Một', order: 1 } } });
    expect(b.item).toMatchObject({ data: { title: 'Điều 2', content: '**Hai**', order: 2 } });
    const updated = await (
      await t.request('PUT', '/api/the-le', { cookie: admin, body: { _id: b.item._id, changes: { data: { title: 'Điều 2 (sửa)' } } } })
    ).json();
    expect(updated.item.data).toEqual({ title: 'Điều 2 (sửa)', content: '**Hai**', order: 2 });
    const { items } = await (await t.request('GET', '/api/the-le/all')).json();
    expect(items.map((r: { data: { title: string } }) => r.data.title)).toEqual(['Điều 1', 'Điều 2 (sửa)']);
    expect((await t.request('DELETE', '/api/the-le', { cookie: admin, body: { _id: 'khong-co' } })).status).toBe(404);
  });
});

describe('users', () => {
  const newUser = (username: string, extra: Record<string, unknown> = {}) => ({
    user: { username, password: 'mat-khau-123', fullName: `Người ${username}`, role: 'judge', ...extra },
  });

  it('creates a user and never returns the password', async () => {
    const res = await t.request('POST', '/api/user', {
      cookie: admin,
      body: newUser('gk.nguyen', { fullName: 'Nguyễn Thị Đào', mobile: '0912345678', email: 'dao@hanoi.edu.vn' }),
    });
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).not.toContain('mat-khau-123');
    expect(JSON.parse(text).user).toMatchObject({ username: 'gk.nguyen', fullName: 'Nguyễn Thị Đào', role: 'judge', active: true });
  });

  it('refuses a duplicate username regardless of case with 409', async () => {
    const res = await t.request('POST', '/api/user', { cookie: admin, body: newUser('GK.NGUYEN') });
    expect(res.status).toBe(409);
    expect((await res.json()).error).toMatchObject({ message: messages.usernameTaken, field: 'user.username' });
  });

  it.each([
    ['email', { email: 'sai' }, 'user.email'],
    ['mobile', { mobile: '12345' }, 'user.mobile'],
    ['role', { role: 'superuser' }, 'user.role'],
  ])('refuses a bad %s with 400 naming it', async (_name, extra, field) => {
    const res = await t.request('POST', '/api/user', { cookie: admin, body: newUser('hople', extra) });
    expect(res.status).toBe(400);
    expect((await res.json()).error.field).toBe(field);
  });

  it('pages, sorts by priority and finds names with or without diacritics', async () => {
    await postEach(t, admin, '/api/user', [
      newUser('u.tran', { fullName: 'Trần Văn Bình', priority: 3 }),
      newUser('u.le', { fullName: 'Lê Thị Hồng', priority: 1 }),
      newUser('u.do', { fullName: 'Đỗ Đức Dũng', priority: 2 }),
    ]);
    const condition = encodeURIComponent(JSON.stringify({ search: 'u.' }));
    const page1 = (await (await t.request('GET', `/api/user/page/1/2?condition=${condition}`, { cookie: admin })).json()).page;
    expect(page1).toMatchObject({ pageNumber: 1, pageSize: 2, total: 3, pageCondition: { search: 'u.' } });
    expect(page1.list.map((u: { username: string }) => u.username)).toEqual(['u.le', 'u.do']);
    const page2 = (await (await t.request('GET', `/api/user/page/2/2?condition=${condition}`, { cookie: admin })).json()).page;
    expect(page2.list.map((u: { username: string }) => u.username)).toEqual(['u.tran']);

    for (const search of ['dung', 'Đỗ Đức', 'DO DUC', 'hồng']) {
      const c = encodeURIComponent(JSON.stringify({ search }));
      const { page } = await (await t.request('GET', `/api/user/page/1/50?condition=${c}`, { cookie: admin })).json();
      expect(page.list.length, search).toBe(1);
    }
    const byRole = encodeURIComponent(JSON.stringify({ role: 'master' }));
    const masters = (await (await t.request('GET', `/api/user/page/1/50?condition=${byRole}`, { cookie: admin })).json()).page;
    expect(masters.list.every((u: { role: string }) => u.role === 'master')).toBe(true);
  });

  it('answers a bad condition or page number with 400', async () => {
    expect((await (await t.request('GET', '/api/user/page/1/50?condition={bad', { cookie: admin })).json()).error.field).toBe('condition');
    expect((await (await t.request('GET', '/api/user/page/0/50', { cookie: admin })).json()).error.field).toBe('pageNumber');
    expect((await t.request('GET', '/api/user/page/abc/50', { cookie: admin })).status).toBe(400);
  });

  it('gives only picker fields with partial=1', async () => {
    const { list } = await (await t.request('GET', '/api/user/all?partial=1&t=1', { cookie: master })).json();
    expect(Object.keys(list[0]).sort()).toEqual(['_id', 'fullName', 'priority', 'role', 'teamId', 'username']);
  });

  it('lets an admin set a new password, which ends the old sessions', async () => {
    const { user } = await (await t.request('POST', '/api/user', { cookie: admin, body: newUser('doimatkhau') })).json();
    const old = await t.login('doimatkhau', 'mat-khau-123');
    const res = await t.request('PUT', '/api/user', { cookie: admin, body: { _id: user._id, changes: { password: 'mat-khau-moi-456' } } });
    expect(res.status).toBe(200);
    expect((await (await t.request('GET', '/api/state', { cookie: old })).json()).user).toBeNull();
    expect(await t.login('doimatkhau', 'mat-khau-moi-456')).toBeTruthy();
  });

  it('ends the sessions of a disabled user', async () => {
    const { user } = await (await t.request('POST', '/api/user', { cookie: admin, body: newUser('seboikhoa') })).json();
    const session = await t.login('seboikhoa', 'mat-khau-123');
    await t.request('PUT', '/api/user', { cookie: admin, body: { _id: user._id, changes: { active: false } } });
    expect((await (await t.request('GET', '/api/state', { cookie: session })).json()).user).toBeNull();
  });

  it('never deletes or demotes the last admin', async () => {
    const me = (await (await t.request('GET', '/api/state', { cookie: admin })).json()).user;
    const demote = await t.request('PUT', '/api/user', { cookie: admin, body: { _id: me._id, changes: { role: 'judge' } } });
    expect(demote.status).toBe(400);
    expect((await demote.json()).error.message).toBe(messages.lastAdmin);
    expect((await t.request('DELETE', '/api/user', { cookie: admin, body: { _id: me._id } })).status).toBe(400);
    expect((await (await t.request('GET', '/api/state', { cookie: admin })).json()).user.role).toBe('admin');
  });

  it('deletes a user with the contract shape and 404s an unknown one', async () => {
    const { user } = await (await t.request('POST', '/api/user', { cookie: admin, body: newUser('sexoa') })).json();
    expect(await (await t.request('DELETE', '/api/user', { cookie: admin, body: { _id: user._id } })).json()).toEqual({ ok: true });
    expect((await t.request('DELETE', '/api/user', { cookie: admin, body: { _id: user._id } })).status).toBe(404);
  });
});

describe('teams', () => {
  it('creates, changes and deletes teams; listTeam shows the active ones', async () => {
    const created = await (
      await t.request('POST', '/api/team', {
        cookie: admin,
        body: {
          data: { name: 'THPT Chu Văn An', unit: 'Quận Tây Hồ', members: [{ fullName: 'Nguyễn An', note: 'Đội trưởng' }], priority: 1 },
        },
      })
    ).json();
    expect(created.item).toMatchObject({
      name: 'THPT Chu Văn An',
      unit: 'Quận Tây Hồ',
      members: [{ fullName: 'Nguyễn An', note: 'Đội trưởng' }],
      active: true,
    });
    const account = await t.request('POST', '/api/user', {
      cookie: admin,
      body: {
        user: { username: 'doi.cva', password: 'mat-khau-123', fullName: 'Tài khoản đội CVA', role: 'team', teamId: created.item._id },
      },
    });
    expect(account.status).toBe(200);
    const { items } = await (await t.request('GET', '/api/team/all', { cookie: admin })).json();
    expect(items.find((x: { _id: string }) => x._id === created.item._id).accounts).toMatchObject([{ username: 'doi.cva' }]);

    const changed = await t.request('PUT', '/api/team', { cookie: admin, body: { _id: created.item._id, changes: { active: false } } });
    const changedItem = (await changed.json()).item;
    expect(changedItem.active).toBe(false);
    // A partial change leaves everything it does not name alone.
    expect(changedItem).toMatchObject({ unit: 'Quận Tây Hồ', priority: 1, members: [{ fullName: 'Nguyễn An' }] });
    const { listTeam } = await (await t.request('GET', '/api/state')).json();
    expect(listTeam.map((x: { _id: string }) => x._id)).not.toContain(created.item._id);

    expect((await t.request('PUT', '/api/team', { cookie: admin, body: { _id: 'khong-co', changes: { name: 'X' } } })).status).toBe(404);
    expect(await (await t.request('DELETE', '/api/team', { cookie: admin, body: { _id: created.item._id } })).json()).toEqual({ ok: true });
  });

  it('refuses a team account for a team that does not exist', async () => {
    const res = await t.request('POST', '/api/user', {
      cookie: admin,
      body: { user: { username: 'doi.ma', password: 'mat-khau-123', fullName: 'Ma', role: 'team', teamId: 'khong-co' } },
    });
    expect(res.status).toBe(400);
    expect((await res.json()).error.field).toBe('user.teamId');
  });
});

describe('the scoring sheet and the event', () => {
  it('creates fields with defaults, refuses duplicates and impossible ranges', async () => {
    const res = await t.request('POST', '/api/score-field', {
      cookie: admin,
      body: { data: { name: 'phan-1', label: 'Phần 1', maxPoint: 10 } },
    });
    expect((await res.json()).item).toMatchObject({
      name: 'phan-1',
      kind: 'judges',
      minPoint: 0,
      maxPoint: 10,
      step: 0.5,
      weight: 1,
      dropExtremes: false,
    });
    expect(
      (await t.request('POST', '/api/score-field', { cookie: admin, body: { data: { name: 'phan-1', label: 'Lặp', maxPoint: 10 } } }))
        .status,
    ).toBe(409);
    const bad = await t.request('POST', '/api/score-field', {
      cookie: admin,
      body: { data: { name: 'phan-2', label: 'Sai', minPoint: 5, maxPoint: 5 } },
    });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.field).toBe('data.maxPoint');
    const { items } = await (await t.request('GET', '/api/score-field/all')).json();
    expect(items.map((f: { name: string }) => f.name)).toEqual(['phan-1']);
  });

  it('keeps the event settings and shows the round title in the state', async () => {
    const caller = await t.caller(admin);
    await caller.settings.update({
      name: 'Hội thi Hà Nội 2026',
      venue: 'Cung Văn hoá',
      date: '2026-11-22',
      roundTitles: { '1': 'KHỞI ĐỘNG' },
    });
    const { settings } = await caller.settings.get();
    expect(settings).toMatchObject({ name: 'Hội thi Hà Nội 2026', venue: 'Cung Văn hoá', date: '2026-11-22' });
    expect(settings.roundTitles['2']).toBe('TIẾN VỀ HÀ NỘI');
    const { system } = await (await t.request('GET', '/api/state')).json();
    expect(system.title).toBe('KHỞI ĐỘNG');
  });
});

describe('media', () => {
  it('stores an uploaded image in the database and serves it to any screen', async () => {
    const caller = await t.caller(admin);
    const png = Buffer.from(PNG_1X1, 'base64');
    const { media } = await caller.media.upload({ fileName: 'anh.png', contentType: 'image/png', dataBase64: png.toString('base64') });
    expect(media).toMatchObject({ kind: 'image', url: expect.stringMatching(/^\/media\//) });
    const res = await t.request('GET', media.url);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await res.arrayBuffer()).equals(png)).toBe(true);
    await expect(caller.media.upload({ contentType: 'image/svg+xml', dataBase64: 'PHN2Zz4=' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
    expect((await t.request('GET', '/media/khong-co')).status).toBe(404);
  });

  it('takes the type from the bytes, not from what the browser said', async () => {
    const caller = await t.caller(admin);
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>').toString('base64');
    await expect(caller.media.upload({ contentType: 'image/png', dataBase64: svg })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await expect(
      caller.media.upload({ contentType: 'image/png', dataBase64: Buffer.from('xin chào').toString('base64') }),
    ).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
    const { media } = await caller.media.upload({ contentType: 'image/x;text/html\r\nX-Bad: 1', dataBase64: PNG_1X1 });
    const res = await t.request('GET', media.url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
  });

  it('re-detects stored media in a migration and refuses to serve what fails', async () => {
    const rows = await t.deps.db
      .insertInto('media')
      .values([
        {
          content_type: 'image/x;text/html',
          file_name: 've.svg',
          size: 10,
          data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
        },
        { content_type: 'text/plain', file_name: 'anh.png', size: 10, data: Buffer.from(PNG_1X1, 'base64') },
      ])
      .returning('id')
      .execute();
    await mediaDetected.up(t.deps.db);
    expect((await t.request('GET', `/media/${rows[0]!.id}`)).status).toBe(404);
    const good = await t.request('GET', `/media/${rows[1]!.id}`);
    expect(good.status).toBe(200);
    expect(good.headers.get('content-type')).toBe('image/png');
  });
});
