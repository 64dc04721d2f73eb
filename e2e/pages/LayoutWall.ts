/**
 * The /layout pop-up (the supervisor's monitor wall) as a page object: opened from the control
 * screen, its role screens, the names in their panes, and the view choice. The screen-layout
 * dialog's preview draws the same screens (src/components/roleScreen), so its names are read the
 * same way.
 */
import { expect, type Locator, type Page } from '@playwright/test';
import { text, type Lang } from '../a11y/catalog';
import type { MosicConfigEntry } from '../../protocol/wire';
import type { MeetingControlsApi } from './MeetingControlsApi';

/** Stops (0) or lets through (1) a participant's video, as another console would. */
export const setVideo = (api: MeetingControlsApi, usrId: string, value: 0 | 1) =>
  api.session.post('eps-status', { cmdid: 'ctrl_mr_eps', action: 'v_rx', usr_ids: [usrId], value });

/** A role's layout entry with one participant per pane ('-1' leaves a pane to the automatic choice). */
export const mosaic = (role: MosicConfigEntry['role'], mosicId: string, panes: string[]): MosicConfigEntry => ({
  role,
  mosic_id: mosicId,
  layout_mode: 2,
  roles_lst: panes.map((p) => [p]),
  poll_secs: 10,
  view_has_self: role === 'speaker' ? 1 : 0,
});

export type ScreenRole = 'speaker' | 'chair' | 'guest';
export const ROLE_NAME: Record<ScreenRole, string> = { speaker: 'Main venue', chair: 'Honoured guest', guest: 'Audience' };

/** The names shown in the panes of a screen (`testId` its test id), pane by pane, '' for an empty pane. */
export async function paneNames(screen: Locator): Promise<string[]> {
  return screen
    .locator('[data-pane]')
    .evaluateAll((panes) => panes.map((pane) => pane.querySelector('[data-testid$="-pane-name"]')?.textContent?.trim() ?? ''));
}

export class LayoutWall {
  private constructor(
    readonly page: Page,
    readonly lang: Lang,
  ) {}

  /** Opens the layout window from a supervisor's control screen and waits for its wall. */
  static async open(opener: Page, lang: Lang): Promise<LayoutWall> {
    const popupPromise = opener.waitForEvent('popup');
    await opener.getByRole('button', { name: text(lang, 'Open layout window') }).click();
    const popup = await popupPromise;
    await expect(popup.getByTestId('layout-screen')).toHaveAttribute('data-content', 'shown', { timeout: 20_000 });
    return new LayoutWall(popup, lang);
  }

  get wall(): Locator {
    return this.page.getByTestId('layout-wall');
  }

  /** The screen of `role` (in tabs view only the picked role's is on the page). */
  screen(role: ScreenRole): Locator {
    return this.page.locator(`[data-testid="layout-video-grid"][data-role="${role}"]`);
  }

  roleName(role: ScreenRole): string {
    return text(this.lang, ROLE_NAME[role]);
  }

  async showTab(role: ScreenRole): Promise<void> {
    await this.page.getByRole('tab', { name: this.roleName(role) }).click();
    await expect(this.screen(role)).toBeVisible();
  }

  async chooseView(view: 'tabs' | 'side'): Promise<void> {
    // Mantine's segmented control hides its radios behind their labels: the label is what a user presses
    const name = text(this.lang, view === 'tabs' ? 'One role' : 'Side by side');
    await this.page
      .getByRole('radiogroup', { name: text(this.lang, 'View') })
      .locator('label', { hasText: name })
      .click();
    await expect(this.wall).toHaveAttribute('data-view', view);
  }

  /** Names of the panes of `role`'s screen (shown in whichever view). */
  names(role: ScreenRole): Promise<string[]> {
    return paneNames(this.screen(role));
  }
}
