/**
 * Issue 12, item 5: "N controllers online" is the server's number, the same on every console and
 * after a reload, with the role and address of each; a server that gives no snapshot makes it
 * "at least N" instead of a wrong exact number.
 */
import { test, expect } from '../fixtures';
import type { Page } from '@playwright/test';
import { signIn } from '../pages/signIn';

const TEXT = {
  en: {
    count: (n: number) => `${n} controller${n === 1 ? '' : 's'} online`,
    atLeast: 'At least 1 controller online',
    controllers: 'Controllers',
    self: 'Host, 127.0.0.1 (this console)',
    supervisor: 'Supervisor, 127.0.0.1',
  },
  zh: {
    count: (n: number) => `${n} 位控制者在线`,
    atLeast: '至少 1 位控制者在线',
    controllers: '控制端',
    self: '主持人，127.0.0.1（本控制台）',
    supervisor: '监管员，127.0.0.1',
  },
} as const;

const countOf = async (page: Page) => Number(await page.getByTestId('controller-count').getAttribute('data-count'));

/**
 * Whether the count's words say the number it holds, read in one step: sessions of earlier specs
 * expire meanwhile, so a number remembered first was gone by the time its words were compared.
 */
const wordedAsCounted = (page: Page, lang: keyof typeof TEXT) =>
  page
    .getByTestId('controller-count')
    .evaluate((el) => ({ n: Number(el.getAttribute('data-count')), text: el.textContent ?? '' }))
    .then(({ n, text }) => text === TEXT[lang].count(n));

test("every console shows the server's number of controllers, also after a reload", async ({ newConsole, server, lang }, testInfo) => {
  test.setTimeout(120_000);
  const a = await newConsole();
  await signIn(a.page, server, lang, 'host');
  await expect(a.page.getByTestId('controller-count')).toHaveAttribute('data-exact', 'true', { timeout: 20_000 });
  const b = await newConsole();
  await signIn(b.page, server, lang, 'supervisor');
  await expect(b.page.getByTestId('controller-count')).toHaveAttribute('data-exact', 'true', { timeout: 20_000 });
  // both show the same number, which counts both of them; sessions of earlier specs may still
  // expire meanwhile (30 s without a poll), so the number is compared, not remembered
  const same = async () => {
    const [na, nb] = [await countOf(a.page), await countOf(b.page)];
    return na === nb ? na : -1;
  };
  await expect.poll(same, { timeout: 40_000 }).toBeGreaterThanOrEqual(2);
  await expect.poll(() => wordedAsCounted(a.page, lang)).toBe(true);
  await a.page.reload();
  await expect.poll(same, { timeout: 40_000 }).toBeGreaterThanOrEqual(2);
  await expect.poll(() => wordedAsCounted(a.page, lang)).toBe(true);

  await a.page
    .getByRole('button', { name: new RegExp(`^${TEXT[lang].controllers}`) })
    .first()
    .click();
  await expect(a.page.getByRole('listitem').filter({ hasText: TEXT[lang].self })).toBeVisible();
  await expect(a.page.getByRole('listitem').filter({ hasText: TEXT[lang].supervisor }).first()).toBeVisible();
  await a.page.screenshot({ animations: 'disabled', path: testInfo.outputPath(`controllers-${lang}.png`) });
});

test('without the server\'s snapshot the count reads "at least N" and no error shows', async ({ page, server, lang, consoleErrors }) => {
  consoleErrors.allow(/Failed to load resource/);
  await page.route('**/sessions/*/controllers', (route) =>
    route.fulfill({ status: 404, contentType: 'application/json', body: '{"cmdid":"error","result":9999}' }),
  );
  await signIn(page, server, lang, 'host');
  await expect(page.getByTestId('controller-count')).toHaveAttribute('data-exact', 'false', { timeout: 20_000 });
  await expect(page.getByTestId('controller-count')).toHaveText(TEXT[lang].atLeast);
  // the quality alerts (steady.03's poor line) are no error
  await expect(page.locator('.mantine-Notification-root:not(.podium-quality-alert)')).toHaveCount(0);
});
