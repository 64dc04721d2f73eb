/**
 * The root actor of one login (architecture "machines/", spec §4). It spawns one child per
 * concern, each with id === system id, routes the long poll's `server.*` events to the children
 * that care, and ends (stopping every child) on logout, a forced logout, meeting end or
 * deletion, a not-rpc-server error, or a session the server no longer knows.
 *
 * The UI reads children through `snapshot.children.<id>` (or `actorRef.system.get(id)`) with
 * their selectors, sends user intents to them (or to the session, which forwards), and listens
 * for `session.ended` to show the warning and reload on confirm.
 */
import { assign, emit, enqueueActions, fromPromise, setup, spawnChild, type ActorRefFrom } from 'xstate';
import { CMD } from '../../protocol/cmdids';
import type { SessionApi } from '../api';
import type { ChangeEvent, ForceLogoutEvent, NotRpcCsEvent } from '../../protocol/events';
import type { LoginResult } from '../login/loginMachine';
import { addressBookMachine } from '../addressBook/addressBookMachine';
import { cascadeMachine } from '../cascade/cascadeMachine';
import { commandsMachine, type SendCommandEvent } from '../commands/commandsMachine';
import { controllersMachine } from '../controllers/controllersMachine';
import type { NetworkTarget, VisibilityTarget } from '../longPoll/listeners';
import { longPollMachine, type PollLogEntry } from '../longPoll/longPollMachine';
import { meetingMachine } from '../meeting/meetingMachine';
import { notificationsMachine } from '../notifications/notificationsMachine';
import { participantsMachine } from '../participants/participantsMachine';
import { recordingMachine } from '../recording/recordingMachine';
import { rollCallMachine } from '../rollCall/rollCallMachine';
import { waitingRoomMachine } from '../waitingRoom/waitingRoomMachine';

/** System ids of the session's children (id === systemId). */
export const SESSION_CHILDREN = [
  'commands',
  'participants',
  'meeting',
  'waitingRoom',
  'rollCall',
  'cascade',
  'recording',
  'controllers',
  'notifications',
  'addressBook',
  'longPoll',
] as const;
export type SessionChildId = (typeof SESSION_CHILDREN)[number];

const STATUS_READERS: readonly SessionChildId[] = ['meeting', 'waitingRoom', 'rollCall', 'cascade', 'recording'];

/** Which children receive each event of the feed (by `server.<cmdid>`). */
export const SERVER_ROUTES: Readonly<Record<string, readonly SessionChildId[]>> = {
  'server.snapshot': ['participants'],
  'server.meeting_snapshot': STATUS_READERS,
  'server.one_mr_status': STATUS_READERS,
  'server.one_mr_info': ['meeting'],
  'server.mr_participants': ['participants'],
  'server.online_eps_info': ['participants'],
  'server.online_eps_status': ['participants'],
  'server.online_eps_left': ['participants'],
  'server.waiting_usr': ['participants'],
  'server.xuding_rec_status': ['recording'],
  'server.mr_ctrl_in': ['controllers'],
  'server.mr_ctrl_out': ['controllers'],
  'server.failed_call': ['notifications'],
  'server.left_call': ['notifications'],
  'server.show_warning_info': ['notifications'],
  'server.schedule_info': ['meeting'],
  'server.resource_tmpl_info': ['meeting'],
  'server.title_config': ['meeting'],
  'server.mosic_config': ['meeting'],
  'server.sys_mosics': ['meeting'],
  'server.user_infos': ['meeting'],
  'server.usr_ids': ['meeting'],
  'server.get_call_qa_rsp': ['meeting'],
  'server.usr_info': ['addressBook'],
  'server.department_info': ['addressBook'],
};

/** force_logout reasons that mean the meeting itself is over */
const MEETING_ENDED_REASONS = new Set(['meeting_ended', 'class_ended', 'mr_stopped', 'mr_ended', 'stopped']);
const MEETING_DELETED_REASONS = new Set(['meeting_deleted']);
/** how long a logout waits for the server before leaving anyway */
export const LOGOUT_TIMEOUT_MS = 3000;

/**
 * Why the session ended, as codes the UI translates:
 * - `logout`: the user logged out
 * - `meetingEnded` / `meetingDeleted`
 * - `forcedLogout`: `detail` is the server's reason code (mapped by the UI)
 * - `notRpcServer`: `result` is the server's code
 * - `sessionLost`: the server no longer knows this session (expired)
 */
export interface SessionEnd {
  code: 'logout' | 'meetingEnded' | 'meetingDeleted' | 'forcedLogout' | 'notRpcServer' | 'sessionLost';
  detail?: string;
  result?: number;
}

export interface SessionInput {
  api: SessionApi;
  login: LoginResult;
  /** `document`: pauses the long poll while hidden */
  visibilityTarget?: VisibilityTarget;
  /** `window`: online/offline */
  networkTarget?: NetworkTarget;
  /** poll error log (default console.warn) */
  log?: (entry: PollLogEntry) => void;
  random?: () => number;
  newRequestId?: () => string;
  pauseWhenHidden?: boolean;
}

export interface SessionContext {
  api: SessionApi;
  login: LoginResult;
  /** browser hooks and test seams handed to the children */
  env: Omit<SessionInput, 'api' | 'login'>;
  end: SessionEnd | null;
}

export type SessionEvent =
  | { type: 'session.logout' }
  | SendCommandEvent
  | { type: `server.${string}`; event?: ChangeEvent; snapshot?: unknown }
  | { type: 'xstate.done.actor.longPoll'; output?: unknown };

export type SessionEmitted = { type: 'session.ended'; end: SessionEnd };

