/**
 * Issue 14.1: the /layout window is the supervisor's monitor wall, against the real server. Per
 * role the screen that role sees now, in its layout's real panes, each pane with its
 * participant's name once and the video-off state beside it (not over it); the view (one role in
 * tabs, or side by side) is the supervisor's choice and outlives a reload; a layout change shows
 * at once; messages from another origin are ignored; the window fills the window at 1280, 1440
 * and 1920 px; and it closes when its console logs out.
 */
import type { Locator } from '@playwright/test';
import { test, expect } from '../fixtures';
import { openMeetingControls } from '../pages/MeetingControlsSession';
import { LayoutWall, mosaic, setVideo } from '../pages/LayoutWall';
import { expectNoSeriousViolations } from '../a11y';
import { text } from '../a11y/catalog';

/** No two of the boxes overlap. */
async function expectApart(boxes: Locator[]): Promise<void> {
  const rects = await Promise.all(boxes.map(async (b) => (await b.boundingBox())!));
  for (let i = 0; i < rects.length; i++)
    for (let j = i + 1; j < rects.length; j++) {
      const [a, b] = [rects[i], rects[j]];
      const overlap = a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
      expect(overlap, `boxes ${i} and ${j} overlap: ${JSON.stringify(a)} ${JSON.stringify(b)}`).toBe(false);
    }
}

test("the layout window is a monitor wall of every role's screen, live, filling the window", async ({
  page,
  server,
  consoleErrors,
  lang,
}, testInfo) => {
  test.setTimeout(150_000);
  const { api } = await openMeetingControls(page, server, lang, 'supervisor');
  const steady = (await api.steadyOnline()).slice(0, 4);
  expect(steady).toHaveLength(4);
  await api.setMosaic([
    mosaic(
      'speaker',
      '2*2',
      steady.map((s) => s.usrId),
    ),
    mosaic('chair', '1', [steady[1].usrId]),
  ]);
  await expect.poll(async () => (await api.mosaicConfigs()).find((c) => c.role === 'chair')?.mosic_id).toBe('1');
  const off = steady[2];
  await setVideo(api, off.usrId, 0);
  try {
    await page.evaluate(() => localStorage.removeItem('podium.layoutWall'));
    const wall = await LayoutWall.open(page, lang);
    const popup = wall.page;
    await popup.setViewportSize({ width: 1440, height: 900 });

    // a main landmark named by its heading; no diagram boxes above the wall
    await expect(popup.getByRole('main')).toBeVisible();
    await expect(popup.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(popup.getByTestId('mosaic-diagram')).toHaveCount(0);
    await expect(popup.getByText(text(lang, 'Automatic'), { exact: true })).toHaveCount(0);

    // tabs by default: the main venue's 2*2 with its four participants, each named once
    await expect(wall.wall).toHaveAttribute('data-view', 'tabs');
    await wall.showTab('speaker');
    const speaker = wall.screen('speaker');
    await expect(speaker).toHaveAttribute('data-mosic-id', '2*2');
    await expect(speaker).toHaveAttribute('data-panes', '4');
    await expect.poll(() => wall.names('speaker')).toEqual(steady.map((s) => s.name));
    for (const s of steady) await expect(speaker.getByText(s.name, { exact: true })).toHaveCount(1);

    // the video-off participant: its state next to its name, neither covering the other
    const offTile = speaker.locator(`[data-testid="layout-video-grid-pane"][data-usr-id="${off.usrId}"]`);
    await expect(offTile).toHaveAttribute('data-video', 'off');
    const state = offTile.getByTestId('layout-video-grid-pane-state');
    await expect(state).toHaveAttribute('title', text(lang, 'Video off'));
    await expectApart([offTile.getByTestId('layout-video-grid-pane-name'), state]);

    // the screen fills the window: as wide as it, or as high as the room under the tabs
    const fills = async () => {
      const box = (await speaker.boundingBox())!;
      const size = popup.viewportSize()!;
      return box.width >= size.width - 20 || box.y + box.height >= size.height - 20;
    };
    for (const width of [1280, 1440, 1920]) {
      await popup.setViewportSize({ width, height: Math.round((width * 9) / 16) });
      await expect.poll(fills).toBe(true);
      await popup.screenshot({ animations: 'disabled', path: testInfo.outputPath(`wall-tabs-${width}-${lang}.png`) });
    }

    // side by side, remembered across a reload
    await wall.chooseView('side');
    for (const role of ['speaker', 'chair', 'guest'] as const) await expect(wall.screen(role)).toBeVisible();
    await expect(popup.getByRole('heading', { level: 2, name: wall.roleName('chair') })).toBeVisible();
    await expect.poll(() => wall.names('chair')).toEqual([steady[1].name]);
    for (const width of [1280, 1440, 1920]) {
      await popup.setViewportSize({ width, height: Math.round((width * 9) / 16) });
      await popup.screenshot({ animations: 'disabled', path: testInfo.outputPath(`wall-side-${width}-${lang}.png`) });
    }
    await expectNoSeriousViolations(popup, testInfo, `layout wall, side by side (${lang})`);
    await popup.reload();
    await expect(wall.wall).toHaveAttribute('data-view', 'side', { timeout: 20_000 });

    // a layout change shows at once
    await api.setMosaic([mosaic('chair', '2*2', [steady[3].usrId, steady[0].usrId, '-1', '-1'])]);
    await expect(wall.screen('chair')).toHaveAttribute('data-mosic-id', '2*2');
    await expect.poll(() => wall.names('chair')).toEqual([steady[3].name, steady[0].name, '', '']);

    // a message from another origin neither hides the wall nor logs the window out
    await popup.evaluate(() => {
      const forged = (data: unknown) =>
        new MessageEvent('message', { data, origin: 'https://evil.example', source: window.opener as Window });
      window.dispatchEvent(forged({ source: 'podium', type: 'presentation', presentation: { launched: false } }));
      window.dispatchEvent(forged('logout'));
    });
    await expect(popup.getByTestId('layout-screen')).toHaveAttribute('data-content', 'shown');
    await expect(popup).toHaveURL(/\/layout/);
    await expect(wall.screen('speaker')).toBeVisible();

    // the console logs out: the window closes
    const closed = popup.waitForEvent('close');
    // the window shares the session: a snapshot it asks for between the logout and its closing
    // is refused (401), as it must be
    consoleErrors.allow(/status of 401 .* @ \S+\/sessions\/[0-9a-f]+\/[a-z_-]+$/);
    await page.getByRole('button', { name: text(lang, 'Logout') }).click();
    await closed;
  } finally {
    await setVideo(api, off.usrId, 1);
    await api.setMosaic([mosaic('speaker', 'auto', []), mosaic('chair', 'auto', [])]);
  }
});
