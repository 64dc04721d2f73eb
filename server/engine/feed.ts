/**
 * The change feed of one meeting: every event gets the next sequence number, the last
 * `capacity` events are kept, and long polls wait here until something after their cursor
 * arrives. Events are serialised once, and polls at the same cursor (most controllers of a
 * meeting wait at the head) share one answer while the head stays: handing one event to 500
 * controllers costs one join and one UTF-8 encoding, not 500.
 */
import type { Clock, TimerHandle } from './clock';

/** An event as stored: its JSON (with `seq`), and the session it is addressed to, if only one. */
export interface FeedEntry {
  seq: number;
  cmdid: string;
  /** only this controller session sees it (e.g. `force_logout`, `get_call_qa_rsp`) */
  to?: string;
  json: string;
  /** `json`'s UTF-8 length: the byte caps count what goes over the wire, and a Chinese character is 3 bytes */
  bytes: number;
}

/** What a poll gets; `entries` of an outcome may be shared between polls and must not be changed. */
/**
 * What a long poll needs to know of its client going away: the part of `AbortSignal` it uses
 * (an `AbortSignal` is one; the HTTP platform passes a lighter one per request).
 */
export interface AbortLike {
  readonly aborted: boolean;
  addEventListener(type: 'abort', listener: () => void): void;
  removeEventListener(type: 'abort', listener: () => void): void;
}

export type PollOutcome = { kind: 'events'; entries: FeedEntry[] } | { kind: 'resync'; seq: number };

/**
 * Answer bodies of outcomes shared by several polls (null until the first asks for it). Keyed
 * weakly so an outcome nobody holds any more takes its body with it.
 */
const sharedBodies = new WeakMap<PollOutcome, Buffer | null>();

interface Waiter {
  sessId: string;
  cursor: number;
  wake: () => void;
}

export const DEFAULT_HISTORY = 5000;
/**
 * Work one wake-up burst may do before yielding to the event loop, in bytes of answers plus
 * {@link WAKE_COST_PER_POLL} per poll answered (about what one HTTP answer costs in CPU): small
 * batches reach about 128 controllers per burst, a 400 KB mute-all delta about 5, so answering
 * 500 controllers or 50 large batches never holds the loop for more than a few ms at a time.
 */
export const WAKE_BUDGET_BYTES = 2 * 1024 * 1024;
export const WAKE_COST_PER_POLL = 16 * 1024;
/** events of a task at least this large (JSON bytes) are answered in a turn of their own */
export const OWN_TURN_BYTES = 256 * 1024;
/** most events one poll answer carries; the client polls again from the last seq */
export const MAX_BATCH = 1000;
/**
 * most bytes of events (their JSON) one poll answer carries, beyond its first event: a meeting's
 * feed may hold megabytes (a controller's flood of commands), and one answer must not
 */
export const MAX_BATCH_BYTES = 1024 * 1024;

export class ChangeFeed {
  private ring: (FeedEntry | undefined)[];
  private count = 0;
  private last: number;
  private readonly waiters = new Set<Waiter>();
  private wakeScheduled = false;
  /** highest seq of an event addressed to one session: cursors at or above it read the same for everyone */
  private lastAddressed = 0;
  /** outcomes for cursors with nothing addressed after them, valid while the head is {@link sharedAt} */
  private readonly shared = new Map<number, PollOutcome>();
  private sharedAt = -1;
  /** bytes of JSON appended up to and including the seq of each slot (for the wake budget) */
  private readonly ends: Float64Array;
  private totalBytes = 0;
  private bytesAtLastWake = 0;

  /**
   * @param startSeq the sequence number before the first event: after a restart it continues
   *   above every number handed out before, so no old cursor can be mistaken for a new one
   */
  constructor(
    startSeq = 0,
    readonly capacity = DEFAULT_HISTORY,
    /** write `seq` into each event's JSON (podium mode); platform mode's events carry none */
    private readonly stampSeq = true,
  ) {
    this.ring = new Array(capacity);
    this.ends = new Float64Array(capacity);
    this.last = startSeq;
  }

