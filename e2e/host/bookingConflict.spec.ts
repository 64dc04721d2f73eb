/**
 * A booking that follows soon: a host who logs in within 15 minutes of it is told to leave in
 * time (spec §4 "Booking conflicts", §8 "meeting room reserved, leave within N minutes"), with
 * the minutes the server counts to its next booking. It runs against a server of its own whose
 * demo room is booked 5 minutes after the meeting starts: at 5 minutes or less the server flags
 * the warning as no toast (`is_toast` 0), so it is the reminder dialog; a warning flagged as a
 * toast shows as one (e2e/host/booking.spec.ts).
 */
import { testWithServer, expect } from '../fixtures';
import { MeetingControlsApi } from '../pages/MeetingControlsApi';
import type { MrInfo } from '../../protocol/wire';

const test = testWithServer({ DEMO_BOOKING_MINUTES: '5' });

const TITLE = { en: 'Room reserved', zh: '会议室已被预约' } as const;
const OK = { en: 'OK', zh: '确定' } as const;

test('a host logging in shortly before the next booking is told to leave within its minutes', async ({ page, server, lang, loginPage }) => {
  // through the form: the reminder is a login's (a console opened signed in is a reload to it,
  // and a reload does not show the login's reminders again, src/session/sessionHolder.ts)
  await loginPage.loginAsHostIn(lang);

  const dialog = page.getByRole('dialog', { name: TITLE[lang] });
  await expect(dialog).toBeVisible({ timeout: 20_000 });
  const text = dialog.getByTestId('booking-conflict-text');
  const minutes = Number(await text.getAttribute('data-minutes'));

  // the minutes are the server's count to the room's next booking
  const api = await MeetingControlsApi.forWorker(server);
  const info = await api.session.get<MrInfo>('mr-info');
  const serverMinutes = Math.ceil((info.next_booking_dtm - info.current_dtm) / 60);
  expect(serverMinutes).toBeGreaterThan(0);
  expect(serverMinutes).toBeLessThanOrEqual(5);
  expect(Math.abs(minutes - serverMinutes)).toBeLessThanOrEqual(1);
  await expect(text).toHaveText(
    lang === 'zh'
      ? `会议室已被后续预约占用，请在 ${minutes} 分钟内离开会议。`
      : `This room is reserved for a following booking. Please leave the meeting within ${minutes} minutes.`,
  );

  await dialog.getByRole('button', { name: OK[lang], exact: true }).click();
  await expect(dialog).toBeHidden();
});
