/**
 * Plays the meeting sound through an <audio> element on a chosen speaker at a chosen volume.
 * Browsers start sound only after a user gesture, so `start()` is meant to be called from the
 * click that turns the sound on (it creates and resumes the audio engine right there). Sound
 * wanted without a gesture (an option kept from an earlier visit, a pop-up) stays 'blocked'
 * until the user clicks. Turning it off mutes the element and suspends the generation.
 */
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import type { MeetingMediaSource, MeetingSoundLease } from './mediaSource';

export type MeetingSoundState = 'off' | 'blocked' | 'playing';

export interface MeetingSoundControl {
  /** starts the sound; call it from the user's click */
  start(): void;
  state: MeetingSoundState;
  /** the element that plays it; render it with {@link MeetingSoundPlayer} */
  audioRef: RefObject<HTMLAudioElement | null>;
  /** usr_ids heard right now */
  voices: readonly string[];
  /** output energy 0–100 */
  level: number;
  /** the chosen speaker could not be used (the browser cannot pick outputs, or refused) */
  sinkFailed: boolean;
}

/** How often the state, voices and level are read back for display. */
const READ_BACK_MS = 500;

export function useMeetingSound(
  media: MeetingMediaSource | null,
  wanted: boolean,
  output: { sinkId: string; volume: number },
): MeetingSoundControl {
  const audioRef = useRef<HTMLAudioElement | null>(null);
  const leaseRef = useRef<MeetingSoundLease | null>(null);
  const [state, setState] = useState<MeetingSoundState>('off');
  const [voices, setVoices] = useState<readonly string[]>([]);
  const [level, setLevel] = useState(0);
  const [sinkFailed, setSinkFailed] = useState(false);

  const ensureLease = useCallback((): MeetingSoundLease | null => {
    if (!media) return null;
    if (!leaseRef.current) leaseRef.current = media.meetingSound();
    const el = audioRef.current;
    if (el && el.srcObject !== leaseRef.current.stream) el.srcObject = leaseRef.current.stream;
    return leaseRef.current;
  }, [media]);

  const readBack = useCallback(() => {
    const lease = leaseRef.current;
    const el = audioRef.current;
    const playing = !!lease && lease.state() === 'running' && !!el && !el.paused && !el.muted;
    setState(!wanted ? 'off' : playing ? 'playing' : 'blocked');
    const v = lease && wanted ? lease.voices() : [];
    setVoices((old) => (old.length === v.length && old.every((x, i) => x === v[i]) ? old : v));
    setLevel(lease && wanted ? lease.level() : 0);
  }, [wanted]);

  const start = useCallback(() => {
    const lease = ensureLease();
    const el = audioRef.current;
    if (!lease || !el) return;
    el.muted = false;
    // both inside the gesture: the engine's resume and the element's play
    void lease.resume().then(readBack);
    void el.play().then(readBack, readBack);
  }, [ensureLease, readBack]);

  // follow the option: on tries to start (fine after a gesture, blocked otherwise); off mutes and suspends
  useEffect(() => {
    const el = audioRef.current;
    if (wanted) start();
    else {
      if (el) el.muted = true;
      void leaseRef.current?.suspend().then(readBack);
    }
    readBack();
    if (!wanted) return;
    const timer = setInterval(readBack, READ_BACK_MS);
    return () => clearInterval(timer);
  }, [wanted, start, readBack]);

  // the lease belongs to this source: released when the source goes (logout, unmount)
  useEffect(
    () => () => {
      leaseRef.current?.release();
      leaseRef.current = null;
      if (audioRef.current) audioRef.current.srcObject = null;
    },
    [media],
  );

  useEffect(() => {
    const el = audioRef.current;
    if (el) el.volume = Math.max(0, Math.min(100, output.volume)) / 100;
  }, [output.volume]);

  useEffect(() => {
    const el = audioRef.current as (HTMLAudioElement & { setSinkId?: (id: string) => Promise<void> }) | null;
    if (!el) return;
    if (!el.setSinkId) {
      setSinkFailed(output.sinkId !== '');
      return;
    }
    let alive = true;
    el.setSinkId(output.sinkId).then(
      () => alive && setSinkFailed(false),
      () => alive && setSinkFailed(true),
    );
    return () => {
      alive = false;
    };
  }, [output.sinkId]);

  return { start, state, audioRef, voices, level, sinkFailed };
}
