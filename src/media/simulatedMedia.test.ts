import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { encodeUsrStats, type UsrStatsFlags } from '@protocol/usrStats';
import type { MediaParticipant } from './mediaModel';
import { simulatedMedia, type ParticipantFeed } from './simulatedMedia';

// --- fakes of the browser's canvas, tracks and audio engine: they record what the source does ---

class FakeTrack {
  enabled = true;
  readyState: 'live' | 'ended' = 'live';
  constructor(readonly kind: 'audio' | 'video') {}
  stop() {
    this.readyState = 'ended';
  }
}

class FakeStream {
  constructor(private readonly tracks: FakeTrack[] = []) {}
  getTracks = () => this.tracks;
  getVideoTracks = () => this.tracks.filter((t) => t.kind === 'video');
  getAudioTracks = () => this.tracks.filter((t) => t.kind === 'audio');
}

interface FakeCanvas {
  draws: number;
  track: FakeTrack;
}

function fakeCanvasFactory() {
  const made: FakeCanvas[] = [];
  const create = () => {
    const rec: FakeCanvas = { draws: 0, track: new FakeTrack('video') };
    made.push(rec);
    const ctx = new Proxy({} as Record<string, unknown>, {
      get: (_t, k) => (k === 'fillRect' ? () => rec.draws++ : () => {}),
      set: () => true,
    });
    return { getContext: () => ctx, captureStream: () => new FakeStream([rec.track]) } as unknown as HTMLCanvasElement;
  };
  return { made, create };
}

class FakeNode {
  connections = new Set<unknown>();
  started = false;
  stopped = false;
  gain = { value: 1 };
  frequency = { value: 0 };
  type = '';
  fftSize = 0;
  stream = new FakeStream([new FakeTrack('audio')]);
  connect(n: unknown) {
    this.connections.add(n);
    return n;
  }
  disconnect(n?: unknown) {
    if (n === undefined) this.connections.clear();
    else if (!this.connections.delete(n)) throw new Error('not connected');
  }
  start() {
    this.started = true;
  }
  stop() {
    this.stopped = true;
  }
  getFloatTimeDomainData(buf: Float32Array) {
    buf.fill(0.1);
  }
}

class FakeAudioContext {
  state: AudioContextState = 'suspended';
  onstatechange: (() => void) | null = null;
  oscillators: FakeNode[] = [];
  private set(state: AudioContextState) {
    this.state = state;
    this.onstatechange?.();
  }
  createGain = () => new FakeNode();
  createAnalyser = () => new FakeNode();
  createMediaStreamDestination = () => new FakeNode();
  createOscillator = () => {
    const n = new FakeNode();
    this.oscillators.push(n);
    return n;
  };
  resume = async () => this.set('running');
  suspend = async () => this.set('suspended');
  close = async () => this.set('closed');
}

function person(usrId: string, flags: Partial<UsrStatsFlags> = {}): MediaParticipant {
  return { usr_id: usrId, usr_name: `N${usrId}`, ep_id: 1, online: 1, usr_stat: encodeUsrStats({ a_rx: 1, v_rx: 1, ...flags }) };
}

