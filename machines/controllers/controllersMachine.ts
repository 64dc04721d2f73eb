/**
 * Controllers logged in to the meeting (spec §4 "Controllers"): an `mr_ctrl_in` adds an entry and
 * raises the count, an `mr_ctrl_out` of the same session lowers it and stamps the quit time; every
 * event raises the unread counter until the list is read. A join whose peer is the literal `{ip}`
 * is no controller (spec: "ignoring peer {ip}"): it and its quit change nothing.
 *
 * Who is logged in now is the server's snapshot (issue 12, snapshot.ts), asked once the list is
 * shown (`controllers.follow`) and again after every join or quit, so every console shows the
 * server's count, not the joins it happened to see. One request at a time: a join or quit
 * announced while one is on its way asks again once it is back, so the list kept is always from a
 * request sent after the last announcement (two in flight could answer out of order and leave an
 * older list until the next join or quit, which may never come). A platform that refuses the call
 * or answers without the list leaves the count a lower bound ("at least N") and is never asked
 * again; a network failure says nothing about that, and the next announcement asks again.
 */
import { assign, emit, fromPromise, raise, setup } from 'xstate';
import type { SessionApi, SessionApiChangedEvent } from '../api';
import { isApiError } from '../../protocol/errors';
import type { MrCtrlInEvent, MrCtrlOutEvent } from '../../protocol/events';
import { isCountedControllerPeer } from '../../protocol/controllerPeer';
import { readControllersSnapshot, type OnlineController } from './snapshot';

export type { OnlineController } from './snapshot';

export interface ControllerEntry {
  type: 'in' | 'out';
  peer_ip: string;
  sessionid: string;
  role?: 'host' | 'supervisor';
  /** login time (in) */
  dtm: number;
  /** quit time, 0 while logged in */
  quit_dtm: number;
  /** 'logout' | 'expired' | 'forced' (out) */
  reason?: string;
}

export interface ControllersContext {
  /** newest first */
  entries: readonly ControllerEntry[];
  /** sessions currently logged in */
  active: ReadonlySet<string>;
  unread: number;
  /**
   * (issue 12) the server's list of the controllers logged in now; null until it answered, or
   * when it cannot give one (a platform without the snapshot): the count is then a lower bound
   */
  online: readonly OnlineController[] | null;
  /** whether the server can give the snapshot: unknown until the first answer */
  snapshot: 'unknown' | 'available' | 'unavailable';
  /** joins minus quits announced since this login (at least this console's own) */
  announced: number;
  /** the session's client the snapshot is asked with (a new one after a resume) */
  api?: SessionApi;
  /** a join or quit was announced while the snapshot was on its way: ask again once it is back */
  again: boolean;
}

export type ControllersEvent =
  | { type: 'server.mr_ctrl_in'; event: MrCtrlInEvent }
  | { type: 'server.mr_ctrl_out'; event: MrCtrlOutEvent }
  | { type: 'controllers.markRead' }
  /** the list is shown: keep the snapshot current until `controllers.unfollow` */
  | { type: 'controllers.follow' }
  | { type: 'controllers.unfollow' }
  /** the session is logging out: the server is about to forget it, a request would be refused */
  | { type: 'controllers.stop' }
  /** (raised) a join or quit was announced: the snapshot is stale */
  | { type: 'controllers.announced' }
  | SessionApiChangedEvent;

export type ControllersEmitted =
  { type: 'controllers.joined'; entry: ControllerEntry } | { type: 'controllers.left'; entry: ControllerEntry };

export const CONTROLLER_LIST_CAP = 200;

