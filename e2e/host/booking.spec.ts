/**
 * Issue 30, booking: after the management login a host books the room's next meeting. Each spec
 * §5 rule is refused in the browser with its message and nothing sent; a period taken by another
 * booking is refused by the server; an accepted booking is in "next booking" at once, the overtime
 * rule uses it, and its warning, flagged as a toast (`is_toast` 1, 15 minutes or less ahead),
 * shows as a toast. A server of its own: the booking takes the demo room soon after this test.
 */
import { testWithServer, expect } from '../fixtures';
import { openMeetingControls } from '../pages/MeetingControlsSession';
import { BOOKING_NAMES, localInput, loginToManagement, openBooking } from '../pages/booking';
import { codeMessage, RC } from '../../protocol/codes';
import type { MrInfo } from '../../protocol/wire';

const test = testWithServer({});

test('booking the next meeting: each §5 rule refused in the browser, a conflict by the server, one accepted and used at once', async ({
  page,
  server,
  lang,
  consoleErrors,
}) => {
  consoleErrors.allow(/status of 403/);
  const names = BOOKING_NAMES[lang];
  const { panel, api } = await openMeetingControls(page, server, lang);
  const scheduleCalls: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/manager/sessions/') && r.url().endsWith('/schedules/')) scheduleCalls.push(r.method());
  });

  const mgmt = await loginToManagement(page, panel, lang);
  // the session's facts: administrator, this console's address, the room's limit
  await expect(mgmt.getByTestId('mgmt-is-admin')).toHaveText(lang === 'en' ? 'Yes' : '是');
  await expect(mgmt.getByTestId('mgmt-client-ip')).toHaveText(/^(127\.0\.0\.1|::1|::ffff:127\.0\.0\.1)$/);
  await expect(mgmt.getByTestId('mgmt-max-call')).toHaveText(/^\d+$/);
  const dialog = await openBooking(page, mgmt, lang);
  const alert = dialog.getByRole('alert');
  const info = await api.session.get<MrInfo>('mr-info');
  const now = info.current_dtm;
  const book = async (startSec: number, endSec: number) => {
    await dialog.getByLabel(names.starts, { exact: true }).fill(localInput(startSec));
    await dialog.getByLabel(names.ends, { exact: true }).fill(localInput(endSec));
    await dialog.getByRole('button', { name: names.submit, exact: true }).click();
  };

  // the console's rules: nothing goes out
  await book(now + 20 * 60, now + 23 * 60);
  await expect(alert).toHaveText(codeMessage(RC.bookingTooShort, lang));
  await book(now + 5 * 60, now + 40 * 60);
  await expect(alert).toHaveText(codeMessage(RC.bookingStartTooSoon, lang));
  await book(now + 20 * 60, now + 20 * 60 + 7 * 86400 + 300);
  await expect(alert).toHaveText(codeMessage(RC.bookingTooLong, lang));
  expect(scheduleCalls).toEqual([]);

  // the server's: the demo room's own booking holds that period
  const demo = info.next_booking_dtm;
  expect(demo).toBeGreaterThan(now + 60 * 60);
  await book(demo - 30 * 60, demo + 15 * 60);
  await expect(alert).toHaveText(codeMessage(RC.bookingConflict, lang));
  expect(scheduleCalls).toEqual(['POST']);

  // accepted: 12 minutes ahead, half an hour long
  const start = Math.ceil((now + 12 * 60) / 60) * 60;
  await dialog.getByLabel(names.name, { exact: true }).fill('Budget review');
  await book(start, start + 30 * 60);
  await expect(dialog).toBeHidden();
  await expect.poll(async () => (await api.session.get<MrInfo>('mr-info')).next_booking_dtm).toBe(start);
  // in "next booking" at once: under 13 minutes away, not the demo's hours
  await expect(page.getByTestId('info-next-booking')).toHaveText(/^0:1[0-3]:\d\d$/);
  // its warning is flagged as a toast: a toast, not the reminder dialog
  const toast = page.locator('.mantine-Notification-root').filter({ hasText: names.reserved });
  await expect(toast).toBeVisible({ timeout: 15_000 });
  await expect(toast).toContainText(lang === 'en' ? /leave the meeting within 1[1-3] minutes/ : /1[1-3] 分钟内离开会议/);
  await expect(page.getByRole('dialog', { name: names.reserved })).toHaveCount(0);

  // the overtime rule uses it: the meeting is planned past the booking already, any delay conflicts
  await page.getByRole('button', { name: names.delay, exact: true }).click();
  const delay = page.getByRole('dialog', { name: names.delay });
  await delay.getByLabel(names.delayField, { exact: true }).fill('5');
  await delay.getByRole('button', { name: names.apply, exact: true }).click();
  await expect(delay.getByText(lang === 'en' ? /conflicts with the next booking/ : /预约/)).toBeVisible();
});
