/** The admin's screens: login, not found, the user table, the teams, the question sets. */
import { expect, it } from 'vitest';
import { DEMO_QUESTION_SETS, DEMO_TEAMS } from '../../src-server/demo/content';
import { describeInBrowser, openAs, waitForApp } from '../e2e/harness';
import { shoot } from './shots';

const WIDE = { width: 1440, height: 900 };

describeInBrowser('screenshots: login and the admin screens', (h) => {
  it('login.png, not-found.png', async () => {
    const { page } = await openAs(h, '/login', null, WIDE);
    await shoot(page, 'login');
    await page.goto('/USER');
    await page.getByTestId('not-found').waitFor();
    await waitForApp(page);
    await shoot(page, 'not-found');
  });

  it('question-set.png, question-edit.png, question-sets-list.png', async () => {
    const { page, context } = await openAs(h, '/user/fw-question', 'admin', WIDE);
    const create = async (data: object) => {
      const response = await context.request.post('/api/fw-question', { data: { data } });
      expect(response.status()).toBe(200);
      return ((await response.json()) as { item: { _id: string } }).item;
    };
    const demo = DEMO_QUESTION_SETS[0]!;
    const main = await create({ title: demo.title, items: demo.items });
    await create({ title: 'Người Hà Nội — bộ đề dự phòng', priority: 1, items: demo.items.slice(0, 4) });
    await create({ title: 'Người Hà Nội — câu hỏi phụ', priority: 2, items: demo.items.slice(4) });

    await page.goto(`/user/fw-question/${main._id}`);
    await waitForApp(page);
    await page.getByTestId('question-card').nth(4).waitFor();
    await shoot(page, 'question-set');
    await page.getByTestId('question-card').nth(1).getByRole('button', { name: 'Sửa câu 2' }).click();
    await page.getByRole('dialog').getByLabel('Nội dung câu hỏi').waitFor();
    await shoot(page, 'question-edit');
    await page.getByRole('dialog').getByRole('button', { name: 'Huỷ' }).click();

    await page.goto('/user/fw-question');
    await waitForApp(page);
    await page.getByTestId('question-set-row').nth(2).waitFor();
    await shoot(page, 'question-sets-list');
  });
});

describeInBrowser('screenshots: the user table', (h) => {
  it('users.png: the table with Vietnamese names', async () => {
    const { page, context } = await openAs(h, '/user', 'admin', WIDE);
    // The names the browser tests search for, then a hall's worth of staff, judges and teams.
    for (const [i, fullName] of ['Nguyễn Thị Hồng', 'Nguyễn Đức Minh', 'Phạm Quang Huy'].entries()) {
      const response = await context.request.post('/api/user', {
        data: { user: { username: `timkiem${i}`, fullName, password: 'mat-khau-rat-dai', role: 'judge' } },
      });
      expect(response.status()).toBe(200);
    }
    const teamIds: string[] = [];
    for (const name of ['THPT Chu Văn An', 'THPT Phan Đình Phùng']) {
      const response = await context.request.post('/api/team', { data: { data: { name, unit: 'Quận Ba Đình' } } });
      expect(response.status()).toBe(200);
      teamIds.push(((await response.json()) as { item: { _id: string } }).item._id);
    }
    const people: [string, string, string, string, string, number][] = [
      ['bantochuc', 'Lê Thị Thu Hà', 'admin', '0983123456', '1985-11-20', 1],
      ['dieukhien2', 'Đỗ Minh Quân', 'master', '0904555888', '1990-02-14', 2],
      ['gk.hoang', 'PGS.TS Hoàng Văn Tuấn', 'judge', '0912000111', '1968-07-09', 10],
      ['gk.ngoc', 'ThS. Vũ Bảo Ngọc', 'judge', '02437330999', '1979-04-30', 11],
      ['gk.dung', 'Bùi Tiến Dũng', 'judge', '0978246810', '1982-12-01', 12],
      ['doi.chuvanan', 'Trương Gia Bảo', 'team', '0367111222', '2008-09-05', 20],
      ['doi.phandinhphung', 'Phan Khánh Linh', 'team', '0388999000', '2008-01-17', 21],
    ];
    for (const [username, fullName, role, mobile, birthday, priority] of people) {
      const teamId = role === 'team' ? (teamIds[username === 'doi.chuvanan' ? 0 : 1] ?? null) : null;
      const response = await context.request.post('/api/user', {
        data: {
          user: {
            username,
            fullName,
            role,
            mobile,
            birthday,
            priority,
            teamId,
            password: 'mat-khau-rat-dai',
            email: `${username.replace('.', '')}@hoithi.vn`,
          },
        },
      });
      expect(response.status()).toBe(200);
    }
    await page.reload();
    await page.getByTestId('user-table').waitFor();
    await expect.poll(() => page.getByTestId('user-row').count()).toBeGreaterThanOrEqual(10);
    await shoot(page, 'users');
  });
});

describeInBrowser('screenshots: the teams', (h) => {
  it('members.png: the eight demo teams', async () => {
    const { page, context } = await openAs(h, '/user/member', 'admin', WIDE);
    const ids: string[] = [];
    for (const [index, team] of DEMO_TEAMS.entries()) {
      const members = team.members.map((fullName, i) => ({ fullName, note: i === 0 ? 'Đội trưởng' : `Lớp 11A${i + 1}` }));
      const response = await context.request.post('/api/team', {
        data: { data: { name: team.name, unit: team.unit, members, priority: index + 1 } },
      });
      expect(response.status()).toBe(200);
      ids.push(((await response.json()) as { item: { _id: string } }).item._id);
    }
    for (const [index, username] of ['doi.chuvanan', 'doi.ams'].entries()) {
      const response = await context.request.post('/api/user', {
        data: {
          user: {
            username,
            fullName: `Tài khoản ${DEMO_TEAMS[index]?.name}`,
            password: 'mat-khau-rat-dai',
            role: 'team',
            teamId: ids[index],
          },
        },
      });
      expect(response.status()).toBe(200);
    }
    await page.reload();
    await expect.poll(() => page.getByTestId('team-card').count()).toBe(DEMO_TEAMS.length);
    await shoot(page, 'members');
  });
});
