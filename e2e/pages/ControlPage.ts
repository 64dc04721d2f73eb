import type { Locator, Page } from '@playwright/test';

/** The logged-in page of /control (and /layout). */
export class ControlPage {
  readonly meetingNumber: Locator;
  readonly role: Locator;
  readonly logout: Locator;

  constructor(readonly page: Page) {
    this.meetingNumber = page.getByTestId('meeting-number');
    this.role = page.locator('[data-role]');
    this.logout = page.getByRole('button', { name: /^(Logout|退出登录)$/ });
  }
}
