/**
 * The quality history of every participant of a meeting: loss and jitter per sampling round in
 * ring buffers (typed arrays, one slot per round), plus the full statistics samples the rounds
 * read from `media_stream`, so the statistics chart can show what happened before it was opened.
 *
 * Sized for 10,000 participants: 180 rounds (30 minutes at 10 s) × 2 figures × 4 bytes is 1.4 KiB
 * a participant, 14 MiB for 10,000; a round writes one slot per participant and allocates
 * nothing. A participant who left keeps its history until its last figure is older than the
 * window, then it is forgotten. Like the participant store it is mutated in place; the machine
 * that owns it bumps its `round` so readers know to read again. Nothing here knows XState.
 */
import type { StatsSample } from '../mediaStats/samples';

export type QualityMetric = 'loss' | 'jitter';

/** Rounds kept: 30 minutes at one round per 10 s. */
export const DEFAULT_CAPACITY = 180;

interface Track {
  name: string;
  loss: Float32Array;
  jitter: Float32Array;
  /** the last round that wrote a figure */
  lastRound: number;
  /** full samples from `media_stream`, oldest first, within the window */
  samples: StatsSample[];
}

/** Figures of one metric over the window. */
export interface MetricSummary {
  /** the newest figure, NaN when the last round had none */
  current: number;
  /** the newest figure of the window, whichever round had it (NaN: none) */
  latest: number;
  peak: number;
  average: number;
  /** rounds with a figure */
  count: number;
}

export class QualityStore {
  readonly capacity: number;
  /** wall-clock ms of each slot's round */
  private readonly times: Float64Array;
  private readonly tracks = new Map<string, Track>();
  /** rounds begun so far; the current round's slot is `(rounds - 1) % capacity` */
  private rounds = 0;

  constructor(capacity: number = DEFAULT_CAPACITY) {
    this.capacity = capacity;
    this.times = new Float64Array(capacity);
  }

  get roundCount(): number {
    return this.rounds;
  }

  get size(): number {
    return this.tracks.size;
  }

  private get slot(): number {
    return (this.rounds - 1) % this.capacity;
  }

  /** Opens a new round at `nowMs`: its slot is emptied for every participant, and tracks whose figures all left the window are dropped. */
  beginRound(nowMs: number): void {
    this.rounds += 1;
    const slot = this.slot;
    this.times[slot] = nowMs;
    const windowStart = nowMs - this.windowMs();
    for (const [usrId, track] of this.tracks) {
      if (this.rounds - track.lastRound > this.capacity) {
        this.tracks.delete(usrId);
        continue;
      }
      track.loss[slot] = NaN;
      track.jitter[slot] = NaN;
      if (track.samples.length && track.samples[0].t * 1000 < windowStart) {
        track.samples = track.samples.filter((s) => s.t * 1000 >= windowStart);
      }
    }
  }

  /** The span the window covers, from the rounds' own spacing (30 minutes at 10 s). */
  private windowMs(): number {
    if (this.rounds < 2) return Infinity;
    const newest = this.times[this.slot];
    const oldest = this.times[this.rounds >= this.capacity ? this.rounds % this.capacity : 0];
    const perRound = (newest - oldest) / Math.max(1, Math.min(this.rounds, this.capacity) - 1);
    return perRound > 0 ? perRound * this.capacity : Infinity;
  }

  private track(usrId: string, name: string): Track {
    let track = this.tracks.get(usrId);
    if (!track) {
      track = {
        name,
        loss: new Float32Array(this.capacity).fill(NaN),
        jitter: new Float32Array(this.capacity).fill(NaN),
        lastRound: this.rounds,
        samples: [],
      };
      this.tracks.set(usrId, track);
    }
    track.name = name || track.name;
    return track;
  }

  /** Records a figure of the current round; a second figure of the same round keeps the worse. */
  record(usrId: string, name: string, metric: QualityMetric, value: number): void {
    if (this.rounds === 0 || !Number.isFinite(value)) return;
    const track = this.track(usrId, name);
    const series = track[metric];
    const slot = this.slot;
    series[slot] = Number.isNaN(series[slot]) ? value : Math.max(series[slot], value);
    track.lastRound = this.rounds;
  }

  /** Keeps a full statistics sample (the chart's point) of a participant. */
  recordSample(usrId: string, name: string, sample: StatsSample): void {
    if (this.rounds === 0) return;
    const track = this.track(usrId, name);
    const last = track.samples.at(-1);
    if (last && last.t >= sample.t) return;
    track.samples.push(sample);
    track.lastRound = this.rounds;
  }

  has(usrId: string): boolean {
    return this.tracks.has(usrId);
  }

  /** The name the participant had when last sampled. */
  nameOf(usrId: string): string | undefined {
    return this.tracks.get(usrId)?.name;
  }

  usrIds(): IterableIterator<string> {
    return this.tracks.keys();
  }

  /** The figure of the current round, NaN when none. */
  current(usrId: string, metric: QualityMetric): number {
    const track = this.tracks.get(usrId);
    return track && this.rounds > 0 ? track[metric][this.slot] : NaN;
  }

  /** Figures of the window, oldest first, NaN for rounds without one (at most `capacity`). */
  series(usrId: string, metric: QualityMetric): number[] {
    const track = this.tracks.get(usrId);
    const n = Math.min(this.rounds, this.capacity);
    const out = new Array<number>(n);
    const first = this.rounds - n;
    for (let i = 0; i < n; i++) out[i] = track ? track[metric][(first + i) % this.capacity] : NaN;
    return out;
  }

  /** Current, newest, peak and average of the window; NaN figures when the window has none. */
  summary(usrId: string, metric: QualityMetric): MetricSummary {
    const values = this.series(usrId, metric);
    let peak = NaN;
    let sum = 0;
    let count = 0;
    let latest = NaN;
    for (const v of values) {
      if (Number.isNaN(v)) continue;
      peak = Number.isNaN(peak) ? v : Math.max(peak, v);
      sum += v;
      count += 1;
      latest = v;
    }
    return { current: values.length ? values[values.length - 1] : NaN, latest, peak, average: count ? sum / count : NaN, count };
  }

  /** Full samples of the window, oldest first (a copy). */
  samples(usrId: string): StatsSample[] {
    return this.tracks.get(usrId)?.samples.slice() ?? [];
  }

  /** What the inspector sees (never the buffers). */
  toJSON(): { participants: number; rounds: number } {
    return { participants: this.tracks.size, rounds: this.rounds };
  }
}
