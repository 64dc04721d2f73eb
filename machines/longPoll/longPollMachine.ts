/**
 * The change feed of one session (spec §4 "Long-poll loop", §7; architecture §3 "Long-poll
 * without gaps").
 *
 * `syncing` loads participants, endpoint info and endpoint status together, then meeting status
 * and info; `live` then polls `changes` from the cursor `since_seq` until a terminal event.
 * Every request is an invoked promise whose signal aborts when its state is left. Failures go to
 * a `backoff` sibling (exponential, jittered, named delay `retryDelay`); a `resync` answer
 * reloads everything and polls on from its `seq`. A hidden page pauses the loop; it resumes at
 * once (through a history state) when the page shows again, and a returning network skips the
 * remaining backoff. While hidden, a short catch-up poll every 20 s keeps the session alive.
 *
 * Feed position (machines/session/capabilities.ts): the first load tells whether the server stamps
 * `seq` (podium: the poll sends `since_seq`) or keeps the position itself (the platform: the poll
 * sends no cursor, events carry no `seq`). With a server-kept position a failed poll may have
 * lost its answer and the events in it, so the feed reloads the snapshot before polling again,
 * and the same after a hidden page aborted the held poll.
 *
 * Everything received goes to the parent as `server.<cmdid>` events (plus `server.snapshot` and
 * `server.meeting_snapshot` for the full loads); the parent (session) routes them.
 *
 * Session resume (podium, input `resumable`): when the server no longer knows the session
 * (401/404/410, e.g. it expired during a network cut longer than 30 s), the feed does not end but
 * waits in `resuming` after telling the parent `longPoll.sessionLost`; the parent reopens a
 * session and sends `session.api` with its client, upon which the feed reloads the snapshot,
 * polls from the snapshot's `seq` and shows `resynced`. A refused resume ends the parent, and
 * with it this actor.
 *
 * Length (over 400 lines on purpose): one statechart whose states (syncing, live, backoff, resuming,
 * hidden) hand over to each other through a history state and named delays; split, the transitions
 * between them could not be read in one place. Decoding lives in protocol/, the feed-position choice
 * in machines/session/capabilities.ts.
 */
import { assign, emit, enqueueActions, fromPromise, sendParent, setup } from 'xstate';
import type { SessionApi, SessionApiChangedEvent } from '../api';
import type { ChangeEvent } from '../../protocol/events';
import { isApiError } from '../../protocol/errors';
import type { MrInfo, MrParticipants, MrStatus, OnlineEpsInfo, OnlineEpsStatus } from '../../protocol/wire';
import type { RosterSnapshot } from '../participants/participantsMachine';
import { feedPositionOf, seqOf, type FeedPosition } from '../session/capabilities';
import {
  networkListener,
  visibilityListener,
  type NetworkEvent,
  type NetworkTarget,
  type PageEvent,
  type VisibilityTarget,
} from './listeners';

export const LONG_POLL_BLOCK_SECS = 10;
export const RETRY_BASE_MS = 1000;
export const RETRY_MAX_MS = 30_000;
/** catch-up poll interval while the page is hidden: below the server's 30 s session expiry */
export const HIDDEN_KEEPALIVE_MS = 20_000;
/** how long the "resynced" / "reconnected" badge stays */
export const RECOVERY_NOTICE_MS = 5000;

/** Feed events after which this session polls no more. */
export const TERMINAL_CMDIDS: ReadonlySet<string> = new Set(['force_logout', 'mr_deled', 'not_rpc_cs']);

/**
 * Feed events no snapshot carries: notifications that happen once (a reminder, a controller
 * coming or going, a call that failed or left, a query's answer) and the terminal events. The
 * first poll after a login starts at the login's `seq`, below the first snapshot's; of the events
 * up to the snapshot's `seq` only these are applied, every state delta there is older than the
 * snapshot and dropped (docs/protocol.md "Feed position at login").
 */
export const ONE_SHOT_CMDIDS: ReadonlySet<string> = new Set([
  'show_warning_info',
  'mr_ctrl_in',
  'mr_ctrl_out',
  'failed_call',
  'left_call',
  'get_call_qa_rsp',
  // the room's limits, told to each login: no snapshot carries them
  'resource_tmpl_info',
  ...TERMINAL_CMDIDS,
]);

export interface MeetingSnapshot {
  status: MrStatus;
  info: MrInfo;
}

