/**
 * The browser's audio devices and a test tone. Device labels are empty until the page has
 * microphone permission; the panel then numbers them.
 */
import { useEffect, useState } from 'react';
import type { AudioDevice } from './PrivateTalkPanel';

/** Default output volume of spec §3 ("speaker volume default 60"). */
export const DEFAULT_VOLUME = 60;

/** Microphones and speakers, kept up to date on `devicechange`. */
export function useAudioDevices(): { microphones: AudioDevice[]; speakers: AudioDevice[] } {
  const [devices, setDevices] = useState<{ microphones: AudioDevice[]; speakers: AudioDevice[] }>({ microphones: [], speakers: [] });
  useEffect(() => {
    const md = typeof navigator === 'undefined' ? undefined : navigator.mediaDevices;
    if (!md?.enumerateDevices) return;
    let alive = true;
    const load = () =>
      md.enumerateDevices().then(
        (list) => {
          if (!alive) return;
          const pick = (kind: MediaDeviceKind) =>
            list.filter((d) => d.kind === kind && d.deviceId && d.deviceId !== 'default').map((d) => ({ deviceId: d.deviceId, label: d.label }));
          setDevices({ microphones: pick('audioinput'), speakers: pick('audiooutput') });
        },
        () => {},
      );
    void load();
    md.addEventListener?.('devicechange', load);
    return () => {
      alive = false;
      md.removeEventListener?.('devicechange', load);
    };
  }, []);
  return devices;
}

/**
 * Plays a 440 Hz tone for `ms` on `speakerId` ('' = default) at `volume` (0–100). Resolves when
 * it ended; rejects when the browser has no audio output.
 */
export async function playTestTone(volume: number, speakerId = '', ms = 800): Promise<void> {
  const Ctx = window.AudioContext;
  if (!Ctx) throw new Error('no audio output');
  const ctx = new Ctx();
  try {
    const withSink = ctx as AudioContext & { setSinkId?: (id: string) => Promise<void> };
    if (speakerId && withSink.setSinkId) await withSink.setSinkId(speakerId);
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    osc.frequency.value = 440;
    gain.gain.value = Math.max(0, Math.min(100, volume)) / 100;
    osc.connect(gain).connect(ctx.destination);
    osc.start();
    await new Promise((r) => setTimeout(r, ms));
    osc.stop();
  } finally {
    await ctx.close();
  }
}
