/**
 * Notification lists that stay readable in a large meeting (issue 13 §8): an unread count over
 * 99 shows whole, and an open list closes on Escape with focus back on its button.
 */
import { testWithServer, expect } from '../fixtures';
import { openParticipants } from '../pages/ParticipantsSession';
import { keepAlive } from '../pages/keepAlive';
import { expectNoSeriousViolations } from '../a11y';

// A server of its own with a population large enough that "all leave" makes over 99 leavers.
const test = testWithServer({ SIM_ENDPOINTS: '130' });

const LEFT = { en: /^Left members/, zh: /^离会成员/ } as const;

test('over 99 members who left show as a whole count, and the list closes on Escape', async ({ page, server, lang }, testInfo) => {
  test.setTimeout(300_000);
  const { panel, api } = await openParticipants(page, server, lang);
  // the arranging session outlives a slow run (the server ends one that has not polled for 30 s)
  const stopKeepAlive = keepAlive(api);
  await expect.poll(() => panel.tabCount('online'), { timeout: 30_000 }).toBeGreaterThan(100);
  await api.eps('all_leave', []);
  const button = page.getByRole('button', { name: LEFT[lang] });
  await expect.poll(async () => Number(await button.getAttribute('data-unread')), { timeout: 30_000 }).toBeGreaterThan(99);
  const unread = Number(await button.getAttribute('data-unread'));
  const badge = button.getByTestId('unread-count');
  await expect(badge).toHaveText(new Intl.NumberFormat(lang === 'zh' ? 'zh-CN' : 'en').format(unread));
  // nothing of the number is clipped by the badge
  expect(await badge.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
  await page.screenshot({
    animations: 'disabled',
    path: testInfo.outputPath(`notification-count-${lang}.png`),
    clip: { x: 280, y: 30, width: 700, height: 60 },
  });

  await button.click();
  const list = page.getByRole('list', { name: LEFT[lang] });
  await expect(list).toBeVisible();
  await expectNoSeriousViolations(page, testInfo, `left members list`);
  await page.keyboard.press('Escape');
  await expect(list).toBeHidden();
  await expect(button).toBeFocused();
  await api.callBackSteady();
  stopKeepAlive();
});
