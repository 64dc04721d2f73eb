/**
 * The server reminds every new session of the service expiry (and of a following booking) in a
 * modal dialog that opens when the meeting's data arrives, at no fixed moment; it would block a
 * spec's clicks, so it is acknowledged whenever it stands in the way. Once per page.
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
