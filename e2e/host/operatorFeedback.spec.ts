/**
 * Issue 12, items 4, 7 and 9: one truth for "subtitles on" (switch,
 * dialog and server agree, and an Apply keeps the subtitles on); Apply in the subtitle and layout
 * dialogs says it worked; the roll-call options are readable in full; "Move to waiting room" is
 * offered only while the waiting room is on, and says why it is not.
 */
import { test, expect } from '../fixtures';
import { openMeetingControls } from '../pages/MeetingControlsSession';
import { openParticipants, pickOnline } from '../pages/ParticipantsSession';

const TEXT = {
  en: { subtitleApplied: 'Subtitle settings applied', layoutApplied: 'Layout applied', waitingOff: 'The waiting room is off' },
  zh: { subtitleApplied: '字幕设置已应用', layoutApplied: '布局已应用', waitingOff: '等候室未开启' },
} as const;

test.describe('operator feedback', () => {
  // each logs in and waits for the meeting's first full load, slow on a shared machine
  test.describe.configure({ timeout: 90_000 });
  test('the subtitle switch, the dialog and the server agree, and Apply keeps subtitles on and says so', async ({
    page,
    server,
    lang,
  }, testInfo) => {
    const { panel, api } = await openMeetingControls(page, server, lang);
    await api.setStatus({ title_enabled: 0 });
    await expect(panel.switchState('subtitles')).toHaveAttribute('data-state', 'off');
    await panel.toggle('subtitles');
    await expect.poll(async () => (await api.status()).title_enabled).toBe(1);
    await expect(panel.switchState('subtitles')).toHaveAttribute('data-state', 'on');

    await panel.button(panel.names.subtitleSettings).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('switch', { name: panel.names.showSubtitle })).toBeChecked();
    const text = `kept ${lang} ${Date.now() % 10000}`;
    await dialog.getByLabel(panel.names.subtitleContent).fill(text);
    await dialog.getByRole('button', { name: panel.names.applySubtitle }).click();
    await expect(page.locator('.mantine-Notification-root').filter({ hasText: TEXT[lang].subtitleApplied })).toBeVisible();
    await page.screenshot({ animations: 'disabled', path: testInfo.outputPath(`subtitle-applied-${lang}.png`) });
    await expect.poll(async () => (await api.titles()).find((t) => t.to_role === 'all')?.message).toBe(text);
    expect((await api.status()).title_enabled).toBe(1);
    await expect(panel.switchState('subtitles')).toHaveAttribute('data-state', 'on');

    // switched off in the sidebar, the dialog says so too
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await panel.toggle('subtitles');
    await expect.poll(async () => (await api.status()).title_enabled).toBe(0);
    await panel.button(panel.names.subtitleSettings).click();
    await expect(page.getByRole('dialog').getByRole('switch', { name: panel.names.showSubtitle })).not.toBeChecked();
  });

  test('Apply in the layout dialog says it worked', async ({ page, server, lang }) => {
    const { panel, api } = await openMeetingControls(page, server, lang);
    // from the automatic layout, so picking 4 panes is a change whatever ran before
    await api.setMosaic([{ role: 'speaker', mosic_id: 'auto', layout_mode: 2, roles_lst: [], poll_secs: 10, view_has_self: 1 }]);
    await expect.poll(async () => (await api.mosaicConfigs()).find((c) => c.role === 'speaker')?.mosic_id).toBe('auto');
    await panel.button(panel.names.screenLayout).click();
    const dialog = page.getByTestId('mosaic-dialog');
    await dialog.getByRole('radio', { name: panel.names.layout('4 panes') }).click();
    await dialog.getByRole('button', { name: panel.names.applyLayout }).click();
    await expect(page.locator('.mantine-Notification-root').filter({ hasText: TEXT[lang].layoutApplied })).toBeVisible();
  });

  test('the roll-call options are shown in full', async ({ page, server, lang }, testInfo) => {
    const { panel } = await openParticipants(page, server, lang);
    await (await panel.toolbarButton(panel.n.rollCall)).click();
    const dialog = page.getByRole('dialog');
    const labels = dialog.locator('.mantine-SegmentedControl-label');
    await expect(labels).toHaveCount(2);
    for (const label of await labels.all()) {
      const cut = await label.evaluate((el) => el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1);
      expect(cut, `"${await label.textContent()}" is cut off`).toBe(false);
    }
    await dialog.screenshot({ animations: 'disabled', path: testInfo.outputPath(`roll-call-${lang}.png`) });
  });

  test('"Move to waiting room" is offered only while the waiting room is on, else disabled with the reason', async ({
    page,
    server,
    lang,
  }) => {
    const { panel, api } = await openParticipants(page, server, lang);
    const before = Number((await api.status()).waiting_room);
    try {
      await api.modStatus('waiting_room', 0);
      const p = await pickOnline(panel, api);
      await panel.button(panel.n.ops(p.name)).click();
      const item = page.getByRole('menuitem', { name: new RegExp(`^${panel.n.moveToWaiting}`) });
      await expect(item).toBeDisabled();
      await expect(item).toContainText(TEXT[lang].waitingOff);
      await page.keyboard.press('Escape');

      await panel.table.getByRole('checkbox', { name: panel.n.select(p.name), exact: true }).check({ force: true });
      await expect(await panel.toolbarButton(panel.n.moveSelectedToWaiting)).toBeDisabled();
      await expect(page.getByTestId('waiting-room-off-reason')).toHaveText(TEXT[lang].waitingOff);

      await api.modStatus('waiting_room', 1);
      await expect(await panel.toolbarButton(panel.n.moveSelectedToWaiting)).toBeEnabled();
      await expect(page.getByTestId('waiting-room-off-reason')).toHaveCount(0);
      await panel.button(panel.n.ops(p.name)).click();
      await expect(page.getByRole('menuitem', { name: panel.n.moveToWaiting, exact: true })).toBeEnabled();
      await page.keyboard.press('Escape');
    } finally {
      await api.modStatus('waiting_room', before);
    }
  });
});
