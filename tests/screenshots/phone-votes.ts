/** Ballots from phones for the vote pictures. */
import { request } from 'playwright-core';
import { expectOk, type Harness } from '../e2e/harness';

/**
 * `counts[i]` ballots for `ballot[i]`, each from a phone of its own (a fresh context: its page's read
 * of GET /api/vote sets the device cookie, then the vote).
 */
export async function votesFromPhones(h: Harness, ballot: readonly string[], counts: readonly number[]): Promise<void> {
  for (const [i, times] of counts.entries()) {
    for (let n = 0; n < times; n++) {
      const phone = await request.newContext({ baseURL: h.url });
      await expectOk(await phone.get('/api/vote'));
      await expectOk(await phone.post('/api/vote', { data: { teamIds: [ballot[i]] } }));
      await phone.dispose();
    }
  }
}
