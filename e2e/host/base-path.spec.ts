import { test, expect } from '../fixtures';
import { startTestServer } from '../server';
import { LoginPage } from '../pages/LoginPage';
import { ControlPage } from '../pages/ControlPage';

test.describe('served under a frame prefix', () => {
  test('with BASE_PATH=/console the routes and the API calls keep the prefix', async ({ browser, consoleErrors }) => {
    const server = await startTestServer({ env: { BASE_PATH: '/console', SIM_ENDPOINTS: '0' } });
    const context = await browser.newContext({ baseURL: server.baseURL });
    try {
      consoleErrors.watchContext(context);
      const page = await context.newPage();
      const apiPaths: string[] = [];
      page.on('request', (r) => {
        const path = new URL(r.url()).pathname;
        if (path.includes('/rest/v1/')) apiPaths.push(path);
      });
      const loginPage = new LoginPage(page, server);
      await loginPage.goto('/console/login');
      await loginPage.loginAsHost();
      await expect(page).toHaveURL(`/console/control?mr-id=${server.mrId}`);
      await expect(new ControlPage(page).meetingNumber).toHaveText(server.mrId);
      expect(apiPaths.length).toBeGreaterThan(0);
      expect(apiPaths.filter((p) => !p.startsWith('/console/rest/v1/'))).toEqual([]);
    } finally {
      await context.close();
      await server.stop();
    }
  });
});
