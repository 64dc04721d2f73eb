/**
 * The /layout screen in a pop-up and in a frame, against the real server: the opener/pop-up pair
 * exchanging load, presentation, resize and close messages; and the app logging out on its
 * parent's `logout` from an allowed origin only (a foreign origin's message is ignored).
 */
import { test, expect } from '../fixtures';
import { openMeetingControls } from '../pages/MeetingControlsSession';
import type { Lang } from '../pages/MeetingControlsPanel';
import { LoginPage } from '../pages/LoginPage';

const OPEN_LAYOUT = { en: 'Open layout window', zh: '打开布局窗口' } as const;

for (const lang of ['en', 'zh'] as Lang[]) {
  test(`the layout pop-up reports load, resize and close to its opener, and shows content once launched (${lang})`, async ({ page, server }) => {
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
}

test('the framed console logs out on its parent’s logout from its own origin', async ({ page, server }) => {
  const login = new LoginPage(page, server);
  await login.goto();
  await login.loginAsHost();
  await expect(page).toHaveURL(/\/control/);
  // the parent page: same origin, framing the console (the session lives in this tab)
  await page.evaluate((mrId) => {
    document.body.innerHTML = `<iframe id="console" src="/control?mr-id=${mrId}" style="width:1200px;height:800px"></iframe>`;
  }, server.mrId);
  const framed = page.frameLocator('#console');
  await expect(framed.getByTestId('meeting-controls')).toBeVisible({ timeout: 20_000 });
  await page.evaluate(() => (document.getElementById('console') as HTMLIFrameElement).contentWindow!.postMessage('logout', window.location.origin));
  await expect.poll(() => page.frame({ url: /\/login/ }) !== null, { timeout: 10_000 }).toBe(true);
});

test('the framed console ignores a logout from a foreign origin', async ({ page, server }) => {
  const foreign = server.baseURL.replace('127.0.0.1', 'localhost');
  // a page of another origin framing the console; the console's origin is 127.0.0.1
  await page.goto(`${foreign}/login`);
  await page.evaluate((src) => {
    document.body.innerHTML = `<iframe id="console" src="${src}" style="width:1200px;height:800px"></iframe>`;
  }, `${server.baseURL}/login`);
  const frame = page.frameLocator('#console');
  const form = frame.getByRole('form', { name: 'Meeting control login' });
  await expect(form).toBeVisible({ timeout: 20_000 });
  await form.getByRole('textbox', { name: 'Meeting No.' }).fill(server.mrId);
  await form.getByLabel('Password', { exact: true }).fill(server.hostPwd);
  await form.getByRole('textbox', { name: 'Verification code' }).fill('E2ET');
  await form.getByRole('button', { name: 'Log in' }).click();
  await expect(frame.getByTestId('meeting-controls')).toBeVisible({ timeout: 20_000 });
  await page.evaluate(() => (document.getElementById('console') as HTMLIFrameElement).contentWindow!.postMessage('logout', '*'));
  await page.waitForTimeout(1000);
  expect(page.frames().some((f) => /\/control\?mr-id=/.test(f.url()))).toBe(true);
  await expect(frame.getByTestId('meeting-controls')).toBeVisible();
});
