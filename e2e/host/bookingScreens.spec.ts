/**
 * Issue 30, booking: the management login's success state (the session's facts) and the "Book
 * next meeting" dialog with a refusal, at 1280 and 1920 px, in the language playwright.config.ts gives it, written to
 * test-results/screens for a look.
 */
import { testWithServer, expect } from '../fixtures';
import { openMeetingControls } from '../pages/MeetingControlsSession';
import { BOOKING_NAMES, localInput, loginToManagement, openBooking } from '../pages/booking';
import { codeMessage, RC } from '../../protocol/codes';

// a server of its own: the management login and any booking stay with this spec
const test = testWithServer({});

test('booking screens: management session facts and the booking dialog at 1280 and 1920 px', async ({ page, server, lang }) => {
  const names = BOOKING_NAMES[lang];
  await page.setViewportSize({ width: 1280, height: 800 });
  const { panel } = await openMeetingControls(page, server, lang);
  const mgmt = await loginToManagement(page, panel, lang);
  for (const width of [1280, 1920]) {
    await page.setViewportSize({ width, height: width === 1280 ? 800 : 1080 });
    await expect(mgmt.getByTestId('mgmt-admin-addr')).toBeVisible();
    await page.screenshot({ animations: 'disabled', path: `test-results/screens/booking-management-${width}-${lang}.png` });
  }
  const dialog = await openBooking(page, mgmt, lang);
  const now = Math.floor(Date.now() / 1000);
  await dialog.getByLabel(names.starts, { exact: true }).fill(localInput(now + 5 * 60));
  await dialog.getByRole('button', { name: names.submit, exact: true }).click();
  await expect(dialog.getByRole('alert')).toHaveText(codeMessage(RC.bookingStartTooSoon, lang));
  for (const width of [1280, 1920]) {
    await page.setViewportSize({ width, height: width === 1280 ? 800 : 1080 });
    await expect(dialog.getByTestId('booking-rules')).toBeVisible();
    await page.screenshot({ animations: 'disabled', path: `test-results/screens/booking-dialog-${width}-${lang}.png` });
  }
});
