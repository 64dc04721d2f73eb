/**
 * Attendance (issue 29): who was in the meeting, from when to when, as this console shows it.
 *
 * - `server` (podium): the reference server keeps the presence history (`GET attendance`, paged
 *   by `usr_id`, protocol/attendance.ts). On the first full load every page is read; the feed's
 *   joins and leaves then keep it live, folded with the same interval logic the server uses.
 * - `local` (the platform, which keeps no history): the console folds what it sees since its
 *   login — the enter times of those already present, then every join and leave of the feed —
 *   and the UI says that the history starts at this console's login.
 *
 * Which one is learned from the first full load, as the activity log does: a feed with podium's
 * cursor is asked for the history; a podium server answering 404/405 is folded locally too.
 * Roll calls are marked from the meeting status (`rollcall_usr_id`, and new `rollcall_hist` keys):
 * answered when the called participant was in the meeting then.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { SessionApi, SessionApiChangedEvent } from '../api';
import { isApiError } from '../../protocol/errors';
import type { AttendancePage, PresenceRecord } from '../../protocol/attendance';
import { ATTENDANCE_PAGE_MAX } from '../../protocol/attendance';
import type { LeftCallEvent, MrParticipantsEvent, OneMrStatusEvent, OnlineEpsInfoEvent, OnlineEpsLeftEvent } from '../../protocol/events';
import type { MrStatus } from '../../protocol/wire';
import type { FeedPosition } from '../session/capabilities';
import type { RosterSnapshot } from '../participants/participantsMachine';
import type { MeetingSnapshot } from '../longPoll/longPollMachine';
import { AttendanceStore } from './attendanceStore';
import { decodeAttendancePage } from './decodeAttendancePage';

export type AttendanceSource = 'server' | 'local';

/** pages read at most for one load: 100,000 records at the largest page */
const MAX_PAGES = 100;

export interface AttendanceInput {
  api: SessionApi;
  /** Unix seconds now (a simulated clock in tests) */
  nowSecs?: () => number;
  /** the meeting's start from the login answer (Unix seconds; 0 when unknown) */
  meetingStart?: number;
  /** filled store (benchmarks) */
  store?: AttendanceStore;
}

/** What the server's record says beyond the records. */
export interface AttendanceServerFacts {
  meetingEnd?: number;
  /** reads the history after the meeting ended (GET /rest/v1/meetings/{mr_id}/attendance?report_token=…) */
  reportToken?: string;
  expiresAt?: number;
}

export interface AttendanceContext {
  api: SessionApi;
  nowSecs: () => number;
  store: AttendanceStore;
  /** moves whenever a record changed */
  version: number;
  source: AttendanceSource | null;
  /** local: when this console began to see (its first full load), Unix seconds */
  since: number;
  meetingStart: number;
  server: AttendanceServerFacts;
  loadFailed: boolean;
  /** the participant a roll call is on now ('' none), so one call is marked once */
  calledUsrId: string;
  /** `rollcall_hist` keys already seen */
  rollCallHist: ReadonlySet<string>;
  /** a status with `rollcall_hist` was seen: later new keys are calls seen happening */
  histSeen: boolean;
  /** feed events that came while the server's pages loaded: folded again on top of them */
  buffered: FeedEvent[];
}

type FeedEvent =
  | { type: 'server.snapshot'; snapshot?: RosterSnapshot; feed?: FeedPosition }
  | { type: 'server.mr_participants'; event: MrParticipantsEvent }
  | { type: 'server.online_eps_info'; event: OnlineEpsInfoEvent }
  | { type: 'server.online_eps_left'; event: OnlineEpsLeftEvent }
  | { type: 'server.left_call'; event: LeftCallEvent }
  | { type: 'server.one_mr_status'; event: OneMrStatusEvent }
  | { type: 'server.meeting_snapshot'; snapshot: MeetingSnapshot };

export type AttendanceEvent = FeedEvent | SessionApiChangedEvent | { type: 'attendance.refresh' };

const FEED_TYPES = new Set<string>([
  'server.snapshot',
  'server.mr_participants',
  'server.online_eps_info',
  'server.online_eps_left',
  'server.left_call',
  'server.one_mr_status',
  'server.meeting_snapshot',
]);

export interface LoadedAttendance {
  records: PresenceRecord[];
  meetingStart: number;
  facts: AttendanceServerFacts;
}

