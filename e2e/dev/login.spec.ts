/**
 * The development build (`npm run dev`: Vite dev server, React StrictMode's double mount,
 * development-only code) behaves as the production one: the login screen shows its first verify
 * code without a click, and a host logs in through the dev server's API proxy.
 */
import { test, expect } from '../fixtures';
import { startDevServer, type DevServer } from '../devServer';
import { LoginPage } from '../pages/LoginPage';
import { ControlPage } from '../pages/ControlPage';

const devTest = test.extend<object, { dev: DevServer }>({
  dev: [
    async ({ server }, use) => {
      const dev = await startDevServer(server.baseURL);
      await use(dev);
      await dev.stop();
    },
    { scope: 'worker', timeout: 90_000 },
  ],
  baseURL: async ({ dev }, use) => {
    await use(dev.baseURL);
  },
});

devTest.describe('development build (vite dev server)', () => {
  // the dev server compiles modules on first request; under load that takes a while
  devTest.describe.configure({ timeout: 120_000 });

  devTest('the first verify code shows without a click and a host logs in', async ({ page, server, lang }, testInfo) => {
    const loginPage = new LoginPage(page, server);
    await page.goto('/login');
    await expect(loginPage.codePicture).toHaveAttribute('data-status', /^(loading|ready)$/, { timeout: 60_000 });
    // the first picture arrives on its own: never "Code unavailable, click to retry"
    await expect(loginPage.codeImage).toBeVisible({ timeout: 30_000 });
    await expect(loginPage.codePicture).toHaveAttribute('data-status', 'ready');
    await expect(loginPage.codePicture).not.toContainText('Code unavailable');
    await page.screenshot({ animations: 'disabled', path: testInfo.outputPath(`dev-login-${lang}.png`) });

    // in Chinese through the language menu, a chunk of its own (a module of its own in dev)
    if (lang === 'zh') await loginPage.loginAsHostIn('zh');
    else await loginPage.loginAsHost();
    await expect(page).toHaveURL(`/control?mr-id=${server.mrId}`, { timeout: 30_000 });
    // the dev server compiles the control screen's modules on first request: slow on a busy machine
    await expect(new ControlPage(page).meetingNumber).toHaveText(server.mrId, { timeout: 60_000 });
    await page.screenshot({ animations: 'disabled', path: testInfo.outputPath(`dev-control-${lang}.png`) });
  });
});
