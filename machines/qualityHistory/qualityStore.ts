/**
 * The quality history of every participant of a meeting: loss and jitter per sampling round in
 * ring buffers (typed arrays, one slot per round), plus the full statistics samples the rounds
 * read from `media_stream`, so the statistics chart can show what happened before it was opened.
 *
 * Sized for 10,000 participants: 180 rounds (30 minutes at 10 s) × 2 figures × 4 bytes is 1.4 KiB
 * a participant, 14 MiB for 10,000. The rings live in slabs of {@link SLAB_TRACKS} participants
 * (one `Float32Array` of 360 KiB each), laid out round by round: a round clears and writes one
 * contiguous run of a slab, and a new slab's memory is only touched as the rounds come. A typed
 * array of its own per participant, filled with NaN, made the first round at 10,000 participants
 * allocate 20,000 buffers and touch all 14 MiB in one task. A slab is never given back: the
 * store holds its peak participant count, rounded up to a slab. A round allocates nothing.
 * A participant who left keeps its history until its last figure is older than the window, then
 * it is forgotten and its lane of the slab goes to the next newcomer. Like the participant store
 * it is mutated in place; the machine that owns it bumps its `round` so readers know to read
 * again. Nothing here knows XState.
 */
import type { StatsSample } from '../mediaStats/samples';

export type QualityMetric = 'loss' | 'jitter';

/** Rounds kept: 30 minutes at one round per 10 s. */
export const DEFAULT_CAPACITY = 180;
/** Participants whose rings one slab holds. */
export const SLAB_TRACKS = 256;

interface Track {
  usrId: string;
  name: string;
  /** the slab holding this track's figures, and its lane there */
  slab: Float32Array;
  lane: number;
  /** the lane's id in the pool */
  laneId: number;
  /**
   * the round the track was created in: its lane's slots of earlier rounds hold nothing of it
   * (zeros of a new slab, or the cleared slots of whoever had the lane before), never read
   */
  born: number;
  /** the last round that wrote a figure */
  lastRound: number;
  /** full samples from `media_stream`, oldest first, within the window */
  samples: StatsSample[];
}

/**
 * The slabs of every track's figures: `slab[(m × capacity + slot) × SLAB_TRACKS + lane]`, m 0 for
 * loss and 1 for jitter. A dropped track's lane is taken back and handed to the next new track.
 */
class LanePool {
  readonly slabs: Float32Array[] = [];
  /** lanes free, as `slab index × SLAB_TRACKS + lane` */
  private readonly free: number[] = [];

  constructor(private readonly capacity: number) {}

  take(): number {
    const reused = this.free.pop();
    if (reused !== undefined) return reused;
    const first = this.slabs.length * SLAB_TRACKS;
    // not filled: a track reads no slot from before it was born, and each round clears its slot
    this.slabs.push(new Float32Array(2 * this.capacity * SLAB_TRACKS));
    // handed out from the slab's first lane on
    for (let lane = SLAB_TRACKS - 1; lane > 0; lane--) this.free.push(first + lane);
    return first;
  }

  give(id: number): void {
    this.free.push(id);
  }
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
  private readonly pool: LanePool;
  /** rounds begun so far; the current round's slot is `(rounds - 1) % capacity` */
  private rounds = 0;

  constructor(capacity: number = DEFAULT_CAPACITY) {
    this.capacity = capacity;
    this.times = new Float64Array(capacity);
    this.pool = new LanePool(capacity);
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

  /** Where a metric's slot of a lane is in its slab. */
  private indexOf(metric: QualityMetric, slot: number, lane: number): number {
    return ((metric === 'loss' ? 0 : this.capacity) + slot) * SLAB_TRACKS + lane;
  }

  /** Opens a new round at `nowMs`: its slot is emptied for every participant, and tracks whose figures all left the window are dropped. */
  beginRound(nowMs: number): void {
    this.rounds += 1;
    const slot = this.slot;
    this.times[slot] = nowMs;
    const loss = this.indexOf('loss', slot, 0);
    const jitter = this.indexOf('jitter', slot, 0);
    for (const slab of this.pool.slabs) {
      slab.fill(NaN, loss, loss + SLAB_TRACKS);
      slab.fill(NaN, jitter, jitter + SLAB_TRACKS);
    }
    const windowStart = nowMs - this.windowMs();
    for (const track of this.tracks.values()) {
      if (this.rounds - track.lastRound > this.capacity) {
        this.tracks.delete(track.usrId);
        this.pool.give(track.laneId);
        continue;
      }
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
      const laneId = this.pool.take();
      const slab = this.pool.slabs[Math.floor(laneId / SLAB_TRACKS)];
      const lane = laneId % SLAB_TRACKS;
      // a slab made during this round missed its clearing
      slab[this.indexOf('loss', this.slot, lane)] = NaN;
      slab[this.indexOf('jitter', this.slot, lane)] = NaN;
      track = { usrId, name, slab, lane, laneId, born: this.rounds, lastRound: this.rounds, samples: [] };
      this.tracks.set(usrId, track);
    }
    track.name = name || track.name;
    return track;
  }

  /** Records a figure of the current round; a second figure of the same round keeps the worse. */
  record(usrId: string, name: string, metric: QualityMetric, value: number): void {
    if (this.rounds === 0 || !Number.isFinite(value)) return;
    const track = this.track(usrId, name);
    const { slab } = track;
    const at = this.indexOf(metric, this.slot, track.lane);
    slab[at] = Number.isNaN(slab[at]) ? value : Math.max(slab[at], value);
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
    // a track is born in a round that has begun: its current slot is its own
    return track && this.rounds > 0 ? track.slab[this.indexOf(metric, this.slot, track.lane)] : NaN;
  }

  /** Figures of the window, oldest first, NaN for rounds without one (at most `capacity`). */
  series(usrId: string, metric: QualityMetric): number[] {
    const track = this.tracks.get(usrId);
    const n = Math.min(this.rounds, this.capacity);
    const out = new Array<number>(n);
    const first = this.rounds - n;
    // slot i holds round first + i + 1 (rounds count from 1)
    for (let i = 0; i < n; i++)
      out[i] = track && first + i + 1 >= track.born ? track.slab[this.indexOf(metric, (first + i) % this.capacity, track.lane)] : NaN;
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
