/**
 * Opens the control screen in a given language (host or supervisor; signed in through the API,
 * e2e/pages/signIn.ts) and returns the meeting-wide page object with this worker's API session
 * that reads the server's state.
 */
import { expect, type Page } from '@playwright/test';
import { signIn } from './signIn';
import { MeetingControlsApi } from './MeetingControlsApi';
import { MeetingControlsPanel, type Lang } from './MeetingControlsPanel';
import { acknowledgeReminders } from './reminders';
import type { TestServer } from '../server';

export async function openMeetingControls(
  page: Page,
  server: TestServer,
  lang: Lang,
  role: 'host' | 'supervisor' = 'host',
): Promise<{ panel: MeetingControlsPanel; api: MeetingControlsApi }> {
  // a reminder (a server of a spec's own may book the room soon) is acknowledged where it stands in the way
  await acknowledgeReminders(page);
  await signIn(page, server, lang, role);
  const panel = new MeetingControlsPanel(page, lang);
  await expect(panel.root).toBeVisible({ timeout: 20_000 });
  // the meeting status has loaded once the lock switch knows its state
  await expect(panel.switchState('lock')).not.toHaveAttribute('data-state', 'unknown', { timeout: 20_000 });
  const api = await MeetingControlsApi.forWorker(server);
  return { panel, api };
}
