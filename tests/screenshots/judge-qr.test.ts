/** Judges' QR cards printed from /user opened on the server's own machine (127.0.0.1): the note with the guessed address, and the cards that carry it. */
import type { APIRequestContext } from 'playwright-core';
import { expect, it } from 'vitest';
import { messages } from '../../src/messages';
import { describeInBrowser, openAs, requestAs, USER_PASSWORD } from '../e2e/harness';
import { shoot } from './shots';

const WIDE = { width: 1440, height: 900 };

async function createJudge(admin: APIRequestContext, username: string, fullName: string) {
  const response = await admin.post('/api/user', { data: { user: { username, password: USER_PASSWORD, fullName, role: 'judge' } } });
  expect(response.status(), await response.text()).toBe(200);
}

describeInBrowser('screenshots: judge QR cards made on localhost', (h) => {
  it('user-hall-address, judge-qr-localhost', async () => {
    const admin = await requestAs(h, 'admin');
    await createJudge(admin, 'gk-an', 'TS Nguyễn Bình An');
    await createJudge(admin, 'gk-binh', 'ThS Lê Thanh Bình');
    const { page } = await openAs(h, '/user', 'admin', WIDE);
    await page.getByTestId('hall-address').waitFor();
    await page.getByTestId('user-table').waitFor();
    await shoot(page, 'user-hall-address');

    await page.getByTestId('print-qr-cards').click();
    await page.getByRole('dialog').getByRole('button', { name: messages.agree }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await expect.poll(() => page.getByTestId('qr-card').count()).toBe(3);
    await shoot(page, 'judge-qr-localhost', { withoutToasts: true });
  });
});
