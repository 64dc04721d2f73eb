import { test, expect } from '../fixtures';

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:121.0) Gecko/20100101 Firefox/121.0';
const OLD_CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/69.0.3497.100 Safari/537.36';

test.describe('unsupported browsers', () => {
  for (const [name, userAgent] of [
    ['Firefox', FIREFOX],
    ['Chrome 69', OLD_CHROME],
  ] as const) {
    test(`${name} gets the translated browser-not-supported message instead of the app`, async ({ newConsole }) => {
      const en = await newConsole({ locale: 'en-US', userAgent });
      await en.page.goto('/login');
      await expect(en.page.getByRole('heading', { name: 'Browser not supported' })).toBeVisible();
      await expect(en.page.getByText(/Chrome 70 or newer/)).toBeVisible();
      await expect(en.loginPage.form).toHaveCount(0);

      const zh = await newConsole({ locale: 'zh-CN', userAgent });
      await zh.page.goto('/login');
      await expect(zh.page.getByRole('heading', { name: '浏览器不受支持' })).toBeVisible();
    });
  }
});
