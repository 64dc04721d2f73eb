/**
 * The supervisor's preview on real MediaStreams, against the real server: the preview's video
 * is live and moving; names and signal overlays carry the server's names and a level from the
 * media statistics; hide video and preview off stop the track; the server turning a
 * participant's video off shows as off.
 */
import { openMeetingControls } from '../pages/MeetingControlsSession';
import { ParticipantsApi } from '../pages/ParticipantsApi';
import { expect, expectMoving, keepTrack, keptTrackState, setOption, STEADY, test } from './helpers';

test('preview shows the chosen participant live with names and signal; hide video and preview off stop its track', async ({
  page,
  server,
}) => {
  await openMeetingControls(page, server, 'en', 'supervisor');
  const api = await ParticipantsApi.forWorker(server, 'host');
  await setOption(page, 'preview', true);
  await setOption(page, 'newWindow', false);
  await setOption(page, 'hideVideo', false);
  await setOption(page, 'showNamesAndSignal', true);

  const preview = page.getByTestId('supervisor-preview');
  await expect(preview).toHaveAttribute('data-target', /.+/, { timeout: 20_000 });
  // a participant who stays, with video on (the simulated ones may leave or turn their camera off)
  const target = { usrId: STEADY.usrId, name: STEADY.name };
  await api.eps('v_rx', [target.usrId], 1);
  await preview.getByRole('combobox', { name: 'Preview participant' }).fill(target.name);
  await page.getByRole('option', { name: target.name, exact: true }).first().click();
  await expect(preview).toHaveAttribute('data-target', target.usrId);

  const tile = preview.getByTestId('preview-tile');
  await expect(tile).toHaveAttribute('data-video', 'live');
  expect(await keepTrack(tile, 'previewTrack')).toBe('live');
  await expectMoving(tile);
  // overlays: the server's name and a signal level from the media statistics
  await expect(tile.getByTestId('preview-tile-name')).toHaveText(target.name);
  await expect(tile.getByTestId('preview-tile-signal')).toHaveAttribute('data-signal-level', /^[0-4]$/, { timeout: 10_000 });
  await expect(tile.getByRole('img', { name: /^Signal (good|fair|poor|bad)$|^No signal$/ })).toBeVisible();

  await setOption(page, 'showNamesAndSignal', false);
  await expect(tile.getByTestId('preview-tile-name')).toHaveCount(0);
  await expect(tile.getByTestId('preview-tile-signal')).toHaveCount(0);

  // hide video: a name placeholder, no <video>, the track stopped
  await setOption(page, 'hideVideo', true);
  await expect(tile).toHaveAttribute('data-video', 'hidden');
  await expect(tile.locator('video')).toHaveCount(0);
  await expect(tile.getByTestId('preview-tile-placeholder')).toContainText('Video hidden');
  await expect(tile.getByTestId('preview-tile-placeholder')).toContainText(target.name);
  expect(await keptTrackState(page, 'previewTrack')).toBe('ended');

  await setOption(page, 'hideVideo', false);
  await expect(tile).toHaveAttribute('data-video', 'live');
  expect(await keepTrack(tile, 'previewTrack2')).toBe('live');
  await expectMoving(tile);

  // the server stops the participant's video (v_rx 0): the tile shows it off
  await api.eps('v_rx', [target.usrId], 0);
  await expect(tile).toHaveAttribute('data-video', 'off', { timeout: 10_000 });
  await expect(tile.getByTestId('preview-tile-placeholder')).toContainText('Video off');
  await api.eps('v_rx', [target.usrId], 1);
  await expect(tile).toHaveAttribute('data-video', 'live', { timeout: 10_000 });

  // preview off: no preview, its track stopped
  await setOption(page, 'preview', false);
  await expect(preview).toHaveCount(0);
  expect(await keptTrackState(page, 'previewTrack2')).toBe('ended');
});

test('in Chinese the preview, its placeholder and its signal are translated', async ({ page, server }) => {
  await openMeetingControls(page, server, 'zh', 'supervisor');
  await setOption(page, 'preview', true, 'zh');
  await setOption(page, 'showNamesAndSignal', true, 'zh');
  await setOption(page, 'hideVideo', true, 'zh');
  const preview = page.getByTestId('supervisor-preview');
  await expect(preview.getByRole('combobox', { name: '预览对象' })).toBeVisible();
  const tile = preview.getByTestId('preview-tile');
  await expect(tile.getByTestId('preview-tile-placeholder')).toContainText('视频已隐藏', { timeout: 20_000 });
  await expect(tile.getByTestId('preview-tile-signal')).toHaveAttribute('aria-label', /^信号(好|一般|较差|差)$|^无信号$/, {
    timeout: 10_000,
  });
  await setOption(page, 'hideVideo', false, 'zh');
});
