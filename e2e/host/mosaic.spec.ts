/**
 * The screen layout dialog against the real server: a layout the server
 * lists applied to the main venue, automatic clearing the custom layout, and a traditional
 * mosaic reported as not supported.
 */
import { test, expect } from '../fixtures';
import { openMeetingControls } from '../pages/MeetingControlsSession';
import { codeMessage, RC } from '../../protocol/codes';

test(
  'screen layout: apply 2*2 to the main venue, then a traditional mosaic is refused',
  { tag: '@platform' },
  async ({ page, server, lang, consoleErrors }) => {
    consoleErrors.allow(/status of 403/);
    const { panel, api } = await openMeetingControls(page, server, lang);
    await api.setMosaic([{ role: 'speaker', mosic_id: 'auto', layout_mode: 2, roles_lst: [], poll_secs: 10, view_has_self: 1 }]);
    await expect.poll(async () => (await api.mosaicConfigs()).find((c) => c.role === 'speaker')?.mosic_id).toBe('auto');
    await panel.button(panel.names.screenLayout).click();
    const dialog = page.getByTestId('mosaic-dialog');
    await expect(dialog.getByRole('radio', { name: panel.names.layout('4 panes') })).toBeVisible();
    await dialog.getByRole('radio', { name: panel.names.layout('4 panes') }).click();
    await expect(dialog.getByTestId('mosaic-panes').locator('tbody tr')).toHaveCount(4);
    await expect(dialog.getByTestId('mosaic-preview').locator('[data-preview-role="speaker"]')).toHaveAttribute('data-mosic-id', '2*2');
    await dialog.getByRole('button', { name: panel.names.applyLayout }).click();
    await expect
      .poll(async () => (await api.mosaicConfigs()).find((c) => c.role === 'speaker'))
      .toMatchObject({ mosic_id: '2*2', layout_mode: 2 });
    expect((await api.mosaicConfigs()).find((c) => c.role === 'speaker')?.roles_lst).toHaveLength(4);

    await dialog.getByRole('checkbox', { name: lang === 'en' ? 'Traditional mosaic' : '传统分屏' }).check({ force: true });
    await dialog.getByRole('button', { name: panel.names.applyLayout }).click();
    await expect(dialog.getByRole('alert')).toHaveText(codeMessage(RC.traditionalMosaicUnsupported, lang));
    expect((await api.mosaicConfigs()).find((c) => c.role === 'speaker')?.layout_mode).toBe(2);
  },
);

const PANE_SOURCE = { en: (n: number) => `Video source of pane ${n}`, zh: (n: number) => `画面 ${n} 的视频源` } as const;
const FOCUS = { en: (n: number) => `Focus pane ${n}`, zh: (n: number) => `焦点画面 ${n}` } as const;

test('custom layout: a participant dragged to another pane with focus, then automatic clears it', async ({ page, server, lang }) => {
  const { panel, api } = await openMeetingControls(page, server, lang);
  const waiting = new Set(await api.waitingIds());
  const target = (await api.steadyOnline()).find((p) => p.name && !waiting.has(p.usrId));
  expect(target, 'an online participant').toBeTruthy();
  // start from the defaults: speaker automatic (which also resets the custom layout)
  await api.setMosaic([{ role: 'speaker', mosic_id: 'auto', layout_mode: 2, roles_lst: [], poll_secs: 10, view_has_self: 1 }]);
  await expect.poll(async () => (await api.mosaicConfigs()).find((c) => c.role === 'custom')?.mosic_id).toBe('4*4');
  await api.setMosaic([{ role: 'speaker', mosic_id: '1', layout_mode: 2, roles_lst: [['0']], poll_secs: 10, view_has_self: 1 }]);
  await expect.poll(async () => (await api.mosaicConfigs()).find((c) => c.role === 'speaker')?.mosic_id).toBe('1');
  await panel.button(panel.names.screenLayout).click();
  const dialog = page.getByTestId('mosaic-dialog');
  await dialog.getByRole('tab', { name: panel.names.customize }).click();
  const rows = dialog.getByTestId('mosaic-panes').locator('tbody tr');
  await expect(rows).toHaveCount(16);
  await expect(rows.first()).toHaveAttribute('data-token', '0');

  await dialog.getByRole('radio', { name: panel.names.layout('4 panes') }).click();
  await expect(rows).toHaveCount(4);
  await dialog.getByRole('combobox', { name: PANE_SOURCE[lang](1) }).fill(target!.name);
  await page.getByRole('option', { name: target!.name, exact: true }).first().click();
  await expect(rows.nth(0)).toHaveAttribute('data-token', target!.usrId);
  await dialog.getByRole('radio', { name: FOCUS[lang](1) }).click();
  // drag by the pane number cell: the middle of the row is the source picker
  await rows.nth(0).locator('td').first().dragTo(rows.nth(2).locator('td').first());
  await expect(rows.nth(2)).toHaveAttribute('data-token', target!.usrId);
  await dialog.getByRole('button', { name: panel.names.applyLayout }).click();
  await expect
    .poll(async () => (await api.mosaicConfigs()).find((c) => c.role === 'custom'))
    .toMatchObject({ mosic_id: '2*2', roles_lst: [['0'], ['0'], [target!.usrId], ['0']], focus_pane: 2 });

  // setting a role to automatic clears the custom configuration (spec §4)
  await dialog.getByRole('tab', { name: panel.names.mainVenueTab }).click();
  await dialog.getByRole('radio', { name: panel.names.automaticLayout }).click();
  await dialog.getByRole('button', { name: panel.names.applyLayout }).click();
  await expect
    .poll(async () => (await api.mosaicConfigs()).find((c) => c.role === 'custom'))
    .toMatchObject({ mosic_id: '4*4', poll_secs: 10 });
  expect((await api.mosaicConfigs()).find((c) => c.role === 'speaker')?.mosic_id).toBe('auto');
});

