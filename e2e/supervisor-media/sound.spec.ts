/**
 * The meeting sound against the real server: turned on by its switch (a user gesture) it plays
 * through an unmuted <audio> with the audio engine running; the voices are the participants
 * the server reports talking, and one muted on the server drops out; turned off it is muted.
 */
import { openMeetingControls } from '../pages/MeetingControlsSession';
import { ParticipantsApi } from '../pages/ParticipantsApi';
import { expect, setOption, test } from './helpers';

test('play meeting sound plays the talking participants and drops one the server mutes', async ({ page, server }) => {
  test.setTimeout(90_000);
  await openMeetingControls(page, server, 'en', 'supervisor');
  const api = await ParticipantsApi.forWorker(server, 'host');
  const sound = page.getByTestId('meeting-sound');
  const audio = page.getByTestId('meeting-sound-audio');
  await setOption(page, 'playMeetingSound', false);
  await expect(sound).toHaveAttribute('data-state', 'off');

  await setOption(page, 'playMeetingSound', true);
  await expect(sound).toHaveAttribute('data-state', 'playing');
  const playing = await audio.evaluate((el: HTMLAudioElement) => ({
    muted: el.muted,
    paused: el.paused,
    tracks: (el.srcObject as MediaStream).getAudioTracks().map((t) => t.readyState),
  }));
  expect(playing).toEqual({ muted: false, paused: false, tracks: ['live'] });

  // let the meeting talk: unmute everyone so the simulated endpoints' voices come through
  const states = await api.endpointStates();
  const people = [...states.values()].filter((s) => s.flags.waiting === 0).map((s) => s.usrId);
  await api.eps('a_rx', people, 1);
  await expect(sound).toHaveAttribute('data-voices', /.+/, { timeout: 45_000 });
  const voices = (await sound.getAttribute('data-voices'))!.split(',');
  for (const id of voices) expect((await api.flags(id))?.a_rx ?? 1, `${id} is not muted`).toBe(1);
  await expect.poll(async () => Number(await sound.getAttribute('data-level')), { timeout: 5_000 }).toBeGreaterThan(0);

  // mute one of them on the server: their voice stops
  const muted = voices[0];
  await api.eps('a_rx', [muted], 0);
  await expect.poll(async () => ((await sound.getAttribute('data-voices')) ?? '').split(','), { timeout: 10_000 }).not.toContain(muted);

  await setOption(page, 'playMeetingSound', false);
  await expect(sound).toHaveAttribute('data-state', 'off');
  expect(await audio.evaluate((el: HTMLAudioElement) => el.muted)).toBe(true);
});

test('the meeting sound plays at the private-talk volume, needs a click again after a reload, and stops at logout', async ({
  page,
  server,
}) => {
  await openMeetingControls(page, server, 'en', 'supervisor');
  const sound = page.getByTestId('meeting-sound');
  const audio = page.getByTestId('meeting-sound-audio');
  await setOption(page, 'playMeetingSound', true);
  await expect(sound).toHaveAttribute('data-state', 'playing');
  // the private-talk output volume (default 60) is the meeting sound's volume
  expect(await audio.evaluate((el: HTMLAudioElement) => el.volume)).toBeCloseTo(0.6);
  await page.getByRole('slider', { name: 'Output volume' }).focus();
  await page.keyboard.press('End');
  await expect.poll(() => audio.evaluate((el: HTMLAudioElement) => el.volume)).toBeCloseTo(1);
  await page.keyboard.press('Home');
  await expect.poll(() => audio.evaluate((el: HTMLAudioElement) => el.volume)).toBe(0);

  // the option is kept; after a reload the browser may want a click before sound plays again
  await page.reload();
  await expect(sound).toHaveAttribute('data-state', /^(playing|blocked)$/, { timeout: 20_000 });
  if ((await sound.getAttribute('data-state')) === 'blocked') await sound.getByRole('button', { name: 'Enable sound' }).click();
  await expect(sound).toHaveAttribute('data-state', 'playing');

  // logging out stops the sound and every video track
  await setOption(page, 'preview', true);
  await setOption(page, 'hideVideo', false);
  await setOption(page, 'newWindow', false);
  const tile = page.getByTestId('preview-tile');
  await expect(tile.locator('video')).toHaveCount(1, { timeout: 20_000 });
  await page.evaluate(() => {
    const w = window as unknown as { kept: MediaStreamTrack[] };
    const video = document.querySelector('[data-testid="preview-tile"] video') as HTMLVideoElement;
    const audioEl = document.querySelector('[data-testid="meeting-sound-audio"]') as HTMLAudioElement;
    w.kept = [...(video.srcObject as MediaStream).getTracks(), ...(audioEl.srcObject as MediaStream).getTracks()];
  });
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login/);
  expect(await page.evaluate(() => (window as unknown as { kept: MediaStreamTrack[] }).kept.map((t) => t.readyState))).toEqual([
    'ended',
    'ended',
  ]);
});
