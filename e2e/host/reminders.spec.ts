/**
 * The service-expiry reminder the server sends at every login (`show_warning_info`, emitted
 * before the console's first snapshot load) reaches the screen with the days left and the final
 * date the server announced: after a login through the form in English, then after a second login
 * with the screen in Chinese. The only spec with the reminder: its server's demo service
 * ends in 20 days (every other server's in a year, e2e/server.ts).
 */
import { testWithServer, expect } from '../fixtures';
import { MeetingControlsApi } from '../pages/MeetingControlsApi';
import type { Lang } from '../pages/signIn';
import type { Page } from '@playwright/test';

const test = testWithServer({ DEMO_SERVICE_DAYS: '20' });

const TITLE = { en: 'Service expiry reminder', zh: '服务到期提醒' } as const;
const OK = { en: 'OK', zh: '确定' } as const;

/** The reminder the server gives a login now: another session's own, read from its feed. */
async function serverReminder(api: MeetingControlsApi): Promise<{ daysLeft: number; expiresAt: number }> {
  const events = (await api.session.changes(0, 0)) as unknown as Array<Record<string, unknown>>;
  const warning = events.find((e) => e.cmdid === 'show_warning_info' && e.warn_info === 'service_expiry');
  const params = warning?.params as { days_left: number; expiry_dtm: number } | undefined;
  if (!params) throw new Error('the server sent no service-expiry reminder at login');
  return { daysLeft: params.days_left, expiresAt: params.expiry_dtm };
}

/** The reminder on `page` in `lang` says what the server announced; then it is acknowledged. */
async function expectReminder(page: Page, lang: Lang, reminder: { daysLeft: number; expiresAt: number }): Promise<void> {
  const { daysLeft, expiresAt } = reminder;
  const dialog = page.getByRole('dialog', { name: TITLE[lang] });
  await expect(dialog).toBeVisible({ timeout: 20_000 });
  const finalDate = new Intl.DateTimeFormat(lang === 'zh' ? 'zh-CN' : 'en', { dateStyle: 'long' }).format(new Date(expiresAt * 1000));
  const text = dialog.getByTestId('service-expiry-text');
  await expect(text).toHaveAttribute('data-days-left', String(daysLeft));
  await expect(text).toHaveText(
    lang === 'zh'
      ? `服务将在 ${daysLeft} 天后（${finalDate}）到期，请及时续费。`
      : `The service expires in ${daysLeft} days, on ${finalDate}. Please renew it in time.`,
  );
  await dialog.getByRole('button', { name: OK[lang], exact: true }).click();
  await expect(dialog).toBeHidden();
}

test('a host login shows the service-expiry reminder with days left and final date', async ({ page, server, loginPage, newConsole }) => {
  await loginPage.goto();
  await loginPage.loginAsHost();
  await expect(page).toHaveURL(new RegExp(`/control\\?mr-id=${server.mrId}`));
  const reminder = await serverReminder(await MeetingControlsApi.login(server));
  expect(reminder.daysLeft).toBeGreaterThan(0);
  expect(reminder.daysLeft).toBeLessThanOrEqual(20);
  await expectReminder(page, 'en', reminder);

  // the Chinese text (its catalog entry has no other test): a second login, with the screen in
  // Chinese (through the form: a console opened signed in is a reload, which shows no login reminder)
  const zh = await newConsole({ locale: 'en-US' });
  await zh.loginPage.loginAsHostIn('zh');
  await expectReminder(zh.page, 'zh', reminder);
});
