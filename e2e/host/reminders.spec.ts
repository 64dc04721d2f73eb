/**
 * The service-expiry reminder the server sends at every login (`show_warning_info`, emitted
 * before the console's first snapshot load) reaches the screen, in English and Chinese, with the
 * days left and the final date the server announced.
 */
import { test, expect } from '../fixtures';
import { MeetingControlsApi } from '../pages/MeetingControlsApi';
import type { Lang } from '../pages/MeetingControlsPanel';

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

for (const lang of ['en', 'zh'] as Lang[]) {
  test(`a host login shows the service-expiry reminder with days left and final date (${lang})`, async ({ page, server, loginPage }) => {
    await loginPage.loginAsHostIn(lang);

    const dialog = page.getByRole('dialog', { name: TITLE[lang] });
    await expect(dialog).toBeVisible({ timeout: 20_000 });
    const { daysLeft, expiresAt } = await serverReminder(await MeetingControlsApi.login(server));
    expect(daysLeft).toBeGreaterThan(0);
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
  });
}
