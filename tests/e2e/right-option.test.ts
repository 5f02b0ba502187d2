/**
 * A stored answer that names its option by letter ("B", "b.", "Phương án B"), as older imports and
 * the API keep it: the question list marks that option and spells it out, the editor opens with it
 * picked, and saving stores the option's text.
 */
import { expect, it } from 'vitest';
import type { TQuestionSet } from '../../src/schemas/questionSet';
import { describeInBrowser, pageAs, toast, trpcMutation, trpcQuery, waitForApp } from './harness';

const OPTIONS = ['Hồ Tây', 'Hồ Gươm', 'Hồ Trúc Bạch', 'Hồ Thiền Quang'];

describeInBrowser('the right option of an answer stored as a letter', (h) => {
  it('is marked in the list, picked in the editor, and saved as its text', async () => {
    const { context, page, errors } = await pageAs(h, 'admin', { width: 1280, height: 800 });
    const { item: set } = await trpcMutation<{ item: TQuestionSet }>(context.request, 'questionSet.create', {
      set: 1,
      data: {
        title: 'Đáp án ghi bằng chữ cái',
        items: [
          { content: 'Hồ nào có Tháp Rùa?', options: OPTIONS, answer: 'B' },
          { content: 'Hồ nào rộng nhất Hà Nội?', options: OPTIONS, answer: 'Phương án a' },
          { content: 'Hồ nào nằm cạnh đường Thanh Niên, phía nam?', options: OPTIONS, answer: 'c.' },
        ],
      },
    });

    await page.goto(`/user/fw-question/${set._id}`);
    await waitForApp(page);
    const cards = page.getByTestId('question-card');
    await cards.first().waitFor();
    const marked = await cards.evaluateAll((all) =>
      all.map((card) => [...card.querySelectorAll('[data-right]')].map((option) => option.textContent)),
    );
    expect(marked).toEqual([['BHồ Gươm'], ['AHồ Tây'], ['CHồ Trúc Bạch']]);
    expect(await page.getByTestId('question-answer').allTextContents()).toEqual(['B. Hồ Gươm', 'A. Hồ Tây', 'C. Hồ Trúc Bạch']);

    // The editor opens with option B picked; saving stores its text, not the letter.
    await cards.first().getByRole('button', { name: 'Sửa câu 1' }).click();
    const dialog = page.getByRole('dialog');
    expect(await dialog.getByLabel('Đáp án', { exact: true }).inputValue()).toBe('B. Hồ Gươm');
    await dialog.getByRole('button', { name: 'Đồng ý' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Lưu', exact: true }).click();
    await toast(page, 'Cập nhật thành công').first().waitFor();
    const { item: stored } = await trpcQuery<{ item: TQuestionSet }>(context.request, 'questionSet.adminGet', { set: 1, _id: set._id });
    expect(stored.items.map((q) => q.answer)).toEqual(['Hồ Gươm', 'Phương án a', 'c.']);
    expect(errors).toEqual([]);
  });
});
