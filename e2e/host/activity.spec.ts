/**
 * Issue 16 item 1: who did what. The Activity dialog lists this console's
 * commands and, live, another controller's, by role and address; it filters by participant and
 * controller, a participant's row opens it filtered to them, and it exports a CSV with a header
 * row. In front of the platform (no log on the server) it lists this console's own commands and
 * says so.
 */
import { readFile } from 'node:fs/promises';
import { test, expect } from '../fixtures';
import { expectSurfaceAccessible } from '../a11y';
import { openParticipants, pickOnline } from '../pages/ParticipantsSession';
import { ParticipantsApi } from '../pages/ParticipantsApi';

const TEXT = {
  en: {
    open: 'Activity',
    rowItem: 'Activity',
    participant: 'Participant',
    controller: 'Controller',
    exportCsv: 'Export CSV',
    host: 'Host (127.0.0.1)',
    supervisor: 'Supervisor (127.0.0.1)',
    hostLocal: 'Host (this console)',
    muted: (who: string, name: string) => `${who} muted ${name}`,
    unmuted: (who: string, name: string) => `${who} unmuted ${name}`,
    letWatch: (who: string, name: string) => `${who} let ${name} watch`,
    mute: 'Mute',
    unmute: 'Unmute',
    applied: 'Applied',
    serverNote: /as the server recorded them/,
    localNote: /keeps no activity log/,
    allControllers: 'All controllers',
    clearFilters: 'Clear filters',
  },
  zh: {
    open: '操作记录',
    rowItem: '操作记录',
    participant: '参会者',
    controller: '控制者',
    exportCsv: '导出 CSV',
    host: '主持人（127.0.0.1）',
    supervisor: '监管员（127.0.0.1）',
    hostLocal: '主持人（本控制台）',
    muted: (who: string, name: string) => `${who}将${name}静音`,
    unmuted: (who: string, name: string) => `${who}取消了${name}的静音`,
    letWatch: (who: string, name: string) => `${who}允许${name}观看`,
    mute: '静音',
    unmute: '取消静音',
    applied: '已执行',
    serverNote: /由服务器记录/,
    localNote: /不保存操作记录/,
    allControllers: '全部控制者',
    clearFilters: '清除筛选',
  },
} as const;

