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
 */

export interface LoginGuardOptions {
  windowMs?: number;
  maxFailures?: number;
  baseDelayMs?: number;
  maxDelayMs?: number;
  now?: () => number;
  /** keys tracked at most (oldest dropped), so spoofed addresses cannot exhaust memory */
  maxKeys?: number;
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

  constructor(options: LoginGuardOptions = {}) {
    this.windowMs = options.windowMs ?? 15 * 60_000;
    this.maxFailures = options.maxFailures ?? 10;
    this.baseDelayMs = options.baseDelayMs ?? 100;
    this.maxDelayMs = options.maxDelayMs ?? 5_000;
    this.now = options.now ?? Date.now;
    this.maxKeys = options.maxKeys ?? 100_000;
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
      worst = Math.max(worst, times.length);
    }
    while (this.failures.size > this.maxKeys) this.failures.delete(this.failures.keys().next().value as string);
    return Math.min(this.maxDelayMs, this.baseDelayMs * 2 ** worst);
  }

  /** Forgets the failures of a key (a successful login from that address). */
  reset(key: string): void {
    this.failures.delete(key);
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
    if (times.length === 0) this.failures.delete(key);
    return times;
  }
}
