/**
 * The participant pickers at a size where they cannot offer everyone (issues 5 and 7), against
 * the real server: the main-venue picker, the waiting room's "move
 * participants in" picker and a screen-layout pane picker each offer the first 50 online
 * participants under the "Showing 50 of N — type to narrow" hint, and typing a name far down the
 * list narrows to it, which is then applied on the server.
 */
import type { Locator, Page } from '@playwright/test';
import { testWithServer, expect } from '../fixtures';
import { openMeetingControls } from '../pages/MeetingControlsSession';
import type { Lang } from '../pages/MeetingControlsPanel';

// A server of its own with a population well above the 50 options a picker shows.
const test = testWithServer({ SIM_ENDPOINTS: '200' });

const LIMIT = 50;
const HINT = {
  en: /^Showing 50 of ([\d,]+) — type to narrow$/,
  zh: /^显示 ([\d,]+) 人中的 50 人，输入可缩小范围$/,
} as const;
const PANE_SOURCE = { en: (n: number) => `Video source of pane ${n}`, zh: (n: number) => `画面 ${n} 的视频源` } as const;

/** The open picker's truncated matches: the hint's total (above 50) and its 50 options. */
async function expectTruncated(page: Page, lang: Lang): Promise<void> {
  const group = page.getByRole('group', { name: HINT[lang] });
  await expect(group).toBeVisible();
  await expect(group.getByRole('option')).toHaveCount(LIMIT);
  // the group is drawn again as the roster changes (a new label id each time): read its label in one step
  const total = async () => {
    const text = await group.evaluate((el) => document.getElementById(el.getAttribute('aria-labelledby') ?? '')?.textContent ?? '');
    return Number(HINT[lang].exec(text)?.[1].replace(/,/g, ''));
  };
  await expect.poll(total).toBeGreaterThan(LIMIT);
}

/** Types `name` into the picker and picks it: the only match left, with no hint. */
async function pick(page: Page, picker: Locator, name: string): Promise<void> {
  await picker.fill(name);
  await expect(page.getByRole('option', { name, exact: true })).toBeVisible();
  await expect(page.getByRole('group', { name: /50/ })).toHaveCount(0);
  await page.getByRole('option', { name, exact: true }).click();
}

test('pickers offer 50 of many with a hint and narrow by typing', async ({ page, server, lang }) => {
  // three pickers over a population of 200 on a shared two-core machine
  test.setTimeout(120_000);
  const { panel, api } = await openMeetingControls(page, server, lang);
  await expect.poll(async () => (await api.online()).length, { timeout: 30_000 }).toBeGreaterThan(LIMIT + 10);
  // the current main venue would read as the picker's own label, not as a search
  const mainVenue = (await api.status()).spk_usr_id;
  const [forVenue, forWaiting, forPane] = (await api.steadyOnline()).filter((p) => p.usrId !== mainVenue);

  // main venue
  const venue = panel.root.getByRole('combobox', { name: panel.names.mainVenue, exact: true });
  await venue.click();
  await expectTruncated(page, lang);
  await pick(page, venue, forVenue.name);
  await expect.poll(async () => (await api.status()).spk_usr_id).toBe(forVenue.usrId);

  // moving into the waiting room
  await api.setStatus({ waiting_room: 1 });
  await panel.openSection(panel.names.waitingRoom);
  const section = page.getByTestId('waiting-room');
  await expect(section).toHaveAttribute('data-state', 'on');
  const move = section.getByRole('combobox', { name: panel.names.moveToWaiting });
  await move.click();
  await expectTruncated(page, lang);
  await pick(page, move, forWaiting.name);
  await section.getByRole('button', { name: panel.names.moveIn, exact: true }).click();
  await expect.poll(async () => await api.waitingIds(), { timeout: 10_000 }).toContain(forWaiting.usrId);

  // a pane of the custom screen layout
  await page.keyboard.press('Escape');
  await panel.button(panel.names.screenLayout).click();
  const dialog = page.getByTestId('mosaic-dialog');
  await dialog.getByRole('tab', { name: panel.names.customize }).click();
  const pane = dialog.getByRole('combobox', { name: PANE_SOURCE[lang](1), exact: true });
  await pane.click();
  await expectTruncated(page, lang);
  await pick(page, pane, forPane.name);
  await expect(dialog.getByTestId('mosaic-panes').locator('tbody tr').first()).toHaveAttribute('data-token', forPane.usrId);
  await dialog.getByRole('button', { name: panel.names.applyLayout }).click();
  await expect.poll(async () => (await api.mosaicConfigs()).find((c) => c.role === 'custom')?.roles_lst[0]).toEqual([forPane.usrId]);
});