/** Reads every page of the server's history, in `usr_id` order. */
export async function loadAllPages(api: SessionApi, signal?: AbortSignal): Promise<LoadedAttendance> {
  const records: PresenceRecord[] = [];
  let after: string | undefined;
  let last: AttendancePage | undefined;
  for (let i = 0; i < MAX_PAGES; i++) {
    const query = `?limit=${ATTENDANCE_PAGE_MAX}${after === undefined ? '' : `&after=${encodeURIComponent(after)}`}`;
    last = decodeAttendancePage(await api.get<unknown>(`attendance${query}`, signal));
    records.push(...last.records);
    if (!last.next_after || last.records.length === 0) break;
    after = last.next_after;
  }
  const page = last as AttendancePage;
  return {
    records,
    meetingStart: page.meeting_start,
    facts: {
      ...(page.meeting_end ? { meetingEnd: page.meeting_end } : {}),
      ...(page.report_token ? { reportToken: page.report_token } : {}),
      ...(page.expires_at ? { expiresAt: page.expires_at } : {}),
    },
  };
}

/** the history's path is not offered: a platform, or a podium server without it */
const notOffered = (error: unknown) => isApiError(error) && (error.status === 404 || error.status === 405);

/** Folds one feed event into the store; returns what the context learns beside it. */
function fold(context: AttendanceContext, ev: FeedEvent): Partial<AttendanceContext> {
  const { store } = context;
  const now = context.nowSecs();
  switch (ev.type) {
    case 'server.snapshot': {
      const snapshot = ev.snapshot;
      if (!snapshot) return {};
      const roster = snapshot.roster;
      store.invite((roster?.added_usr_ids ?? []).map((usrId, i) => ({ usrId, name: roster.added_usr_names?.[i] ?? '' })));
      const info = snapshot.info;
      const online = new Set<string>();
      (info?.usr_ids ?? []).forEach((usrId, i) => {
        if (info.is_online?.[i] === 0) return;
        online.add(usrId);
        const since = info.enter_dtms?.[i] || now;
        store.apply({ kind: 'present', usr_id: usrId, name: info.usr_names?.[i] || undefined, since });
      });
      // a reload after a gap: whoever is no longer there left while this console did not see it
      store.closeAbsent(online, now);
      return {};
    }
    case 'server.mr_participants': {
      const e = ev.event;
      store.invite(
        (e.added_usr_ids ?? []).map((usrId, i) => ({ usrId, name: e.added_usr_names?.[i] ?? '' })),
        e.deleted_usr_ids ?? [],
      );
      return {};
    }
    case 'server.online_eps_info': {
      const e = ev.event;
      (e.usr_ids ?? []).forEach((usrId, i) => {
        if (e.is_online?.[i] === 0) return;
        store.apply({ kind: 'join', usr_id: usrId, name: e.usr_names?.[i] || undefined, at: e.enter_dtms?.[i] || now });
      });
      return {};
    }
    case 'server.online_eps_left':
      for (const usrId of ev.event.usr_ids ?? []) store.leaveIfPresent(usrId, now);
      return {};
    case 'server.left_call': {
      const e = ev.event;
      if (!e.usr_id) return {};
      store.leaveWithReason(e.usr_id, e.nick_name ?? '', e.create_dtm || now, e.reason ?? '', e.duration);
      return {};
    }
    case 'server.one_mr_status':
      return rollCalls(context, ev.event ?? {}, now);
    case 'server.meeting_snapshot':
      return rollCalls(context, ev.snapshot?.status ?? {}, now);
  }
}

/**
 * Marks roll calls the meeting status reports: a new `rollcall_usr_id` (podium) is called now; a
 * new key of `rollcall_hist` (the platform's only record: who, not when) too, except in the first
 * status this console sees, whose keys were called before it logged in, at times it cannot know.
 */
function rollCalls(context: AttendanceContext, status: Partial<MrStatus>, now: number): Partial<AttendanceContext> {
  const out: Partial<AttendanceContext> = {};
  let called = status.roll_call === 0 ? '' : context.calledUsrId;
  if (typeof status.rollcall_usr_id === 'string') {
    const next = status.rollcall_usr_id;
    if (next && next !== called) context.store.rollCall(next, now);
    called = next;
  }
  if (called !== context.calledUsrId) out.calledUsrId = called;
  if (status.rollcall_hist) {
    const fresh = Object.keys(status.rollcall_hist).filter((k) => !context.rollCallHist.has(k));
    if (context.histSeen) for (const usrId of fresh) if (usrId !== status.rollcall_usr_id) context.store.rollCall(usrId, now);
    if (fresh.length) out.rollCallHist = new Set([...context.rollCallHist, ...fresh]);
    out.histSeen = true;
  }
  return out;
}

const loadPages = fromPromise<LoadedAttendance, { api: SessionApi }>(({ input, signal }) => loadAllPages(input.api, signal));

