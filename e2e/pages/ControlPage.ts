import type { Locator, Page } from '@playwright/test';
import { acknowledgeReminders } from './reminders';

/** The logged-in page of /control (and /layout). */
export class ControlPage {
  readonly meetingNumber: Locator;
  readonly role: Locator;
  readonly logout: Locator;
  readonly connection: Locator;

  constructor(readonly page: Page) {
    this.meetingNumber = page.getByTestId('meeting-number');
    this.role = page.locator('[data-controller-role]');
    this.logout = page.getByRole('button', { name: /^(Logout|退出登录)$/ });
    this.connection = page.locator('[data-connection]');
  }

  /** Acknowledges the reminder dialogs whenever one stands in the way of an action (reminders.ts). */
  acknowledgeReminders(): Promise<void> {
    return acknowledgeReminders(this.page);
  }

  async logOut(): Promise<void> {
    await this.acknowledgeReminders();
    await this.logout.click();
  }
}
