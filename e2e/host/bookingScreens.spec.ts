/**
 * Issue 30, booking: the management login's success state (the session's facts) and the "Book
 * next meeting" dialog with a refusal, at 1280 and 1920 px, in both languages (the spec's, then the
 * other switched to in the page), written to
 * test-results/screens for a look.
 */
import type { Locator } from '@playwright/test';
import { testWithServer, expect } from '../fixtures';
import { openMeetingControls } from '../pages/MeetingControlsSession';
import { MeetingControlsPanel } from '../pages/MeetingControlsPanel';
import { inBothLanguages } from '../pages/bothLanguages';
import { BOOKING_NAMES, localInput, loginToManagement, openBooking } from '../pages/booking';
import { codeMessage, RC } from '../../protocol/codes';

// a server of its own: the management login and any booking stay with this spec
const test = testWithServer({});

/** WCAG contrast of an element's text colour against white (the dialog's background). */
function contrastOnWhite(text: Locator): Promise<number> {
  return text.evaluate((el) => {
    const [r, g, b] = getComputedStyle(el)
      .color.match(/\d+(\.\d+)?/g)!
      .slice(0, 3)
      .map((v) => Number(v) / 255)
      .map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
    return 1.05 / (0.2126 * r + 0.7152 * g + 0.0722 * b + 0.05);
  });
}

// the sidebar's button once the management session is held
const LOGGED_IN = { en: 'Platform management (logged in)', zh: '平台管理（已登录）' } as const;

test('booking screens: management session facts and the booking dialog at 1280 and 1920 px', async ({ page, server, lang }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const { panel } = await openMeetingControls(page, server, lang);
  await loginToManagement(page, panel, lang);
  // both languages from the one login: the other switched to in the page, where the sidebar
  // still holds the management session and its dialog opens on the facts again
  await inBothLanguages(page, lang, async (l) => {
    const names = BOOKING_NAMES[l];
    const mgmt = page.getByRole('dialog', { name: names.mgmtTitle });
    if (!(await mgmt.isVisible())) await new MeetingControlsPanel(page, l).button(LOGGED_IN[l]).click();
    for (const width of [1280, 1920]) {
      await page.setViewportSize({ width, height: width === 1280 ? 800 : 1080 });
      await expect(mgmt.getByTestId('mgmt-admin-addr')).toBeVisible();
      await page.screenshot({ animations: 'disabled', path: `test-results/screens/booking-management-${width}-${l}.png` });
    }
    const dialog = await openBooking(page, mgmt, l);
    const now = Math.floor(Date.now() / 1000);
    await dialog.getByLabel(names.starts, { exact: true }).fill(localInput(now + 5 * 60));
    await dialog.getByRole('button', { name: names.submit, exact: true }).click();
    await expect(dialog.getByRole('alert')).toHaveText(codeMessage(RC.bookingStartTooSoon, l));
    for (const width of [1280, 1920]) {
      await page.setViewportSize({ width, height: width === 1280 ? 800 : 1080 });
      await expect(dialog.getByTestId('booking-rules')).toBeVisible();
      await page.screenshot({ animations: 'disabled', path: `test-results/screens/booking-dialog-${width}-${l}.png` });
    }
    // the warning that the booking ends this meeting is small coloured text on white: AA (4.5:1).
    // axe leaves text inside the modal unjudged (the overlay hides its background), so it is measured here
    expect(await contrastOnWhite(dialog.getByTestId('booking-cuts-current'))).toBeGreaterThanOrEqual(4.5);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });
});
