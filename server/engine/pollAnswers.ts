/**
 * The long poll (`get_changes`) of the engine: a poll with a cursor gets the feed after it; one
 * without (the platform's clients, and every poll in platform mode) goes on from the position the
 * server keeps for its session, and its first poll gets the meeting's state as events.
 */
import type { EngineCore } from './engineCore';
import type { SessionState } from './engineConfig';
import { pollBody, pollBodyBytes, type AbortLike, type FeedEntry, type PollOutcome } from './feed';
import type { Room } from './room';
import { asBody, int } from './validate';

/** events whose content the state of a first cursorless poll already carries */
const STATE_EVENTS: ReadonlySet<string> = new Set([
  'one_mr_info',
  'one_mr_status',
  'mr_participants',
  'online_eps_info',
  'online_eps_status',
  'online_eps_left',
  'mosic_config',
  'title_config',
]);

/** `get_changes`: holds until events arrive or `block_secs` pass; answers a JSON array string. */
export function poll(engine: EngineCore, sess: SessionState, raw: unknown, signal?: AbortLike): Promise<string> {
  return pollOutcome(engine, sess, raw, signal).then(pollBody);
}

/**
 * {@link poll} as UTF-8 bytes: polls at the same cursor get the same Buffer, so answering a
 * meeting's controllers encodes each batch once (the HTTP route sends these).
 */
export function pollBytes(engine: EngineCore, sess: SessionState, raw: unknown, signal?: AbortLike): Promise<Buffer> {
  return pollOutcome(engine, sess, raw, signal).then(pollBodyBytes);
}

/**
 * The poll itself. Written with `then` rather than `async`/`await`: hundreds of these wait at
 * once, and each suspended async frame is memory the GC copies until the poll is answered.
 *
 * Two kinds of poll:
 * - with `since_seq` (podium mode only): the events after that cursor, `resync` when it is
 *   out of the history; `since_seq: 0` means "from my login";
 * - without a cursor (the platform's clients, and every poll in platform mode): from the
 *   position the server keeps for the session, so each event reaches the session once. Its
 *   first such poll, and one whose position fell out of the history, gets the meeting's
 *   current state as events ({@link stateOutcome}).
 */
function pollOutcome(engine: EngineCore, sess: SessionState, raw: unknown, signal?: AbortLike): Promise<PollOutcome> {
  let room: Room;
  let cursor: number;
  let blockSecs: number;
  let cursorless: boolean;
  try {
    const body = asBody(raw ?? {});
    blockSecs = body.block_secs === undefined ? 10 : int(body, 'block_secs', 0, 60);
    // platform mode knows no cursor: a since_seq is ignored like any unknown field
    cursorless = engine.config.wire === 'platform' || body.since_seq === undefined;
    const since = cursorless ? 0 : int(body, 'since_seq', 0, Number.MAX_SAFE_INTEGER);
    room = engine.room(sess.mrId);
    sess.lastPollMs = engine.clock.now();
    room.flush();
    if (cursorless && (sess.position < 0 || sess.position < room.feed.oldest - 1 || sess.position > room.feed.head)) {
      if (sess.closing) engine.sessions.delete(sess.sessId);
      return Promise.resolve(stateOutcome(engine, sess, room));
    }
    cursor = cursorless ? sess.position : since === 0 ? sess.startSeq : since;
  } catch (e) {
    return Promise.reject(e);
  }
  if (sess.closing) {
    const out = room.feed.read(cursor, sess.sessId);
    engine.sessions.delete(sess.sessId);
    if (cursorless) advance(engine, sess, out);
    return Promise.resolve(out);
  }
  sess.polling++;
  return room.feed.poll(cursor, sess.sessId, blockSecs * 1000, engine.clock, signal).then((out) => {
    sess.polling--;
    sess.lastPollMs = engine.clock.now();
    if (!cursorless) return out;
    // a client gone before its answer keeps its position: nothing was handed over
    if (signal?.aborted) return out;
    // the history moved past the position while the poll waited: state again, never `resync`
    if (out.kind === 'resync') return stateOutcome(engine, sess, room);
    advance(engine, sess, out);
    return out;
  });
}

/** Moves a session's kept position past what a cursorless poll is answering. */
function advance(engine: EngineCore, sess: SessionState, out: PollOutcome): void {
  if (out.kind !== 'events' || out.entries.length === 0) return;
  sess.position = Math.max(sess.position, out.entries[out.entries.length - 1].seq);
}

/**
 * The meeting's current state as poll events (`one_mr_info`, `one_mr_status`,
 * `mr_participants`, `online_eps_info`, `online_eps_status`, `mosic_config`, `title_config`),
 * then the events since the session's login that the state does not already say (its
 * `mr_ctrl_in`, warnings addressed to it…); the session's position moves to the head.
 */
function stateOutcome(engine: EngineCore, sess: SessionState, room: Room): PollOutcome {
  const head = room.feed.head;
  const stamp = engine.config.wire === 'podium';
  const entry = (event: { cmdid: string } & Record<string, unknown>): FeedEntry => {
    const json = JSON.stringify(stamp ? { ...event, seq: head } : event);
    return { seq: head, cmdid: event.cmdid, json, bytes: Buffer.byteLength(json) };
  };
  const entries: FeedEntry[] = [
    entry({ ...room.mrInfoAnswer(engine.nowSecs()), cmdid: 'one_mr_info' }),
    entry({ ...room.mrStatus(), cmdid: 'one_mr_status' }),
    entry({ cmdid: 'mr_participants', ...room.participants() }),
    entry({ cmdid: 'online_eps_info', ...room.epsInfo() }),
    entry({ cmdid: 'online_eps_status', ...room.epsStatus() }),
    entry({ cmdid: 'mosic_config', config_info: room.mosaicConfig() }),
    entry(room.titleConfig()),
  ];
  const from = Math.max(sess.startSeq, sess.position, room.feed.oldest - 1);
  if (from < head) {
    const since = room.feed.read(from, sess.sessId);
    if (since.kind === 'events') for (const e of since.entries) if (!STATE_EVENTS.has(e.cmdid)) entries.push(e);
  }
  sess.position = head;
  return { kind: 'events', entries };
}
