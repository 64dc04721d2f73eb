/**
 * The screen layout dialog against the real server: a layout the server
 * lists applied to the main venue, automatic clearing the custom layout, and a traditional
 * mosaic reported as not supported.
 */
import { test, expect } from '../fixtures';
import { openMeetingControls } from '../pages/MeetingControlsSession';
import { codeMessage, RC } from '../../protocol/codes';

test('screen layout: apply 2*2 to the main venue, then a traditional mosaic is refused', { tag: '@platform' }, async ({ page, server, lang, consoleErrors }) => {
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
});

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