export const attendanceMachine = setup({
  types: {
    context: {} as AttendanceContext,
    events: {} as AttendanceEvent,
    input: {} as AttendanceInput,
  },
  actors: { loadPages },
  actions: {
    foldEvent: assign(({ context, event }) => {
      if (!FEED_TYPES.has(event.type)) return {};
      const learned = fold(context, event as FeedEvent);
      return { ...learned, version: context.store.version };
    }),
    bufferEvent: assign(({ context, event }) => {
      if (!FEED_TYPES.has(event.type)) return {};
      context.buffered.push(event as FeedEvent);
      return {};
    }),
    adoptServer: assign(({ context }, p: { loaded: LoadedAttendance }) => {
      context.store.replace(p.loaded.records);
      // what the feed said while the pages loaded may be newer than they are
      let learned: Partial<AttendanceContext> = {};
      for (const ev of context.buffered) learned = { ...learned, ...fold({ ...context, ...learned }, ev) };
      return {
        ...learned,
        buffered: [],
        source: 'server' as const,
        loadFailed: false,
        meetingStart: p.loaded.meetingStart || context.meetingStart,
        server: p.loaded.facts,
        version: context.store.version,
      };
    }),
    useApi: assign({ api: (_, p: { api: SessionApi }) => p.api }),
    rememberFirstLoad: assign({ since: ({ context }) => context.nowSecs() }),
    clearBuffer: assign({ buffered: [] }),
    // the feed's record stands meanwhile; a refresh tries the server again
    markServerFailed: assign({ loadFailed: true, source: 'server' as const, buffered: [] }),
    markLocal: assign({ source: 'local' as const }),
  },
  guards: {
    cursorFeed: ({ event }) => event.type === 'server.snapshot' && event.feed === 'cursor',
    notOffered: (_, p: { error: unknown }) => notOffered(p.error),
  },
}).createMachine({
  id: 'attendance',
  context: ({ input }) => {
    const store = input.store ?? new AttendanceStore();
    return {
      api: input.api,
      nowSecs: input.nowSecs ?? (() => Math.floor(Date.now() / 1000)),
      store,
      version: store.version,
      source: null,
      since: 0,
      meetingStart: input.meetingStart ?? 0,
      server: {},
      loadFailed: false,
      calledUsrId: '',
      rollCallHist: new Set<string>(),
      histSeen: false,
      buffered: [],
    };
  },
  on: {
    'session.api': { actions: { type: 'useApi', params: ({ event }) => ({ api: event.api }) } },
    'server.mr_participants': { actions: 'foldEvent' },
    'server.online_eps_info': { actions: 'foldEvent' },
    'server.online_eps_left': { actions: 'foldEvent' },
    'server.left_call': { actions: 'foldEvent' },
    'server.one_mr_status': { actions: 'foldEvent' },
    'server.meeting_snapshot': { actions: 'foldEvent' },
    'server.snapshot': { actions: 'foldEvent' },
  },
  initial: 'awaitingFeed',
  states: {
    awaitingFeed: {
      on: {
        'server.snapshot': [
          { guard: 'cursorFeed', target: 'loading', actions: ['foldEvent', 'rememberFirstLoad'] },
          { target: 'local', actions: ['foldEvent', 'rememberFirstLoad'] },
        ],
      },
    },
    loading: {
      entry: 'clearBuffer',
      invoke: {
        src: 'loadPages',
        input: ({ context }) => ({ api: context.api }),
        onDone: { target: 'server', actions: { type: 'adoptServer', params: ({ event }) => ({ loaded: event.output }) } },
        onError: [
          { guard: { type: 'notOffered', params: ({ event }) => ({ error: event.error }) }, target: 'local' },
          { target: 'server', actions: 'markServerFailed' },
        ],
      },
      on: {
        'server.mr_participants': { actions: ['foldEvent', 'bufferEvent'] },
        'server.online_eps_info': { actions: ['foldEvent', 'bufferEvent'] },
        'server.online_eps_left': { actions: ['foldEvent', 'bufferEvent'] },
        'server.left_call': { actions: ['foldEvent', 'bufferEvent'] },
        'server.one_mr_status': { actions: ['foldEvent', 'bufferEvent'] },
        'server.meeting_snapshot': { actions: ['foldEvent', 'bufferEvent'] },
        'server.snapshot': { actions: ['foldEvent', 'bufferEvent'] },
      },
    },
    server: {
      on: { 'attendance.refresh': { target: 'loading' } },
    },
    local: {
      entry: 'markLocal',
    },
  },
});

export type AttendanceMachine = typeof attendanceMachine;