export const controllersMachine = setup({
  types: {
    context: {} as ControllersContext,
    events: {} as ControllersEvent,
    emitted: {} as ControllersEmitted,
    input: {} as { api?: SessionApi },
  },
  actors: {
    readSnapshot: fromPromise<OnlineController[] | null, { api: SessionApi }>(({ input, signal }) =>
      readControllersSnapshot(input.api, signal),
    ),
  },
  guards: {
    hasApi: ({ context }) => context.api !== undefined,
    askedAgain: ({ context }) => context.again,
    /** the answer had no list: the platform has no snapshot */
    noList: (_, p: { list: OnlineController[] | null }) => p.list === null,
    /** refused (404 on a platform without it, 405, 501…): there is none; a network failure or time-out says nothing */
    refused: (_, p: { error: unknown }) => isApiError(p.error) && p.error.kind === 'http',
  },
  actions: {
    addIn: assign(({ context }, p: { event: MrCtrlInEvent }) => {
      const e = p.event;
      const entry: ControllerEntry = { type: 'in', peer_ip: e.peer_ip, sessionid: e.sessionid, role: e.role, dtm: e.dtm, quit_dtm: 0 };
      return {
        entries: [entry, ...context.entries].slice(0, CONTROLLER_LIST_CAP),
        active: new Set(context.active).add(e.sessionid),
        unread: context.unread + 1,
        announced: context.announced + 1,
      };
    }),
    addOut: assign(({ context }, p: { event: MrCtrlOutEvent }) => {
      const e = p.event;
      // the matching "in" entry gets its quit time
      const entries = context.entries.map((x) =>
        x.type === 'in' && x.sessionid === e.sessionid && x.quit_dtm === 0 ? { ...x, quit_dtm: e.quit_dtm } : x,
      );
      const out: ControllerEntry = {
        type: 'out',
        peer_ip: e.peer_ip,
        sessionid: e.sessionid,
        dtm: 0,
        quit_dtm: e.quit_dtm,
        reason: e.reason,
      };
      const active = new Set(context.active);
      active.delete(e.sessionid);
      return {
        entries: [out, ...entries].slice(0, CONTROLLER_LIST_CAP),
        active,
        unread: context.unread + 1,
        announced: Math.max(0, context.announced - 1),
      };
    }),
    emitJoined: emit(({ context }) => ({ type: 'controllers.joined' as const, entry: context.entries[0] })),
    emitLeft: emit(({ context }) => ({ type: 'controllers.left' as const, entry: context.entries[0] })),
    announce: raise({ type: 'controllers.announced' as const }),
    markRead: assign({ unread: 0 }),
    adoptApi: assign((_, p: { api: SessionApi }) => ({ api: p.api })),
    askAgainLater: assign({ again: true }),
    clearAgain: assign({ again: false }),
    keepSnapshot: assign((_, p: { list: OnlineController[] | null }) => ({ online: p.list, snapshot: 'available' as const })),
    markUnavailable: assign({ online: null, snapshot: 'unavailable' as const }),
  },
}).createMachine({
  id: 'controllers',
  context: ({ input }) => ({
    entries: [],
    active: new Set(),
    unread: 0,
    online: null,
    snapshot: 'unknown',
    announced: 0,
    api: input.api,
    again: false,
  }),
  on: {
    'server.mr_ctrl_in': {
      guard: ({ event }) => isCountedControllerPeer(event.event.peer_ip),
      actions: [{ type: 'addIn', params: ({ event }) => ({ event: event.event }) }, 'emitJoined', 'announce'],
    },
    'server.mr_ctrl_out': {
      // the quit of an ignored `{ip}` join is ignored too; a counted session's quit always counts
      guard: ({ context, event }) =>
        isCountedControllerPeer(event.event.peer_ip) || (event.event.sessionid !== '' && context.active.has(event.event.sessionid)),
      actions: [{ type: 'addOut', params: ({ event }) => ({ event: event.event }) }, 'emitLeft', 'announce'],
    },
    'controllers.markRead': { actions: 'markRead' },
    'session.api': { actions: { type: 'adoptApi', params: ({ event }) => ({ api: event.api }) } },
    'controllers.stop': '.stopped',
  },
  initial: 'idle',
  states: {
    /** the list is not shown: the count is what the feed announced */
    idle: {
      on: { 'controllers.follow': { guard: 'hasApi', target: 'asking' } },
    },
    asking: {
      entry: 'clearAgain',
      invoke: {
        src: 'readSnapshot',
        input: ({ context }) => ({ api: context.api! }),
        onDone: [
          { guard: { type: 'noList', params: ({ event }) => ({ list: event.output }) }, target: 'unavailable', actions: 'markUnavailable' },
          {
            guard: 'askedAgain',
            target: 'asking',
            reenter: true,
            actions: { type: 'keepSnapshot', params: ({ event }) => ({ list: event.output }) },
          },
          { target: 'following', actions: { type: 'keepSnapshot', params: ({ event }) => ({ list: event.output }) } },
        ],
        onError: [
          {
            guard: { type: 'refused', params: ({ event }) => ({ error: event.error }) },
            target: 'unavailable',
            actions: 'markUnavailable',
          },
          { guard: 'askedAgain', target: 'asking', reenter: true },
          { target: 'following' },
        ],
      },
      on: {
        'controllers.announced': { actions: 'askAgainLater' },
        'controllers.unfollow': 'idle',
        // the request on its way went to the session the resume replaced: ask the new one
        'session.api': { target: 'asking', reenter: true, actions: { type: 'adoptApi', params: ({ event }) => ({ api: event.api }) } },
      },
    },
    following: {
      on: { 'controllers.announced': 'asking', 'controllers.unfollow': 'idle' },
    },
    /** the server cannot give the snapshot: the count stays a lower bound */
    unavailable: {},
    /** the session is logging out: nothing more is asked, a request on its way is called off */
    stopped: {},
  },
});

export type ControllersMachine = typeof controllersMachine;
