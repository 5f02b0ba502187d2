/**
 * /user/events in a real browser against the real server: the organiser starts a blank event, clones
 * the one on stage for a final with the top teams carried (a tie at the cut brings in one more),
 * archives one, deletes only once the name is typed again, puts the final on stage, and backs an event
 * up and restores it.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import { messages } from '../../src/messages';
import { loadDemoEvent } from '../../src-server/demo/load';
import { describeInBrowser, expectOk, openAs, putShow, requestAs, toast, trpcMutation } from './harness';

const t = messages.eventsAdmin;
const WIDE = { width: 1440, height: 900 };
const DEMO = 'Hội thi "Em yêu Hà Nội" 2026';
const HEATS = 'Vòng loại khu vực phía Bắc';
const FINAL = 'Chung kết Em yêu Hà Nội';
/** The demo's ranking for the tests: one team alone on top, two level behind it, the rest without points. */
const POINTS: [team: string, point: number][] = [
  ['THPT Việt Đức', 9],
  ['THPT Chu Văn An', 8],
  ['THPT Kim Liên', 8],
];

function row(page: Page, title: string) {
  // JSON's quoting is CSS's too: the demo's title holds double quotes.
  return page.locator(`[data-testid="event-row"][data-title=${JSON.stringify(title)}]`);
}

/** Opens a row's menu and picks `item`. */
async function fromMenu(page: Page, title: string, item: string): Promise<void> {
  await page.getByRole('button', { name: t.actions(title) }).click();
  await page.getByRole('menuitem', { name: item }).click();
}