export interface PollLogEntry {
  phase: 'roster' | 'meeting' | 'poll';
  error: unknown;
  attempt: number;
}

export interface LongPollInput {
  api: SessionApi;
  /** `document` in the browser */
  visibilityTarget?: VisibilityTarget;
  /** `window` in the browser */
  networkTarget?: NetworkTarget;
  blockSecs?: number;
  /** stop polling while the page is hidden (default true) */
  pauseWhenHidden?: boolean;
  /** jitter source, [0, 1) */
  random?: () => number;
  /** poll errors are only logged (spec §4); defaults to console.warn */
  log?: (entry: PollLogEntry) => void;
  /**
   * the parent can reopen a lost session (a podium resume, or a re-login on the platform): wait
   * for `session.api` in `resuming` instead of ending (default false)
   */
  resumable?: boolean;
  /**
   * (podium) the login answer's `seq`: the first poll after the first snapshot starts here, so
   * one-shot events between login and load arrive (see {@link ONE_SHOT_CMDIDS})
   */
  loginSeq?: number;
}

export type Recovery = 'none' | 'reconnected' | 'resynced';

export interface LongPollContext {
  api: SessionApi;
  visibilityTarget?: VisibilityTarget;
  networkTarget?: NetworkTarget;
  blockSecs: number;
  pauseWhenHidden: boolean;
  random: () => number;
  log: (entry: PollLogEntry) => void;
  /** the feed cursor: last seq seen, 0 = only new events (sent only when `feed` is `cursor`) */
  sinceSeq: number;
  /** whether the server stamps `seq` (cursor) or keeps this session's position; learned at each load */
  feed: FeedPosition;
  /** (server-kept position) a held poll was aborted while hidden: its answer may be lost, reload on return */
  reloadOnReturn: boolean;
  /** consecutive failures, for the backoff */
  attempt: number;
  lastError: { kind: string; status: number } | null;
  /** how the feed last came back, shown for a few seconds */
  recovery: Recovery;
  /** what the next success recovers from */
  pendingRecovery: 'none' | 'retry' | 'resync';
  /** completed full loads (1 after start; more after resyncs) */
  syncs: number;
  /** why polling stopped, once ended */
  endReason: 'terminalEvent' | 'sessionLost' | null;
  resumable: boolean;
  /** sessions resumed so far */
  resumes: number;
  /** `syncs` when the last resume was taken: a session lost again before a full load is not resumed again */
  syncsAtResume: number;
  /** the login's feed position, until the first load after it used it */
  loginSeq: number | null;
  /** events at or below this seq are older than the snapshot: only one-shot kinds pass (0 = none) */
  staleUpTo: number;
}

export type LongPollEvent =
  PageEvent | NetworkEvent | SessionApiChangedEvent | { type: 'longPoll.clearRecovery' } | { type: 'longPoll.stop' };

export type LongPollEmitted =
  | { type: 'connection.lost' }
  | { type: 'connection.restored'; recovery: Recovery }
  | { type: 'connection.ended'; reason: 'terminalEvent' | 'sessionLost' };

/** Parent-bound events (the session routes them). */
export type LongPollOutput =
  | { type: 'longPoll.sessionLost' }
  /** `feed`: how this server keeps the feed position, which tells a podium server from the platform */
  | { type: 'server.snapshot'; snapshot: RosterSnapshot; feed: FeedPosition }
  | { type: 'server.meeting_snapshot'; snapshot: MeetingSnapshot }
  | { type: `server.${string}`; event: ChangeEvent };

interface RosterLoad extends RosterSnapshot {
  /** lowest `seq` the answers carried (podium), when any */
  seq: number | null;
  feed: FeedPosition;
}

/** A state event the snapshot is already newer than (see {@link ONE_SHOT_CMDIDS}). */
function isStale(event: ChangeEvent, staleUpTo: number): boolean {
  return staleUpTo > 0 && typeof event.seq === 'number' && event.seq <= staleUpTo && !ONE_SHOT_CMDIDS.has(event.cmdid);
}

/** What the poll sends as cursor: the last `seq` on a server that stamps them, else none. */
function cursorOf(context: Pick<LongPollContext, 'feed' | 'sinceSeq'>): number | null {
  return context.feed === 'cursor' ? context.sinceSeq : null;
}

/**
 * How long a poll may be held: a retry after failures is not held (block 0), so the first answer
 * after an outage says at once that the connection is back. Held, it said so only when an event
 * came or the block ran out (10 s in a quiet meeting), and the commands the outage kept back
 * waited that long for it (machines/commands, `connectionLive`).
 */
