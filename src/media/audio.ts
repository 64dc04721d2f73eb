/**
 * The browser's audio devices and a test tone. Device labels are empty until the page has
 * microphone permission; the panel then numbers them.
 */
import { useEffect, useState } from 'react';
import { DEFAULT_TALK_VOLUME } from '#/session/privateTalk';

/** One microphone or speaker of this browser. */
export interface AudioDevice {
  deviceId: string;
  label: string;
}

/** Default output volume of spec §3 ("speaker volume default 60"). */
export const DEFAULT_VOLUME = DEFAULT_TALK_VOLUME;

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
            list
              .filter((d) => d.kind === kind && d.deviceId && d.deviceId !== 'default')
              .map((d) => ({ deviceId: d.deviceId, label: d.label }));
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

/**
 * Microphone energy 0–100 from one frame of time-domain samples (−1…1): the RMS on a log scale,
 * so speech sits mid-range and silence near 0.
 * @example levelFromSamples(new Float32Array(128)) // 0
 */
export function levelFromSamples(samples: Float32Array): number {
  if (samples.length === 0) return 0;
  let sum = 0;
  for (const v of samples) sum += v * v;
  const rms = Math.sqrt(sum / samples.length);
  if (rms <= 0) return 0;
  // −60 dBFS and below is 0, 0 dBFS is 100
  const db = 20 * Math.log10(rms);
  return Math.round(Math.max(0, Math.min(100, ((db + 60) / 60) * 100)));
}

/**
 * While `active`, the energy (0–100) of the chosen microphone ('' = default); null while off,
 * and null when the browser refuses the microphone.
 */
export function useMicLevel(deviceId: string, active: boolean): number | null {
  const [level, setLevel] = useState<number | null>(null);
  useEffect(() => {
    if (!active || typeof navigator === 'undefined' || !navigator.mediaDevices?.getUserMedia) {
      setLevel(null);
      return;
    }
    let stopped = false;
    let frame = 0;
    let stream: MediaStream | undefined;
    let ctx: AudioContext | undefined;
    navigator.mediaDevices.getUserMedia({ audio: deviceId ? { deviceId: { exact: deviceId } } : true }).then(
      (s) => {
        stream = s;
        if (stopped) return s.getTracks().forEach((tr) => tr.stop());
        ctx = new AudioContext();
        const analyser = ctx.createAnalyser();
        analyser.fftSize = 1024;
        ctx.createMediaStreamSource(s).connect(analyser);
        const buf = new Float32Array(analyser.fftSize);
        const tick = () => {
          analyser.getFloatTimeDomainData(buf);
          setLevel(levelFromSamples(buf));
          frame = requestAnimationFrame(tick);
        };
        tick();
      },
      () => setLevel(null),
    );
    return () => {
      stopped = true;
      cancelAnimationFrame(frame);
      stream?.getTracks().forEach((tr) => tr.stop());
      void ctx?.close();
      setLevel(null);
    };
  }, [deviceId, active]);
  return level;
}
