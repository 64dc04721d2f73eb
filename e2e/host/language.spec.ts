import { test, expect } from '../fixtures';
import { openMeetingControls } from '../pages/MeetingControlsSession';

test.describe('language', () => {
  test('a Chinese browser gets the Chinese screen, an English one the English screen', async ({ newConsole }) => {
    const zh = await newConsole({ locale: 'zh-CN' });
    await zh.page.goto('/login');
    await expect(zh.page.getByRole('textbox', { name: '会议号' })).toBeVisible();
    await expect(zh.page.getByRole('button', { name: '登录' })).toBeVisible();

    const en = await newConsole({ locale: 'en-GB' });
    await en.page.goto('/login');
    await expect(en.loginPage.meetingNumber).toBeVisible();
    await expect(en.loginPage.submit).toBeVisible();
  });

  test('switching language on screen re-renders the screen and survives a reload', async ({ page, loginPage }) => {
    await loginPage.goto();
    await loginPage.switchLanguage('中文');
    await expect(page.getByRole('textbox', { name: '会议号' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
    await page.reload();
    await expect(page.getByRole('textbox', { name: '会议号' })).toBeVisible();
    await loginPage.switchLanguage('English');
    await expect(loginPage.meetingNumber).toBeVisible();
    await page.reload();
    await expect(loginPage.meetingNumber).toBeVisible();
  });

  test('validation messages follow the language', async ({ page, loginPage }) => {
    await loginPage.goto();
    await loginPage.fill({ mrId: '12ab' });
    await loginPage.submit.click();
    await expect(page.getByText('Meeting No. is not in the correct format')).toBeVisible();
    await loginPage.switchLanguage('中文');
    await expect(page.getByText('会议号格式不正确')).toBeVisible();
  });

  test('a toast up when the language switches says its message in the new language', async ({
    page,
    server,
    lang,
    loginPage,
    consoleErrors,
  }) => {
    consoleErrors.allow(/Failed to load resource/);
    const { panel } = await openMeetingControls(page, server, lang);
    const noRights = { en: 'No access rights, please contact the administrator', zh: '没有访问权限，请联系管理员' };
    const other = lang === 'en' ? 'zh' : 'en';
    // a 556 to the lock switch's command: a red toast of spec §8's words, up for 6 s
    await page.route('**/sessions/*/mr-status', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({ status: 556, contentType: 'application/json', body: JSON.stringify({ cmdid: 'error' }) })
        : route.fallback(),
    );
    await panel.toggle('lock');
    const toasts = page.locator('.mantine-Notification-root:not(.podium-quality-alert)');
    await expect(toasts.filter({ hasText: noRights[lang] })).toBeVisible();
    // the pointer rests on the toast (which holds its 6 s while hovered) and the menu is worked by
    // keyboard: on a slow machine a click-driven switch could outlast the toast
    await toasts.filter({ hasText: noRights[lang] }).hover();
    await loginPage.languageButton.focus();
    await page.keyboard.press('Enter');
    const item = page.getByRole('menuitem', { name: other === 'zh' ? '中文' : 'English' });
    await item.focus();
    await page.keyboard.press('Enter');
    await expect(toasts.filter({ hasText: noRights[other] })).toBeVisible();
    await expect(toasts.filter({ hasText: noRights[lang] })).toHaveCount(0);
  });
});
