/**
 * The media source for the reference server, whose simulated endpoints carry no media plane:
 * real browser streams synthesised from the server's live state (see mediaSource.ts).
 *
 * - Video: a canvas per leased participant or content share, captured with
 *   `canvas.captureStream()`. Only leased streams exist and are drawn, all by one shared loop
 *   at a modest frame rate, so 10,000 participants cost what a handful of tiles cost. A camera
 *   whose video the server reports off (`v_rx` 0 or camera off) is not drawn and its track is
 *   disabled (black frames, as a stopped remote sender).
 * - Audio: one AudioContext, created on first use. Each audible participant (talking, not muted,
 *   microphone on; at most a few, as an MCU mixes its loudest) is a voice — an oscillator at its
 *   own pitch with a syllable-rate tremolo — mixed into one meeting-sound stream through a
 *   MediaStreamAudioDestinationNode. Muting someone on the server removes their voice.
 * - The last release of a stream stops its tracks; `dispose` stops everything.
 */
import { levelFromSamples } from './audio';
import type { MeetingMediaSource, MeetingSoundLease, StreamLease } from './mediaSource';
import { audibleVoices, hueOf, talking, videoOn, type ParticipantLookup } from './mediaModel';
import { CARD_SIZE, drawSlide, drawTestCard, SLIDE_SIZE } from './testCard';

/** The participants as the session knows them, and word of their changes. */
export interface ParticipantFeed extends ParticipantLookup {
  subscribe(listener: () => void): () => void;
}

export interface SimulatedMediaOptions {
  /** frames per second of the shared drawing loop; default 8 */
  fps?: number;
  /** voices mixed at most; default 4 */
  maxVoices?: number;
  /** makes a canvas (tests pass a fake) */
  createCanvas?: (width: number, height: number) => HTMLCanvasElement;
  /** makes the audio engine (tests pass a fake) */
  createAudioContext?: () => AudioContext;
  /** clock in ms; default Date.now */
  now?: () => number;
}

interface VideoEntry {
  key: string;
  kind: 'participant' | 'content';
  usrId: string;
  canvas: HTMLCanvasElement;
  ctx: CanvasRenderingContext2D | null;
  track: MediaStreamTrack;
  refs: number;
  /** this participant's own audio, created for leases that ask for it */
  audio?: MediaStreamAudioDestinationNode;
}

interface Voice {
  osc: OscillatorNode;
  lfo: OscillatorNode;
  out: GainNode;
}

interface AudioEngine {
  ctx: AudioContext;
  mix: GainNode;
  dest: MediaStreamAudioDestinationNode;
  analyser: AnalyserNode;
  voices: Map<string, Voice>;
}

