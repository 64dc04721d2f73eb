/**
 * The root actor of one login (architecture "machines/", spec §4). It spawns one child per
 * concern, each with id === system id, routes the long poll's `server.*` events to the children
 * that care, and ends (stopping every child) on logout, a forced logout, meeting end or
 * deletion, a not-rpc-server error, or a session the server no longer knows.
 *
 * Session resume (podium): when the long poll finds the session gone (the server expired it
 * during a network cut of more than 30 s), the session tries once to reopen one with the login's
 * single-use resume token through the injected `resume` port, hands the new client to every
 * child that holds one (`session.api`) and emits `session.resumed` with the new login so the
 * shell keeps it. A refused resume ends the session with `sessionLost`.
 *
 * Re-login (a server without resume tokens: the platform, or `WIRE=platform`): the session
 * logs in again through the injected `relogin` port, which holds the password in memory only,
 * the way the platform's own clients do; the new client goes to the children as after a resume,
 * `session.relogged` is emitted and `notice` says so until the user dismisses it. Which of the two
 * applies is {@link sessionRecoveryOf} (capabilities.ts), decided from the login answer.
 *
 * The UI reads children through `snapshot.children.<id>` (or `actorRef.system.get(id)`) with
 * their selectors, sends user intents to them (or to the session, which forwards), and listens
 * for `session.ended` to show the warning and reload on confirm.
 *
 * Length (over 400 lines on purpose): the root's config is the routing table of the long poll's
 * events to the children plus the resume and re-login path, both read against the list of children;
 * the recovery rules live in capabilities.ts, each child in its own folder.
 */
import { and, assign, emit, enqueueActions, fromPromise, sendTo, setup, spawnChild, stateIn, type ActorRefFrom } from 'xstate';
import { isApiError } from '../../protocol/errors';
import { CMD } from '../../protocol/cmdids';
import type { PlatformPort, Relogin, ResumedSession, ResumeSession, SessionApi } from '../api';
import { sessionRecoveryOf, type SessionRecovery } from './capabilities';
import type { ChangeEvent, ForceLogoutEvent, NotRpcCsEvent, ResourceTmplInfoEvent } from '../../protocol/events';
import { toLoginResult, type LoginResult } from '../login/loginMachine';
import { addressBookMachine } from '../addressBook/addressBookMachine';
import { cascadeMachine } from '../cascade/cascadeMachine';
import { commandsMachine, type SendCommandEvent } from '../commands/commandsMachine';
import { controllersMachine } from '../controllers/controllersMachine';
import { activityMachine } from '../activity/activityMachine';
import type { NetworkTarget, VisibilityTarget } from '../longPoll/listeners';
import { longPollMachine, type PollLogEntry } from '../longPoll/longPollMachine';
import { meetingMachine, type ResourceTemplateInfo } from '../meeting/meetingMachine';
import { notificationsMachine } from '../notifications/notificationsMachine';
import { participantsMachine } from '../participants/participantsMachine';
import { selectConnectionState } from '../longPoll/selectors';
import { recordingMachine } from '../recording/recordingMachine';
import { rollCallMachine } from '../rollCall/rollCallMachine';
import { waitingRoomMachine } from '../waitingRoom/waitingRoomMachine';
import { qualityHistoryMachine } from '../qualityHistory/qualityHistoryMachine';
import { attendanceMachine } from '../attendance/attendanceMachine';
import { transcriptMachine } from '../transcript/transcriptMachine';
import { runOfShowMachine } from '../runOfShow/runOfShowMachine';
import { platformMachine } from '../platform/platformMachine';
import { defaultTitle } from '../../protocol/titles';
import { legsOf } from '../qualityHistory/sampling';
import { selectParticipant, selectParticipantList, selectWaitingList } from '../participants/selectors';

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
  'activity',
  'qualityHistory',
  'attendance',
  'transcript',
  'runOfShow',
  'platform',
  'longPoll',
] as const;
export type SessionChildId = (typeof SESSION_CHILDREN)[number];

const STATUS_READERS: readonly SessionChildId[] = ['meeting', 'waitingRoom', 'rollCall', 'cascade', 'recording', 'attendance'];

