import { test, expect } from '../fixtures';

test.describe('two consoles', () => {
  test('host and supervisor are logged in to the same meeting at once, each in their own role', async ({ newConsole, server }) => {
    const host = await newConsole({ locale: 'en-US' });
    const supervisor = await newConsole({ locale: 'en-US' });
    await host.loginPage.goto();
    await supervisor.loginPage.goto();
    await host.loginPage.loginAsHost();
    await supervisor.loginPage.loginAsSupervisor();
    await expect(host.page).toHaveURL(`/control?mr-id=${server.mrId}`);
    await expect(supervisor.page).toHaveURL(`/control?mr-id=${server.mrId}`);
    await expect(host.controlPage.role).toHaveAttribute('data-controller-role', 'host');
    await expect(supervisor.controlPage.role).toHaveAttribute('data-controller-role', 'supervisor');
    // one console logging out does not end the other's session
    await host.controlPage.logOut();
    await expect(host.page).toHaveURL(/\/login/);
    await supervisor.page.reload();
    await expect(supervisor.controlPage.role).toHaveAttribute('data-controller-role', 'supervisor');
  });
});
