/**
 * Shared steps of the supervisor-media specs: a server of their own (a lively meeting where
 * someone talks and presents soon), the options switches, and reading live media in the page.
 */
import { testWithServer, expect } from '../fixtures';
import type { Locator, Page } from '@playwright/test';

// A server of its own: other specs empty or end the shared meeting, and these need people who
// talk and present (more endpoints, so it happens within seconds), and a participant who stays
// (the steady endpoints, which only obey controllers).
export const test = testWithServer({ SIM_ENDPOINTS: '40', SIM_STEADY_ENDPOINTS: '2' });

export { expect };

export const OPTION = {
  en: {
    preview: 'Preview',
    playMeetingSound: 'Play meeting sound',
    newWindow: 'Open in a new window',
    hideVideo: 'Hide video',
    showNamesAndSignal: 'Show names and signal',
    pipDualStream: 'Picture-in-picture for dual streams',
    showName: 'Show names',
    showTalk: 'Show who is talking',
    playAudio: 'Play audio',
  },
  zh: {
    preview: '预览',
    playMeetingSound: '播放会议声音',
    newWindow: '在新窗口中打开',
    hideVideo: '隐藏视频',
    showNamesAndSignal: '显示名称和信号',
    pipDualStream: '双流画中画',
    showName: '显示名称',
    showTalk: '显示发言者',
    playAudio: '播放音频',
  },
} as const;

export type OptionKey = keyof (typeof OPTION)['en'];

/** Sets an option through its switch (clicked only when it is not already as wanted). */
export async function setOption(page: Page, key: OptionKey, on: boolean, lang: 'en' | 'zh' = 'en'): Promise<void> {
  const options = page.getByTestId('supervisor-options');
  const sw = options.locator(`[data-option="${key}"]`);
  const state = await sw.getAttribute('data-state');
  if ((state === 'on') === on) return;
  const label = OPTION[lang][key].replace(/[()]/g, '\\$&');
  await options.locator('label', { hasText: new RegExp(`^${label}$`) }).click();
  await expect(sw).toHaveAttribute('data-state', on ? 'on' : 'off');
}

/** The live video track of the first <video> in `tile`: its readyState, and a handle kept in the page as `window[name]`. */
export async function keepTrack(tile: Locator, name: string): Promise<string> {
  return tile
    .locator('video')
    .first()
    .evaluate((v: HTMLVideoElement, key) => {
      const track = (v.srcObject as MediaStream).getVideoTracks()[0];
      (window as unknown as Record<string, MediaStreamTrack>)[key] = track;
      return track.readyState;
    }, name);
}

/** readyState of a track kept by {@link keepTrack}. */
export async function keptTrackState(page: Page, name: string): Promise<string> {
  return page.evaluate((key) => (window as unknown as Record<string, MediaStreamTrack>)[key].readyState, name);
}

/** A snapshot of the frame the <video> of `tile` shows (as pixels of a small canvas). */
export async function frameOf(tile: Locator): Promise<string> {
  return tile
    .locator('video')
    .first()
    .evaluate((v: HTMLVideoElement) => {
      const c = document.createElement('canvas');
      c.width = 160;
      c.height = 90;
      c.getContext('2d')!.drawImage(v, 0, 0, c.width, c.height);
      return c.toDataURL();
    });
}

/** Waits until the <video> of `tile` plays (has frames), then checks that two snapshots differ. */
export async function expectMoving(tile: Locator): Promise<void> {
  await expect
    .poll(
      () =>
        tile
          .locator('video')
          .first()
          .evaluate((v: HTMLVideoElement) => v.readyState >= 2 && v.videoWidth > 0),
      { timeout: 10_000 },
    )
    .toBe(true);
  const first = await frameOf(tile);
  await expect.poll(() => frameOf(tile), { timeout: 5_000 }).not.toBe(first);
}

/** A steady endpoint (SIM_STEADY_ENDPOINTS): online with its video on, never leaves on its own. */
export const STEADY = { usrId: 'steady.01', name: 'Steady 01' } as const;
