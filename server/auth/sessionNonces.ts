/**
 * Replay protection of strict signing (issue 17, item 2; issue 24, point 3): the nonces of each
 * session are kept for exactly as long as their signed time (`randdtm`) stays acceptable,
 * whatever the request rate, and with a store they survive a restart as the sessions do.
 *
 * A signed request is acceptable while its `randdtm` lies within ±{@link SIGNING_WINDOW_SECONDS}
 * of the server's clock, so a nonce must be remembered until `randdtm + window` has passed
 * (at most 10 minutes after it was first seen, for a console whose clock runs 5 minutes fast);
 * after that the timestamp check refuses any replay by itself.
 *
 * Durability: each accepted nonce is written to the store (collection {@link SIGNING_NONCES})
 * in the same synchronous step that accepts it, before the request's handler runs. The stores
 * make writes durable in the order they were issued (the journal's group commit, PostgreSQL's
 * writes one at a time), so a command acknowledged after awaiting its own writes has its nonce
 * on disk too: a captured request replayed after a restart or a crash is refused. Expired
 * nonces are deleted from the store as from memory.
 *
 * Memory and store are bounded per session ({@link SessionNoncesOptions.perSession}) and in all
 * ({@link SessionNoncesOptions.maxTotal}): when a session holds too many, its nonces of the
 * oldest signed second are forgotten and the session's *floor* rises past that second (kept in
 * the store too, collection {@link SIGNING_NONCE_FLOORS}); a request of that session signed
 * before the floor is then refused ("too old to check") instead of being accepted unchecked.
 * Only a session's own signed requests fill its share (a nonce is recorded only after a valid
 * signature), so no session can push another session's nonces out except past the total, where
 * the session holding the most gives way first; a legitimate console, whose timestamps only
 * grow, never meets its floor. Sessions whose every nonce has aged out are dropped.
 */
import { SIGNING_WINDOW_SECONDS, type NonceStore } from '../../protocol/signing';
import type { Store, StoreOp } from '../store/types';

export const SIGNING_NONCES = 'signing_nonces';
export const SIGNING_NONCE_FLOORS = 'signing_nonce_floors';

export interface SessionNoncesOptions {
  /** nonces remembered per session at most (default 4096: ~14 requests/s over the 300 s a nonce is kept) */
  perSession?: number;
  /** nonces remembered over all sessions at most (default 200,000) */
  maxTotal?: number;
  /** acceptance window of a signed time each way, ms (default the signing window) */
  windowMs?: number;
  /** where nonces are kept across restarts */
  store?: Store;
  /** the clock that decides, on load, which stored nonces have expired */
  now?: () => number;
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
  readonly maxTotal: number;
  readonly windowMs: number;
  private readonly sessions = new Map<string, PerSession>();
  private readonly store?: Store;
  private total = 0;
  private lastSweep = 0;

  constructor(options: SessionNoncesOptions = {}) {
    this.perSession = options.perSession ?? 4096;
    this.maxTotal = options.maxTotal ?? 200_000;
    this.windowMs = options.windowMs ?? SIGNING_WINDOW_SECONDS * 1000;
    this.store = options.store;
    if (this.store) this.load(this.store, (options.now ?? Date.now)());
  }

  /** Sessions with nonces remembered (tests, diagnostics). */
  get sessionCount(): number {
    return this.sessions.size;
  }

  /** Nonces remembered in all (tests, diagnostics). */
  get size(): number {
    return this.total;
  }

  /** Nonces remembered for one session (tests, diagnostics). */
  sizeOf(sessionId: string): number {
    return this.sessions.get(sessionId)?.seen.size ?? 0;
  }

  use(nonce: string, nowMs: number, signed?: { sessionId: string; atMs: number }): boolean {
    if (!signed) return false; // a store per session cannot check what names no session
    if (nowMs - this.lastSweep >= SWEEP_EVERY_MS) this.sweep(nowMs);
    const { sessionId, atMs } = signed;
    // the verifier names the session in the nonce too; kept once, in the session's entry
    const prefix = `${sessionId}:`;
    if (nonce.startsWith(prefix)) nonce = nonce.slice(prefix.length);
    const s = this.entry(sessionId);
    this.expire(sessionId, s, nowMs);
    if (atMs < s.floorMs) return false;
    if (s.seen.has(nonce)) return false;
    const second = Math.floor(atMs / 1000);
    this.add(s, nonce, second);
    if (atMs > s.newestMs) s.newestMs = atMs;
    this.write([{ op: 'put', collection: SIGNING_NONCES, key: nonceKey(sessionId, nonce), value: second }]);
    while (s.seen.size > this.perSession) this.forgetOldestSecond(sessionId, s);
    if (this.total > this.maxTotal) this.shedLargest();
    return true;
  }