function pollBlockSecs(context: Pick<LongPollContext, 'attempt' | 'blockSecs'>): number {
  return context.attempt > 0 ? 0 : context.blockSecs;
}

/** Exponential backoff with jitter: half fixed, half random. */
export function retryDelayMs(attempt: number, random: () => number): number {
  const base = Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** Math.max(0, attempt - 1));
  return Math.round(base / 2 + (base / 2) * random());
}

/** A failure after which polling cannot go on: the server no longer knows this session. */
export function isSessionLost(error: unknown): boolean {
  return isApiError(error) && error.kind === 'http' && (error.status === 401 || error.status === 404 || error.status === 410);
}

/** The failed request's error, as the guards and actions below take it. */
const failureOf = ({ event }: { event: { error: unknown } }) => ({ error: event.error });

/**
 * Where a failed request of `phase` leads (same for roster, meeting and poll requests): a session
 * the server no longer knows waits for a resume when resumable, or ends the feed; any other failure
 * is recorded, reported once as lost and retried from the `backoff` sibling.
 */
function requestFailed(phase: PollLogEntry['phase']) {
  const lost = [
    { type: 'recordFailure' as const, params: failureOf },
    'emitLostOnFirstFailure' as const,
    { type: 'logFailure' as const, params: ({ event }: { event: { error: unknown } }) => ({ phase, error: event.error }) },
  ];
  return [
    { guard: { type: 'resumableLoss' as const, params: failureOf }, target: '#longPoll.resuming' },
    {
      guard: { type: 'sessionLost' as const, params: failureOf },
      target: '#longPoll.ended',
      actions: { type: 'endWith' as const, params: { reason: 'sessionLost' as const } },
    },
    // a failed poll on a server-kept position may have lost events: reload before polling on
    ...(phase === 'poll'
      ? [{ guard: 'serverKeepsPosition' as const, target: '#longPoll.active.syncing.backoff', actions: [...lost, 'markResync' as const] }]
      : []),
    {
      target: 'backoff',
      actions: [
        { type: 'recordFailure' as const, params: failureOf },
        'emitLostOnFirstFailure' as const,
        { type: 'logFailure' as const, params: ({ event }: { event: { error: unknown } }) => ({ phase, error: event.error }) },
      ],
    },
  ];
}

