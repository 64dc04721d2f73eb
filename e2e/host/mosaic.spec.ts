/**
 * The screen layout dialog against the real server, in English and Chinese: a layout the server
 * lists applied to the main venue, automatic clearing the custom layout, and a traditional
 * mosaic reported as not supported.
 */
import { test, expect } from '../fixtures';
import { openMeetingControls } from '../pages/MeetingControlsSession';
import type { Lang } from '../pages/MeetingControlsPanel';
import { codeMessage, RC } from '../../protocol/codes';

for (const lang of ['en', 'zh'] as Lang[]) {
  test(`screen layout: apply 2*2 to the main venue, then a traditional mosaic is refused (${lang})`, async ({ page, server, consoleErrors }) => {
    consoleErrors.allow(/status of 403/);
    const { panel, api } = await openMeetingControls(page, server, lang);
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
}
