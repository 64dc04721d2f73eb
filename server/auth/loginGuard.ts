/**
 * Brute-force protection of the password login. Failures are counted in a sliding window per
 * key; the login uses two keys, the meeting (`mr:<id>`) and the client address (`ip:<addr>`,
 * see {@link addressKey}), so neither many addresses against one meeting nor one address against
 * many meetings get far.
 *
 * - Each failure delays its own answer by 2^n × base (n = failures in the window, capped), which
 *   slows a sequential guesser.
 * - At `maxFailures` failures within the window the key is locked: further attempts are refused
 *   (429 with `retry_after`) without checking anything, until the oldest failure leaves the
 *   window. Parallel guessers are stopped by this, because the check and the recording of a
 *   failure happen in the same synchronous step of the login handler.
 * - A success clears the address's failures (not the meeting's: a correct host elsewhere must
 *   not wipe an attacker's record against the meeting).
 * - With a store, each key's failures are kept in it (collection {@link LOGIN_FAILURES}), so a
 *   restart does not lift a lock-out (issue 17, item 8).
 *
 * Memory is bounded without letting a crowd erase a lock (issue 24, point 4): keys are kept in
 * separate buckets per kind (the prefix before `:`: `ip`, `mr`, `mgmt`), so probes from many
 * addresses never push out a meeting's record, and within a bucket the keys at their limit
 * (locked) are kept apart from the merely counted ones. Only counted keys are dropped, least
 * recently failed first, when a bucket holds `maxKeys`; a locked key is only dropped when a
 * bucket holds `maxLocked` *locked* keys, each of which cost an attacker `maxFailures` failures.
 *
 * Which keys a lock applies to is the caller's choice: the login refuses a locked meeting only
 * to clients it does not know (auth/loginTrust.ts), so guessers cannot lock the real host out.
 */
import { isIPv4, isIPv6 } from 'node:net';
import type { Store } from '../store/types';

export const LOGIN_FAILURES = 'login_failures';

export interface LoginGuardOptions {
  windowMs?: number;
  maxFailures?: number;
  baseDelayMs?: number;
  maxDelayMs?: number;
  now?: () => number;
  /** counted (not locked) keys kept per kind at most, least recent dropped (default 100,000) */
  maxKeys?: number;
  /** locked keys kept per kind at most (default 100,000) */
  maxLocked?: number;
  /** where failures are kept across restarts */
  store?: Store;
}

export type GuardVerdict = { locked: false } | { locked: true; retryAfterSec: number };

/**
 * The guard key of a client address: an IPv4 address as it is, an IPv6 address by its /64
 * (one subscriber usually holds a whole /64, so counting single IPv6 addresses would give a
 * guesser 2^64 fresh keys). IPv4-mapped IPv6 addresses count as their IPv4 address.
 */
export function addressKey(ip: string): string {
  return `ip:${addressBucket(ip)}`;
}

