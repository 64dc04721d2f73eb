/**
 * Opens the control screen in a given language (host or supervisor) and returns the meeting-wide
 * page object with an API session that reads the server's state. The form is filled in English,
 * then the language is switched on the login screen (LoginPage.loginIn).
 */
import { expect, type Page } from '@playwright/test';
import { LoginPage } from './LoginPage';
import { MeetingControlsApi } from './MeetingControlsApi';
import { MeetingControlsPanel, type Lang } from './MeetingControlsPanel';
import { acknowledgeReminders } from './reminders';
import type { TestServer } from '../server';

const EXPIRY_TITLE = { en: 'Service expiry reminder', zh: '服务到期提醒' } as const;
const OK = { en: 'OK', zh: '确定' } as const;

/**
 * The demo tenant's service expires soon, so the server greets each login with the expiry
 * reminder (a modal); close it so it does not cover the controls. Returns the days it showed.
 */
export async function dismissReminders(page: Page, lang: Lang): Promise<number | null> {
  const dialog = page.getByRole('dialog', { name: EXPIRY_TITLE[lang] });
  try {
    await dialog.waitFor({ state: 'visible', timeout: 3_000 });
  } catch {
    return null;
  }
  const days = Number(await dialog.getByTestId('service-expiry-text').getAttribute('data-days-left'));
  await dialog.getByRole('button', { name: OK[lang], exact: true }).click();
  await expect(dialog).toBeHidden();
  return days;
}

export async function openMeetingControls(
  page: Page,
  server: TestServer,
  lang: Lang,
  role: 'host' | 'supervisor' = 'host',
): Promise<{ panel: MeetingControlsPanel; api: MeetingControlsApi }> {
  await new LoginPage(page, server).loginIn(lang, role);
  const panel = new MeetingControlsPanel(page, lang);
  await expect(panel.root).toBeVisible({ timeout: 20_000 });
  await dismissReminders(page, lang);
  // on a busy machine the reminder can come after the 3 s above, over the spec's first dialog
  await acknowledgeReminders(page);
  // the meeting status has loaded once the lock switch knows its state
  await expect(panel.switchState('lock')).not.toHaveAttribute('data-state', 'unknown', { timeout: 20_000 });
  const api = await MeetingControlsApi.login(server);
  return { panel, api };
}
