/**
 * The /layout pop-up against the real server: the "new window" option moves the preview into
 * it; its picked role's layout plays as live video; and the global media options act on it —
 * showName (names on the panes), showTalk (the talking participant marked) and playAudio (the
 * window plays the meeting sound).
 */
import type { Page } from '@playwright/test';
import { openMeetingControls } from '../pages/MeetingControlsSession';
import { ParticipantsApi } from '../pages/ParticipantsApi';
import { expect, expectMoving, keepTrack, keptTrackState, setOption, STEADY, test } from './helpers';

async function openLayout(page: Page): Promise<Page> {
  const popupPromise = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Open layout window' }).click();
  const popup = await popupPromise;
  await expect(popup.getByTestId('layout-screen')).toHaveAttribute('data-content', 'shown', { timeout: 20_000 });
  return popup;
}

test('the new-window option shows the preview in the layout pop-up, following the chosen participant', async ({ page, server }) => {
  await openMeetingControls(page, server, 'en', 'supervisor');
  await setOption(page, 'preview', true);
  await setOption(page, 'hideVideo', false);
  await setOption(page, 'newWindow', false);
  await expect(page.getByTestId('supervisor-preview')).toBeVisible();

  const popupPromise = page.waitForEvent('popup');
  await setOption(page, 'newWindow', true);
  const popup = await popupPromise;
  await expect(page.getByTestId('supervisor-preview')).toHaveCount(0);
  await expect(page.getByTestId('preview-in-window')).toHaveText('The preview shows in the layout window.');
  const preview = popup.getByTestId('layout-preview').getByTestId('supervisor-preview');
  await expect(preview).toHaveAttribute('data-target', /.+/, { timeout: 20_000 });

  const target = STEADY;
  await page.getByRole('combobox', { name: 'Preview participant' }).fill(target.name);
  await page.getByRole('option', { name: target.name, exact: true }).first().click();
  await expect(preview).toHaveAttribute('data-target', target.usrId);
  const tile = preview.getByTestId('preview-tile');
  await expect(tile).toHaveAttribute('data-video', 'live');
  await expectMoving(tile);

  await setOption(page, 'newWindow', false);
  await expect(page.getByTestId('supervisor-preview')).toBeVisible();
  await expect(popup.getByTestId('layout-preview')).toHaveCount(0);
  await popup.close();
});

test('the layout pop-up plays the role’s layout live and obeys hide video, showName, showTalk and playAudio', async ({ page, server }) => {
  test.setTimeout(90_000);
  await openMeetingControls(page, server, 'en', 'supervisor');
  const api = await ParticipantsApi.forWorker(server, 'host');
  await setOption(page, 'newWindow', false);
  await setOption(page, 'hideVideo', false);
  await setOption(page, 'showName', true);
  await setOption(page, 'showTalk', false);
  await setOption(page, 'playAudio', true);
  const popup = await openLayout(page);

  // the audience's layout (automatic), live video
  await popup.locator('[data-layout-role="guest"]').click();
  const grid = popup.getByTestId('layout-video-grid');
  // the layout the server resolved the audience's automatic one to (cur_mosic_id), with as many
  // panes as the server lists for it. Read together and polled: until the window has the
  // configs it draws one full pane, and the resolution follows the number of participants
  const layouts = (await api.get<{ mosic_group: { mosic_id: string; mosic_cnts: number }[] }>('sys_mosics')).mosic_group;
  const serverLayout = async () => {
    const guest = (
      await api.get<{ config_info: { role: string; mosic_id: string; cur_mosic_id?: string }[] }>('mosic-config')
    ).config_info.find((c) => c.role === 'guest');
    return guest?.mosic_id === 'auto' ? guest.cur_mosic_id : guest?.mosic_id;
  };
  await expect
    .poll(
      async () => {
        const [shown, panes, expected] = await Promise.all([
          grid.getAttribute('data-mosic-id'),
          grid.getAttribute('data-panes'),
          serverLayout(),
        ]);
        return shown === expected && panes === String(layouts.find((l) => l.mosic_id === shown)?.mosic_cnts);
      },
      { message: 'the audience screen in the layout the server resolved, with its panes' },
    )
    .toBe(true);
  const panes = grid.getByTestId('layout-video-grid-pane');
  await expect(panes.first()).toBeVisible();
  const live = grid.locator('[data-testid="layout-video-grid-pane"][data-video="live"]').first();
  await expectMoving(live);

  // showName: the server's names on the panes
  // names of the participants before and after reading the panes (someone may leave or join meanwhile)
  const names = new Set([...(await api.endpointStates()).values()].map((p) => p.name));
  const shown = await grid.getByTestId('layout-video-grid-pane-name').allTextContents();
  for (const p of (await api.endpointStates()).values()) names.add(p.name);
  expect(shown.length).toBeGreaterThan(0);
  for (const n of shown) expect(names.has(n), `${n} is a participant`).toBe(true);
  await setOption(page, 'showName', false);
  await expect(grid.getByTestId('layout-video-grid-pane-name')).toHaveCount(0);

  // hide video: the panes show name placeholders and their tracks stop
  expect(await keepTrack(live, 'paneTrack')).toBe('live');
  await setOption(page, 'hideVideo', true);
  await expect(grid.locator('video')).toHaveCount(0);
  await expect(grid.locator('[data-video="hidden"]').first()).toBeVisible();
  expect(await keptTrackState(popup, 'paneTrack')).toBe('ended');
  await setOption(page, 'hideVideo', false);
  await expect(live).toBeVisible();

  // showTalk: off marks nobody; on marks a participant the server reports talking
  const everyone = [...(await api.endpointStates()).values()].filter((s) => s.flags.waiting === 0).map((s) => s.usrId);
  await api.eps('a_rx', everyone, 1);
  await expect(grid.locator('[data-talking="true"]')).toHaveCount(0);
  await setOption(page, 'showTalk', true);
  await expect(grid.locator('[data-testid="layout-video-grid-pane"][data-talking="true"]').first()).toBeVisible({ timeout: 45_000 });

  // playAudio: the window plays the meeting sound (after a click when the browser asks for one)
  const sound = popup.getByTestId('layout-sound');
  await expect(sound).toHaveAttribute('data-state', /^(playing|blocked)$/);
  if ((await sound.getAttribute('data-state')) === 'blocked') await sound.getByRole('button', { name: 'Enable sound' }).click();
  await expect(sound).toHaveAttribute('data-state', 'playing');
  expect(await popup.getByTestId('layout-sound-audio').evaluate((el: HTMLAudioElement) => !el.muted && !el.paused)).toBe(true);
  await setOption(page, 'playAudio', false);
  await expect(sound).toHaveAttribute('data-state', 'off');
  expect(await popup.getByTestId('layout-sound-audio').evaluate((el: HTMLAudioElement) => el.muted)).toBe(true);
  await popup.close();
});