  /** the last sequence number handed out */
  get head(): number {
    return this.last;
  }

  /** oldest sequence number still held (head + 1 when empty) */
  get oldest(): number {
    return this.last - this.count + 1;
  }

  get waiting(): number {
    return this.waiters.size;
  }

  /** Appends an event, stamps it with the next `seq` and wakes the long polls (batched per microtask; see {@link OWN_TURN_BYTES}). */
  append(event: { cmdid: string } & Record<string, unknown>, to?: string): number {
    const seq = ++this.last;
    const json = JSON.stringify(this.stampSeq ? { ...event, seq } : event);
    const entry: FeedEntry = { seq, cmdid: event.cmdid, to, json, bytes: Buffer.byteLength(json) };
    this.ring[seq % this.capacity] = entry;
    this.totalBytes += entry.bytes;
    this.ends[seq % this.capacity] = this.totalBytes;
    if (to !== undefined) this.lastAddressed = seq;
    if (this.count < this.capacity) this.count++;
    this.scheduleWake();
    return seq;
  }

  /**
   * Events after `cursor` visible to `sessId`, at most {@link MAX_BATCH}; a cursor older than
   * the history or ahead of the head answers `resync`.
   */
  read(cursor: number, sessId: string): PollOutcome {
    if (cursor > this.last || cursor < this.oldest - 1) return { kind: 'resync', seq: this.last };
    if (cursor >= this.lastAddressed) return this.sharedRead(cursor);
    const entries: FeedEntry[] = [];
    let bytes = 0;
    for (let s = cursor + 1; s <= this.last && entries.length < MAX_BATCH; s++) {
      const e = this.ring[s % this.capacity]!;
      if (e.to !== undefined && e.to !== sessId) continue;
      if (entries.length > 0 && bytes + e.bytes > MAX_BATCH_BYTES) break;
      bytes += e.bytes;
      entries.push(e);
    }
    return { kind: 'events', entries };
  }

  /** {@link read} for a cursor after which every event is for everyone: one outcome per cursor and head. */
  private sharedRead(cursor: number): PollOutcome {
    if (this.sharedAt !== this.last) {
      this.shared.clear();
      this.sharedAt = this.last;
    }
    let out = this.shared.get(cursor);
    if (out) return out;
    const end = this.batchEnd(cursor);
    const entries: FeedEntry[] = new Array(end - cursor);
    for (let s = cursor + 1; s <= end; s++) entries[s - cursor - 1] = this.ring[s % this.capacity]!;
    out = { kind: 'events', entries };
    this.shared.set(cursor, out);
    sharedBodies.set(out, null);
    return out;
  }

  /**
   * The last seq an answer from `cursor` carries: at most {@link MAX_BATCH} events and
   * {@link MAX_BATCH_BYTES} (at least one event), found by bisection over the byte sums.
   */
  private batchEnd(cursor: number): number {
    if (cursor >= this.last) return cursor;
    let hi = Math.min(this.last, cursor + MAX_BATCH);
    const first = (cursor + 1) % this.capacity;
    const base = this.ends[first] - this.ring[first]!.bytes;
    if (this.ends[hi % this.capacity] - base <= MAX_BATCH_BYTES) return hi;
    let lo = cursor + 1;
    // invariant: bytes up to lo fit (or lo is the first event), bytes up to hi do not
    while (hi - lo > 1) {
      const mid = (lo + hi) >> 1;
      if (this.ends[mid % this.capacity] - base <= MAX_BATCH_BYTES) lo = mid;
      else hi = mid;
    }
    return lo;
  }

