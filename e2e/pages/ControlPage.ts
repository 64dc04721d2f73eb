import type { Locator, Page } from '@playwright/test';

/** Reminders the control screen may open on its own after a login (service expiry, booking). */
const REMINDER = /^(Service expiry reminder|服务到期提醒|Room reserved|会议室已被预约)$/;

/** The logged-in page of /control (and /layout). */
export class ControlPage {
  readonly meetingNumber: Locator;
  readonly role: Locator;
  readonly logout: Locator;
  readonly connection: Locator;
  private remindersHandled = false;

  constructor(readonly page: Page) {
    this.meetingNumber = page.getByTestId('meeting-number');
    this.role = page.locator('[data-controller-role]');
    this.logout = page.getByRole('button', { name: /^(Logout|退出登录)$/ });
    this.connection = page.locator('[data-connection]');
  }

  /**
   * Reminder dialogs pop up when the meeting's data arrives, at no fixed moment; they are
   * acknowledged whenever one stands in the way of an action of these tests.
   */
  async acknowledgeReminders(): Promise<void> {
    if (this.remindersHandled) return;
    this.remindersHandled = true;
    await this.page.addLocatorHandler(this.page.getByRole('dialog', { name: REMINDER }), async (dialog) => {
      // under another dialog's overlay a pointer click never lands: the button is pressed directly
      await dialog.getByRole('button', { name: /^(OK|确定)$/ }).dispatchEvent('click');
    });
  }

  async logOut(): Promise<void> {
    await this.acknowledgeReminders();
    await this.logout.click();
  }
}
