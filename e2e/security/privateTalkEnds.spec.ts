/**
 * Issue 24 point 7, in the real browser against the real server: a supervisor's private talk ends
 * when the supervisor's console logs out (and with it every console's "private talk on").
 */
import { testWithServer, expect } from '../fixtures';
import { openMeetingControls } from '../pages/MeetingControlsSession';
import { ControlPage } from '../pages/ControlPage';

// a server of its own: the private talk needs someone online, and other specs' sessions stay out
const test = testWithServer({ SIM_ENDPOINTS: '12' });

const N = {
  en: { talkWith: 'Talk privately with', start: 'Start private talk' },
  zh: { talkWith: '私聊对象', start: '开始私聊' },
} as const;

test("a private talk ends when the supervisor's session ends", async ({ page, server, lang }) => {
  const { api } = await openMeetingControls(page, server, lang, 'supervisor');
  const section = page.getByTestId('private-talk');
  const waiting = new Set(await api.waitingIds());
  const target = (await api.steadyOnline()).find((p) => p.name && !waiting.has(p.usrId));
  expect(target, 'an online participant').toBeTruthy();
  await section.getByRole('combobox', { name: N[lang].talkWith }).fill(target!.name);
  await page.getByRole('option', { name: target!.name, exact: true }).first().click();
  await section.getByRole('button', { name: N[lang].start, exact: true }).click();
  await expect.poll(async () => (await api.status()).private_talk_usr_id).toBe(target!.usrId);

  await new ControlPage(page).logOut();
  // the worker's own host session reads the meeting: the talk is over without anyone ending it
  await expect.poll(async () => (await api.status()).private_talk_usr_id).toBe('');
});