  /**
   * Waits up to `blockMs` for events after `cursor`. Answers at once when some are there or the
   * cursor needs a resync; answers an empty batch at the deadline or when `signal` aborts.
   */
  poll(cursor: number, sessId: string, blockMs: number, clock: Clock, signal?: AbortLike): Promise<PollOutcome> {
    const first = this.read(cursor, sessId);
    if (first.kind === 'resync' || first.entries.length > 0 || blockMs <= 0 || signal?.aborted) {
      return Promise.resolve(first);
    }
    return new Promise((resolve) => {
      // finish() runs only from the timer, an abort or a wake, all after `timer` is set below
      const finish = () => {
        this.waiters.delete(waiter);
        clock.clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        resolve(this.read(cursor, sessId));
      };
      const onAbort = () => finish();
      const waiter: Waiter = { sessId, cursor, wake: finish };
      this.waiters.add(waiter);
      const timer: TimerHandle = clock.setTimeout(finish, blockMs);
      signal?.addEventListener('abort', onAbort); // removed in finish()
    });
  }

  /** Answers every waiting poll of one session now (logout, forced logout). */
  release(sessId: string): void {
    for (const w of [...this.waiters]) if (w.sessId === sessId) w.wake();
  }

  /** Answers every waiting poll (meeting ended, engine stopping). */
  releaseAll(): void {
    for (const w of [...this.waiters]) w.wake();
  }

  /** whether a poll of this session is being held right now (it keeps the session alive) */
  isWaiting(sessId: string): boolean {
    for (const w of this.waiters) if (w.sessId === sessId) return true;
    return false;
  }

  /** Whether a poll at `cursor` has something to answer (newest first: usually one look). */
  private hasNews(cursor: number, sessId: string): boolean {
    if (cursor >= this.last) return cursor > this.last;
    if (cursor < this.oldest - 1) return true;
    for (let s = this.last; s > cursor; s--) {
      const to = this.ring[s % this.capacity]!.to;
      if (to === undefined || to === sessId) return true;
    }
    return false;
  }

  /** About how many bytes a poll at `cursor` would be answered with (O(1), for the wake budget). */
  private bytesAfter(cursor: number): number {
    if (cursor >= this.last || cursor < this.oldest - 1) return 0;
    const from = cursor + 1;
    const slot = from % this.capacity;
    return this.totalBytes - (this.ends[slot] - this.ring[slot]!.bytes);
  }

  private scheduleWake(): void {
    if (this.wakeScheduled) return;
    this.wakeScheduled = true;
    queueMicrotask(() => {
      const bytes = this.totalBytes - this.bytesAtLastWake;
      this.bytesAtLastWake = this.totalBytes;
      // large events (a mute-all's delta of 10,000 endpoints) are answered in the next turn: the
      // command that made them has had a long turn already, and joining and encoding the answer
      // is as long again; small ones go out at once
      if (bytes >= OWN_TURN_BYTES) setImmediate(() => this.wakeSome());
      else this.wakeSome();
    });
  }

  /**
   * Answers the polls that have news, a budget's worth at a time: the first burst right after
   * the events (in the next turn when they are large), the rest in following turns so timers and
   * other requests get in between. Polls woken later read whatever is newest then.
   */
  private wakeSome(): void {
    let budget = WAKE_BUDGET_BYTES;
    for (const w of this.waiters) {
      if (!this.hasNews(w.cursor, w.sessId)) continue;
      if (budget <= 0) {
        setImmediate(() => this.wakeSome());
        return;
      }
      budget -= WAKE_COST_PER_POLL + Math.min(this.bytesAfter(w.cursor), WAKE_BUDGET_BYTES);
      w.wake();
    }
    this.wakeScheduled = false;
  }
}

/** The JSON array body of a poll answer, joined from the pre-serialised events. */
export function pollBody(outcome: PollOutcome): string {
  if (outcome.kind === 'resync') return `[{"cmdid":"resync","seq":${outcome.seq}}]`;
  return `[${outcome.entries.map((e) => e.json).join(',')}]`;
}

/**
 * {@link pollBody} as UTF-8 bytes; an outcome shared by several polls is joined and encoded once
 * and every poll sends the same Buffer.
 */
export function pollBodyBytes(outcome: PollOutcome): Buffer {
  const cached = sharedBodies.get(outcome);
  if (cached) return cached;
  const bytes = Buffer.from(pollBody(outcome), 'utf8');
  if (cached === null) sharedBodies.set(outcome, bytes);
  return bytes;
}