export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    input: {} as SessionInput,
    output: {} as SessionEnd,
    emitted: {} as SessionEmitted,
  },
  actors: {
    logout: fromPromise<unknown, { api: SessionApi }>(({ input, signal }) =>
      input.api.post('logout_req', { cmdid: CMD.logoutReq }, signal),
    ),
    longPoll: longPollMachine,
    participants: participantsMachine,
    commands: commandsMachine,
    meeting: meetingMachine,
    waitingRoom: waitingRoomMachine,
    rollCall: rollCallMachine,
    cascade: cascadeMachine,
    recording: recordingMachine,
    controllers: controllersMachine,
    notifications: notificationsMachine,
    addressBook: addressBookMachine,
  },
  delays: { logoutTimeout: LOGOUT_TIMEOUT_MS },
  guards: {
    isForcedLogout: ({ event }) => event.type === 'server.force_logout',
    isMeetingDeleted: ({ event }) => event.type === 'server.mr_deled',
    isNotRpcServer: ({ event }) => event.type === 'server.not_rpc_cs',
    feedLost: ({ event }) =>
      event.type === 'xstate.done.actor.longPoll' &&
      (event.output as { endReason?: string } | undefined)?.endReason === 'sessionLost',
  },
  actions: {
    routeServerEvent: enqueueActions(({ enqueue, event }) => {
      const targets = SERVER_ROUTES[event.type];
      if (!targets) return;
      for (const id of targets) enqueue.sendTo(id, event);
    }),
    forwardCommand: enqueueActions(({ enqueue, event }) => {
      enqueue.sendTo('commands', event);
    }),
    endWith: assign((_, params: SessionEnd) => ({ end: params })),
    endForcedLogout: assign(({ event }) => {
      const reason = ((event as { event?: ForceLogoutEvent }).event?.reason ?? '').trim();
      const end: SessionEnd = MEETING_ENDED_REASONS.has(reason)
        ? { code: 'meetingEnded', detail: reason }
        : MEETING_DELETED_REASONS.has(reason)
          ? { code: 'meetingDeleted', detail: reason }
          : { code: 'forcedLogout', detail: reason };
      return { end };
    }),
    endNotRpcServer: assign(({ event }) => ({
      end: { code: 'notRpcServer' as const, result: (event as { event?: NotRpcCsEvent }).event?.result },
    })),
    emitEnded: emit(({ context }) => ({ type: 'session.ended' as const, end: context.end ?? { code: 'logout' } })),
  },
}).createMachine({
  id: 'session',
  context: ({ input }) => {
    const { api, login, ...env } = input;
    return { api, login, env, end: null };
  },
  // commands first: the feature children find it through the system when they act
  entry: [
    spawnChild('commands', {
      id: 'commands',
      systemId: 'commands',
      input: ({ context }) => ({ api: context.api, newRequestId: context.env.newRequestId }),
    }),
    spawnChild('participants', { id: 'participants', systemId: 'participants', input: {} }),
    spawnChild('meeting', { id: 'meeting', systemId: 'meeting', input: ({ context }) => ({ api: context.api }) }),
    spawnChild('waitingRoom', { id: 'waitingRoom', systemId: 'waitingRoom' }),
    spawnChild('rollCall', { id: 'rollCall', systemId: 'rollCall' }),
    spawnChild('cascade', { id: 'cascade', systemId: 'cascade' }),
    spawnChild('recording', { id: 'recording', systemId: 'recording', input: {} }),
    spawnChild('controllers', { id: 'controllers', systemId: 'controllers' }),
    spawnChild('notifications', { id: 'notifications', systemId: 'notifications' }),
    spawnChild('addressBook', { id: 'addressBook', systemId: 'addressBook', input: ({ context }) => ({ api: context.api }) }),
  ],
  initial: 'active',
  states: {
    active: {
      // the poll starts last, once every reader of its events exists
      entry: spawnChild('longPoll', {
        id: 'longPoll',
        systemId: 'longPoll',
        input: ({ context }) => ({
          api: context.api,
          visibilityTarget: context.env.visibilityTarget,
          networkTarget: context.env.networkTarget,
          log: context.env.log,
          random: context.env.random,
          pauseWhenHidden: context.env.pauseWhenHidden,
        }),
      }),
      on: {
        'session.logout': { target: 'loggingOut', actions: { type: 'endWith', params: { code: 'logout' } } },
        'command.send': { actions: 'forwardCommand' },
        'xstate.done.actor.longPoll': {
          guard: 'feedLost',
          target: 'ended',
          actions: { type: 'endWith', params: { code: 'sessionLost' } },
        },
        'server.*': [
          { guard: 'isForcedLogout', target: 'ended', actions: 'endForcedLogout' },
          { guard: 'isMeetingDeleted', target: 'ended', actions: { type: 'endWith', params: { code: 'meetingDeleted' } } },
          { guard: 'isNotRpcServer', target: 'ended', actions: 'endNotRpcServer' },
          { actions: 'routeServerEvent' },
        ],
      },
    },
    /** tells the server (others see this controller quit), then ends whatever it answers */
    loggingOut: {
      invoke: {
        src: 'logout',
        input: ({ context }) => ({ api: context.api }),
        onDone: 'ended',
        onError: 'ended',
      },
      after: { logoutTimeout: 'ended' },
    },
    ended: {
      type: 'final',
      entry: 'emitEnded',
    },
  },
  output: ({ context }) => context.end ?? { code: 'logout' },
});

export type SessionMachine = typeof sessionMachine;
export type SessionActorRef = ActorRefFrom<SessionMachine>;