test('16 panes: every layout in view at 1280 px, names readable in the preview, panes sorted from the keyboard and applied in that order', async ({
  page,
  server,
  lang,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const { panel, api } = await openMeetingControls(page, server, lang);
  const waiting = new Set(await api.waitingIds());
  const [a, b] = (await api.steadyOnline()).filter((p) => p.name && !waiting.has(p.usrId));
  expect(b, 'two online participants').toBeTruthy();
  const panes = [[a.usrId], [b.usrId], ...Array.from({ length: 14 }, () => ['0'])];
  await api.setMosaic([{ role: 'speaker', mosic_id: '4*4', layout_mode: 2, roles_lst: panes, poll_secs: 10, view_has_self: 1 }]);
  await expect.poll(async () => (await api.mosaicConfigs()).find((c) => c.role === 'speaker')?.mosic_id).toBe('4*4');
  await panel.button(panel.names.screenLayout).click();
  const dialog = page.getByTestId('mosaic-dialog');
  const rows = dialog.getByTestId('mosaic-panes').locator('tbody tr');
  await expect(rows).toHaveCount(16);

  // every layout the server offers is in view at once: the picker wraps, nothing scrolls sideways
  const strip = dialog.getByTestId('mosaic-layouts');
  const radios = strip.getByRole('radio');
  expect(await radios.count()).toBeGreaterThanOrEqual(13);
  const stripBox = (await strip.boundingBox())!;
  for (const box of await radios.evaluateAll((els) => els.map((e) => e.getBoundingClientRect().toJSON() as DOMRect))) {
    expect(box.right).toBeLessThanOrEqual(stripBox.x + stripBox.width + 1);
  }
  expect(await strip.evaluate((e) => e.scrollWidth <= e.clientWidth && e.scrollHeight <= e.clientHeight)).toBe(true);

  // the main venue's 16-pane preview shows whole names (smaller, wrapped), each also the tile's title
  const tile = dialog.locator(`[data-preview-role="speaker"] [data-usr-id="${a.usrId}"]`);
  await expect(tile).toHaveAttribute('title', a.name);
  const name = tile.getByTestId('preview-screen-pane-name');
  await expect(name).toHaveText(a.name);
  const fits = await name.evaluate((e) => ({ sw: e.scrollWidth, cw: e.clientWidth, sh: e.scrollHeight, ch: e.clientHeight }));
  // (a clamped third line would add a whole line; glyphs of another script may overhang a pixel or two)
  expect(fits.sw <= fits.cw + 1 && fits.sh <= fits.ch + 3, JSON.stringify(fits)).toBe(true);
  await page.screenshot({ path: `test-results/screens/mosaic-16-panes-${lang}.png` });

  // the keyboard way: Space picks pane 1 up, two arrows down, Space drops it; each step is said
  const status = dialog.getByTestId('pane-sort-status');
  await dialog.getByRole('button', { name: lang === 'en' ? 'Move pane 1' : '移动画面 1', exact: true }).focus();
  await page.keyboard.press('Space');
  await expect(status).toContainText(a.name);
  await expect(rows.nth(0)).toHaveAttribute('data-lifted', 'true');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await expect(rows.nth(2)).toHaveAttribute('data-token', a.usrId);
  await expect(dialog.getByRole('button', { name: lang === 'en' ? 'Move pane 3' : '移动画面 3', exact: true })).toBeFocused();
  await page.keyboard.press('Space');
  await expect(status).toHaveText(lang === 'en' ? `${a.name} dropped at pane 3 of 16.` : `${a.name} 已放在第 3 个画面（共 16 个）。`);
  await expect(dialog).toBeVisible();
  // and the pointer way: the first row (now b) dragged one down
  await expect(rows.nth(0)).toHaveAttribute('data-token', b.usrId);
  await rows.nth(0).locator('td').first().dragTo(rows.nth(1).locator('td').first());
  await expect(rows.nth(1)).toHaveAttribute('data-token', b.usrId);
  await page.screenshot({ path: `test-results/screens/mosaic-sorted-${lang}.png` });
  await dialog.getByRole('button', { name: panel.names.applyLayout }).click();
  await expect
    .poll(async () => (await api.mosaicConfigs()).find((c) => c.role === 'speaker')?.roles_lst.slice(0, 3))
    .toEqual([['0'], [b.usrId], [a.usrId]]);
});
