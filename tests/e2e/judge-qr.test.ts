/**
 * Judges' QR cards printed from /user opened on the server's own machine (the harness serves
 * 127.0.0.1, as an admin at http://localhost:3000 would): the cards carry the machine's network
 * address, which a judge's phone can open, and /user says where that address came from.
 */
import { expect, it } from 'vitest';
import { messages } from '../../src/messages';
import { lanAddresses } from '../../src-server/hall-address';
import { findUnfitText } from '../helpers/user-text';
import { describeInBrowser, openAs, requestAs, toast, USER_PASSWORD } from './harness';

const WIDE = { width: 1440, height: 900 };
const LOOPBACK = /localhost|127\.0\.0\.1|\[::1\]/;

describeInBrowser("judges' QR cards made on the server's own machine", (h) => {
  it('carry the network address, and /user shows it and says it was guessed', async () => {
    const admin = await requestAs(h, 'admin');
    for (const [username, fullName] of [
      ['gk-an', 'TS Nguyễn Bình An'],
      ['gk-binh', 'ThS Lê Thanh Bình'],
    ]) {
      const created = await admin.post('/api/user', { data: { user: { username, password: USER_PASSWORD, fullName, role: 'judge' } } });
      expect(created.status(), await created.text()).toBe(200);
    }
    const { page, errors } = await openAs(h, '/user', 'admin', WIDE);
    expect(new URL(page.url()).hostname).toBe('127.0.0.1');
    const note = page.getByTestId('hall-address');
    await note.waitFor();
    const lan = lanAddresses()[0];

    if (!lan) {
      // A machine with no network at all: said plainly, and no card says localhost.
      await note.getByText(messages.judgeLinks.hallNone).waitFor();
      await page.getByTestId('print-qr-cards').click();
      await page.getByRole('dialog').getByRole('button', { name: messages.agree }).click();
      await toast(page, messages.judgeLinkNoAddress).waitFor();
      expect(await page.getByTestId('qr-card').count()).toBe(0);
      return;
    }

    const origin = `http://${lan}:${new URL(h.url).port}`;
    expect(await note.getAttribute('data-source')).toBe('guessed');
    await note.getByText(messages.judgeLinks.hallAddress(origin)).waitFor();
    await note.getByText(messages.judgeLinks.hallGuessed).waitFor();
    await note.getByText(messages.judgeLinks.hallFix(origin)).waitFor();
    expect(findUnfitText(await note.innerText())).toEqual([]);

    await page.getByTestId('print-qr-cards').click();
    await page.getByRole('dialog').getByRole('button', { name: messages.agree }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    const cards = page.getByTestId('qr-card');
    await expect.poll(() => cards.count()).toBeGreaterThanOrEqual(2);
    for (const card of await cards.all()) {
      await card.locator('img').waitFor();
      const text = await card.innerText();
      expect(text).toContain(`${lan}:${new URL(h.url).port}/giam-kham-token/`);
      expect(text).not.toMatch(LOOPBACK);
      expect(findUnfitText(text.replace(/\?token=\S+/, ''))).toEqual([]);
    }
    // The address on the card opens the judge's pad: the same link, asked at the address the phone uses.
    const printed = (await cards.first().innerText()).match(/\S+\/giam-kham-token\/\S+/)?.[0] ?? '';
    const link = new URL(`http://${printed}`);
    const signIn = await (await h.newPage()).context.request.post(`${h.url}/login`, {
      data: { username: decodeURIComponent(link.pathname.split('/').pop() ?? ''), token: link.searchParams.get('token') },
    });
    expect(signIn.status()).toBe(200);
    expect(errors).toEqual([]);
  });

  it('tells a failure to reach the server in Vietnamese, never the browser\'s "Failed to fetch"', async () => {
    const { page } = await openAs(h, '/user', 'admin', WIDE);
    await page.locator('[data-testid="user-row"][data-username="giamkhao1"]').getByTestId('judge-link-action').click();
    const modal = page.getByTestId('judge-link-modal');
    await modal.getByRole('button', { name: messages.judgeLinks.create }).click();
    await toast(page, messages.judgeLinks.issued).waitFor();
    // The phone still has Wi-Fi, but the server does not answer (stopped, another network): the
    // browser's fetch fails as "Failed to fetch".
    await page.route('**/trpc/**', (route) => route.abort('connectionrefused'));
    await modal.getByRole('button', { name: messages.judgeLinks.reissue }).click();
    const failure = toast(page, messages.judgeLinks.issueError);
    await failure.waitFor();
    const text = await failure.innerText();
    expect(text).toContain(messages.serverUnreachable);
    expect(findUnfitText(text)).toEqual([]);
    await page.unroute('**/trpc/**');
  });
});
