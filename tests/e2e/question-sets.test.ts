/**
 * The question-set screens in a real browser against the real server: create, edit the questions,
 * reorder, delete, save with a version, import from a file, the 409 of a stale save.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, BrowserContext, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import type { TQuestionImportResult } from '../../src/schemas/questionImport';
import type { TQuestionSet } from '../../src/schemas/questionSet';
import { DEMO_QUESTION_SETS } from '../../src-server/demo/content';
import { describeInBrowser, type Harness, pageAs, root, toast, trpcMutation, waitForApp } from './harness';

const SAMPLE_CSV = path.join(root, 'scripts/samples/cau-hoi.csv');
const BAD_CSV = path.join(root, 'tests/fixtures/import/bad-rows.csv');
/** A 1×1 red PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==', 'base64');

function adminPage(h: Harness) {
  return pageAs(h, 'admin', { width: 1440, height: 900 });
}

async function listSets(request: APIRequestContext, set: string): Promise<TQuestionSet[]> {
  const response = await request.get(`/api/${set}/all`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { items: TQuestionSet[] }).items;
}

async function getSet(request: APIRequestContext, set: string, id: string): Promise<TQuestionSet> {
  const response = await request.get(`/api/${set}/${id}`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { item: TQuestionSet }).item;
}

async function createSet(context: BrowserContext, set: string, data: object): Promise<TQuestionSet> {
  const response = await context.request.post(`/api/${set}`, { data: { data } });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { item: TQuestionSet }).item;
}

/** What the server reads of a file, writing nothing (the import's preview). */
async function previewFile(request: APIRequestContext, file: string): Promise<TQuestionImportResult> {
  const dataBase64 = fs.readFileSync(file).toString('base64');
  return trpcMutation(request, 'questionSet.importFile', { set: 2, fileName: path.basename(file), dataBase64, mode: 'preview' });
}

async function waitForToast(page: Page, text: string) {
  await toast(page, text).first().waitFor({ timeout: 10_000 });
}

/** Fills the question modal: content, options A.. and the right one. */
async function fillQuestion(page: Page, content: string, options: string[], answer: string) {
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Nội dung câu hỏi').fill(content);
  for (const [i, option] of options.entries()) {
    await dialog.getByLabel(`Phương án ${String.fromCharCode(65 + i)}`, { exact: true }).fill(option);
  }
  await dialog.getByLabel('Đáp án', { exact: true }).click();
  await page.getByRole('option', { name: new RegExp(`^[A-J]\\. ${answer}$`) }).click();
}

