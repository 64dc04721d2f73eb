/**
 * Controllers logged in to the meeting (spec §4 "Controllers"): an `mr_ctrl_in` adds an entry and
 * raises the count, an `mr_ctrl_out` of the same session lowers it and stamps the quit time; every
 * event raises the unread counter until the list is read. A join whose peer is the literal `{ip}`
 * is no controller (spec: "ignoring peer {ip}"): it and its quit change nothing.
 */
import { assign, emit, setup } from 'xstate';
import type { MrCtrlInEvent, MrCtrlOutEvent } from '../../protocol/events';
import { isCountedControllerPeer } from '../../protocol/controllerPeer';

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

/** (podium) one controller logged in now, as the server's snapshot lists it: no session id */
export interface OnlineController {
  role: 'host' | 'supervisor' | string;
  peer_ip: string;
  /** 1 for this console's own login */
  self: 0 | 1;
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
}

export type ControllersEvent =
  | { type: 'server.mr_ctrl_in'; event: MrCtrlInEvent }
  | { type: 'server.mr_ctrl_out'; event: MrCtrlOutEvent }
  | { type: 'controllers.markRead' }
  | { type: 'controllers.snapshot'; controllers: readonly OnlineController[] }
  | { type: 'controllers.snapshotUnavailable' };

export type ControllersEmitted =
  { type: 'controllers.joined'; entry: ControllerEntry } | { type: 'controllers.left'; entry: ControllerEntry };

export const CONTROLLER_LIST_CAP = 200;

export const controllersMachine = setup({
  types: {
    context: {} as ControllersContext,
    events: {} as ControllersEvent,
    emitted: {} as ControllersEmitted,
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
  },
}).createMachine({
  id: 'controllers',
  context: { entries: [], active: new Set(), unread: 0, online: null, snapshot: 'unknown', announced: 0 },
  on: {
    'server.mr_ctrl_in': {
      guard: ({ event }) => isCountedControllerPeer(event.event.peer_ip),
      actions: [{ type: 'addIn', params: ({ event }) => ({ event: event.event }) }, 'emitJoined'],
    },
    'server.mr_ctrl_out': {
      // the quit of an ignored `{ip}` join is ignored too; a counted session's quit always counts
      guard: ({ context, event }) =>
        isCountedControllerPeer(event.event.peer_ip) || (event.event.sessionid !== '' && context.active.has(event.event.sessionid)),
      actions: [{ type: 'addOut', params: ({ event }) => ({ event: event.event }) }, 'emitLeft'],
    },
    'controllers.markRead': { actions: assign({ unread: 0 }) },
    'controllers.snapshot': { actions: assign({ online: ({ event }) => event.controllers, snapshot: 'available' as const }) },
    'controllers.snapshotUnavailable': { actions: assign({ online: null, snapshot: 'unavailable' as const }) },
  },
});

export type ControllersMachine = typeof controllersMachine;
