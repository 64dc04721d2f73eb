/**
 * Issue 29: attendance and the meeting report, in Chromium against a real server of its own (it
 * is restarted on the same data directory and port). A steady participant is hung up and called
 * back (two stays); the Attendance view and the report agree with the server's record, the CSV
 * parses with its header, and the report, kept in the browser, opens again after the restart with
 * the server's record read by its report token. Screenshots of the view and the printed report.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test, expect } from '../fixtures';
import { freePort, startTestServer, type TestServer } from '../server';
import { ParticipantsApi } from '../pages/ParticipantsApi';
import { openParticipants, pickOnline } from '../pages/ParticipantsSession';
import type { AttendancePage, PresenceRecord } from '../../protocol/attendance';

const TEXT = {
  en: {
    open: 'Attendance',
    search: 'Name or ID',
    exportCsv: 'Export CSV',
    report: 'Open report',
    present: 'In the meeting',
    title: 'Meeting report',
    serverRecord: /server's record/,
  },
  zh: {
    open: '出勤',
    search: '名称或 ID',
    exportCsv: '导出 CSV',
    report: '打开报告',
    present: '在会中',
    title: '会议报告',
    serverRecord: /服务器/,
  },
} as const;

/** The server's whole history through a controller's session, every page. */
async function serverRecords(api: ParticipantsApi): Promise<Map<string, PresenceRecord>> {
  const out = new Map<string, PresenceRecord>();
  let after: string | undefined;
  for (;;) {
    const page = await api.get<AttendancePage>(`attendance?limit=1000${after ? `&after=${encodeURIComponent(after)}` : ''}`);
    for (const r of page.records) out.set(r.usr_id, r);
    if (!page.next_after) return out;
    after = page.next_after;
  }
}