describeInBrowser('the question-set screens', (h) => {
  it('creates a set, edits, reorders and deletes its questions, saves, and deletes the set after a confirmation', async () => {
    const { context, page, errors } = await adminPage(h);
    // Other tests keep their own sets in round 2: the counts below are against what was there.
    const before = (await listSets(context.request, 'fw-question-2')).length;
    await page.goto('/user/fw-question-2');
    await waitForApp(page);
    await page.getByText('Bộ câu hỏi 2').first().waitFor();

    // Create.
    await page.getByRole('button', { name: 'Tạo bộ câu hỏi' }).click();
    let dialog = page.getByRole('dialog');
    await dialog.getByLabel('Tên bộ câu hỏi').fill('Lịch sử Thăng Long');
    await dialog.getByRole('button', { name: 'Tạo bộ câu hỏi' }).click();
    await waitForToast(page, 'Tạo mới thành công');
    const row = page.getByTestId('question-set-row').filter({ hasText: 'Lịch sử Thăng Long' });
    await row.waitFor();
    const [created] = (await listSets(context.request, 'fw-question-2')).filter((s) => s.title === 'Lịch sử Thăng Long');
    expect(created?.items).toEqual([]);

    // Open it.
    await row.getByRole('button', { name: 'Mở' }).click();
    await page.waitForURL((url) => url.pathname === `/user/fw-question-2/${created!._id}`);
    await page.getByText('Bộ câu hỏi chưa có câu nào.').waitFor();

    // Two questions: four options with an answer, then one answered in free text.
    await page.getByRole('button', { name: 'Thêm câu hỏi' }).click();
    await fillQuestion(page, 'Vua Lý Thái Tổ dời đô ra Thăng Long năm nào?', ['1009', '1010', '1054', '1070'], '1010');
    await page.getByRole('dialog').getByLabel('Điểm').fill('7,5');
    await page.getByRole('dialog').getByRole('button', { name: 'Đồng ý' }).click();
    await page.getByRole('button', { name: 'Thêm câu hỏi' }).click();
    dialog = page.getByRole('dialog');
    for (const letter of ['D', 'C', 'B', 'A']) await dialog.getByRole('button', { name: `Bỏ phương án ${letter}` }).click();
    await dialog.getByLabel('Nội dung câu hỏi').fill('Hồ nào nằm ở trung tâm Hà Nội?');
    await dialog.getByLabel('Đáp án', { exact: true }).fill('Hồ Gươm');
    await dialog.getByRole('button', { name: 'Đồng ý' }).click();
    expect(await page.getByTestId('question-card').count()).toBe(2);
    await page.getByTestId('save-state').filter({ hasText: 'Có thay đổi chưa lưu' }).waitFor();

    await page.getByRole('button', { name: 'Lưu', exact: true }).click();
    await waitForToast(page, 'Cập nhật thành công');
    let stored = await getSet(context.request, 'fw-question-2', created!._id);
    expect(stored.items.map((q) => [q.content, q.options, q.answer, q.point])).toEqual([
      ['Vua Lý Thái Tổ dời đô ra Thăng Long năm nào?', ['1009', '1010', '1054', '1070'], '1010', 7.5],
      ['Hồ nào nằm ở trung tâm Hà Nội?', [], 'Hồ Gươm', 10],
    ]);
    const ids = stored.items.map((q) => q.id);

    // After a reload the questions are there, the right option highlighted.
    await page.reload();
    await waitForApp(page);
    const first = page.getByTestId('question-card').first();
    await first.getByText('Vua Lý Thái Tổ dời đô ra Thăng Long năm nào?').waitFor();
    expect(await first.locator('[data-right]').textContent()).toContain('1010');
    expect(await first.getByText('7,5 điểm').count()).toBe(1);

    // Edit the first, move it down, delete the other, save.
    await first.getByRole('button', { name: 'Sửa câu 1' }).click();
    await page.getByRole('dialog').getByLabel('Nội dung câu hỏi').fill('Năm nào vua Lý Thái Tổ dời đô ra Thăng Long?');
    await page.getByRole('dialog').getByLabel('Phương án B', { exact: true }).fill('Năm 1010');
    await page.getByRole('dialog').getByRole('button', { name: 'Đồng ý' }).click();
    await page.getByTestId('question-card').first().getByRole('button', { name: 'Đưa xuống' }).click();
    await expect.poll(() => page.getByTestId('question-content').first().textContent()).toBe('Hồ nào nằm ở trung tâm Hà Nội?');
    await page.getByTestId('question-card').first().getByRole('button', { name: 'Xóa câu 1' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Xóa' }).click();
    await expect.poll(() => page.getByTestId('question-card').count()).toBe(1);
    await page.getByRole('button', { name: 'Lưu', exact: true }).click();
    await expect.poll(() => toast(page, 'Cập nhật thành công').count()).toBeGreaterThan(0);
    await page.getByTestId('save-state').filter({ hasText: 'Đã lưu mọi thay đổi' }).waitFor();
    stored = await getSet(context.request, 'fw-question-2', created!._id);
    expect(stored.items).toHaveLength(1);
    // The kept question keeps its id; renaming the right option kept it the answer.
    expect(stored.items[0]).toMatchObject({
      id: ids[0],
      content: 'Năm nào vua Lý Thái Tổ dời đô ra Thăng Long?',
      options: ['1009', 'Năm 1010', '1054', '1070'],
      answer: 'Năm 1010',
    });

    // Back to the list; the delete names the set and needs a confirmation.
    await page.getByRole('link', { name: /Danh sách bộ câu hỏi/ }).click();
    await page.waitForURL((url) => url.pathname === '/user/fw-question-2');
    await row.getByRole('button', { name: 'Xóa Lịch sử Thăng Long' }).click();
    dialog = page.getByRole('dialog');
    await dialog.getByText('«Lịch sử Thăng Long»').waitFor();
    await dialog.getByRole('button', { name: 'Huỷ' }).click();
    expect(await listSets(context.request, 'fw-question-2')).toHaveLength(before + 1);
    await row.getByRole('button', { name: 'Xóa Lịch sử Thăng Long' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Xóa' }).click();
    await row.waitFor({ state: 'detached' });
    expect(await listSets(context.request, 'fw-question-2')).toHaveLength(before);
    expect(errors).toEqual([]);
  });

  it('imports a CSV after a preview, and refuses a file with bad rows, naming each row, writing nothing', async () => {
    const { context, page, errors } = await adminPage(h);
    const expected = await previewFile(context.request, SAMPLE_CSV);
    expect(expected.errors).toEqual([]);
    const before = (await listSets(context.request, 'fw-question-2')).length;

    await page.goto('/user/fw-question-2');
    await waitForApp(page);
    await page.getByRole('button', { name: 'Nhập từ tệp' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.locator('input[type=file]').setInputFiles(SAMPLE_CSV);
    await dialog
      .getByTestId('import-count')
      .filter({ hasText: `Đọc được ${expected.items.length} câu hỏi hợp lệ` })
      .waitFor();
    expect(await dialog.getByLabel('Tên bộ câu hỏi').inputValue()).toBe('cau-hoi');
    // A preview writes nothing.
    expect(await listSets(context.request, 'fw-question-2')).toHaveLength(before);
    await dialog.getByLabel('Tên bộ câu hỏi').fill('Hà Nội qua câu hỏi (nhập từ CSV)');
    await dialog.getByRole('button', { name: `Tạo bộ câu hỏi với ${expected.items.length} câu` }).click();
    await waitForToast(page, 'Tạo mới thành công');
    await page.getByTestId('question-set-row').filter({ hasText: 'Hà Nội qua câu hỏi (nhập từ CSV)' }).waitFor();
    const imported = (await listSets(context.request, 'fw-question-2')).find((s) => s.title === 'Hà Nội qua câu hỏi (nhập từ CSV)');
    expect(imported?.items.map((q) => q.content)).toEqual(expected.items.map((q) => q.content));

    // A bad file: every row error by its row number, no way to confirm, nothing written.
    const bad = await previewFile(context.request, BAD_CSV);
    expect(bad.errors.length).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Nhập từ tệp' }).click();
    await page.getByRole('dialog').locator('input[type=file]').setInputFiles(BAD_CSV);
    const list = page.getByRole('dialog').getByTestId('import-errors');
    await list.waitFor();
    const lines = await list.locator('li').allTextContents();
    expect(lines).toHaveLength(bad.errors.length);
    for (const error of bad.errors) expect(lines.some((line) => line.startsWith(`dòng ${error.row}, `))).toBe(true);
    expect(
      await page
        .getByRole('dialog')
        .getByRole('button', { name: /^Tạo bộ câu hỏi với/ })
        .isDisabled(),
    ).toBe(true);
    await page.getByRole('dialog').getByRole('button', { name: 'Huỷ' }).click();
    expect(await listSets(context.request, 'fw-question-2')).toHaveLength(before + 1);

    // Appending from the detail screen adds the file's questions to the open set.
    await page
      .getByTestId('question-set-row')
      .filter({ hasText: 'Hà Nội qua câu hỏi (nhập từ CSV)' })
      .getByRole('button', { name: 'Mở' })
      .click();
    await page.getByTestId('question-card').first().waitFor();
    await page.getByRole('button', { name: 'Nhập thêm từ tệp' }).click();
    await page.getByRole('dialog').locator('input[type=file]').setInputFiles(SAMPLE_CSV);
    await page
      .getByRole('dialog')
      .getByRole('button', { name: `Thêm ${expected.items.length} câu vào bộ này` })
      .click();
    await waitForToast(page, 'Cập nhật thành công');
    await expect.poll(() => page.getByTestId('question-card').count()).toBe(expected.items.length * 2);
    expect((await getSet(context.request, 'fw-question-2', imported!._id)).items).toHaveLength(expected.items.length * 2);
    expect(errors).toEqual([]);
  });

  it('says so when someone else saved meanwhile, and loads the newest version on request', async () => {
    const { context, page, errors } = await adminPage(h);
    const set = await createSet(context, 'fw-question-3', { title: 'Văn hoá Hà Nội', items: DEMO_QUESTION_SETS[2]!.items });
    await page.goto(`/user/fw-question-3/${set._id}`);
    await waitForApp(page);
    await page.getByTestId('question-card').first().waitFor();

    // Another admin renames it behind this page's back.
    const other = await context.request.put('/api/fw-question-3', {
      data: { _id: set._id, changes: { title: 'Văn hoá Hà Nội (bản của người khác)' }, version: set.version },
    });
    expect(other.status()).toBe(200);

    await page.getByLabel('Tên bộ câu hỏi').fill('Văn hoá Hà Nội (bản của tôi)');
    // Leaving with unsaved changes asks first; dismissing stays here.
    const asked: string[] = [];
    page.once('dialog', (dialog) => {
      asked.push(dialog.message());
      void dialog.dismiss();
    });
    await page.getByRole('link', { name: 'Bộ câu hỏi 1', exact: true }).click();
    await expect.poll(() => asked).toEqual(['Có thay đổi chưa lưu. Bạn có muốn rời trang không?']);
    expect(new URL(page.url()).pathname).toBe(`/user/fw-question-3/${set._id}`);

    await page.getByRole('button', { name: 'Lưu', exact: true }).click();
    await page.getByTestId('conflict').getByText('Bộ câu hỏi đã được người khác sửa').waitFor();
    await waitForToast(page, 'Cập nhật bộ câu hỏi lỗi.');
    // Nothing was overwritten.
    expect((await getSet(context.request, 'fw-question-3', set._id)).title).toBe('Văn hoá Hà Nội (bản của người khác)');

    await page.getByTestId('conflict').getByRole('button', { name: 'Tải bản mới nhất' }).click();
    await expect.poll(() => page.getByLabel('Tên bộ câu hỏi').inputValue()).toBe('Văn hoá Hà Nội (bản của người khác)');
    await page.getByTestId('conflict').waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
  });

  it('uploads an image for a question and shows the server refusing a file it does not take', async () => {
    const { context, page, errors } = await adminPage(h);
    const set = await createSet(context, 'fw-question-5', { title: 'Tăng tốc', items: DEMO_QUESTION_SETS[4]!.items.slice(0, 2) });
    await page.goto(`/user/fw-question-5/${set._id}`);
    await waitForApp(page);
    await page.getByTestId('question-card').first().getByRole('button', { name: 'Sửa câu 1' }).click();
    const dialog = page.getByRole('dialog');

    // SVG is an image to the browser but the server refuses it (it can carry scripts).
    await dialog.locator('input[type=file]').setInputFiles({
      name: 've.svg',
      mimeType: 'image/svg+xml',
      buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
    });
    await dialog.getByTestId('media-error').filter({ hasText: 'Chỉ nhận tệp ảnh, âm thanh hoặc video' }).waitFor();

    await dialog.locator('input[type=file]').setInputFiles({ name: 'thap-rua.png', mimeType: 'image/png', buffer: PNG });
    await expect.poll(() => dialog.getByLabel('Đường dẫn tệp').inputValue()).toMatch(/^\/media\//);
    await dialog.getByTestId('media-preview').waitFor();
    await dialog.getByRole('button', { name: 'Đồng ý' }).click();
    await page.getByRole('button', { name: 'Lưu', exact: true }).click();
    await waitForToast(page, 'Cập nhật thành công');
    const media = (await getSet(context.request, 'fw-question-5', set._id)).items[0]?.media;
    expect(media?.kind).toBe('image');
    expect((await context.request.get(media!.url)).status()).toBe(200);
    expect(await page.getByTestId('question-card').first().locator('img[data-testid=media-preview]').count()).toBe(1);
    expect(errors).toEqual([]);
  });

  it('shows the not-found screen, not an error toast, for an id that does not exist', async () => {
    const { page, errors } = await adminPage(h);
    const response = await page.goto('/user/fw-question-4/khong-co-bo-nay');
    // The page itself answers 200 for any id: ids cannot be probed; the API's 404 shows not found.
    expect(response?.status()).toBe(200);
    await waitForApp(page);
    await page.getByTestId('not-found').waitFor();
    expect(await page.getByText('Không tìm thấy trang').count()).toBe(1);
    expect(await page.locator('.mantine-Notification-root').count()).toBe(0);
    await page.getByRole('link', { name: /Danh sách/ }).click();
    await page.waitForURL((url) => url.pathname === '/user/fw-question-4');
    expect(errors).toEqual([]);
  });
});
