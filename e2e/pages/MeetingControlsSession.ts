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

const TALK = {
  en: { talkWith: 'Talk privately with', start: 'Start private talk' },
  zh: { talkWith: '私聊对象', start: '开始私聊' },
} as const;

/**
 * A supervisor starts a private talk with a steady online participant from the sidebar's
 * private-talk section, as a user does, and waits for the server to hold it.
 */
export async function startPrivateTalk(page: Page, api: MeetingControlsApi, lang: Lang): Promise<{ usrId: string; name: string }> {
  const section = page.getByTestId('private-talk');
  const waiting = new Set(await api.waitingIds());
  const target = (await api.steadyOnline()).find((p) => p.name && !waiting.has(p.usrId));
  expect(target, 'an online participant').toBeTruthy();
  await section.getByRole('combobox', { name: TALK[lang].talkWith }).fill(target!.name);
  await page.getByRole('option', { name: target!.name, exact: true }).first().click();
  await section.getByRole('button', { name: TALK[lang].start, exact: true }).click();
  await expect.poll(async () => (await api.status()).private_talk_usr_id).toBe(target!.usrId);
  return target!;
}
