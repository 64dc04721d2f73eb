/**
 * Issue 16.4, see before you apply, against the real server: the screen-layout dialog shows side
 * by side what the main venue, the honoured guests and the audience will each see with the draft
 * (the participants who would be in each pane, named, video off marked), and after Apply the
 * layout window shows exactly those names.
 */
import type { Page } from '@playwright/test';
import { test, expect } from '../fixtures';
import { openMeetingControls } from '../pages/MeetingControlsSession';
import { LayoutWall, mosaic, paneNames, setVideo, type ScreenRole } from '../pages/LayoutWall';
import { expectSurfaceAccessible } from '../a11y';
import { text, type Lang } from '../a11y/catalog';

async function pickSource(page: Page, lang: Lang, pane: number, name: string): Promise<void> {
  const dialog = page.getByTestId('mosaic-dialog');
  await dialog.getByRole('combobox', { name: text(lang, 'Video source of pane {0}', { '0': String(pane) }) }).fill(name);
  await page.getByRole('option', { name, exact: true }).first().click();
}

test("the screen-layout dialog previews every role's screen, and the layout window shows it after Apply", async ({
  page,
  server,
  lang,
}, testInfo) => {
  test.setTimeout(150_000);
  const { panel, api } = await openMeetingControls(page, server, lang, 'supervisor');
  const steady = (await api.steadyOnline()).slice(0, 4);
  expect(steady).toHaveLength(4);
  await api.setMosaic([mosaic('speaker', '1', [steady[0].usrId]), mosaic('chair', '1', [steady[1].usrId])]);
  await expect.poll(async () => (await api.mosaicConfigs()).find((c) => c.role === 'chair')?.mosic_id).toBe('1');
  const off = steady[2];
  await setVideo(api, off.usrId, 0);
  try {
    const wall = await LayoutWall.open(page, lang);
    await wall.chooseView('side');
    await expect.poll(() => wall.names('speaker')).toEqual([steady[0].name]);

    await page.bringToFront();
    await panel.button(panel.names.screenLayout).click();
    const dialog = page.getByTestId('mosaic-dialog');
    const preview = dialog.getByTestId('mosaic-preview');
    const previewNames = (role: ScreenRole) => paneNames(preview.locator(`[data-testid="preview-screen"][data-role="${role}"]`));
    // before any edit the preview shows what the window shows
    await expect.poll(() => previewNames('speaker')).toEqual([steady[0].name]);
    await expect.poll(() => previewNames('chair')).toEqual([steady[1].name]);

    // the main venue's draft: 2*2 with two participants (one without video), an empty pane and a third
    await dialog.getByRole('radio', { name: panel.names.layout('4 panes') }).click();
    await pickSource(page, lang, 1, steady[3].name);
    await pickSource(page, lang, 2, off.name);
    await pickSource(page, lang, 3, text(lang, 'Empty'));
    await pickSource(page, lang, 4, steady[0].name);
    const expected = [steady[3].name, off.name, '', steady[0].name];
    await expect.poll(() => previewNames('speaker')).toEqual(expected);
    const offTile = preview.locator(`[data-role="speaker"] [data-usr-id="${off.usrId}"]`);
    await expect(offTile).toHaveAttribute('data-video', 'off');
    await expect(offTile.getByTestId('preview-screen-pane-state')).toHaveAttribute('title', text(lang, 'Video off'));
    await expect(preview.locator('[data-preview-role="speaker"]')).toHaveAttribute('data-dirty', 'true');
    // the window still shows the layout in force until Apply
    expect(await wall.names('speaker')).toEqual([steady[0].name]);

    for (const width of [1280, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ animations: 'disabled', path: testInfo.outputPath(`layout-preview-${width}-${lang}.png`) });
    }
    await expectSurfaceAccessible(dialog, testInfo, `screen layout dialog with preview (${lang})`);

    const shown = { speaker: await previewNames('speaker'), chair: await previewNames('chair'), guest: await previewNames('guest') };
    await dialog.getByRole('button', { name: panel.names.applyLayout }).click();
    await expect
      .poll(async () => (await api.mosaicConfigs()).find((c) => c.role === 'speaker')?.roles_lst)
      .toEqual([[steady[3].usrId], [off.usrId], ['-1'], [steady[0].usrId]]);
    // after Apply the layout window matches the preview
    await expect.poll(() => wall.names('speaker')).toEqual(shown.speaker);
    await expect.poll(() => wall.names('chair')).toEqual(shown.chair);
    expect(shown.speaker).toEqual(expected);
    await wall.page.screenshot({ animations: 'disabled', path: testInfo.outputPath(`layout-after-apply-${lang}.png`) });
  } finally {
    await setVideo(api, off.usrId, 1);
    await api.setMosaic([mosaic('speaker', 'auto', []), mosaic('chair', 'auto', [])]);
  }
});