export function simulatedMedia(feed: ParticipantFeed, options: SimulatedMediaOptions = {}): MeetingMediaSource {
  const fps = options.fps ?? 8;
  const maxVoices = options.maxVoices ?? 4;
  const now = options.now ?? Date.now;
  const createCanvas =
    options.createCanvas ??
    ((w: number, h: number) => {
      const c = document.createElement('canvas');
      c.width = w;
      c.height = h;
      return c;
    });
  const createAudioContext = options.createAudioContext ?? (() => new AudioContext());

  const entries = new Map<string, VideoEntry>();
  const listeners = new Set<() => void>();
  let timer: ReturnType<typeof setInterval> | undefined;
  let audio: AudioEngine | null = null;
  let soundRefs = 0;
  let disposed = false;

  const emit = () => listeners.forEach((l) => l());

  const drawAll = () => {
    const ms = now();
    for (const e of entries.values()) draw(e, ms);
  };

  const draw = (e: VideoEntry, ms: number) => {
    if (!e.ctx) return;
    const p = feed.get(e.usrId);
    const name = p?.usr_name || e.usrId;
    if (e.kind === 'content') {
      drawSlide(e.ctx, e.usrId, name, ms);
      return;
    }
    const on = videoOn(p);
    e.track.enabled = on;
    if (on) drawTestCard(e.ctx, e.usrId, name, talking(p), ms);
  };

  const startLoop = () => {
    if (timer === undefined && entries.size > 0) timer = setInterval(drawAll, Math.round(1000 / fps));
  };
  const stopLoopWhenIdle = () => {
    if (entries.size === 0 && timer !== undefined) {
      clearInterval(timer);
      timer = undefined;
    }
  };

  const acquireVideo = (kind: VideoEntry['kind'], usrId: string): VideoEntry => {
    const key = `${kind}:${usrId}`;
    let e = entries.get(key);
    if (!e) {
      const size = kind === 'content' ? SLIDE_SIZE : CARD_SIZE;
      const canvas = createCanvas(size.width, size.height);
      const ctx = canvas.getContext('2d');
      const track = canvas.captureStream(fps).getVideoTracks()[0];
      e = { key, kind, usrId, canvas, ctx, track, refs: 0 };
      entries.set(key, e);
      // a first frame at once, so the tile shows a picture before the next tick
      draw(e, now());
      startLoop();
    }
    e.refs++;
    return e;
  };

  const releaseVideo = (e: VideoEntry) => {
    if (--e.refs > 0) return;
    e.track.stop();
    if (e.audio) {
      const own = e.audio;
      try {
        audio?.voices.get(e.usrId)?.out.disconnect(own);
      } catch {
        // the voice was never connected to it
      }
      own.stream.getTracks().forEach((t) => t.stop());
    }
    entries.delete(e.key);
    stopLoopWhenIdle();
  };

  const ensureAudio = (): AudioEngine => {
    if (audio) return audio;
    const ctx = createAudioContext();
    const mix = ctx.createGain();
    mix.gain.value = 0.5;
    const dest = ctx.createMediaStreamDestination();
    const analyser = ctx.createAnalyser();
    analyser.fftSize = 1024;
    mix.connect(dest);
    mix.connect(analyser);
    ctx.onstatechange = emit;
    audio = { ctx, mix, dest, analyser, voices: new Map() };
    syncVoices();
    return audio;
  };

  const addVoice = (engine: AudioEngine, usrId: string) => {
    const { ctx } = engine;
    const hue = hueOf(usrId);
    const osc = ctx.createOscillator();
    osc.type = 'triangle';
    // a speaking pitch of its own, 110–330 Hz
    osc.frequency.value = 110 + (hue / 360) * 220;
    const out = ctx.createGain();
    out.gain.value = 0.25;
    // tremolo at a syllable rate, so a voice sounds spoken rather than a dial tone
    const lfo = ctx.createOscillator();
    lfo.frequency.value = 3 + (hue % 5);
    const depth = ctx.createGain();
    depth.gain.value = 0.2;
    lfo.connect(depth).connect(out.gain);
    osc.connect(out);
    out.connect(engine.mix);
    const own = entries.get(`participant:${usrId}`)?.audio;
    if (own) out.connect(own);
    osc.start();
    lfo.start();
    engine.voices.set(usrId, { osc, lfo, out });
  };

  const removeVoice = (engine: AudioEngine, usrId: string) => {
    const v = engine.voices.get(usrId);
    if (!v) return;
    v.osc.stop();
    v.lfo.stop();
    v.out.disconnect();
    engine.voices.delete(usrId);
  };

  /** Voices follow the server: who is audible now (an O(n) scan once per applied batch). */
  const syncVoices = () => {
    if (!audio) return;
    const wanted = audibleVoices(feed.list(), maxVoices);
    const keep = new Set(wanted);
    for (const id of [...audio.voices.keys()]) if (!keep.has(id)) removeVoice(audio, id);
    for (const id of wanted) if (!audio.voices.has(id)) addVoice(audio, id);
  };

  const unsubscribeFeed = feed.subscribe(() => {
    if (disposed) return;
    syncVoices();
    emit();
  });

  const samples = new Float32Array(1024);

  return {
    participant(usrId, opts = {}): StreamLease {
      const e = acquireVideo('participant', usrId);
      const tracks = [e.track];
      if (opts.audio) {
        const engine = ensureAudio();
        if (!e.audio) {
          e.audio = engine.ctx.createMediaStreamDestination();
          engine.voices.get(usrId)?.out.connect(e.audio);
        }
        tracks.push(...e.audio.stream.getAudioTracks());
      }
      return lease(new MediaStream(tracks), () => releaseVideo(e));
    },
    content(usrId): StreamLease {
      const e = acquireVideo('content', usrId);
      return lease(new MediaStream([e.track]), () => releaseVideo(e));
    },
    meetingSound(): MeetingSoundLease {
      const engine = ensureAudio();
      soundRefs++;
      let released = false;
      return {
        stream: engine.dest.stream,
        state: () => engine.ctx.state,
        resume: async () => {
          if (released || disposed) return false;
          try {
            await engine.ctx.resume();
          } catch {
            // refused without a user gesture: stays suspended
          }
          return engine.ctx.state === 'running';
        },
        suspend: async () => {
          if (engine.ctx.state === 'running') await engine.ctx.suspend();
        },
        voices: () => [...engine.voices.keys()],
        level: () => {
          if (engine.ctx.state !== 'running') return 0;
          engine.analyser.getFloatTimeDomainData(samples);
          return levelFromSamples(samples);
        },
        release: () => {
          if (released) return;
          released = true;
          // nobody listens: stop generating until someone does
          if (--soundRefs === 0 && engine.ctx.state === 'running') void engine.ctx.suspend();
        },
      };
    },
    videoOn: (usrId) => videoOn(feed.get(usrId)),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    dispose() {
      if (disposed) return;
      disposed = true;
      unsubscribeFeed();
      for (const e of entries.values()) {
        e.track.stop();
        e.audio?.stream.getTracks().forEach((t) => t.stop());
      }
      entries.clear();
      stopLoopWhenIdle();
      if (audio) {
        for (const id of [...audio.voices.keys()]) removeVoice(audio, id);
        audio.dest.stream.getTracks().forEach((t) => t.stop());
        audio.ctx.onstatechange = null;
        void audio.ctx.close();
        audio = null;
      }
      listeners.clear();
    },
  };
}

function lease(stream: MediaStream, release: () => void): StreamLease {
  let done = false;
  return {
    stream,
    release: () => {
      if (done) return;
      done = true;
      release();
    },
  };
}