/** Which children receive each event of the feed (by `server.<cmdid>`). */
export const SERVER_ROUTES: Readonly<Record<string, readonly SessionChildId[]>> = {
  'server.snapshot': ['participants', 'activity', 'attendance', 'transcript'],
  'server.meeting_snapshot': STATUS_READERS,
  'server.one_mr_status': STATUS_READERS,
  'server.one_mr_info': ['meeting'],
  'server.mr_participants': ['participants', 'attendance'],
  'server.online_eps_info': ['participants', 'attendance'],
  'server.online_eps_status': ['participants'],
  'server.online_eps_left': ['participants', 'attendance'],
  'server.waiting_usr': ['participants'],
  'server.xuding_rec_status': ['recording'],
  'server.mr_ctrl_in': ['controllers'],
  'server.mr_ctrl_out': ['controllers'],
  'server.failed_call': ['notifications'],
  'server.left_call': ['notifications', 'attendance'],
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
  'server.activity': ['activity'],
  'server.run_of_show': ['runOfShow'],
  'server.asr_text': ['transcript'],
};

/**
 * Feed events the screen hears only as an emitted notice (the notifications child's
 * `notice.warning`, `notice.bookingConflict`), not as state it reads when it mounts. With input
 * `holdNotices` they wait for `session.listening`: the shell starts the session before the screen
 * that listens has drawn (its reads go out while the screen's code loads and renders), and a notice
 * emitted with nobody listening would be lost.
 */
const NOTICE_EVENTS: ReadonlySet<string> = new Set(['server.show_warning_info']);

/** force_logout reasons that mean the meeting itself is over */
const MEETING_ENDED_REASONS = new Set(['meeting_ended', 'class_ended', 'mr_stopped', 'mr_ended', 'stopped']);
const MEETING_DELETED_REASONS = new Set(['meeting_deleted']);
/** how long a logout waits for the server before leaving anyway */
export const LOGOUT_TIMEOUT_MS = 3000;
/** a resume that got no answer at all (network still flapping) is tried again this often */
export const RESUME_ATTEMPTS = 4;
export const RESUME_RETRY_MS = 2000;

/** Children that hold the session's client and get the new one after a resume. */
const API_HOLDERS: readonly SessionChildId[] = [
  'commands',
  'meeting',
  'controllers',
  'addressBook',
  'activity',
  'qualityHistory',
  'attendance',
  'transcript',
  'runOfShow',
  'platform',
  'longPoll',
];

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
  /** commands still held for a lost connection when it ended: never sent (issue 23 item 5) */
  unsent?: readonly UnsentCommand[];
}

/** A command the session ended before it could send. */
export interface UnsentCommand {
  label: string;
  body: Record<string, unknown>;
  usrIds: readonly string[];
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
  /** (podium) reopens an expired session with the login's resume token; without it a lost session ends */
  resume?: ResumeSession;
  /**
   * logs in again with the password this tab kept in memory: how a lost session comes back on a
   * server without resume tokens (the platform). Absent after a page reload (never stored).
   */
  relogin?: Relogin;
  /**
   * the room's resource template this login was told before a reload of the page (kept with the
   * session record): the server tells it once per login, so a reloaded page never hears it again
   */
  resourceTemplate?: ResourceTemplateInfo | null;
  /** the platform's facts and its management platform, for the `platform` child (absent: not asked) */
  platform?: PlatformPort;
  /**
   * the session starts before the screen that listens to its notices: the feed's notice events
   * ({@link NOTICE_EVENTS}) wait, in order, until `session.listening` (default false: routed at once)
   */
  holdNotices?: boolean;
}

/** What the user is told about the session itself (the UI translates it), until dismissed. */
export type SessionNotice = 'relogged';

export interface SessionContext {
  api: SessionApi;
  login: LoginResult;
  /** browser hooks and test seams handed to the children */
  env: Omit<SessionInput, 'api' | 'login'>;
  end: SessionEnd | null;
  /** attempts of the resume or re-login under way (network failures are retried a few times) */
  resumeAttempts: number;
  /** how a lost session comes back, from the login answer and the ports given */
  recovery: SessionRecovery;
  notice: SessionNotice | null;
  /** notice events of the feed waiting, in order, while `active.notices` is `holding`; empty once `passing` */
  heldNotices: SessionServerEvent[];
}

/** An event of the feed as the long poll hands it to the session. */
type SessionServerEvent = { type: `server.${string}`; event?: ChangeEvent; snapshot?: unknown };

export type SessionEvent =
  | { type: 'session.logout' }
  | SendCommandEvent
  | { type: 'longPoll.sessionLost' }
  /** from `commands`: a command found the session gone */
  | { type: 'session.requestLost' }
  | { type: 'session.dismissNotice' }
  /** the screen's listeners of emitted notices are subscribed: held notices go out (input `holdNotices`) */
  | { type: 'session.listening' }
  | SessionServerEvent
  | { type: 'xstate.done.actor.longPoll'; output?: unknown };

