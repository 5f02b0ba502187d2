/**
 * A team's phone when the organiser puts another event on stage: the phone is signed out (its account
 * is the old event's) and its login page says why, once; the judge's pad, on the new event's panel,
 * stays signed in and follows.
 */
import { expect, it } from 'vitest';
import { messages } from '../../src/messages';
import { ACCOUNTS, describeInBrowser, openAs, requestAs, trpcMutation, trpcQuery } from './harness';

const PHONE = { width: 390, height: 844 };

describeInBrowser('a phone whose event leaves the stage', (h) => {
  it('is signed out with the reason, and signs in again once its event is back', async () => {
    const admin = await requestAs(h, 'admin');
    const first = (await trpcQuery<{ items: { _id: string }[] }>(admin, 'events.list')).items[0]!._id;
    const { page: phone, errors } = await openAs(h, '/team', 'team', PHONE);
    const { page: pad } = await openAs(h, '/supporter', 'judge', PHONE);

    const { item } = await trpcMutation<{ item: { _id: string } }>(admin, 'events.create', {
      data: { title: 'Chung kết cụm trường', rounds: 2 },
    });
    await trpcMutation(admin, 'events.activate', { _id: item._id });

    await phone.waitForURL(/\/login$/);
    await phone.getByText(messages.eventsAdmin.signedOutBySwitch).waitFor();
    // The judge sits on the new event's panel (a blank event seats every judge): the pad stays.
    expect(new URL(pad.url()).pathname).toBe('/supporter');
    expect((await (await pad.context().request.get('/api/state')).json()).system.event._id).toBe(item._id);

    // The team's event back on stage: the phone signs in again, and the notice is gone for good.
    await trpcMutation(admin, 'events.activate', { _id: first });
    await phone.getByLabel(messages.username).fill(ACCOUNTS.team.username);
    await phone.getByLabel(messages.password).fill(ACCOUNTS.team.password);
    await phone.getByRole('button', { name: messages.login, exact: true }).click();
    await phone.waitForURL(/\/team$/);
    await phone.goto('/login');
    await phone.getByRole('heading', { level: 1 }).waitFor();
    expect(await phone.getByText(messages.eventsAdmin.signedOutBySwitch).count()).toBe(0);
    expect(errors).toEqual([]);
  });
});
