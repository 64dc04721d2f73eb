/**
 * Ending the meeting, on a server of its own (it ends the meeting for every later test): the
 * confirmation, then the server no longer runs the meeting.
 */
import { test, expect } from '../fixtures';
import { startTestServer } from '../server';
import { MeetingControlsApi } from '../pages/MeetingControlsApi';
import { MeetingControlsPanel } from '../pages/MeetingControlsPanel';
import { signIn } from '../pages/signIn';
import { text } from '../a11y/catalog';

const CANCEL = { en: 'Cancel', zh: '取消' } as const;

test('end meeting asks first, then the server ends the meeting', async ({ page, consoleErrors, lang }) => {
  test.setTimeout(90_000);
  consoleErrors.allow(/status of 40\d/);
  const own = await startTestServer();
  try {
    await signIn(page, own, lang);
    const panel = new MeetingControlsPanel(page, lang);
    await expect(panel.root).toBeVisible({ timeout: 20_000 });
    const api = await MeetingControlsApi.login(own);
    expect((await api.status()).mr_id).toBe(own.mrId);

    await panel.button(panel.names.endMeeting).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: CANCEL[lang], exact: true }).click();
    await expect(dialog).toBeHidden();
    expect((await api.status()).mr_id).toBe(own.mrId);

    await panel.endMeeting();
    // the console hears the end from the server's feed, and the server has closed every
    // controller session (a new login proves nothing: the simulated endpoints' next call starts
    // the ad-hoc room's next meeting)
    await expect(page.getByText(text(lang, 'The meeting has ended, exit control'))).toBeVisible({ timeout: 20_000 });
    await expect
      .poll(
        async () =>
          api.status().then(
            () => 'running',
            () => 'ended',
          ),
        { timeout: 20_000 },
      )
      .toBe('ended');
  } finally {
    await own.stop();
  }
});
