/**
 * The server reminds a new session of the service expiry (when it ends within 30 days) and of a
 * following booking in a modal dialog that opens when the meeting's data arrives, at no fixed
 * moment; it would block a spec's clicks, so it is acknowledged whenever it stands in the way.
 * Once per page. The e2e servers' service ends in a year (e2e/server.ts), so only the servers of
 * specs that set an early end or a booking soon (reminders, bookingConflict) ever show one, and a
 * console opened signed in (signIn.ts) is a reload to the console, which shows no login reminder.
 */
import type { Page } from '@playwright/test';

const acknowledging = new WeakSet<Page>();

export async function acknowledgeReminders(page: Page): Promise<void> {
  if (acknowledging.has(page)) return;
  acknowledging.add(page);
  for (const id of ['service-expiry-text', 'booking-conflict-text']) {
    const dialog = page.getByRole('dialog').filter({ has: page.getByTestId(id) });
    await page.addLocatorHandler(dialog, async () => {
      // a reminder that arrives while a spec's own dialog is open sits under that dialog's
      // overlay, where a pointer click never lands: the button is pressed directly
      await dialog.getByRole('button', { name: /^(OK|确定|好的)$/ }).dispatchEvent('click');
      await dialog.waitFor({ state: 'hidden' });
    });
  }
}
