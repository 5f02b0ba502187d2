/**
 * The import dialog in a real browser against the real server, with files made the way teachers keep
 * them: Vietnamese headers, an STT column, one column per option, letter answers, a column of their
 * own. The preview says how each column is read, a column mapped by hand is remembered for the next
 * file, every error is listed and blocks the write; a clean file writes and the list marks the right
 * options. From a set's page the file replaces its questions after a confirmation; a workbook of
 * several sheets sends each where the organiser says. Screenshots at 1280x800 and phone width.
 */
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import type { APIRequestContext, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import type { TQuestionSet } from '../../src/schemas/questionSet';
import { bold, docxFile, p } from '../helpers/docx-file';
import { axeViolations, describeViolations } from './axe';
import { animationsDone, describeInBrowser, openAs, toast, trpcMutation, trpcQuery } from './harness';

const HEADER = 'STT;Câu hỏi;Phương án A;Phương án B;Phương án C;Phương án D;Đáp án;Điểm;Thời gian (giây);Ghi chép riêng';
const GOOD_ROWS = [
  '1;Hồ nào có Tháp Rùa?;Hồ Tây;Hồ Gươm;Hồ Trúc Bạch;Hồ Thiền Quang;B;10;30;Tháp Rùa ở giữa hồ Hoàn Kiếm',
  '2;Vua nào dời đô ra Thăng Long năm 1010?;Lý Thái Tổ;Trần Nhân Tông;Lê Lợi;Quang Trung;a;10;20;Chiếu dời đô',
  '3;Cầu Long Biên bắc qua sông nào?;Sông Tô Lịch;Sông Đuống;Sông Hồng;Sông Nhuệ;Phương án C;20;30;Khánh thành năm 1903',
];
// Row 5 of the sheet (the header is row 1): a letter past D and a point that is not a number.
const BAD_ROW = '4;Văn Miếu được xây năm nào?;1070;1076;1010;1225;E;mười;30;Thời Lý Thánh Tông';
const RIGHT = ['Hồ Gươm', 'Lý Thái Tổ', 'Sông Hồng'];

function csv(name: string, rows: string[]) {
  return { name, mimeType: 'text/csv', buffer: Buffer.from(`${[HEADER, ...rows].join('\r\n')}\r\n`, 'utf8') };
}

const shots: string[] = [];
function shotPath(name: string): string {
  const file = path.join(os.tmpdir(), `import-dialog-${name}.png`);
  shots.push(file);
  return file;
}

async function setsOf(request: APIRequestContext, set: number): Promise<TQuestionSet[]> {
  return (await trpcQuery<{ items: TQuestionSet[] }>(request, 'questionSet.list', { set })).items;
}

/** What each column's Select shows, by header, and how the column was read (known, remembered, ignored). */
async function columnReadings(page: Page): Promise<Record<string, [string, string | null]>> {
  const table = page.getByRole('dialog').getByTestId('import-columns');
  await table.waitFor();
  const readings: Record<string, [string, string | null]> = {};
  for (const row of await table.locator('tbody tr').all()) {
    const header = (await row.locator('td').first().locator('p').first().textContent()) ?? '';
    readings[header] = [await row.locator('input:not([type=hidden])').inputValue(), await row.getAttribute('data-source')];
  }
  return readings;
}

async function pickOption(page: Page, label: string, option: string) {
  await page.getByRole('dialog').getByLabel(label, { exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** The dialog scrolled back to its top (choosing in a Select scrolls it), as a person opening it sees it. */
async function scrollDialogToTop(page: Page) {
  await page.evaluate(() => document.querySelector('.mantine-Modal-content')?.scrollTo(0, 0));
  await animationsDone(page);
}

/** Nothing in the open dialog (nor the page) is wider than the screen. */
async function expectNoHorizontalOverflow(page: Page) {
  const widths = await page.evaluate(() => {
    const body = document.querySelector('.mantine-Modal-body') as HTMLElement;
    return { page: document.documentElement.scrollWidth, screen: window.innerWidth, body: body.scrollWidth, bodyBox: body.clientWidth };
  });
  expect(widths.page).toBeLessThanOrEqual(widths.screen);
  expect(widths.body).toBeLessThanOrEqual(widths.bodyBox);
}

describeInBrowser('the import dialog', (h) => {
  it('previews a teacher’s CSV: columns read, STT ignored, a column mapped by hand and remembered, every error listed; the clean file writes', async () => {
    const { context, page, errors } = await openAs(h, '/user/fw-question-2', 'admin', { width: 1280, height: 800 });
    const before = (await setsOf(context.request, 2)).length;
    await page.getByRole('button', { name: 'Nhập từ tệp' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.locator('input[type=file]').setInputFiles(csv('cau-hoi-ha-noi.csv', [...GOOD_ROWS, BAD_ROW]));

    expect(await columnReadings(page)).toEqual({
      STT: ['Bỏ qua', 'ignored'],
      'Câu hỏi': ['Câu hỏi', 'known'],
      'Phương án A': ['Phương án A', 'known'],
      'Phương án B': ['Phương án B', 'known'],
      'Phương án C': ['Phương án C', 'known'],
      'Phương án D': ['Phương án D', 'known'],
      'Đáp án': ['Đáp án', 'known'],
      Điểm: ['Điểm', 'known'],
      'Thời gian (giây)': ['Thời gian (giây)', 'known'],
      'Ghi chép riêng': ['Bỏ qua', 'ignored'],
    });
    // Both errors of the bad row at once, by its row and column; nothing can be written.
    const errorLines = await dialog.getByTestId('import-errors').locator('li').allTextContents();
    expect(errorLines).toHaveLength(2);
    expect(errorLines.map((line) => line.split(':')[0]).sort()).toEqual(['dòng 5, Điểm', 'dòng 5, Đáp án']);
    expect(await dialog.getByText('2 lỗi — hãy sửa tệp rồi chọn lại; chưa có gì được ghi').count()).toBe(1);
    expect(await dialog.getByRole('button', { name: 'Tạo bộ câu hỏi với 3 câu' }).isDisabled()).toBe(true);
    // The questions as they will be stored: the letter read as its option.
    const first = dialog.getByTestId('import-question').first();
    expect(await first.locator('[data-right]').textContent()).toBe('BHồ Gươm');
    expect(await dialog.getByTestId('import-question-answer').allTextContents()).toEqual(RIGHT.map((r, i) => `${'BAC'[i]}. ${r}`));

    // The teacher's own column, read as the explanation from now on.
    await pickOption(page, 'Cột «Ghi chép riêng» đọc là', 'Giải thích');
    await expect.poll(async () => (await columnReadings(page))['Ghi chép riêng']).toEqual(['Giải thích', 'remembered']);
    const remembered = await trpcQuery<{ items: { header: string; field: string | null }[] }>(context.request, 'questionSet.importColumns');
    expect(remembered.items).toContainEqual({ header: 'Ghi chép riêng', field: 'explanation' });

    await scrollDialogToTop(page);
    const violations = await axeViolations(page);
    expect(violations, describeViolations(violations)).toEqual([]);
    await page.screenshot({ path: shotPath('1280') });
    expect((await setsOf(context.request, 2)).length).toBe(before);

    // The fixed file: its teacher's column is read as the explanation without asking.
    await dialog.locator('input[type=file]').setInputFiles(csv('cau-hoi-ha-noi-da-sua.csv', GOOD_ROWS));
    await dialog.getByText('Không có lỗi, có thể nhập.').waitFor();
    expect((await columnReadings(page))['Ghi chép riêng']).toEqual(['Giải thích', 'remembered']);
    expect(await dialog.getByTestId('import-errors').count()).toBe(0);
    expect(await dialog.getByLabel('Tên bộ câu hỏi').inputValue()).toBe('cau-hoi-ha-noi-da-sua');
    await dialog.getByLabel('Tên bộ câu hỏi').fill('Hà Nội nghìn năm');
    await dialog.getByRole('button', { name: 'Tạo bộ câu hỏi với 3 câu' }).click();
    await toast(page, 'Tạo mới thành công').first().waitFor();
    await dialog.waitFor({ state: 'detached' });

    const created = (await setsOf(context.request, 2)).find((set) => set.title === 'Hà Nội nghìn năm');
    expect(created?.items.map((q) => [q.answer, q.explanation, q.point, q.timeLimit])).toEqual([
      ['Hồ Gươm', 'Tháp Rùa ở giữa hồ Hoàn Kiếm', 10, 30],
      ['Lý Thái Tổ', 'Chiếu dời đô', 10, 20],
      ['Sông Hồng', 'Khánh thành năm 1903', 20, 30],
    ]);
    await page.getByTestId('question-set-row').filter({ hasText: 'Hà Nội nghìn năm' }).getByRole('button', { name: 'Mở' }).click();
    await page.getByTestId('question-card').first().waitFor();
    expect(await page.locator('[data-testid=question-card] [data-right]').allTextContents()).toEqual(
      RIGHT.map((r, i) => `${'BAC'[i]}${r}`),
    );
    expect(errors).toEqual([]);
  });

  it('replaces an open set’s questions after a confirmation naming how many go, on a phone', async () => {
    const admin = (await openAs(h, '/user', 'admin')).context.request;
    const { item: set } = await trpcMutation<{ item: TQuestionSet }>(admin, 'questionSet.create', {
      set: 3,
      data: { title: 'Bộ cũ', items: ['Câu một?', 'Câu hai?', 'Câu ba?', 'Câu bốn?'].map((content) => ({ content })) },
    });
    const { page, errors } = await openAs(h, `/user/fw-question-3/${set._id}`, 'admin', { width: 360, height: 740 });
    await page.getByTestId('question-card').first().waitFor();
    await page.getByRole('button', { name: 'Nhập thêm từ tệp' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.locator('input[type=file]').setInputFiles(csv('thay-the.csv', [...GOOD_ROWS, BAD_ROW]));
    await dialog.getByTestId('import-errors').waitFor();
    await animationsDone(page);
    await expectNoHorizontalOverflow(page);
    await page.screenshot({ path: shotPath('phone'), fullPage: false });

    await dialog.locator('input[type=file]').setInputFiles(csv('thay-the.csv', GOOD_ROWS));
    await dialog.getByText('Không có lỗi, có thể nhập.').waitFor();
    // Appending is the default; replacing asks first.
    expect(await dialog.getByRole('button', { name: 'Thêm 3 câu vào bộ này' }).isEnabled()).toBe(true);
    await dialog.getByText('Thay toàn bộ câu hỏi').click();
    await animationsDone(page);
    await expectNoHorizontalOverflow(page);
    await page.screenshot({ path: shotPath('phone-replace'), fullPage: false });
    await dialog.getByTestId('import-question').last().scrollIntoViewIfNeeded();
    await animationsDone(page);
    await page.screenshot({ path: shotPath('phone-questions'), fullPage: false });
    await dialog.getByRole('button', { name: 'Thay bằng 3 câu' }).click();
    const confirm = page.getByRole('dialog', { name: 'Thay toàn bộ câu hỏi?' });
    await confirm.getByText('4 câu hỏi của bộ «Bộ cũ» sẽ bị xoá và thay bằng 3 câu trong tệp.', { exact: false }).waitFor();
    await confirm.getByRole('button', { name: 'Thay' }).click();
    await toast(page, 'Cập nhật thành công').first().waitFor();
    await expect.poll(() => page.getByTestId('question-content').allTextContents()).toEqual(GOOD_ROWS.map((row) => row.split(';')[1]));
    const stored = (await setsOf(admin, 3)).find((s) => s._id === set._id);
    expect(stored?.items.map((q) => q.answer)).toEqual(RIGHT);
    expect(errors).toEqual([]);
  });

  it('sends each sheet of a workbook where the organiser picks, skipping one with errors, the format sheet read', async () => {
    const { context, page, errors } = await openAs(h, '/user/fw-question', 'admin', { width: 1280, height: 800 });
    const { item: existing } = await trpcMutation<{ item: TQuestionSet }>(context.request, 'questionSet.create', {
      set: 1,
      data: { title: 'Khởi động có sẵn', items: [{ content: 'Câu có sẵn?' }] },
    });
    await page.reload();
    const book = new ExcelJS.Workbook();
    const header = HEADER.split(';');
    const sheet = (name: string, rows: string[]) => book.addWorksheet(name).addRows([header, ...rows.map((row) => row.split(';'))]);
    sheet('Vòng 1', GOOD_ROWS.slice(0, 2));
    sheet('Tiến về Hà Nội', GOOD_ROWS.slice(1));
    sheet('Nháp', [BAD_ROW]);
    book.addWorksheet('Thể thức').addRows([
      ['Mục', 'Vòng 1', 'Tiến về Hà Nội'],
      ['Thể thức', 'Thông thường', 'Tăng tốc'],
    ]);
    const buffer = Buffer.from(await book.xlsx.writeBuffer());

    await page.getByRole('button', { name: 'Nhập từ tệp' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.locator('input[type=file]').setInputFiles({
      name: 'ca-dem.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer,
    });
    const rows = dialog.getByTestId('import-sheet');
    await rows.first().waitFor();
    const targetOf = (name: string) => dialog.getByLabel(`Nhập trang «${name}» vào`, { exact: true });
    // Sheet i to the i-th round's new set, a sheet named like a round to that round.
    expect(await targetOf('Vòng 1').inputValue()).toBe('Phần thi 1: bộ mới');
    expect(await targetOf('Tiến về Hà Nội').inputValue()).toBe('Phần thi 2: bộ mới');
    expect(await targetOf('Nháp').inputValue()).toBe('Phần thi 3: bộ mới');
    // The sheet with errors blocks until it is skipped; its errors name it.
    const errorLines = await dialog.getByTestId('import-errors').locator('li').allTextContents();
    expect(errorLines.map((line) => line.split(':')[0]).sort()).toEqual(['«Nháp», dòng 2, Điểm', '«Nháp», dòng 2, Đáp án']);
    const write = dialog.getByRole('button', { name: /^Nhập \d+ câu vào \d+ bộ$/ });
    expect(await write.isDisabled()).toBe(true);
    await pickOption(page, 'Nhập trang «Nháp» vào', 'Bỏ qua');
    await pickOption(page, 'Nhập trang «Vòng 1» vào', 'Phần thi 1: «Khởi động có sẵn»');
    // Appending to a set keeps its format; the new set takes the file's.
    await dialog.getByRole('tab', { name: 'Tiến về Hà Nội' }).click();
    await dialog.getByTestId('import-format').getByText('Thể thức trong tệp: Tăng tốc').waitFor();
    expect(await dialog.getByTestId('import-format').textContent()).toContain('Sẽ được áp dụng cho bộ câu hỏi.');
    expect(await dialog.getByRole('radio', { name: 'Thêm vào cuối bộ' }).isChecked()).toBe(true);
    await scrollDialogToTop(page);
    const violations = await axeViolations(page);
    expect(violations, describeViolations(violations)).toEqual([]);
    await page.screenshot({ path: shotPath('workbook-1280') });
    await dialog.getByRole('button', { name: 'Nhập 4 câu vào 2 bộ' }).click();
    await toast(page, 'Cập nhật thành công').first().waitFor();

    const round1 = (await setsOf(context.request, 1)).find((s) => s._id === existing._id);
    expect(round1?.items.map((q) => q.content)).toEqual(['Câu có sẵn?', ...GOOD_ROWS.slice(0, 2).map((row) => row.split(';')[1])]);
    const round2 = (await setsOf(context.request, 2)).find((s) => s.title === 'Tiến về Hà Nội');
    expect(round2?.format.kind).toBe('speed');
    expect(round2?.items.map((q) => q.answer)).toEqual(RIGHT.slice(1));
    expect((await setsOf(context.request, 3)).map((s) => s.title)).not.toContain('Nháp');
    expect(errors).toEqual([]);
  });

  it('reads a Word file by question number, and asks for an old .xls to be saved again', async () => {
    const { context, page, errors } = await openAs(h, '/user/fw-question-4', 'admin', { width: 1280, height: 800 });
    await page.getByRole('button', { name: 'Nhập từ tệp' }).click();
    const dialog = page.getByRole('dialog');
    const word = (answer: string) =>
      docxFile([
        p('Câu 1: Hồ nào có Tháp Rùa?'),
        p('A. Hồ Tây'),
        p('B. Hồ Gươm'),
        p('C. Hồ Trúc Bạch'),
        p('D. Hồ Thiền Quang'),
        p('Đáp án: B'),
        p('Câu 2: Cầu Long Biên bắc qua sông nào?'),
        p('A. Sông Tô Lịch'),
        p('B. Sông Đuống'),
        p(bold('C. Sông Hồng')),
        p('D. Sông Nhuệ'),
        p(`Đáp án: ${answer}`),
      ]);
    const docx = async (name: string, answer: string) => ({
      name,
      mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      buffer: Buffer.from(await word(answer)),
    });
    await dialog.locator('input[type=file]').setInputFiles(await docx('de-thi.docx', 'E'));
    const lines = dialog.getByTestId('import-errors').locator('li');
    await lines.first().waitFor();
    expect((await lines.allTextContents()).map((line) => line.split(':')[0])).toEqual(['câu 2, Đáp án']);
    // A Word file has no columns to map.
    expect(await dialog.getByTestId('import-columns').count()).toBe(0);

    await dialog.locator('input[type=file]').setInputFiles(await docx('de-thi.docx', 'C'));
    await dialog.getByText('Không có lỗi, có thể nhập.').waitFor();
    expect(await dialog.getByTestId('import-question-answer').allTextContents()).toEqual(['B. Hồ Gươm', 'C. Sông Hồng']);
    await dialog.getByRole('button', { name: 'Tạo bộ câu hỏi với 2 câu' }).click();
    await toast(page, 'Tạo mới thành công').first().waitFor();
    expect((await setsOf(context.request, 4)).find((set) => set.title === 'de-thi')?.items.map((q) => q.answer)).toEqual([
      'Hồ Gươm',
      'Sông Hồng',
    ]);

    await page.getByRole('button', { name: 'Nhập từ tệp' }).click();
    await dialog
      .locator('input[type=file]')
      .setInputFiles({ name: 'cu.xls', mimeType: 'application/vnd.ms-excel', buffer: Buffer.from('old') });
    await dialog.getByTestId('import-file-error').getByText('Tệp .xls là định dạng Excel cũ', { exact: false }).waitFor();
    expect(await dialog.getByTestId('import-preview').count()).toBe(0);
    expect(errors).toEqual([]);
    console.info(`[import-dialog] screenshots: ${shots.join(', ')}`);
  });
});