test('attendance: live view and report agree with the server, CSV with its header, the report survives a restart', async ({
  page,
  lang,
  context,
}, testInfo) => {
  test.setTimeout(120_000);
  const text = TEXT[lang];
  const dataDir = mkdtempSync(join(tmpdir(), 'podium-e2e-attendance-'));
  const port = String(await freePort());
  const env = { DATA_DIR: dataDir, PORT: port };
  let server: TestServer | null = await startTestServer({ env });
  try {
    const { panel } = await openParticipants(page, server, lang);
    const api = await ParticipantsApi.login(server);
    const p = await pickOnline(panel, api);

    // a reconnect: hung up, then called back: two stays of one person
    await api.eps('drop', [p.usrId]);
    await expect.poll(async () => (await api.endpointStates()).has(p.usrId)).toBe(false);
    await api.eps('call', [p.usrId]);
    await expect.poll(async () => (await api.endpointStates()).has(p.usrId), { timeout: 15_000 }).toBe(true);
    await expect.poll(async () => (await serverRecords(api)).get(p.usrId)?.intervals.length).toBe(2);

    const dialog = page.getByRole('dialog', { name: text.open });
    await page.getByRole('button', { name: text.open, exact: true }).click();
    await expect(dialog).toBeVisible();
    await expect(dialog.getByTestId('attendance-source')).toHaveAttribute('data-source', 'server');
    // every person of the server's record is a row, the present ones counted alike
    const record = await serverRecords(api);
    const presentOnServer = [...record.values()].filter((r) => r.intervals.at(-1) && r.intervals.at(-1)!.leave === undefined).length;
    await expect(dialog.getByTestId('attendance-count')).toHaveAttribute('data-present', String(presentOnServer));
    await expect(dialog.getByTestId('attendance-table')).toHaveAttribute('data-rows', String(record.size));
    // the header row (its share header the longest) ends above the first row, not over it
    const headerBox = (await dialog.getByTestId('attendance-table').getByRole('row').first().boundingBox())!;
    const firstRowBox = (await dialog.locator('[role="row"][data-usr-id]').first().boundingBox())!;
    expect(headerBox.y + headerBox.height).toBeLessThanOrEqual(firstRowBox.y + 0.5);
    await page.screenshot({ animations: 'disabled', path: `test-results/screens/attendance-view-${lang}.png` });

    await dialog.getByRole('textbox', { name: text.search }).fill(p.name);
    const row = dialog.locator(`[role="row"][data-usr-id="${p.usrId}"]`);
    await expect(row).toHaveAttribute('data-state', 'present');
    await expect(row.getByRole('cell').nth(1)).toHaveText(text.present);
    await expect(row.getByRole('cell').nth(6)).toHaveText('2');

    // the CSV: a byte-order mark, the header, one line per row shown
    const downloadPromise = page.waitForEvent('download');
    await dialog.getByRole('button', { name: text.exportCsv }).click();
    const download = await downloadPromise;
    expect(download.suggestedFilename()).toMatch(new RegExp(`^attendance-${server.mrId}-.*\\.csv$`));
    const bytes = await readFile((await download.path())!);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.subarray(3).toString('utf8').trimEnd().split('\r\n');
    const header = lines[0].split(',');
    expect(header.slice(0, 4)).toEqual(['name', 'usr_id', 'invited', 'state']);
    expect(lines).toHaveLength(2);
    const cells = lines[1].split(',');
    expect(cells[header.indexOf('usr_id')]).toBe(p.usrId);
    expect(cells[header.indexOf('joins')]).toBe('2');
    expect(cells[header.indexOf('first_join_iso')]).toBe(new Date(record.get(p.usrId)!.intervals[0].join * 1000).toISOString());

    // the report opens in a tab of its own
    const reportPromise = context.waitForEvent('page');
    await dialog.getByRole('button', { name: text.report }).click();
    const report = await reportPromise;
    await expect(report.getByRole('heading', { name: text.title })).toBeVisible();
    await expect(report.getByTestId('report-mr-id')).toHaveText(server.mrId);
    await expect(report.getByTestId('report-counts')).toHaveAttribute('data-total', String(record.size));
    await expect(report.getByTestId('report-counts')).toHaveAttribute('data-present', String(presentOnServer));
    const reportRow = report.getByTestId('report-attendance').locator(`tr[data-usr-id="${p.usrId}"]`);
    await expect(reportRow.locator('td').nth(6)).toHaveText('2');
    await expect(report.getByTestId('report-chart')).toHaveAttribute('data-peak', /^[1-9]\d*$/);
    // a meeting of a minute or two: its time ticks are few and each reads a different time
    const ticks = await report.getByTestId('report-chart-tick').allTextContents();
    expect(ticks.length).toBeGreaterThanOrEqual(2);
    expect(ticks.length).toBeLessThanOrEqual(9);
    expect(new Set(ticks).size).toBe(ticks.length);
    await report.screenshot({ animations: 'disabled', path: `test-results/screens/attendance-report-${lang}.png` });
    await report.emulateMedia({ media: 'print' });
    await expect(report.getByRole('button', { name: text.exportCsv })).toBeHidden();
    await report.screenshot({ fullPage: true, animations: 'disabled', path: `test-results/screens/attendance-report-print-${lang}.png` });
    await report.emulateMedia({ media: 'screen' });

    // the end-meeting confirmation offers the report too, before anything ends
    await report.close();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await page.getByTestId('end-meeting').click();
    const fromEnd = context.waitForEvent('page');
    await page.getByTestId('end-meeting-report').click();
    const second = await fromEnd;
    await expect(second.getByRole('heading', { name: text.title })).toBeVisible();
    await expect(second.getByTestId('report-counts')).toHaveAttribute('data-total', String(record.size));
    await second.close();
    await page.keyboard.press('Escape');
    expect((await api.endpointStates()).size).toBeGreaterThan(0);
    const reportPromise2 = context.waitForEvent('page');
    await page.getByRole('button', { name: text.open, exact: true }).click();
    await dialog.getByRole('button', { name: text.report }).click();
    const report2 = await reportPromise2;
    // settled (its read of the server answered) before the server goes away
    await expect(report2.getByTestId('report-taken')).toHaveText(text.serverRecord);
    await report2.waitForLoadState('networkidle');

    // the server restarts on the same data: the report opens again, from the server's record
    await page.goto('about:blank');
    await server.stop();
    server = null;
    server = await startTestServer({ env });
    await report2.reload();
    await expect(report2.getByTestId('report-taken')).toHaveText(text.serverRecord);
    // the history survived: the first stay is the one before the restart; the endpoint rejoining
    // the restarted meeting is one more stay, on the server and in the report alike
    const after = (await serverRecords(await ParticipantsApi.login(server))).get(p.usrId)!;
    expect(after.intervals[0].join).toBe(record.get(p.usrId)!.intervals[0].join);
    expect(after.intervals.length).toBeGreaterThanOrEqual(2);
    await expect(report2.getByTestId('report-attendance').locator(`tr[data-usr-id="${p.usrId}"]`).locator('td').nth(6)).toHaveText(
      String(after.intervals.length),
    );
    await report2.screenshot({ animations: 'disabled', path: testInfo.outputPath(`report-after-restart-${lang}.png`) });
  } finally {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