function feedOf(initial: MediaParticipant[]) {
  let list = initial;
  const listeners = new Set<() => void>();
  const feed: ParticipantFeed = {
    get: (id) => list.find((p) => p.usr_id === id),
    list: () => list,
    subscribe: (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
  };
  return {
    feed,
    set(next: MediaParticipant[]) {
      list = next;
      listeners.forEach((l) => l());
    },
    listeners,
  };
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.stubGlobal('MediaStream', FakeStream);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function source(list: MediaParticipant[], maxVoices = 4) {
  const canvases = fakeCanvasFactory();
  const contexts: FakeAudioContext[] = [];
  const f = feedOf(list);
  const media = simulatedMedia(f.feed, {
    fps: 10,
    maxVoices,
    createCanvas: canvases.create,
    createAudioContext: () => {
      const c = new FakeAudioContext();
      contexts.push(c);
      return c as unknown as AudioContext;
    },
  });
  return { media, canvases, contexts, ...f };
}

describe('simulated media', () => {
  it('draws only leased participants, one canvas per participant, all in one loop; the last release stops the track and the loop', () => {
    const everyone = Array.from({ length: 10_000 }, (_, i) => person(String(i)));
    const { media, canvases } = source(everyone);
    const a1 = media.participant('1');
    const a2 = media.participant('1');
    const b = media.participant('2');
    expect(canvases.made).toHaveLength(2);
    expect(vi.getTimerCount()).toBe(1);
    const before = canvases.made.map((c) => c.draws);
    vi.advanceTimersByTime(1000);
    expect(canvases.made[0].draws).toBeGreaterThan(before[0] + 5);
    expect(canvases.made[1].draws).toBeGreaterThan(before[1] + 5);

    a1.release();
    a1.release();
    expect(canvases.made[0].track.readyState).toBe('live');
    a2.release();
    expect(canvases.made[0].track.readyState).toBe('ended');
    b.release();
    expect(canvases.made[1].track.readyState).toBe('ended');
    expect(vi.getTimerCount()).toBe(0);
  });

  it('stops drawing and disables the track while the server reports the video off', () => {
    const { media, canvases, set } = source([person('a')]);
    const lease = media.participant('a');
    const card = canvases.made[0];
    expect(media.videoOn('a')).toBe(true);
    set([person('a', { v_rx: 0 })]);
    expect(media.videoOn('a')).toBe(false);
    vi.advanceTimersByTime(200);
    const frozen = card.draws;
    vi.advanceTimersByTime(1000);
    expect(card.draws).toBe(frozen);
    expect(card.track.enabled).toBe(false);
    set([person('a')]);
    vi.advanceTimersByTime(500);
    expect(card.draws).toBeGreaterThan(frozen);
    expect(card.track.enabled).toBe(true);
    lease.release();
  });

  it('mixes a voice per audible participant and drops one muted on the server', async () => {
    const { media, contexts, set } = source([person('a', { vad: 1 }), person('b'), person('c', { vad: 1, mic: 1 })]);
    const sound = media.meetingSound();
    expect(sound.voices()).toEqual(['a']);
    expect(await sound.resume()).toBe(true);
    expect(sound.state()).toBe('running');
    expect(sound.level()).toBeGreaterThan(0);
    const [voiceA] = contexts[0].oscillators;
    expect(voiceA.started).toBe(true);

    set([person('a', { vad: 1, a_rx: 0 }), person('b', { vad: 1 }), person('c', { vad: 1, mic: 1 })]);
    expect(sound.voices()).toEqual(['b']);
    expect(voiceA.stopped).toBe(true);
    set([person('a'), person('b'), person('c')]);
    expect(sound.voices()).toEqual([]);
    await sound.suspend();
    expect(sound.level()).toBe(0);
  });

  it('mixes at most maxVoices', () => {
    const { media } = source(
      ['a', 'b', 'c', 'd'].map((id) => person(id, { vad: 1 })),
      2,
    );
    expect(media.meetingSound().voices()).toEqual(['a', 'b']);
  });

  it('gives a participant stream its own audio when asked, fed by its voice', () => {
    const { media } = source([person('a', { vad: 1 })]);
    const lease = media.participant('a', { audio: true });
    expect(lease.stream.getVideoTracks()).toHaveLength(1);
    expect(lease.stream.getAudioTracks()).toHaveLength(1);
    const audioTrack = lease.stream.getAudioTracks()[0] as unknown as FakeTrack;
    lease.release();
    expect(audioTrack.readyState).toBe('ended');
  });

  it('suspends the sound when its last listener leaves, and dispose stops everything', async () => {
    const { media, canvases, contexts, listeners } = source([person('a', { vad: 1 })]);
    const sound = media.meetingSound();
    await sound.resume();
    sound.release();
    await Promise.resolve();
    expect(contexts[0].state).toBe('suspended');
    expect(await sound.resume()).toBe(false);

    media.participant('a');
    media.content('a');
    media.dispose();
    expect(canvases.made.every((c) => c.track.readyState === 'ended')).toBe(true);
    expect(contexts[0].state).toBe('closed');
    expect(vi.getTimerCount()).toBe(0);
    expect(listeners.size).toBe(0);
  });

  it('tells its subscribers when the server state moves', () => {
    const { media, set } = source([person('a')]);
    const seen = vi.fn();
    const off = media.subscribe(seen);
    set([person('a', { v_rx: 0 })]);
    expect(seen).toHaveBeenCalledTimes(1);
    off();
    set([person('a')]);
    expect(seen).toHaveBeenCalledTimes(1);
  });
});
