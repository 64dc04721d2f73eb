/**
 * The answers of applied commands by `req_id` (issue 24 point 3), kept in the store so that a
 * client retrying after a restart or a crash (kill -9) is answered from the record and the command
 * is never applied twice. An answer is kept for {@link REQ_ANSWER_WINDOW_MS}: the console holds a
 * command through an outage of up to 2 minutes before giving up, and a client may retry a little
 * later still, so 10 minutes covers every retry with a wide margin. Within that window every
 * answer is kept: a session that would need more than {@link REQ_ANSWERS_PER_SESSION} is refused
 * (429, result 9996) and changes nothing, rather than forgetting an answer a retry may still ask
 * for. The records are written in the same store write as the command's effect (see
 * `Engine.command`), so a command is durable exactly when its answer is.
 */
import type { Store, StoreOp } from '../store/types';

export const REQ_ANSWERS_COLLECTION = 'req_answers';
/** how long an applied command's answer is kept for retries */
export const REQ_ANSWER_WINDOW_MS = 10 * 60_000;
/** answers one session may have kept within the window (about 3 commands a second sustained) */
export const REQ_ANSWERS_PER_SESSION = 2000;

/** what is stored per answer: the session it belongs to (for the count), when, and the answer */
interface StoredAnswer {
  s: string;
  at: number;
  a: unknown;
}

interface Kept {
  key: string;
  sess: string;
  at: number;
}

const keyOf = (mrId: string, reqId: string) => `${mrId}/${reqId}`;

export class ReqAnswers {
  /** per meeting: the answers kept, oldest first (loaded from the store on first use) */
  private readonly kept = new Map<string, Kept[]>();
  /** per session: how many answers it has kept */
  private readonly perSession = new Map<string, number>();
  /** the keys kept (an answer whose write failed is no longer among them, though the store's view may hold it) */
  private readonly live = new Set<string>();

  constructor(private readonly store: Store) {}

  private keptOf(mrId: string): Kept[] {
    let list = this.kept.get(mrId);
    if (!list) {
      const prefix = `${mrId}/`;
      list = [];
      for (const key of this.store.keys(REQ_ANSWERS_COLLECTION)) {
        if (!key.startsWith(prefix)) continue;
        const v = this.store.get<StoredAnswer>(REQ_ANSWERS_COLLECTION, key);
        if (!v) continue;
        list.push({ key, sess: v.s, at: v.at });
        this.live.add(key);
        this.perSession.set(v.s, (this.perSession.get(v.s) ?? 0) + 1);
      }
      list.sort((a, b) => a.at - b.at);
      this.kept.set(mrId, list);
    }
    return list;
  }

  /** The kept answer of an applied command, while its window lasts. */
  answer(mrId: string, reqId: string, nowMs: number): unknown {
    this.keptOf(mrId);
    const key = keyOf(mrId, reqId);
    if (!this.live.has(key)) return undefined;
    const v = this.store.get<StoredAnswer>(REQ_ANSWERS_COLLECTION, key);
    if (!v || v.at + REQ_ANSWER_WINDOW_MS <= nowMs) return undefined;
    return v.a;
  }

  /** Store ops dropping the answers of a meeting whose window has passed. */
  expire(mrId: string, nowMs: number): StoreOp[] {
    const list = this.keptOf(mrId);
    const ops: StoreOp[] = [];
    while (list.length && list[0].at + REQ_ANSWER_WINDOW_MS <= nowMs) {
      const old = list.shift()!;
      this.live.delete(old.key);
      const n = (this.perSession.get(old.sess) ?? 1) - 1;
      if (n > 0) this.perSession.set(old.sess, n);
      else this.perSession.delete(old.sess);
      ops.push({ op: 'delete', collection: REQ_ANSWERS_COLLECTION, key: old.key });
    }
    return ops;
  }

  /** Whether the session may keep one more answer now (after {@link expire}). */
  hasRoom(sessId: string): boolean {
    return (this.perSession.get(sessId) ?? 0) < REQ_ANSWERS_PER_SESSION;
  }

  /** The store op keeping an answer; counted at once (the caller writes the op with the command). */
  keep(mrId: string, sessId: string, reqId: string, answer: unknown, nowMs: number): StoreOp {
    const key = keyOf(mrId, reqId);
    const list = this.keptOf(mrId);
    list.push({ key, sess: sessId, at: nowMs });
    this.live.add(key);
    this.perSession.set(sessId, (this.perSession.get(sessId) ?? 0) + 1);
    const value: StoredAnswer = { s: sessId, at: nowMs, a: answer };
    return { op: 'put', collection: REQ_ANSWERS_COLLECTION, key, value };
  }

  /** Forgets an answer whose write failed (the command's effect did not reach the store either). */
  forget(mrId: string, reqId: string): void {
    const key = keyOf(mrId, reqId);
    const list = this.keptOf(mrId);
    const at = list.findIndex((k) => k.key === key);
    if (at < 0) return;
    const [gone] = list.splice(at, 1);
    this.live.delete(key);
    const n = (this.perSession.get(gone.sess) ?? 1) - 1;
    if (n > 0) this.perSession.set(gone.sess, n);
    else this.perSession.delete(gone.sess);
  }
}