test(
  'activity: who did what, live, filtered, from a row, exported as CSV',
  { tag: '@platform' },
  async ({ page, server, wire, lang }, testInfo) => {
    test.setTimeout(90_000);
    const text = TEXT[lang];
    const platform = wire === 'platform';
    const { panel, api } = await openParticipants(page, server, lang);
    const p = await pickOnline(panel, api);

    const dialog = page.getByRole('dialog', { name: text.open });
    const rows = dialog.getByTestId('activity-table').locator('tbody tr');
    const shown = async () => Number(await dialog.getByTestId('activity-count').getAttribute('data-count'));
    // what the log already holds about p (earlier specs act on the same steady participants)
    await page.getByRole('button', { name: text.open, exact: true }).click();
    await expect(dialog).toBeVisible();
    await expect(dialog.getByTestId('activity-source')).toHaveText(platform ? text.localNote : text.serverNote);
    await dialog.getByRole('textbox', { name: text.participant }).fill(p.name);
    const before = await shown();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    // this console mutes p and unmutes them again, leaving the participant as found
    await panel.button(panel.n.mute(p.name)).click();
    await expect.poll(async () => (await api.flags(p.usrId))?.a_rx).toBe(0);
    await panel.button(panel.n.unmute(p.name)).click();
    await expect.poll(async () => (await api.flags(p.usrId))?.a_rx).toBe(1);

    // the dialog keeps its filter; the two commands are the newest rows, newest first, each a
    // sentence in the user's language, named as the console's buttons name them (issue 26 item 6)
    await page.getByRole('button', { name: text.open, exact: true }).click();
    await expect.poll(shown).toBe(before + 2);
    const me = platform ? text.hostLocal : text.host;
    const sentences = [text.unmuted(me, p.name), text.muted(me, p.name)];
    const commands = [text.unmute, text.mute];
    for (const [i, row] of [rows.nth(0), rows.nth(1)].entries()) {
      await expect(row.getByTestId('activity-sentence')).toHaveText(sentences[i]);
      await expect(row.locator('td').nth(2)).toHaveText(commands[i]);
      await expect(row).toContainText(text.applied);
      // the wire detail stays for support, beneath the sentence
      await expect(row.getByTestId('activity-wire')).toHaveText(`ctrl_mr_eps · a_rx · value=${1 - i}`);
    }

    if (!platform) {
      // another controller acts: its entry arrives live, by role and address
      const supervisor = await ParticipantsApi.forWorker(server, 'supervisor');
      await supervisor.eps('v_tx', [p.usrId], 1);
      await expect.poll(shown, { timeout: 15_000 }).toBe(before + 3);
      await expect(rows.nth(0).getByTestId('activity-sentence')).toHaveText(text.letWatch(text.supervisor, p.name));
      await dialog.getByLabel(text.controller, { exact: true }).click();
      await page.getByRole('option', { name: text.supervisor, exact: true }).click();
      await expect(rows.filter({ hasText: text.host })).toHaveCount(0);
      await expect(rows.first()).toContainText(text.supervisor);
      await dialog.getByLabel(text.controller, { exact: true }).click();
      await page.getByRole('option', { name: text.allControllers, exact: true }).click();
      await expect.poll(shown).toBe(before + 3);
    }
    const count = await shown();
    // a recipe's entries (accept a hand: a_rx 1 + clear_hand) read as one row: rows ≤ entries
    expect(await rows.count()).toBeGreaterThan(0);
    expect(await rows.count()).toBeLessThanOrEqual(Math.min(count, 300));
    // the count reads as a sentence in either language ("1 entry", "3 of 12 entries", "3 / 12 条记录")
    await expect(dialog.getByTestId('activity-count')).toHaveText(
      lang === 'en' ? /^(\d+ of )?(1 entry|\d+ entries)$/ : /^(\d+ \/ )?\d+ 条记录$/,
    );
    for (const row of await rows.all()) await expect(row).toContainText(p.name);
    await page.screenshot({ animations: 'disabled', path: testInfo.outputPath(`activity-${lang}-${wire ?? 'podium'}.png`) });
    await dialog.screenshot({ animations: 'disabled', path: testInfo.outputPath(`activity-dialog-${lang}-${wire ?? 'podium'}.png`) });
    if (!platform) await expectSurfaceAccessible(dialog, testInfo, `activity dialog (${lang})`);

    // CSV for Excel: UTF-8 with a byte-order mark, CRLF, a header row and one line per entry shown,
    // p's name in each; local and ISO times, the sentence, then the wire columns
    const downloadPromise = page.waitForEvent('download');
    await dialog.getByRole('button', { name: text.exportCsv }).click();
    const download = await downloadPromise;
    expect(download.suggestedFilename()).toMatch(new RegExp(`^activity-${server.mrId}-.*\\.csv$`));
    const bytes = await readFile((await download.path())!);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.subarray(3).toString('utf8').trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'local_time,time_iso,activity,command,outcome,id,role,address,cmdid,action,targets,more_targets,values,result,status',
    );
    expect(lines).toHaveLength(count + 1);
    for (const line of lines.slice(1)) expect(line).toContain(p.name);
    expect(lines.at(-1)).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2},\d{4}-\d{2}-\d{2}T[\d:.]+Z,/);
    expect(lines.some((line) => line.includes(sentences[0]))).toBe(true);

    // a participant's row opens the dialog filtered to them
    await dialog.getByRole('button', { name: text.clearFilters }).click();
    await expect(dialog.getByRole('textbox', { name: text.participant })).toHaveValue('');
    await dialog.screenshot({ animations: 'disabled', path: testInfo.outputPath(`activity-dialog-all-${lang}-${wire ?? 'podium'}.png`) });
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await panel.rowOperation(p.name, text.rowItem);
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('textbox', { name: text.participant })).toHaveValue(p.name);
    await expect.poll(shown).toBe(count);
  },
);
