/**
 * Signing from Podium's own configuration (issue 23): a platform-mode server, whose getPlatform
 * carries no `signing` (as no evidence shows the platform handing credentials out), with the
 * console server started with `--upstream` and the same DEV_ID / DEV_TOKEN in front of it. The
 * browser signs nothing; the proxy signs every request; the platform accepts them.
 */
import { test, expect } from '../fixtures';
import { E2E_DEV, startTestServer, type TestServer } from '../server';
import { LoginPage } from '../pages/LoginPage';
import { ParticipantsApi } from '../pages/ParticipantsApi';
import { ParticipantsPanel } from '../pages/ParticipantsPanel';
import { pickUnmuted } from '../pages/ParticipantsSession';
import { acknowledgeReminders } from '../pages/reminders';

const SIGNING_HEADERS = ['devid', 'randdtm', 'md5token', 'nonce', 'signature'];

test.describe('console behind a signing --upstream (DEV_ID / DEV_TOKEN)', () => {
  let platform: TestServer;
  let proxy: TestServer;

  test.beforeAll(async () => {
    // reached directly here: this spec puts its own proxy in front. PLATFORM_ASSUME (assumed calls,
    // protocol/assumptions.ts): the login form's picture verify code, and the controllers list,
    // run of show and transcript the control screen asks for at once; signing is this spec's
    // subject, not those calls
    platform = await startTestServer({
      wire: 'platform',
      signingProxy: false,
      env: { SIM_ENDPOINTS: '0', PLATFORM_ASSUME: 'picture-code,controllers,run-of-show,audio-to-text' },
    });
    proxy = await startTestServer({ env: { UPSTREAM_URL: platform.baseURL, DEV_ID: E2E_DEV.devid, DEV_TOKEN: E2E_DEV.devtoken } });
  });

  test.afterAll(async () => {
    await proxy?.stop();
    await platform?.stop();
  });

  test('logs in through the form and mutes a participant; the browser sends no signing header and never sees the developer token', async ({
    browser,
    consoleErrors,
  }) => {
    const context = await browser.newContext({ baseURL: proxy.baseURL });
    try {
      consoleErrors.watchContext(context);
      const page = await context.newPage();
      const signedByBrowser: string[] = [];
      page.on('request', (r) => {
        const path = new URL(r.url()).pathname;
        if (!/^\/(rest|api|status|oem|app1)\//.test(path)) return;
        const sent = SIGNING_HEADERS.filter((h) => r.headers()[h] !== undefined);
        if (sent.length > 0) signedByBrowser.push(`${path}: ${sent.join(',')}`);
      });
      const getPlatform = page.waitForResponse((r) => r.url().endsWith('/api/v3/app/getPlatform'));
      await acknowledgeReminders(page);

      const loginPage = new LoginPage(page, platform);
      await loginPage.goto('/login');
      const info = await getPlatform;
      expect(info.headers()['x-podium-signer']).toBe('upstream');
      expect(JSON.stringify(await info.json())).not.toContain(E2E_DEV.devtoken);
      await loginPage.loginAsHost();
      await expect(page).toHaveURL(`/control?mr-id=${platform.mrId}`);

      // a steady endpoint, muted from the row; the platform itself (its API, signed with the
      // configured credentials, no proxy in between) shows the audio taken out of the mix
      const panel = new ParticipantsPanel(page, 'en');
      await expect(panel.table).toBeVisible({ timeout: 20_000 });
      const api = await ParticipantsApi.login(platform);
      const p = await pickUnmuted(panel, api);
      await panel.button(panel.n.mute(p.name)).click();
      await expect.poll(async () => (await api.flags(p.usrId))?.a_rx).toBe(0);
      await expect(panel.button(panel.n.unmute(p.name))).toHaveAttribute('data-state', 'off');
      await api.logout();

      expect(signedByBrowser).toEqual([]);
    } finally {
      await context.close();
    }
  });

  test('the same console facing the platform directly, with nobody to sign, says so and sends no request', async ({
    browser,
    consoleErrors,
  }) => {
    const context = await browser.newContext({ baseURL: platform.baseURL });
    try {
      consoleErrors.watchContext(context);
      const page = await context.newPage();
      const apiCalls: string[] = [];
      page.on('request', (r) => {
        const path = new URL(r.url()).pathname;
        if (/^\/(rest|status)\//.test(path)) apiCalls.push(path);
      });
      await page.goto('/login');
      const alert = page.getByRole('alert').filter({ hasText: 'This console cannot sign its requests' });
      await expect(alert).toBeVisible();
      await expect(alert).toContainText('run it behind the Podium server with --upstream, DEV_ID and DEV_TOKEN');
      // no verify code was asked for unsigned: the picture never loads
      await expect(new LoginPage(page, platform).codeImage).toHaveCount(0);
      expect(apiCalls).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