export function addressBucket(ip: string): string {
  const bare = ip.startsWith('[') && ip.endsWith(']') ? ip.slice(1, -1) : ip;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(bare);
  if (mapped && isIPv4(mapped[1])) return mapped[1];
  const noZone = bare.split('%')[0];
  if (!isIPv6(noZone)) return bare;
  const groups = expandIPv6(noZone);
  return `${groups.slice(0, 4).join(':')}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address, lowercase, without leading zeros. */
function expandIPv6(addr: string): string[] {
  let text = addr.toLowerCase();
  // a trailing dotted IPv4 part stands for the last two groups
  const v4 = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number);
    text = `${text.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.includes('::') ? text.split('::') : [text, undefined];
  const headGroups = head === '' ? [] : head.split(':');
  const tailGroups = tail === undefined || tail === '' ? [] : tail.split(':');
  const fill = tail === undefined ? [] : new Array<string>(8 - headGroups.length - tailGroups.length).fill('0');
  return [...headGroups, ...fill, ...tailGroups].map((g) => parseInt(g, 16).toString(16));
}

interface Bucket {
  /** under the limit; map order = least recently failed first */
  counted: Map<string, number[]>;
  /** at the limit; map order = least recently failed first */
  locked: Map<string, number[]>;
}

export class LoginGuard {
  readonly windowMs: number;
  readonly maxFailures: number;
  private readonly baseDelayMs: number;
  private readonly maxDelayMs: number;
  private readonly now: () => number;
  private readonly maxKeys: number;
  private readonly maxLocked: number;
  private readonly buckets = new Map<string, Bucket>();
  private readonly evictionCursors = new WeakMap<Map<string, number[]>, Iterator<string>>();
  private readonly store?: Store;

  constructor(options: LoginGuardOptions = {}) {
    this.windowMs = options.windowMs ?? 15 * 60_000;
    this.maxFailures = options.maxFailures ?? 10;
    this.baseDelayMs = options.baseDelayMs ?? 100;
    this.maxDelayMs = options.maxDelayMs ?? 5_000;
    this.now = options.now ?? Date.now;
    this.maxKeys = options.maxKeys ?? 100_000;
    this.maxLocked = options.maxLocked ?? 100_000;
    this.store = options.store;
    if (this.store) {
      const from = this.now() - this.windowMs;
      for (const key of this.store.keys(LOGIN_FAILURES)) {
        const times = (this.store.get<number[]>(LOGIN_FAILURES, key) ?? []).filter((t) => typeof t === 'number' && t > from);
        if (times.length > 0) this.place(key, times);
        else this.persist(key, undefined);
      }
      this.bound();
    }
  }

  /** Keys remembered, counted and locked, over all kinds (tests, diagnostics). */
  get size(): { counted: number; locked: number } {
    let counted = 0;
    let locked = 0;
    for (const b of this.buckets.values()) {
      counted += b.counted.size;
      locked += b.locked.size;
    }
    return { counted, locked };
  }

  /** Writes (or with `undefined` removes) a key's failures; a failed write only costs durability. */
  private persist(key: string, times: number[] | undefined): void {
    if (!this.store) return;
    const write = times ? this.store.put(LOGIN_FAILURES, key, [...times]) : this.store.delete(LOGIN_FAILURES, key);
    void write.catch(() => undefined);
  }

  /** Whether any of the keys is locked; `retryAfterSec` is the longest wait among them. */
  check(keys: string[]): GuardVerdict {
    let retryAfterMs = 0;
    for (const key of keys) {
      const times = this.recent(key);
      if (times.length >= this.maxFailures) {
        // unlocked once enough old failures leave the window to drop below the limit
        const unlockAt = times[times.length - this.maxFailures] + this.windowMs;
        retryAfterMs = Math.max(retryAfterMs, unlockAt - this.now());
      }
    }
    return retryAfterMs > 0 ? { locked: true, retryAfterSec: Math.ceil(retryAfterMs / 1000) } : { locked: false };
  }

  /** Records a failure against every key; returns how long to hold the failed answer, ms. */
  recordFailure(keys: string[]): number {
    const now = this.now();
    let worst = 0;
    for (const key of keys) {
      const times = this.recent(key);
      times.push(now);
      this.remove(key);
      this.place(key, times); // re-insert: map order = least recently failed first
      this.persist(key, times);
      worst = Math.max(worst, times.length);
    }
    this.bound();
    return Math.min(this.maxDelayMs, this.baseDelayMs * 2 ** worst);
  }

  /** Forgets the failures of a key (a successful login from that address). */
  reset(key: string): void {
    if (this.remove(key)) this.persist(key, undefined);
  }

  /** Failures of a key within the window. */
  count(key: string): number {
    return this.recent(key).length;
  }

  private bucketOf(key: string): Bucket {
    const colon = key.indexOf(':');
    const kind = colon < 0 ? '' : key.slice(0, colon);
    let b = this.buckets.get(kind);
    if (!b) {
      b = { counted: new Map(), locked: new Map() };
      this.buckets.set(kind, b);
    }
    return b;
  }

  private place(key: string, times: number[]): void {
    const b = this.bucketOf(key);
    (times.length >= this.maxFailures ? b.locked : b.counted).set(key, times);
  }

  private remove(key: string): boolean {
    const b = this.bucketOf(key);
    return b.counted.delete(key) || b.locked.delete(key);
  }

  private bound(): void {
    for (const b of this.buckets.values()) {
      for (const [map, max] of [
        [b.counted, this.maxKeys],
        [b.locked, this.maxLocked],
      ] as const) {
        while (map.size > max) {
          const oldest = this.oldestKey(map);
          map.delete(oldest);
          this.persist(oldest, undefined);
        }
      }
    }
  }

  /**
   * The least recently failed key of a bucket's map. A fresh `keys()` iterator would step over
   * every slot deleted before it (V8 leaves holes until the table is rebuilt): ~270 µs a failure
   * at 100,000 keys, CPU a crowd could spend. One live iterator per map has passed them already;
   * whatever it has passed was dropped, and re-inserted keys come after it, in failure order.
   */
  private oldestKey(map: Map<string, number[]>): string {
    let it = this.evictionCursors.get(map);
    let next = it?.next();
    if (!it || !next || next.done) {
      it = map.keys();
      this.evictionCursors.set(map, it);
      next = it.next();
    }
    return next.value as string;
  }

  private recent(key: string): number[] {
    const b = this.bucketOf(key);
    const times = b.locked.get(key) ?? b.counted.get(key);
    if (!times) return [];
    const from = this.now() - this.windowMs;
    let drop = 0;
    while (drop < times.length && times[drop] <= from) drop++;
    if (drop === 0) return times;
    times.splice(0, drop);
    if (times.length === 0) {
      this.remove(key);
      this.persist(key, undefined);
    } else if (times.length < this.maxFailures && b.locked.delete(key)) {
      // the lock has lifted: the key competes with the counted ones again
      b.counted.set(key, times);
    }
    return times;
  }
}
