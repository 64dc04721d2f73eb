/**
 * The supervisor's panel against the real server: options kept across a
 * reload (and obeyed by the layout screen), and a private talk the server reports.
 */
import { testWithServer, expect } from '../fixtures';
import { openMeetingControls, startPrivateTalk } from '../pages/MeetingControlsSession';

// A server of its own: specs sharing the worker's server hang up, end or empty the meeting, and a
// private talk needs someone online to talk with.
const test = testWithServer({ SIM_ENDPOINTS: '12' });

const N = {
  en: { showTalk: 'Show who is talking', showContent: 'Show content', end: 'End private talk', openLayout: 'Open layout window' },
  zh: { showTalk: '显示发言者', showContent: '显示内容', end: '结束私聊', openLayout: '打开布局窗口' },
} as const;

test.describe('supervisor panel', () => {
  test('options keep their defaults, survive a reload, and the layout screen obeys showContent', async ({ page, server, lang }) => {
    const { panel } = await openMeetingControls(page, server, lang, 'supervisor');
    const options = page.getByTestId('supervisor-options');
    await expect(options.locator('[data-option="playAudio"]')).toHaveAttribute('data-state', 'on');
    await expect(options.locator('[data-option="showTalk"]')).toHaveAttribute('data-state', 'off');
    await panel.clickLabel(options, N[lang].showTalk);
    await panel.clickLabel(options, N[lang].showContent);
    await expect(options.locator('[data-option="showTalk"]')).toHaveAttribute('data-state', 'on');
    await page.reload();
    await expect(options.locator('[data-option="showTalk"]')).toHaveAttribute('data-state', 'on', { timeout: 20_000 });
    await expect(options.locator('[data-option="showContent"]')).toHaveAttribute('data-state', 'off');

    const popupPromise = page.waitForEvent('popup');
    await page.getByRole('button', { name: N[lang].openLayout }).click();
    const popup = await popupPromise;
    const screen = popup.getByTestId('layout-screen');
    await expect(screen).toHaveAttribute('data-launched', 'true');
    await expect(screen).toHaveAttribute('data-content', 'hidden');
    await popup.close();
  });

  test('a private talk with one participant goes through the server', async ({ page, server, lang }) => {
    const { api } = await openMeetingControls(page, server, lang, 'supervisor');
    const section = page.getByTestId('private-talk');
    const target = await startPrivateTalk(page, api, lang);
    await expect(section).toHaveAttribute('data-talking', target.usrId);
    await section.getByRole('button', { name: N[lang].end, exact: true }).click();
    await expect.poll(async () => (await api.status()).private_talk_usr_id).toBe('');
    await expect(section).not.toHaveAttribute('data-talking', /.+/);
  });
});