  private entry(sessionId: string): PerSession {
    let s = this.sessions.get(sessionId);
    if (!s) {
      s = { seen: new Map(), bySecond: new Map(), floorMs: 0, newestMs: 0 };
      this.sessions.set(sessionId, s);
    }
    return s;
  }

  private add(s: PerSession, nonce: string, second: number): void {
    s.seen.set(nonce, second);
    this.total++;
    const bucket = s.bySecond.get(second);
    if (bucket) bucket.push(nonce);
    else s.bySecond.set(second, [nonce]);
  }

  /** A failed write costs durability only: memory still refuses the replay until a restart. */
  private write(ops: StoreOp[]): void {
    if (!this.store || ops.length === 0) return;
    const [one] = ops;
    let done: Promise<void>;
    if (ops.length > 1) done = this.store.batch(ops);
    else if (one.op === 'put') done = this.store.put(one.collection, one.key, one.value);
    else done = this.store.delete(one.collection, one.key);
    void done.catch(() => undefined);
  }

  /** Drops nonces whose signed time can no longer pass the timestamp check. */
  private expire(sessionId: string, s: PerSession, nowMs: number): void {
    const oldestAcceptable = nowMs - this.windowMs;
    const ops: StoreOp[] = [];
    for (const [second, nonces] of s.bySecond) {
      if ((second + 1) * 1000 > oldestAcceptable) continue;
      this.drop(sessionId, s, second, nonces, ops);
    }
    this.write(ops);
  }

  private drop(sessionId: string, s: PerSession, second: number, nonces: string[], ops: StoreOp[]): void {
    for (const n of nonces) {
      if (s.seen.delete(n)) this.total--;
      ops.push({ op: 'delete', collection: SIGNING_NONCES, key: nonceKey(sessionId, n) });
    }
    s.bySecond.delete(second);
  }

  private forgetOldestSecond(sessionId: string, s: PerSession): void {
    let oldest = Infinity;
    for (const second of s.bySecond.keys()) if (second < oldest) oldest = second;
    const ops: StoreOp[] = [];
    this.drop(sessionId, s, oldest, s.bySecond.get(oldest) ?? [], ops);
    s.floorMs = Math.max(s.floorMs, (oldest + 1) * 1000);
    ops.push({ op: 'put', collection: SIGNING_NONCE_FLOORS, key: sessionId, value: s.floorMs });
    this.write(ops);
  }

  /** Over the total: the session holding the most nonces gives up its oldest second. */
  private shedLargest(): void {
    while (this.total > this.maxTotal) {
      let largest: [string, PerSession] | undefined;
      for (const e of this.sessions) if (!largest || e[1].seen.size > largest[1].seen.size) largest = e;
      if (!largest || largest[1].seen.size === 0) return;
      this.forgetOldestSecond(largest[0], largest[1]);
    }
  }

  private sweep(nowMs: number): void {
    this.lastSweep = nowMs;
    for (const [id, s] of this.sessions) {
      if (s.newestMs >= nowMs - this.windowMs) continue;
      const ops: StoreOp[] = [];
      for (const [second, nonces] of s.bySecond) this.drop(id, s, second, nonces, ops);
      if (s.floorMs > 0) ops.push({ op: 'delete', collection: SIGNING_NONCE_FLOORS, key: id });
      this.write(ops);
      this.sessions.delete(id);
    }
  }

  /** Rebuilds what was remembered before a restart; what has expired meanwhile is deleted. */
  private load(store: Store, nowMs: number): void {
    const oldestAcceptable = nowMs - this.windowMs;
    const stale: StoreOp[] = [];
    for (const key of store.keys(SIGNING_NONCES)) {
      const cut = key.indexOf('\u0000');
      const second = store.get<number>(SIGNING_NONCES, key);
      if (cut < 0 || typeof second !== 'number' || (second + 1) * 1000 <= oldestAcceptable) {
        stale.push({ op: 'delete', collection: SIGNING_NONCES, key });
        continue;
      }
      const s = this.entry(key.slice(0, cut));
      this.add(s, key.slice(cut + 1), second);
      s.newestMs = Math.max(s.newestMs, second * 1000);
    }
    for (const id of store.keys(SIGNING_NONCE_FLOORS)) {
      const floorMs = store.get<number>(SIGNING_NONCE_FLOORS, id);
      if (typeof floorMs === 'number' && floorMs > oldestAcceptable) {
        const s = this.entry(id);
        s.floorMs = floorMs;
        s.newestMs = Math.max(s.newestMs, floorMs); // kept while the floor still refuses something
      } else stale.push({ op: 'delete', collection: SIGNING_NONCE_FLOORS, key: id });
    }
    this.write(stale);
    // a smaller bound than the last run's applies at once
    for (const [id, s] of this.sessions) while (s.seen.size > this.perSession) this.forgetOldestSecond(id, s);
    if (this.total > this.maxTotal) this.shedLargest();
  }
}

function nonceKey(sessionId: string, nonce: string): string {
  return `${sessionId}\u0000${nonce}`;
}
