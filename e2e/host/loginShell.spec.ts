/**
 * The first paint comes from index.html (issue 27 item 3): with the console's scripts held back
 * by route interception, the login form's shell (or the control screen's header and "Loading…")
 * is on screen in the visitor's language, and what is typed into it survives the app taking over.
 * Screenshots of the shell and of the app's form, side by side, in the test's output folder.
 */
import type { Page, TestInfo } from '@playwright/test';
import { test, expect, TEST_CODE } from '../fixtures';

/** Holds every script of the console until the returned function is called. */
async function holdScripts(page: Page): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

async function screenshot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  await page.screenshot({ animations: 'disabled', path: testInfo.outputPath(`${name}.png`) });
}

const shell = (page: Page) => page.locator('#podium-shell');

test.describe('static shell before the script', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('the login form paints from the HTML, and typed text, focus and caret survive the takeover', async ({
    page,
    loginPage,
    server,
    lang,
  }, testInfo) => {
    const release = await holdScripts(page);
    await page.goto('/login', { waitUntil: 'commit' });
    const form = shell(page).getByRole('form', { name: lang === 'en' ? 'Meeting control login' : '会议控制登录' });
    await expect(form).toBeVisible();
    await expect(shell(page).getByRole('heading', { name: lang === 'en' ? 'Meeting control' : '会议控制' })).toBeVisible();
    // no script of the app has run: the shell is all there is (the shell comes first in the page,
    // so it can show before the parser has reached #root)
    const root = page.locator('#root');
    await expect(root).toBeAttached();
    expect(await root.evaluate((el) => el.childElementCount)).toBe(0);
    await screenshot(page, testInfo, `login-shell-${lang}`);

    // the shell focuses the first field, like the form; the user types before the app is there
    await expect(form.getByRole('textbox', { name: lang === 'en' ? 'Meeting No.' : '会议号' })).toBeFocused();
    await page.keyboard.type(server.mrId);
    await page.keyboard.press('Tab');
    await page.keyboard.type(`${server.hostPwd}9`);
    // the caret goes back before the stray 9
    await page.keyboard.press('ArrowLeft');

    release();
    await expect(loginPage.codeImage).toBeVisible();
    await expect(shell(page)).toHaveCount(0);
    await expect(loginPage.meetingNumber).toHaveValue(server.mrId);
    await expect(loginPage.password).toHaveValue(`${server.hostPwd}9`);
    await expect(loginPage.password).toBeFocused();
    expect(await loginPage.password.evaluate((el: HTMLInputElement) => el.selectionStart)).toBe(server.hostPwd.length);
    await screenshot(page, testInfo, `login-app-${lang}`);

    // the keystrokes reached the login machine, not only the fields: the caret is where it was
    await page.keyboard.press('Delete');
    await loginPage.code.fill(TEST_CODE);
    await loginPage.submit.click();
    await expect(page).toHaveURL(`/control?mr-id=${server.mrId}`);
  });

  test('getPlatform is asked for by the page before the script has come, and the app uses that answer', async ({ page, loginPage }) => {
    const platformCalls: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/v3/app/getPlatform')) platformCalls.push(request.url());
    });
    const release = await holdScripts(page);
    const asked = page.waitForRequest('**/api/v3/app/getPlatform');
    await page.goto('/login', { waitUntil: 'commit' });
    // no script of the app has arrived
    await asked;
    expect(await page.locator('#root').evaluate((el) => el.childElementCount)).toBe(0);
    release();
    await expect(loginPage.codeImage).toBeVisible();
    await expect(shell(page)).toHaveCount(0);
    expect(platformCalls).toHaveLength(1);
  });

  test('in Chinese when the visitor chose it, with the last meeting number filled in', async ({ page, server }) => {
    await page.addInitScript((mrId) => {
      localStorage.setItem('podium.language', 'zh');
      localStorage.setItem('podium.mr_id', mrId);
    }, server.mrId);
    const release = await holdScripts(page);
    await page.goto('/', { waitUntil: 'commit' });
    const form = shell(page).getByRole('form', { name: '会议控制登录' });
    await expect(form).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('zh-CN');
    await expect(form.getByRole('textbox', { name: '会议号' })).toHaveValue(server.mrId);
    await expect(form.getByLabel('密码', { exact: true })).toBeFocused();
    await page.keyboard.type('12');
    release();
    await expect(page.getByRole('form', { name: '会议控制登录' }).getByLabel('密码', { exact: true })).toHaveValue('12');
    await expect(shell(page)).toHaveCount(0);
  });

  test('/control paints its header and "Loading…" until the app is there', async ({ page, signIn, controlPage, lang }, testInfo) => {
    await signIn();
    await expect(controlPage.meetingNumber).toBeVisible();
    const release = await holdScripts(page);
    await page.reload({ waitUntil: 'commit' });
    await expect(shell(page).getByRole('status')).toHaveText(lang === 'en' ? 'Loading…' : '加载中…');
    await expect(shell(page).getByRole('banner')).toBeVisible();
    await expect(shell(page).getByRole('form')).toHaveCount(0);
    await screenshot(page, testInfo, `control-shell-${lang}`);
    release();
    await expect(controlPage.meetingNumber).toBeVisible();
    await expect(shell(page)).toHaveCount(0);
  });
});