describeInBrowser('the events page', (h) => {
  beforeAll(async () => {
    await loadDemoEvent(h.server.deps.db, h.server.deps.hub);
    const admin = await requestAs(h, 'admin');
    const { listTeam } = (await expectOk(await admin.get('/api/state'))) as { listTeam: { _id: string; name: string }[] };
    for (const [name, point] of POINTS) {
      const team = listTeam.find((each) => each.name === name)!;
      await trpcMutation(admin, 'scoring.adminSubmitAll', { teamId: team._id, point, fieldName: 'phan-2', reason: 'Điểm thử' });
    }
  });

  it('starts a blank event, clones the one on stage for a final with the top two carried, archives one', async () => {
    const { page, errors } = await openAs(h, '/user/events', 'admin', WIDE);
    await expect.poll(() => page.getByTestId('event-row').count()).toBe(1);

    // A blank event of three rounds.
    await page.getByRole('button', { name: t.create }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(t.name).fill(HEATS);
    await dialog.getByText(t.roundsHint).waitFor();
    await dialog.getByLabel(t.rounds).fill('3');
    await dialog.getByRole('button', { name: t.createSubmit }).click();
    await toast(page, t.created(HEATS)).waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await row(page, HEATS).waitFor();
    expect(await row(page, HEATS).getAttribute('data-state')).toBe('prepared');
    expect(await row(page, HEATS).getByTestId('event-team-count').textContent()).toBe('0');
    const heats = await h.server.deps.base
      .selectFrom('settings')
      .innerJoin('contests', 'contests.id', 'settings.contest_id')
      .select('settings.data')
      .where(
        'contests.id',
        '!=',
        (await h.server.deps.base.selectFrom('installation').select('active_contest_id').executeTakeFirstOrThrow()).active_contest_id,
      )
      .executeTakeFirstOrThrow();
    const settings = (typeof heats.data === 'string' ? JSON.parse(heats.data) : heats.data) as {
      name: string;
      roundTitles: Record<string, string>;
    };
    expect(settings.name).toBe(HEATS);
    expect(Object.values(settings.roundTitles)).toEqual(['Phần thi 1', 'Phần thi 2', 'Phần thi 3', '', '', '']);

    // The final: a copy of the night on stage, every part but the teams, and its top two carried.
    await page.getByRole('button', { name: t.create }).click();
    await dialog.getByLabel(t.name).fill(FINAL);
    await dialog.getByRole('radio', { name: t.startCopy }).check();
    await expect.poll(() => dialog.getByLabel(t.copyFrom).inputValue()).toBe(`${DEMO} (${t.states.onStage})`);
    for (const part of ['sets', 'rules', 'sheet', 'formats', 'tieBreak', 'settings', 'judges'] as const) {
      expect(await dialog.getByRole('checkbox', { name: t.parts[part] }).isChecked(), part).toBe(true);
    }
    const allTeams = dialog.getByRole('checkbox', { name: t.parts.teams });
    expect(await allTeams.isChecked()).toBe(false);
    // Copying the settings brings their rounds: no number of rounds to ask for.
    expect(await dialog.getByLabel(t.rounds).count()).toBe(0);
    // Every team or the top N, never both.
    await allTeams.check();
    await dialog.getByRole('checkbox', { name: t.carryTeams(3) }).check();
    expect(await allTeams.isChecked()).toBe(false);
    await dialog.getByLabel(t.carryTop).fill('2');
    await dialog.getByRole('checkbox', { name: t.carryTeams(2) }).waitFor();
    await dialog.getByRole('button', { name: t.createSubmit }).click();
    await toast(page, t.created(FINAL)).waitFor();

    // Two level at second place: three teams went through, and the modal says why.
    await expect.poll(() => dialog.getByTestId('carried-tie').textContent()).toBe(t.carriedTie(2, 3));
    const carried = await dialog
      .getByTestId('carried-team')
      .evaluateAll((rows) => rows.map((r) => (r as HTMLElement).innerText.replace(/\s+/g, ' ')));
    expect(carried).toHaveLength(3);
    expect(carried[0]).toBe('1 THPT Việt Đức');
    expect(carried.slice(1).sort()).toEqual(['2 THPT Chu Văn An', '2 THPT Kim Liên']);
    await dialog.getByTestId('carried-teams').getByRole('button', { name: t.close }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => row(page, FINAL).getByTestId('event-team-count').textContent()).toBe('3');

    // The heats are archived (asked first), and can be reopened from the same menu.
    await fromMenu(page, HEATS, t.archive);
    await dialog.getByText(t.archiveText).waitFor();
    await dialog.getByRole('button', { name: t.archive }).click();
    await toast(page, t.archiveDone).waitFor();
    await expect.poll(() => row(page, HEATS).getAttribute('data-state')).toBe('archived');
    await page.getByRole('button', { name: t.actions(HEATS) }).click();
    await page.getByRole('menuitem', { name: t.reopen }).waitFor();
    await page.keyboard.press('Escape');

    // On stage first, then the newest; only an event not on stage offers to go on stage.
    await expect
      .poll(() =>
        page.getByTestId('event-row').evaluateAll((rows) => rows.map((r) => [r.getAttribute('data-title'), r.getAttribute('data-state')])),
      )
      .toEqual([
        [DEMO, 'onStage'],
        [FINAL, 'prepared'],
        [HEATS, 'archived'],
      ]);
    expect(await page.getByRole('button', { name: `${t.activate}: ${DEMO}` }).count()).toBe(0);
    expect(await page.getByRole('button', { name: `${t.activate}: ${HEATS}` }).count()).toBe(0);
    await page.getByRole('button', { name: `${t.activate}: ${FINAL}` }).waitFor();
    expect(errors).toEqual([]);
  });

  it('deletes only once the name is typed again, and never the event on stage', async () => {
    const { page, errors } = await openAs(h, '/user/events', 'admin', WIDE);
    await row(page, FINAL).waitFor();
    const dialog = page.getByRole('dialog');

    await fromMenu(page, DEMO, t.remove);
    await expect.poll(() => dialog.getByTestId('delete-on-stage').textContent()).toBe(t.deleteOnStage);
    expect(await dialog.getByRole('button', { name: t.removeSubmit }).count()).toBe(0);
    await dialog.getByTestId('delete-on-stage-close').click();
    await dialog.waitFor({ state: 'hidden' });

    await fromMenu(page, HEATS, t.remove);
    const remove = dialog.getByRole('button', { name: t.removeSubmit });
    const confirm = dialog.getByLabel(t.deleteConfirm);
    expect(await remove.isDisabled()).toBe(true);
    await confirm.fill('Vòng loại');
    expect(await remove.isDisabled()).toBe(true);
    await confirm.fill(HEATS.toUpperCase());
    expect(await remove.isDisabled()).toBe(true);
    await confirm.fill(HEATS);
    await expect.poll(() => remove.isEnabled()).toBe(true);
    await remove.click();
    await toast(page, t.removed).waitFor();
    await expect.poll(() => page.getByTestId('event-row').count()).toBe(2);
    expect(await row(page, HEATS).count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it('puts the final on stage, asked first and not while the clock runs, and the other admin pages show it without a reload', async () => {
    const { page, errors } = await openAs(h, '/user/dashboard', 'admin', WIDE);
    const eventName = page.locator('#event-settings').getByLabel('Tên hội thi');
    await expect.poll(() => eventName.inputValue()).toBe(DEMO);

    await page.getByRole('link', { name: 'Cuộc thi', exact: true }).click();
    await row(page, FINAL).waitFor();
    const dialog = page.getByRole('dialog');
    const activate = async () => {
      await page.getByRole('button', { name: `${t.activate}: ${FINAL}` }).click();
      await dialog.getByText(t.activateText).waitFor();
      await dialog.getByRole('button', { name: t.activate }).click();
      await dialog.waitFor({ state: 'hidden' });
    };

    // Not while the clock runs on stage: the server's reason, and nothing moves.
    const master = await requestAs(h, 'master');
    await putShow(master, { timer: { action: 'start', durationMs: 600_000 } });
    await activate();
    await toast(page, `${t.activateError.trimEnd()} ${t.switchOnAir}`).waitFor();
    expect(await row(page, DEMO).getAttribute('data-state')).toBe('onStage');
    await putShow(master, { timer: { action: 'reset' } });

    await activate();
    await toast(page, t.activated(FINAL)).waitFor();
    await expect
      .poll(() =>
        page.getByTestId('event-row').evaluateAll((rows) => rows.map((r) => [r.getAttribute('data-title'), r.getAttribute('data-state')])),
      )
      .toEqual([
        [FINAL, 'onStage'],
        [DEMO, 'prepared'],
      ]);

    await page.getByRole('link', { name: 'Bảng điều khiển', exact: true }).click();
    await expect.poll(() => eventName.inputValue()).toBe(FINAL);
    expect(errors).toEqual([]);
  });

  it('backs an event up, restores it from the file after it is deleted (a file that is not a backup refused) and renames it', async () => {
    const { page, errors } = await openAs(h, '/user/events', 'admin', WIDE);
    await row(page, DEMO).waitFor();
    const dialog = page.getByRole('dialog');

    await page.getByRole('button', { name: t.actions(DEMO) }).click();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: t.backup }).click()]);
    const file = path.join(await fs.mkdtemp(path.join(os.tmpdir(), 'hoithi-backup-')), download.suggestedFilename());
    await download.saveAs(file);
    expect(file).toMatch(/\.hoithi$/);

    await fromMenu(page, DEMO, t.remove);
    await dialog.getByLabel(t.deleteConfirm).fill(DEMO);
    await dialog.getByRole('button', { name: t.removeSubmit }).click();
    await toast(page, t.removed).waitFor();
    await expect.poll(() => row(page, DEMO).count()).toBe(0);

    const restore = async (files: string | { name: string; mimeType: string; buffer: Buffer }) => {
      const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByRole('button', { name: t.restore }).click()]);
      await chooser.setFiles(files);
    };
    await restore({ name: 'ghi-chu.hoithi', mimeType: 'application/octet-stream', buffer: Buffer.from('không phải bản sao lưu') });
    await toast(page, `${t.restoreError.trimEnd()} ${messages.backup.foreign}`).waitFor();
    expect(await page.getByTestId('event-row').count()).toBe(1);

    await restore(file);
    await toast(page, t.restored(DEMO)).waitFor();
    await expect.poll(() => row(page, DEMO).getAttribute('data-state')).toBe('prepared');
    expect(await row(page, DEMO).getByTestId('event-team-count').textContent()).toBe('8');

    // Renamed, so it is told from the night it came from.
    const renamed = `${DEMO} (bản khôi phục)`;
    await fromMenu(page, DEMO, t.rename);
    await dialog.getByLabel(t.name).fill('  ');
    await dialog.getByRole('button', { name: t.save }).click();
    await dialog.getByText(messages.eventNameRequired).waitFor();
    await dialog.getByLabel(t.name).fill(renamed);
    await dialog.getByRole('button', { name: t.save }).click();
    await toast(page, t.renamed).waitFor();
    await row(page, renamed).waitFor();
    expect(await row(page, DEMO).count()).toBe(0);
    expect(errors).toEqual([]);
  });
});
