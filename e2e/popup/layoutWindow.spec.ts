/**
 * The /layout screen in a pop-up and in a frame, against the real server: the opener/pop-up pair
 * exchanging load, presentation, resize and close messages; and the app logging out on its
 * parent's `logout` from its own origin (a foreign origin's message is ignored: src/features/layoutScreen/layoutMessages.test.ts).
 */
import { test, expect } from '../fixtures';
import { openMeetingControls } from '../pages/MeetingControlsSession';

const OPEN_LAYOUT = { en: 'Open layout window', zh: '打开布局窗口' } as const;

test('the layout pop-up reports load, resize and close to its opener, and shows content once launched', async ({ page, server, lang }) => {
  await openMeetingControls(page, server, lang, 'supervisor');
  const badge = page.getByTestId('layout-window-state');
  await expect(badge).toHaveAttribute('data-state', 'closed');
  const popupPromise = page.waitForEvent('popup');
  await page.getByRole('button', { name: OPEN_LAYOUT[lang] }).click();
  const popup = await popupPromise;
  await popup.waitForLoadState();
  await expect(popup).toHaveURL(new RegExp(`/layout\\?mr-id=${server.mrId}`));
  const screen = popup.getByTestId('layout-screen');
  await expect(screen).toHaveAttribute('data-launched', 'true');
  await expect(screen).toHaveAttribute('data-content', 'shown');
  await expect(popup.locator('[data-layout-role="speaker"]')).toBeVisible();
  await expect(badge).toHaveAttribute('data-state', 'open');

  await popup.setViewportSize({ width: 900, height: 600 });
  await expect(badge).toContainText('900');
  await expect(badge).toContainText('600');

  await popup.evaluate(() => window.close());
  await expect(badge).toHaveAttribute('data-state', 'closed');
});

test('the framed console logs out on its parent’s logout from its own origin', async ({ page, server, consoleErrors, signIn }) => {
  await signIn();
  // the parent page: same origin, framing the console (the session lives in this tab). The console
  // that logged in keeps running under the replaced page and polls the same session: once the
  // frame logged it out, that hidden console's requests fail (404, then a refused resume), as they
  // must: its feed, and whatever a re-sync reads (the layouts, the controllers, the activity…)
  consoleErrors.allow(/status of (404|403) .* @ \S+\/sessions\/([0-9a-f]+\/[\w-]+)?(\?\S*)?$/);
  // its background quality reads too (the session they name is gone: 401): the loss call, and a
  // leg's media_stream, which the console spells without a trailing slash (machines/mediaStats/path.ts)
  consoleErrors.allow(/status of 401 .* @ \S+\/status\/participant\/(\d+\/media_stream|packets_lost_rate\/)$/);
  await page.evaluate((mrId) => {
    document.body.innerHTML = `<iframe id="console" src="/control?mr-id=${mrId}" style="width:1200px;height:800px"></iframe>`;
  }, server.mrId);
  const framed = page.frameLocator('#console');
  await expect(framed.getByTestId('meeting-controls')).toBeVisible({ timeout: 20_000 });
  await page.evaluate(() =>
    (document.getElementById('console') as HTMLIFrameElement).contentWindow!.postMessage('logout', window.location.origin),
  );
  await expect.poll(() => page.frame({ url: /\/login/ }) !== null, { timeout: 10_000 }).toBe(true);
});