export type SessionEmitted =
  | { type: 'session.ended'; end: SessionEnd }
  /** a resume opened a new session: `login` (with its new resume token) replaces the stored one */
  | { type: 'session.resumed'; login: LoginResult }
  /** a re-login replaced the lost session (the login is also reported as `session.resumed`) */
  | { type: 'session.relogged'; login: LoginResult }
  /** the server told the room's resource template: the shell keeps it for a reload */
  | { type: 'session.resourceTemplate'; template: ResourceTemplateInfo };

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
    resumeSession: fromPromise<ResumedSession, { resume: ResumeSession; mrId: string; resumeToken: string }>(({ input, signal }) =>
      input.resume({ mrId: input.mrId, resumeToken: input.resumeToken }, signal),
    ),
    reloginSession: fromPromise<ResumedSession, { relogin: Relogin; mrId: string }>(({ input, signal }) =>
      input.relogin({ mrId: input.mrId }, signal),
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
    activity: activityMachine,
    notifications: notificationsMachine,
    addressBook: addressBookMachine,
    qualityHistory: qualityHistoryMachine,
    attendance: attendanceMachine,
    transcript: transcriptMachine,
    runOfShow: runOfShowMachine,
    platform: platformMachine,
  },
  delays: { logoutTimeout: LOGOUT_TIMEOUT_MS, resumeRetry: RESUME_RETRY_MS },
  guards: {
    isForcedLogout: ({ event }) => event.type === 'server.force_logout',
    isMeetingDeleted: ({ event }) => event.type === 'server.mr_deled',
    isNotRpcServer: ({ event }) => event.type === 'server.not_rpc_cs',
    /** a notice event while the screen does not listen yet (the region's state, not a flag in context) */
    noticeWaitsForScreen: and([({ event }) => NOTICE_EVENTS.has(event.type), stateIn({ active: { notices: 'holding' } })]),
    /** input without `holdNotices`: the screen listens from the start */
    screenListensFromStart: ({ context }) => !context.env.holdNotices,
    canResume: ({ context }) => context.recovery === 'resume',
    canRelogin: ({ context }) => context.recovery === 'relogin',
    /** no answer at all (the request may not have reached the server): worth another try */
    resumeUnanswered: ({ context, event }) => {
      const error = (event as { error?: unknown }).error;
      return context.resumeAttempts < RESUME_ATTEMPTS && isApiError(error) && (error.kind === 'network' || error.kind === 'timeout');
    },
    feedLost: ({ event }) =>
      event.type === 'xstate.done.actor.longPoll' && (event.output as { endReason?: string } | undefined)?.endReason === 'sessionLost',
  },
  actions: {
    routeServerEvent: enqueueActions(({ enqueue, event }) => {
      const targets = SERVER_ROUTES[event.type];
      if (!targets) return;
      for (const id of targets) enqueue.sendTo(id, event);
    }),
    holdNotice: assign({
      heldNotices: ({ context, event }) => [...context.heldNotices, event as SessionServerEvent],
    }),
    /** the screen listens: the notices held for it go to their children in the feed's order */
    releaseNotices: enqueueActions(({ context, enqueue }) => {
      for (const held of context.heldNotices) for (const id of SERVER_ROUTES[held.type] ?? []) enqueue.sendTo(id, held);
      enqueue.assign({ heldNotices: [] });
    }),
    emitResourceTemplate: emit(({ event }) => {
      const { cmdid: _c, seq: _s, ...template } = (event as { event: ResourceTmplInfoEvent }).event;
      return { type: 'session.resourceTemplate' as const, template };
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
    /** what the outage kept back is lost with the session: said, not dropped (the UI names each) */
    noteUnsent: assign(({ context, self }) => {
      const commands = self.system.get('commands') as ActorRefFrom<typeof commandsMachine> | undefined;
      const held = commands ? [...commands.getSnapshot().context.pending.values()].filter((c) => c.held) : [];
      if (held.length === 0) return {};
      const unsent = held.map((c) => ({ label: c.label, body: c.body, usrIds: c.usrIds }));
      return { end: { ...(context.end ?? { code: 'logout' as const }), unsent } };
    }),
    emitEnded: emit(({ context }) => ({ type: 'session.ended' as const, end: context.end ?? { code: 'logout' } })),
    dismissNotice: assign({ notice: null }),
    countResumeAttempt: assign({ resumeAttempts: ({ context }) => context.resumeAttempts + 1 }),
    /** the old token is spent whatever happens: never present it twice */
    adoptResumedSession: enqueueActions(({ context, enqueue }, params: { resumed: ResumedSession; relogged?: boolean }) => {
      const login = toLoginResult(params.resumed.answer, context.login.mrId);
      const api = params.resumed.api;
      enqueue.assign({ api, login, resumeAttempts: 0 });
      for (const id of API_HOLDERS) enqueue.sendTo(id, { type: 'session.api', api, loginSeq: login.loginSeq });
      enqueue.emit({ type: 'session.resumed', login });
      if (params.relogged) {
        enqueue.assign({ notice: 'relogged' });
        enqueue.emit({ type: 'session.relogged', login });
      }
    }),
  },
}).createMachine({
  id: 'session',
  context: ({ input }) => {
    const { api, login, ...env } = input;
    const recovery = sessionRecoveryOf(login, { resume: !!env.resume, relogin: !!env.relogin });
    return { api, login, env, end: null, resumeAttempts: 0, recovery, notice: null, heldNotices: [] };
  },
  // commands first: the feature children find it through the system when they act
  entry: [
    spawnChild('commands', {
      id: 'commands',
      systemId: 'commands',
      input: ({ context, self }) => ({
        api: context.api,
        newRequestId: context.env.newRequestId,
        resumable: context.recovery !== 'none',
        // commands wait while the feed is lost (issue 23 item 5): the poll is the connection's witness
        connectionLive: () => {
          const longPoll = self.system.get('longPoll') as ActorRefFrom<typeof longPollMachine> | undefined;
          return !longPoll || selectConnectionState(longPoll.getSnapshot()) !== 'reconnecting';
        },
      }),
    }),
    spawnChild('participants', { id: 'participants', systemId: 'participants', input: {} }),
    spawnChild('meeting', {
      id: 'meeting',
      systemId: 'meeting',
      input: ({ context }) => ({ api: context.api, resourceTemplate: context.env.resourceTemplate }),
    }),
    spawnChild('waitingRoom', { id: 'waitingRoom', systemId: 'waitingRoom' }),
    spawnChild('rollCall', { id: 'rollCall', systemId: 'rollCall' }),
    spawnChild('cascade', { id: 'cascade', systemId: 'cascade' }),
    spawnChild('recording', { id: 'recording', systemId: 'recording', input: {} }),
    spawnChild('controllers', { id: 'controllers', systemId: 'controllers', input: ({ context }) => ({ api: context.api }) }),
    spawnChild('notifications', { id: 'notifications', systemId: 'notifications' }),
    spawnChild('addressBook', { id: 'addressBook', systemId: 'addressBook', input: ({ context }) => ({ api: context.api }) }),
    spawnChild('activity', {
      id: 'activity',
      systemId: 'activity',
      input: ({ context, self }) => ({
        api: context.api,
        role: context.login.role,
        // names through the participants actor's selector: the activity actor never reads its context
        nameOf: (usrId: string) => {
          const participants = self.system.get('participants') as ActorRefFrom<typeof participantsMachine> | undefined;
          return participants ? (selectParticipant(usrId)(participants.getSnapshot())?.usr_name ?? '') : '';
        },
      }),
    }),
    // the live transcript of audio-to-text (issue 30); a line sent as the subtitle keeps the banner's look
    spawnChild('transcript', {
      id: 'transcript',
      systemId: 'transcript',
      input: ({ context, self }) => ({
        api: context.api,
        bannerBase: () => {
          const meeting = self.system.get('meeting') as ActorRefFrom<typeof meetingMachine> | undefined;
          return meeting?.getSnapshot().context.titles?.find((t) => t.to_role === 'all') ?? defaultTitle('all');
        },
      }),
    }),
    // who was there, from when to when (issue 29): the server's history, or what this console sees
    spawnChild('attendance', {
      id: 'attendance',
      systemId: 'attendance',
      input: ({ context }) => ({ api: context.api, meetingStart: context.login.mrStartDtm }),
    }),
    // the run of show (issue 28): the agenda on the server, its cue, Take and timer
    spawnChild('runOfShow', { id: 'runOfShow', systemId: 'runOfShow', input: ({ context }) => ({ api: context.api }) }),
    // what the console asks of the platform beside the commands: its facts, the share, the management login
    spawnChild('platform', {
      id: 'platform',
      systemId: 'platform',
      input: ({ context }) => ({ api: context.api, platform: context.env.platform }),
    }),
    // media statistics of everyone in the background (issue 16.3), legs read from the participants actor
    spawnChild('qualityHistory', {
      id: 'qualityHistory',
      systemId: 'qualityHistory',
      input: ({ context, self }) => ({
        api: context.api,
        // legs through the participants actor's selectors: the quality actor never reads its context
        listLegs: () => {
          const participants = self.system.get('participants') as ActorRefFrom<typeof participantsMachine> | undefined;
          if (!participants) return [];
          const snapshot = participants.getSnapshot();
          const waiting = new Set(selectWaitingList(snapshot).map((w) => w.usr_id));
          return legsOf(selectParticipantList(snapshot), (id) => waiting.has(id));
        },
        // reads wait while the feed is lost (the session may be expired or resuming)
        feedLive: () => {
          const longPoll = self.system.get('longPoll') as ActorRefFrom<typeof longPollMachine> | undefined;
          if (!longPoll) return false;
          const state = selectConnectionState(longPoll.getSnapshot());
          return state !== 'reconnecting' && state !== 'paused' && state !== 'ended';
        },
      }),
    }),
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
          resumable: context.recovery !== 'none',
          loginSeq: context.login.loginSeq,
        }),
      }),
      // the session's link to the server and whether the screen hears notices yet change independently
      type: 'parallel',
      states: {
        /** the server session itself: lost, it is resumed or logged in again (capabilities.ts) */
        connection: {
          initial: 'running',
          states: {
            running: {
              on: {
                'longPoll.sessionLost': [
                  { guard: 'canResume', target: 'resuming' },
                  { guard: 'canRelogin', target: 'relogging' },
                  { target: '#session.ended', actions: { type: 'endWith', params: { code: 'sessionLost' } } },
                ],
                'session.requestLost': [
                  { guard: 'canResume', target: 'resuming' },
                  { guard: 'canRelogin', target: 'relogging' },
                  { target: '#session.ended', actions: { type: 'endWith', params: { code: 'sessionLost' } } },
                ],
              },
            },
            /** one resume with the stored token; only an unanswered request is sent again */
            resuming: {
              entry: 'countResumeAttempt',
              invoke: {
                src: 'resumeSession',
                input: ({ context }) => ({
                  resume: context.env.resume!,
                  mrId: context.login.mrId,
                  resumeToken: context.login.resumeToken!,
                }),
                onDone: {
                  target: 'running',
                  actions: { type: 'adoptResumedSession', params: ({ event }) => ({ resumed: event.output }) },
                },
                onError: [
                  { guard: 'resumeUnanswered', target: 'waitingToResume' },
                  { target: '#session.ended', actions: { type: 'endWith', params: { code: 'sessionLost' } } },
                ],
              },
            },
            waitingToResume: {
              after: { resumeRetry: 'resuming' },
            },
            /** logs in again as the platform's clients do; only an unanswered attempt is repeated */
            relogging: {
              entry: 'countResumeAttempt',
              invoke: {
                src: 'reloginSession',
                input: ({ context }) => ({ relogin: context.env.relogin!, mrId: context.login.mrId }),
                onDone: {
                  target: 'running',
                  actions: { type: 'adoptResumedSession', params: ({ event }) => ({ resumed: event.output, relogged: true }) },
                },
                onError: [
                  { guard: 'resumeUnanswered', target: 'waitingToRelogin' },
                  { target: '#session.ended', actions: { type: 'endWith', params: { code: 'sessionLost' } } },
                ],
              },
            },
            waitingToRelogin: {
              after: { resumeRetry: 'relogging' },
            },
          },
        },
        /**
         * `holding`: notice events ({@link NOTICE_EVENTS}) wait in `context.heldNotices` until the screen's
         * listeners subscribed (`session.listening`, input `holdNotices`); `passing`: they route at once
         */
        notices: {
          initial: 'holding',
          states: {
            holding: {
              always: { guard: 'screenListensFromStart', target: 'passing' },
              on: { 'session.listening': { target: 'passing', actions: 'releaseNotices' } },
            },
            passing: {},
          },
        },
      },
      on: {
        'session.logout': { target: 'loggingOut', actions: { type: 'endWith', params: { code: 'logout' } } },
        'session.dismissNotice': { actions: 'dismissNotice' },
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
          { guard: 'noticeWaitsForScreen', actions: 'holdNotice' },
          // told once per login: kept by the shell with the session record for a reload
          { guard: ({ event }) => event.type === 'server.resource_tmpl_info', actions: ['routeServerEvent', 'emitResourceTemplate'] },
          { actions: 'routeServerEvent' },
        ],
      },
    },
    /** tells the server (others see this controller quit), then ends whatever it answers */
    loggingOut: {
      // the server is about to forget this session: background reads would only be refused
      entry: [sendTo('qualityHistory', { type: 'quality.stop' }), sendTo('controllers', { type: 'controllers.stop' })],
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
      entry: ['noteUnsent', 'emitEnded'],
    },
  },
  output: ({ context }) => context.end ?? { code: 'logout' },
});

export type SessionMachine = typeof sessionMachine;
export type SessionActorRef = ActorRefFrom<SessionMachine>;
