/**
 * Brute-force protection of the password login. Failures are counted in a sliding window per
 * key; the login uses two keys, the meeting (`mr:<id>`) and the client address (`ip:<addr>`),
 * so neither many addresses against one meeting nor one address against many meetings get far.
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
 * Which keys a lock applies to is the caller's choice: the login refuses a locked meeting only
 * to clients it does not know (auth/loginTrust.ts), so guessers cannot lock the real host out.
 */
import type { Store } from '../store/types';

export const LOGIN_FAILURES = 'login_failures';

export interface LoginGuardOptions {
  windowMs?: number;
  maxFailures?: number;
  baseDelayMs?: number;
  maxDelayMs?: number;
  now?: () => number;
  /** keys tracked at most (oldest dropped), so spoofed addresses cannot exhaust memory */
  maxKeys?: number;
  /** where failures are kept across restarts */
  store?: Store;
}

export type GuardVerdict = { locked: false } | { locked: true; retryAfterSec: number };

export class LoginGuard {
  readonly windowMs: number;
  readonly maxFailures: number;
  private readonly baseDelayMs: number;
  private readonly maxDelayMs: number;
  private readonly now: () => number;
  private readonly maxKeys: number;
  private readonly failures = new Map<string, number[]>();
  private readonly store?: Store;

  constructor(options: LoginGuardOptions = {}) {
    this.windowMs = options.windowMs ?? 15 * 60_000;
    this.maxFailures = options.maxFailures ?? 10;
    this.baseDelayMs = options.baseDelayMs ?? 100;
    this.maxDelayMs = options.maxDelayMs ?? 5_000;
    this.now = options.now ?? Date.now;
    this.maxKeys = options.maxKeys ?? 100_000;
    this.store = options.store;
    if (this.store) {
      const from = this.now() - this.windowMs;
      for (const key of this.store.keys(LOGIN_FAILURES)) {
        const times = (this.store.get<number[]>(LOGIN_FAILURES, key) ?? []).filter((t) => typeof t === 'number' && t > from);
        if (times.length > 0) this.failures.set(key, times);
        else this.persist(key, undefined);
      }
    }
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
      this.failures.delete(key);
      this.failures.set(key, times); // re-insert: map order = least recently failed first
      this.persist(key, times);
      worst = Math.max(worst, times.length);
    }
    while (this.failures.size > this.maxKeys) {
      const oldest = this.failures.keys().next().value as string;
      this.failures.delete(oldest);
      this.persist(oldest, undefined);
    }
    return Math.min(this.maxDelayMs, this.baseDelayMs * 2 ** worst);
  }

  /** Forgets the failures of a key (a successful login from that address). */
  reset(key: string): void {
    if (this.failures.delete(key)) this.persist(key, undefined);
  }

  /** Failures of a key within the window. */
  count(key: string): number {
    return this.recent(key).length;
  }

  private recent(key: string): number[] {
    const times = this.failures.get(key);
    if (!times) return [];
    const from = this.now() - this.windowMs;
    let drop = 0;
    while (drop < times.length && times[drop] <= from) drop++;
    if (drop > 0) times.splice(0, drop);
    if (times.length === 0) {
      this.failures.delete(key);
      this.persist(key, undefined);
    }
    return times;
  }
}
