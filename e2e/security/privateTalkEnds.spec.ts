/**
 * Issue 24 point 7, in the real browser against the real server: a supervisor's private talk ends
 * when the supervisor's console logs out (and with it every console's "private talk on").
 */
import { testWithServer, expect } from '../fixtures';
import { openMeetingControls, startPrivateTalk } from '../pages/MeetingControlsSession';
import { ControlPage } from '../pages/ControlPage';

// a server of its own: the private talk needs someone online, and other specs' sessions stay out
const test = testWithServer({ SIM_ENDPOINTS: '12' });

test("a private talk ends when the supervisor's session ends", async ({ page, server, lang }) => {
  const { api } = await openMeetingControls(page, server, lang, 'supervisor');
  await startPrivateTalk(page, api, lang);

  await new ControlPage(page).logOut();
  // the worker's own host session reads the meeting: the talk is over without anyone ending it
  await expect.poll(async () => (await api.status()).private_talk_usr_id).toBe('');
});
