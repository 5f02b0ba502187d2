/** The master's console in a browser: picking a round's question set and a question. */
import type { Page } from 'playwright-core';

/** Opens round `round`'s tab on the console and picks the set titled `title`. */
export async function pickSet(m: Page, round: number, title: string): Promise<void> {
  await m.getByText(`Phần ${round}`, { exact: true }).click();
  await m.getByRole('combobox', { name: 'Bộ câu hỏi' }).click();
  await m.getByRole('option', { name: title }).click();
}

/** Picks the question holding `text` on the console and waits until it is the selected one. */
export async function pickQuestion(m: Page, text: string): Promise<void> {
  const question = m.getByTestId('master-question').filter({ hasText: text });
  await question.click();
  await question.and(m.locator('[data-selected="true"]')).waitFor();
}
