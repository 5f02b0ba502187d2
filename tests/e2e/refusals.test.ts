/**
 * The dashboard shows what the server refused lately, by kind and by address, so the crew can tell
 * why a phone fails on the night: here a batch too large and input nested too deep from one client.
 */
import { expect, it } from 'vitest';
import { describeInBrowser, openAs } from './harness';

describeInBrowser('refusals on the dashboard', (h) => {
  it('lists refused requests by kind and by address, and says so when there are none', async () => {
    const { page, errors } = await openAs(h, '/user/dashboard', 'admin', { width: 1440, height: 900 });
    const section = page.locator('#refusals');
    await section.getByText('Không có yêu cầu nào bị từ chối.').waitFor();

    // One hostile client: a batch of 50 calls, then input nested 200 deep.
    const batch = await fetch(`${h.url}/trpc/${Array.from({ length: 50 }, () => 'system.state').join(',')}?batch=1`);
    expect(batch.status).toBe(400);
    const deep = encodeURIComponent(`${'['.repeat(200)}1${']'.repeat(200)}`);
    expect((await fetch(`${h.url}/trpc/questionSet.get?input=${deep}`)).status).toBe(400);

    await page.reload();
    const byKind = section.getByTestId('refusals-by-kind');
    await byKind.locator('[data-kind="batch"]').getByText('Quá nhiều lệnh trong một yêu cầu').waitFor();
    await byKind.locator('[data-kind="deepInput"]').getByText('Dữ liệu lồng nhau quá sâu').waitFor();
    const row = section.getByTestId('refusals-by-address').locator('tbody tr', { hasText: '127.0.0.1' });
    await expect.poll(() => row.locator('td').last().textContent()).toBe('2');
    expect(errors).toEqual([]);
  });
});
