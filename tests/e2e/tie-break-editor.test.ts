/**
 * The tie-break chain's editor on the dashboard, driven by the keyboard: total shown first and fixed,
 * a rule moved and removed with its labelled buttons, one added from the list, saved and back to the
 * default; the live ranking shows the reason.
 */
import { expect, it } from 'vitest';
import { messages } from '../../src/messages';
import { describeInBrowser, pageAs, toast, waitForApp } from './harness';

const t = messages.results.tieBreak;

describeInBrowser('the tie-break editor', (h) => {
  it('orders the rules with the keyboard, saves them, and the ranking follows', async () => {
    const { context, page, errors } = await pageAs(h, 'admin', { width: 1440, height: 900 });
    const call = async (procedure: string, input: unknown) => {
      const response = await context.request.post(`/trpc/${procedure}`, { data: input });
      expect(response.status(), await response.text()).toBe(200);
      return (await response.json()).result.data;
    };
    const judge = await h.server.deps.db.selectFrom('users').select('id').where('role', '=', 'judge').executeTakeFirstOrThrow();
    const an = (await call('team.create', { data: { name: 'Đội An' } })).item._id;
    const binh = (await call('team.create', { data: { name: 'Đội Bình' } })).item._id;
    await call('scoreField.create', { data: { name: 'tb-1', label: 'Khởi động', maxPoint: 10, step: 1, position: 1, round: 1 } });
    await call('scoreField.create', { data: { name: 'tb-2', label: 'Về đích', maxPoint: 10, step: 1, position: 2, round: 4 } });
    // Both on 10: An wins Khởi động, Bình wins Về đích.
    for (const [teamId, fieldName, point] of [
      [an, 'tb-1', 6],
      [an, 'tb-2', 4],
      [binh, 'tb-1', 4],
      [binh, 'tb-2', 6],
    ] as const) {
      await call('scoring.adminSubmit', { teamId, gkId: judge.id, fieldName, point });
    }

    await page.goto('/user/dashboard');
    await waitForApp(page);
    const editor = page.locator('#tie-break');
    const list = editor.getByRole('list', { name: t.ruleList });
    await editor.getByTestId('tie-break-default').waitFor();
    // The rules' labels come from the scoring sheet, a call of its own that may answer after the chain's.
    await expect
      .poll(() => list.getByRole('listitem').allInnerTexts())
      .toEqual([
        expect.stringContaining(t.totalFirst),
        expect.stringContaining(t.fieldRule('Khởi động')),
        expect.stringContaining(t.fieldRule('Về đích')),
        expect.stringContaining(t.sharedRule),
      ]);
    const row = page.locator('[data-testid="ranking-row"][data-team="Đội Bình"]');
    await row.getByTestId('ranking-tie-break').getByText('xếp sau do Khởi động').waitFor();

    // Về đích up, with the keyboard: focus its button and press Enter.
    await editor.getByRole('button', { name: t.moveUp(t.fieldRule('Về đích')) }).focus();
    await page.keyboard.press('Enter');
    // Shared rank stays last: it cannot move, nor can anything go below it.
    expect(await editor.getByRole('button', { name: t.moveUp(t.sharedRule) }).isDisabled()).toBe(true);
    expect(await editor.getByRole('button', { name: t.moveDown(t.fieldRule('Khởi động')) }).isDisabled()).toBe(true);
    // Remove Khởi động, add the sudden death (it goes before shared rank).
    await editor.getByRole('button', { name: t.remove(t.fieldRule('Khởi động')) }).focus();
    await page.keyboard.press('Enter');
    const add = editor.getByLabel(t.addLabel, { exact: true });
    await add.focus();
    await page.keyboard.type('Câu hỏi phụ');
    await page.getByRole('option', { name: t.suddenDeathRule }).waitFor();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect.poll(() => add.inputValue()).toBe(t.suddenDeathRule);
    await editor.getByRole('button', { name: t.add, exact: true }).focus();
    await page.keyboard.press('Enter');
    expect(await editor.getByTestId('tie-break-rule').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-rule')))).toEqual([
      'field:tb-2',
      'suddenDeath',
      'shared',
    ]);
    await editor.getByTestId('tie-break-save').click();
    await toast(page, t.saved).waitFor();
    const saved = await (await context.request.get('/api/tie-break')).json();
    expect(saved).toEqual({
      rules: [{ kind: 'field', field: 'tb-2' }, { kind: 'suddenDeath' }, { kind: 'shared' }],
      isDefault: false,
    });
    await page.locator('[data-testid="ranking-row"][data-team="Đội An"]').getByText('xếp sau do Về đích').waitFor();

    await editor.getByTestId('tie-break-default-button').click();
    await editor.getByTestId('tie-break-default').waitFor();
    expect((await (await context.request.get('/api/tie-break')).json()).isDefault).toBe(true);
    expect(errors).toEqual([]);
  });
});