export const longPollMachine = setup({
  types: {
    context: {} as LongPollContext,
    events: {} as LongPollEvent,
    input: {} as LongPollInput,
    emitted: {} as LongPollEmitted,
  },
  actors: {
    visibilityListener,
    networkListener,
    loadRoster: fromPromise<RosterLoad, { api: SessionApi }>(async ({ input, signal }) => {
      const [roster, info, status] = await Promise.all([
        input.api.get<MrParticipants>('participants', signal),
        input.api.get<OnlineEpsInfo>('eps-info', signal),
        input.api.get<OnlineEpsStatus>('eps-status', signal),
      ]);
      const seqs = [seqOf(roster), seqOf(info), seqOf(status)].filter((s): s is number => s !== null);
      return { roster, info, status, seq: seqs.length ? Math.min(...seqs) : null, feed: feedPositionOf([roster, info, status]) };
    }),
    loadMeeting: fromPromise<MeetingSnapshot, { api: SessionApi }>(async ({ input, signal }) => {
      const [status, info] = await Promise.all([input.api.get<MrStatus>('mr-status', signal), input.api.get<MrInfo>('mr-info', signal)]);
      return { status, info };
    }),
    poll: fromPromise<ChangeEvent[], { api: SessionApi; sinceSeq: number | null; blockSecs: number }>(({ input, signal }) =>
      input.api.changes(input.sinceSeq, input.blockSecs, signal),
    ),
  },
  delays: {
    retryDelay: ({ context }) => retryDelayMs(context.attempt, context.random),
    recoveryNotice: RECOVERY_NOTICE_MS,
    hiddenKeepAlive: HIDDEN_KEEPALIVE_MS,
  },
  guards: {
    pausesWhenHidden: ({ context }) => context.pauseWhenHidden,
    serverKeepsPosition: ({ context }) => context.feed === 'server',
    reloadOnReturn: ({ context }) => context.reloadOnReturn,
    sessionLost: (_, params: { error: unknown }) => isSessionLost(params.error),
    // a resumed session that is lost before its first full load (say, signatures the server keeps
    // refusing) is not resumed again: that would open session after session
    resumableLoss: ({ context }, params: { error: unknown }) =>
      context.resumable && isSessionLost(params.error) && (context.resumes === 0 || context.syncs > context.syncsAtResume),
    isResync: (_, params: { events: ChangeEvent[] }) => params.events.some((e) => e.cmdid === 'resync'),
    hasTerminal: (_, params: { events: ChangeEvent[] }) => params.events.some((e) => TERMINAL_CMDIDS.has(e.cmdid)),
  },
  actions: {
    deliverRoster: sendParent((_, params: { load: RosterLoad }) => ({
      type: 'server.snapshot',
      snapshot: { roster: params.load.roster, info: params.load.info, status: params.load.status },
      feed: params.load.feed,
    })),
    startCursorFromRoster: assign(({ context }, params: { load: RosterLoad }) => {
      // a resync (podium only) set the cursor: the server takes one even if these answers lacked `seq`
      const feed: FeedPosition = params.load.feed === 'cursor' || context.sinceSeq > 0 ? 'cursor' : 'server';
      if (feed === 'server') return { feed, sinceSeq: 0, loginSeq: null, staleUpTo: 0, reloadOnReturn: false };
      // after a resync the cursor is the resync's seq
      if (context.sinceSeq > 0) return { feed, sinceSeq: context.sinceSeq, loginSeq: null, staleUpTo: 0 };
      const snapshotSeq = params.load.seq;
      // after a login, from the login's position: what came between login and load is read too,
      // and whatever of it the snapshot already holds is filtered out (deliverEvents)
      if (context.loginSeq !== null && snapshotSeq !== null && context.loginSeq <= snapshotSeq) {
        return { feed, sinceSeq: context.loginSeq, loginSeq: null, staleUpTo: snapshotSeq };
      }
      return { feed, sinceSeq: snapshotSeq ?? 0, loginSeq: null, staleUpTo: 0 };
    }),
    deliverMeeting: sendParent((_, params: { snapshot: MeetingSnapshot }) => ({
      type: 'server.meeting_snapshot',
      snapshot: params.snapshot,
    })),
    deliverEvents: enqueueActions(({ context, enqueue }, params: { events: ChangeEvent[] }) => {
      for (const event of params.events) {
        if (event.cmdid === 'resync') continue;
        if (isStale(event, context.staleUpTo)) continue;
        enqueue.sendParent({ type: `server.${event.cmdid}`, event });
      }
    }),
    advanceCursor: assign(({ context }, params: { events: ChangeEvent[] }) => {
      let seq = context.sinceSeq;
      for (const e of params.events) if (typeof e.seq === 'number' && e.seq > seq) seq = e.seq;
      return { sinceSeq: seq };
    }),
    startResync: assign((_, params: { events: ChangeEvent[] }) => {
      const resync = params.events.find((e) => e.cmdid === 'resync')!;
      return { sinceSeq: resync.seq, pendingRecovery: 'resync' as const, staleUpTo: 0 };
    }),
    countSync: assign({ syncs: ({ context }) => context.syncs + 1 }),
    markResync: assign({ pendingRecovery: 'resync' as const }),
    /** leaving `live` aborts the held poll: on a server-kept position its answer may be lost */
    noteAbortedPoll: assign(({ context }) => ({ reloadOnReturn: context.reloadOnReturn || context.feed === 'server' })),
    recordFailure: assign(({ context }, params: { error: unknown }) => ({
      attempt: context.attempt + 1,
      pendingRecovery: context.pendingRecovery === 'resync' ? ('resync' as const) : ('retry' as const),
      lastError: isApiError(params.error) ? { kind: params.error.kind, status: params.error.status } : { kind: 'unknown', status: 0 },
    })),
    logFailure: ({ context }, params: { phase: PollLogEntry['phase']; error: unknown }) => {
      context.log({ phase: params.phase, error: params.error, attempt: context.attempt });
    },
    emitLostOnFirstFailure: enqueueActions(({ context, enqueue }) => {
      if (context.attempt === 1) enqueue.emit({ type: 'connection.lost' });
    }),
    /** after failures or a resync, the first success shows a badge for a few seconds */
    noteRecovery: enqueueActions(({ context, enqueue }) => {
      if (context.pendingRecovery === 'none') return;
      const recovery: Recovery = context.pendingRecovery === 'resync' ? 'resynced' : 'reconnected';
      enqueue.assign({ recovery, pendingRecovery: 'none', attempt: 0, lastError: null });
      enqueue.emit({ type: 'connection.restored', recovery });
      enqueue.cancel('recoveryNotice');
      enqueue.raise({ type: 'longPoll.clearRecovery' }, { delay: 'recoveryNotice', id: 'recoveryNotice' });
    }),
    clearRecovery: assign({ recovery: 'none' }),
    askResume: sendParent({ type: 'longPoll.sessionLost' }),
    /** a new session: nothing of the old cursor is trusted, the reload gives the new one */
    useResumedSession: assign(({ context }, params: { api: SessionApi; loginSeq?: number }) => ({
      api: params.api,
      sinceSeq: 0,
      loginSeq: params.loginSeq ?? null,
      staleUpTo: 0,
      pendingRecovery: 'resync' as const,
      resumes: context.resumes + 1,
      syncsAtResume: context.syncs,
    })),
    endWith: assign((_, params: { reason: 'terminalEvent' | 'sessionLost' }) => ({ endReason: params.reason })),
    emitEnded: emit(({ context }) => ({ type: 'connection.ended' as const, reason: context.endReason ?? 'terminalEvent' })),
  },
}).createMachine({
  id: 'longPoll',
  context: ({ input }) => ({
    api: input.api,
    visibilityTarget: input.visibilityTarget,
    networkTarget: input.networkTarget,
    blockSecs: input.blockSecs ?? LONG_POLL_BLOCK_SECS,
    pauseWhenHidden: input.pauseWhenHidden ?? true,
    random: input.random ?? Math.random,
    log: input.log ?? ((entry) => console.warn('[longPoll]', entry.phase, entry.attempt, entry.error)),
    sinceSeq: 0,
    feed: 'cursor',
    reloadOnReturn: false,
    attempt: 0,
    lastError: null,
    recovery: 'none',
    pendingRecovery: 'none',
    syncs: 0,
    endReason: null,
    resumable: input.resumable ?? false,
    resumes: 0,
    syncsAtResume: 0,
    loginSeq: input.loginSeq ?? null,
    staleUpTo: 0,
  }),
  invoke: [
    { id: 'visibility', src: 'visibilityListener', input: ({ context }) => ({ target: context.visibilityTarget }) },
    { id: 'network', src: 'networkListener', input: ({ context }) => ({ target: context.networkTarget }) },
  ],
  on: {
    'longPoll.clearRecovery': { actions: 'clearRecovery' },
    'longPoll.stop': { target: '.ended', actions: { type: 'endWith', params: { reason: 'terminalEvent' } } },
  },
  initial: 'active',
  states: {
    active: {
      initial: 'syncing',
      on: {
        'page.hidden': { guard: 'pausesWhenHidden', target: 'paused', actions: 'noteAbortedPoll' },
        // resumed because another request found the session gone: reload from the new session
        'session.api': {
          target: 'active',
          reenter: true,
          actions: { type: 'useResumedSession', params: ({ event }) => ({ api: event.api, loginSeq: event.loginSeq }) },
        },
      },
      states: {
        syncing: {
          initial: 'roster',
          states: {
            roster: {
              invoke: {
                src: 'loadRoster',
                input: ({ context }) => ({ api: context.api }),
                onDone: {
                  target: 'meeting',
                  actions: [
                    { type: 'startCursorFromRoster', params: ({ event }) => ({ load: event.output }) },
                    { type: 'deliverRoster', params: ({ event }) => ({ load: event.output }) },
                  ],
                },
                onError: requestFailed('roster'),
              },
            },
            meeting: {
              invoke: {
                src: 'loadMeeting',
                input: ({ context }) => ({ api: context.api }),
                onDone: {
                  target: '#longPoll.active.live',
                  actions: [{ type: 'deliverMeeting', params: ({ event }) => ({ snapshot: event.output }) }, 'countSync', 'noteRecovery'],
                },
                onError: requestFailed('meeting'),
              },
            },
            backoff: {
              tags: ['reconnecting'],
              after: { retryDelay: 'roster' },
              on: { 'network.online': 'roster' },
            },
          },
        },
        live: {
          initial: 'requesting',
          states: {
            requesting: {
              invoke: {
                src: 'poll',
                input: ({ context }) => ({ api: context.api, sinceSeq: cursorOf(context), blockSecs: pollBlockSecs(context) }),
                onDone: [
                  {
                    guard: { type: 'isResync', params: ({ event }) => ({ events: event.output }) },
                    target: '#longPoll.active.syncing',
                    actions: [
                      { type: 'deliverEvents', params: ({ event }) => ({ events: event.output }) },
                      { type: 'startResync', params: ({ event }) => ({ events: event.output }) },
                    ],
                  },
                  {
                    guard: { type: 'hasTerminal', params: ({ event }) => ({ events: event.output }) },
                    target: '#longPoll.ended',
                    actions: [
                      { type: 'deliverEvents', params: ({ event }) => ({ events: event.output }) },
                      { type: 'advanceCursor', params: ({ event }) => ({ events: event.output }) },
                      { type: 'endWith', params: { reason: 'terminalEvent' } },
                    ],
                  },
                  {
                    target: 'requesting',
                    reenter: true,
                    actions: [
                      { type: 'deliverEvents', params: ({ event }) => ({ events: event.output }) },
                      { type: 'advanceCursor', params: ({ event }) => ({ events: event.output }) },
                      'noteRecovery',
                    ],
                  },
                ],
                onError: requestFailed('poll'),
              },
            },
            backoff: {
              tags: ['reconnecting'],
              after: { retryDelay: 'requesting' },
              on: { 'network.online': 'requesting' },
            },
          },
        },
        hist: { type: 'history', history: 'shallow' },
      },
    },
    /**
     * Hidden page: no long poll held open, but a short catch-up poll every 20 s, because the
     * poll is the session's keep-alive (the server drops a session after 30 s without one).
     */
    paused: {
      tags: ['paused'],
      initial: 'waiting',
      on: {
        'page.visible': [{ guard: 'reloadOnReturn', target: 'active.syncing' }, { target: 'active.hist' }],
        'session.api': {
          target: '#longPoll.active.syncing',
          actions: { type: 'useResumedSession', params: ({ event }) => ({ api: event.api, loginSeq: event.loginSeq }) },
        },
      },
      states: {
        waiting: {
          after: { hiddenKeepAlive: 'catchingUp' },
        },
        catchingUp: {
          invoke: {
            src: 'poll',
            input: ({ context }) => ({ api: context.api, sinceSeq: cursorOf(context), blockSecs: 0 }),
            onDone: [
              {
                guard: { type: 'isResync', params: ({ event }) => ({ events: event.output }) },
                target: '#longPoll.active.syncing',
                actions: { type: 'startResync', params: ({ event }) => ({ events: event.output }) },
              },
              {
                guard: { type: 'hasTerminal', params: ({ event }) => ({ events: event.output }) },
                target: '#longPoll.ended',
                actions: [
                  { type: 'deliverEvents', params: ({ event }) => ({ events: event.output }) },
                  { type: 'advanceCursor', params: ({ event }) => ({ events: event.output }) },
                  { type: 'endWith', params: { reason: 'terminalEvent' } },
                ],
              },
              {
                target: 'waiting',
                actions: [
                  { type: 'deliverEvents', params: ({ event }) => ({ events: event.output }) },
                  { type: 'advanceCursor', params: ({ event }) => ({ events: event.output }) },
                ],
              },
            ],
            onError: [
              {
                guard: { type: 'resumableLoss', params: ({ event }) => ({ error: event.error }) },
                target: '#longPoll.resuming',
              },
              {
                guard: { type: 'sessionLost', params: ({ event }) => ({ error: event.error }) },
                target: '#longPoll.ended',
                actions: { type: 'endWith', params: { reason: 'sessionLost' } },
              },
              {
                target: 'waiting',
                actions: [
                  { type: 'recordFailure', params: ({ event }) => ({ error: event.error }) },
                  { type: 'logFailure', params: ({ event }) => ({ phase: 'poll' as const, error: event.error }) },
                ],
              },
            ],
          },
        },
      },
    },
    /**
     * The server no longer knows this session: the parent is asked to resume it and answers with
     * the new session's client (a refusal ends the parent and this actor with it).
     */
    resuming: {
      tags: ['reconnecting'],
      entry: 'askResume',
      on: {
        'session.api': {
          target: '#longPoll.active.syncing',
          actions: { type: 'useResumedSession', params: ({ event }) => ({ api: event.api, loginSeq: event.loginSeq }) },
        },
      },
    },
    ended: {
      type: 'final',
      entry: 'emitEnded',
    },
  },
  output: ({ context }) => ({ endReason: context.endReason }),
});

export type LongPollMachine = typeof longPollMachine;
