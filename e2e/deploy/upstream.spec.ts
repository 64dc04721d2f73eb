/**
 * The console served by `--upstream` in front of a platform: the reference server on another port
 * plays the platform, and the proxy serves the console under a frame prefix.
 */
import { test, expect } from '../fixtures';
import { startTestServer } from '../server';
import { LoginPage } from '../pages/LoginPage';
import { ControlPage } from '../pages/ControlPage';
import { MeetingControlsPanel } from '../pages/MeetingControlsPanel';

test.describe('console in front of a platform (--upstream)', () => {
  test('logs in and controls the meeting through the proxy; once the platform is gone, says so', async ({ browser, consoleErrors }) => {
    const platform = await startTestServer({ env: { SIM_ENDPOINTS: '0' } });
    const proxy = await startTestServer({ env: { UPSTREAM_URL: platform.baseURL, BASE_PATH: '/console' } });
    const context = await browser.newContext({ baseURL: proxy.baseURL });
    try {
      consoleErrors.watchContext(context);
      const page = await context.newPage();
      const apiCalls: string[] = [];
      page.on('request', (r) => {
        const url = new URL(r.url());
        if (url.pathname.includes('/rest/v1/')) apiCalls.push(url.origin + url.pathname);
      });
      const loginPage = new LoginPage(page, platform);
      await loginPage.goto('/console/login');
      await loginPage.loginAsHost();
      await expect(page).toHaveURL(`/console/control?mr-id=${platform.mrId}`);
      await expect(new ControlPage(page).meetingNumber).toHaveText(platform.mrId);

      // a command goes to the platform and its effect comes back
      const panel = new MeetingControlsPanel(page);
      await expect(panel.switchState('lock')).toHaveAttribute('data-state', 'off');
      await panel.toggle('lock');
      await expect(panel.switchState('lock')).toHaveAttribute('data-state', 'on');
      expect(apiCalls.length).toBeGreaterThan(0);
      expect(apiCalls.filter((u) => !u.startsWith(`${proxy.baseURL}/console/rest/v1/`))).toEqual([]);

      // the platform goes away: the proxy answers the held poll 502 (result 9988); the console
      // says the connection is lost and pauses its commands, the switch staying as it was
      consoleErrors.allow(/Failed to load resource.*502/);
      await platform.stop();
      await expect(page.getByRole('alert').filter({ hasText: 'Connection lost' })).toBeVisible({ timeout: 20_000 });
      await expect(panel.switch('lock')).toBeDisabled();
      await expect(panel.switchState('lock')).toHaveAttribute('data-state', 'on');
    } finally {
      await context.close();
      await proxy.stop();
      await platform.stop();
    }
  });
});
