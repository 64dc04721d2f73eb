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
  const api = await ParticipantsApi.login(server, 'host');
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
