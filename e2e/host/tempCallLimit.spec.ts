/**
 * Issue 30, the room's max_call before a temporary call, against a server whose demo room takes
 * at most 6 calls (DEMO_MAX_CALL=6) and holds only the 6 steady endpoints (SIM_ENDPOINTS=0): the
 * dialog says no more can be called and holds Invite back; once another controller hangs one up
 * the note goes and Invite is offered; called back, the room is full again. The dialog in its
 * user-number mode is written at 1280 and 1920 px in both languages, the other switched to in the page
 * (test-results/screens/tempCall-user-number-<width>-<lang>.png).
 */
import type { Page } from '@playwright/test';
import { testWithServer, expect, type Lang } from '../fixtures';
import { inOtherLanguage } from '../pages/bothLanguages';
import { openParticipants } from '../pages/ParticipantsSession';
import { isSteadyEndpointId } from '../../server/sim/steady';

const test = testWithServer({ SIM_ENDPOINTS: '0', DEMO_MAX_CALL: '6' });

const T = {
  en: {
    tempCall: 'Temporary call',
    byNumber: 'By user number',
    userNumber: 'User number',
    invite: 'Invite',
    full: 'No more calls can be placed: this meeting takes at most 6 calls and 6 are in it.',
  },
  zh: {
    tempCall: '临时呼叫',
    byNumber: '按用户号码',
    userNumber: '用户号码',
    invite: '邀请',
    full: '无法再呼叫：本会议最多容纳 6 路呼叫，当前已有 6 路。',
  },
} as const;

test('a full room holds the temporary call back and says why; a freed place offers it again', async ({ page, server, lang }) => {
  test.setTimeout(120_000);
  const t = T[lang];
  const { api } = await openParticipants(page, server, lang);
  await page.setViewportSize({ width: 1280, height: 720 });
  // the server tells the room's max_call, and the six steady endpoints fill it
  expect((await api.status()).max_call).toBe(6);
  await api.callBackSteady();
  const onServer = async () => (await api.endpoints()).usr_ids.length;
  await expect.poll(onServer).toBe(6);

  const dialog = page.getByRole('dialog');
  await page.getByRole('button', { name: t.tempCall, exact: true }).click();
  await dialog.getByText(t.byNumber, { exact: true }).click();
  await dialog.getByRole('textbox', { name: t.userNumber }).fill('1001');
  const note = dialog.getByTestId('temp-call-limit');
  const invite = dialog.getByRole('button', { name: t.invite });
  await expect(note).toHaveText(t.full);
  await expect(invite).toBeDisabled();
  await expect(invite).toHaveAccessibleDescription(t.full);
  await shoot(page, lang);

  // another controller hangs one up: a place is free on the server and the dialog offers the call
  const steady = (await api.endpoints()).usr_ids.find(isSteadyEndpointId)!;
  await api.eps('drop', [steady]);
  await expect.poll(onServer).toBe(5);
  await expect(note).toBeHidden();
  await expect(invite).toBeEnabled();

  // called back, the room is full again and the dialog says so while still open
  await api.callBackSteady();
  await expect.poll(onServer).toBe(6);
  await expect(note).toHaveText(t.full);
  await expect(invite).toBeDisabled();

  // the dialog in the other language, switched in the page (closed for it, opened again)
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await inOtherLanguage(page, lang, async (l) => {
    await page.getByRole('button', { name: T[l].tempCall, exact: true }).click();
    await dialog.getByText(T[l].byNumber, { exact: true }).click();
    await dialog.getByRole('textbox', { name: T[l].userNumber }).fill('1001');
    await expect(note).toHaveText(T[l].full);
    await shoot(page, l);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });
});

/** The dialog at 1280 and 1920 px, back at 1280 after. */
async function shoot(page: Page, l: Lang): Promise<void> {
  for (const [width, height] of [
    [1280, 720],
    [1920, 1080],
  ] as const) {
    await page.setViewportSize({ width, height });
    await expect(page.getByRole('dialog')).toBeInViewport();
    await page.screenshot({ animations: 'disabled', path: `test-results/screens/tempCall-user-number-${width}-${l}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}
