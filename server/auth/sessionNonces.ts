/**
 * Replay protection of strict signing (issue 17, item 2): the nonces of each session are kept for
 * exactly as long as their signed time (`randdtm`) stays acceptable, whatever the request rate.
 *
 * A signed request is acceptable while its `randdtm` lies within ±{@link SIGNING_WINDOW_SECONDS}
 * of the server's clock, so a nonce must be remembered until `randdtm + window` has passed;
 * after that the timestamp check refuses any replay by itself.
 *
 * Memory is bounded per session ({@link SessionNoncesOptions.perSession}): when a session holds
 * that many, its nonces of the oldest signed second are forgotten and the session's *floor* rises
 * past that second; a request of that session signed before the floor is then refused ("too old
 * to check") instead of being accepted unchecked. Only a session's own signed requests fill its
 * store (a nonce is recorded only after a valid signature), so no session can push another
 * session's nonces out, and a legitimate console, whose timestamps only grow, never meets its
 * floor. Sessions whose every nonce has aged out are dropped.
 */
import { SIGNING_WINDOW_SECONDS, type NonceStore } from '../../protocol/signing';

export interface SessionNoncesOptions {
  /** nonces remembered per session at most (default 4096: ~14 requests/s over the 300 s a nonce is kept) */
  perSession?: number;
  /** acceptance window of a signed time each way, ms (default the signing window) */
  windowMs?: number;
}

interface PerSession {
  /** nonce → signed second */
  seen: Map<string, number>;
  /** signed second → nonces signed in it */
  bySecond: Map<number, string[]>;
  /** requests signed before this (ms) are refused: their nonces may have been forgotten */
  floorMs: number;
  /** latest signed time seen (ms): once it is out of the window, the whole entry can go */
  newestMs: number;
}

const SWEEP_EVERY_MS = 10_000;

export class SessionNonces implements NonceStore {
  readonly perSession: number;
  readonly windowMs: number;
  private readonly sessions = new Map<string, PerSession>();
  private lastSweep = 0;

  constructor(options: SessionNoncesOptions = {}) {
    this.perSession = options.perSession ?? 4096;
    this.windowMs = options.windowMs ?? SIGNING_WINDOW_SECONDS * 1000;
  }

  /** Sessions with nonces remembered (tests, diagnostics). */
  get sessionCount(): number {
    return this.sessions.size;
  }

  /** Nonces remembered for one session (tests, diagnostics). */
  sizeOf(sessionId: string): number {
    return this.sessions.get(sessionId)?.seen.size ?? 0;
  }

  use(nonce: string, nowMs: number, signed?: { sessionId: string; atMs: number }): boolean {
    if (!signed) return false; // a store per session cannot check what names no session
    if (nowMs - this.lastSweep >= SWEEP_EVERY_MS) this.sweep(nowMs);
    const { sessionId, atMs } = signed;
    let s = this.sessions.get(sessionId);
    if (!s) {
      s = { seen: new Map(), bySecond: new Map(), floorMs: 0, newestMs: 0 };
      this.sessions.set(sessionId, s);
    }
    this.expire(s, nowMs);
    if (atMs < s.floorMs) return false;
    if (s.seen.has(nonce)) return false;
    const second = Math.floor(atMs / 1000);
    s.seen.set(nonce, second);
    const bucket = s.bySecond.get(second);
    if (bucket) bucket.push(nonce);
    else s.bySecond.set(second, [nonce]);
    if (atMs > s.newestMs) s.newestMs = atMs;
    while (s.seen.size > this.perSession) this.forgetOldestSecond(s);
    return true;
  }

  /** Drops nonces whose signed time can no longer pass the timestamp check. */
  private expire(s: PerSession, nowMs: number): void {
    const oldestAcceptable = nowMs - this.windowMs;
    for (const [second, nonces] of s.bySecond) {
      if ((second + 1) * 1000 > oldestAcceptable) continue;
      for (const n of nonces) s.seen.delete(n);
      s.bySecond.delete(second);
    }
  }

  private forgetOldestSecond(s: PerSession): void {
    let oldest = Infinity;
    for (const second of s.bySecond.keys()) if (second < oldest) oldest = second;
    for (const n of s.bySecond.get(oldest) ?? []) s.seen.delete(n);
    s.bySecond.delete(oldest);
    s.floorMs = Math.max(s.floorMs, (oldest + 1) * 1000);
  }

  private sweep(nowMs: number): void {
    this.lastSweep = nowMs;
    for (const [id, s] of this.sessions) {
      if (s.newestMs < nowMs - this.windowMs) this.sessions.delete(id);
    }
  }
}
