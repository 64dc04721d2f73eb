/**
 * Who did what (issue 16 item 1): the meeting's activity log as this console shows it.
 *
 * - `server` (podium): the server keeps the log of every controller. On start the newest page
 *   is loaded; every `activity` event of the feed adds its entry live; older pages load on
 *   `activity.loadOlder`.
 * - `local` (the platform, which keeps no such log): the console records the commands it sends
 *   itself and how each ended, and the UI says that only this console's commands are listed.
 *
 * Which one is learned from the first full load (`server.snapshot`): a server whose answers carry
 * podium's sequence numbers is asked for its log; one without them (the platform) is not asked at
 * all, since every login would cost a 404. A podium server that answers the log's path 404 or 405
 * is recorded locally too.
 *
 * Entries are kept newest first, by id, at most {@link ACTIVITY_KEPT}.
 */
import { assign, fromCallback, fromPromise, setup, type AnyActorRef } from 'xstate';
import type { SessionApi, SessionApiChangedEvent } from '../api';
import { activityAction, activityValues } from '../../protocol/activity';
import { decodeActivityPage } from '../../protocol/decode';
import { isApiError } from '../../protocol/errors';
import type { ActivityEvent } from '../../protocol/events';
import type { ActivityEntry, ActivityPage, ControllerRole } from '../../protocol/wire';
import type { FeedPosition } from '../session/capabilities';
import type { CommandsEmitted } from '../commands/commandsMachine';

/** entries kept in the console (the server keeps as many per meeting) */
export const ACTIVITY_KEPT = 5000;
/** entries asked for per page */
export const ACTIVITY_PAGE_SIZE = 500;
/** targets a local entry names (the server names as many) */
const TARGETS_NAMED = 50;

export type ActivitySource = 'server' | 'local';

export interface ActivityInput {
  api: SessionApi;
  /** this console's role: the controller of every local entry */
  role: ControllerRole;
  /** Unix seconds now (a simulated clock in tests) */
  nowSecs?: () => number;
  /** a participant's name now ('' when unknown): local entries keep the names as they were */
  nameOf?: (usrId: string) => string;
}

export interface ActivityContext {
  api: SessionApi;
  role: ControllerRole;
  nowSecs: () => number;
  nameOf: (usrId: string) => string;
  /** newest first */
  entries: readonly ActivityEntry[];
  /** where the entries come from; null until the first page answered */
  source: ActivitySource | null;
  /** `before` of the next older page (server), undefined when there is none */
  nextBefore: number | undefined;
  /** the last page load failed (server kept, console shows a retry) */
  loadFailed: boolean;
  /** id of the last local entry */
  localId: number;
}

/** What a settled command of this console adds to a local record. */
export interface LocalCommand {
  body: Record<string, unknown>;
  usrIds: readonly string[];
  /** names of the targets when the command settled, by usr_id */
  names: ReadonlyMap<string, string>;
  status: number;
  /** 0 applied, else the refusal's result code (-1 when none came) */
  result: number;
}

/** Something this console did that is no command to the server (a snoozed alert), for its activity. */
export interface ConsoleNote {
  /** a console-side name, e.g. 'alert_snooze' (no wire cmdid looks like it) */
  cmdid: string;
  targets: ActivityEntry['targets'];
  values: Record<string, unknown>;
}

export type ActivityMachineEvent =
  | SessionApiChangedEvent
  | { type: 'server.activity'; event: ActivityEvent }
  | { type: 'server.snapshot'; feed?: FeedPosition }
  | { type: 'activity.loadOlder' }
  | { type: 'activity.retry' }
  | { type: 'activity.local'; command: LocalCommand }
  /** recorded in every mode: the server never hears of it */
  | { type: 'activity.console'; note: ConsoleNote };

/** Adds entries, keeping ids unique, newest first, at most {@link ACTIVITY_KEPT}. */
export function mergeEntries(current: readonly ActivityEntry[], added: readonly ActivityEntry[]): ActivityEntry[] {
  if (added.length === 0) return current as ActivityEntry[];
  const byId = new Map<number, ActivityEntry>();
  for (const e of current) byId.set(e.id, e);
  for (const e of added) byId.set(e.id, e);
  return [...byId.values()].sort((a, b) => b.id - a.id).slice(0, ACTIVITY_KEPT);
}

/** The entry a console records for one of its own commands (platform: nobody else records it). */
export function localEntry(id: number, dtm: number, role: ControllerRole, command: LocalCommand): ActivityEntry {
  const ids = [...new Set(command.usrIds)];
  const cmdid = typeof command.body.cmdid === 'string' ? command.body.cmdid : '';
  return {
    id,
    dtm,
    role,
    // the console does not know its own address as others see it: '' reads "this console"
    peer_ip: '',
    cmdid,
    action: activityAction(command.body),
    targets: ids.slice(0, TARGETS_NAMED).map((usr_id) => ({ usr_id, name: command.names.get(usr_id) ?? '' })),
    more_targets: Math.max(0, ids.length - TARGETS_NAMED),
    values: activityValues(command.body),
    result: command.result,
    status: command.status,
  };
}

/** the activity path is not offered: a platform without the log */
const notOffered = (error: unknown) => isApiError(error) && (error.status === 404 || error.status === 405);

const loadPage = fromPromise<ActivityPage, { api: SessionApi; before?: number }>(async ({ input, signal }) => {
  const query = input.before === undefined ? `?limit=${ACTIVITY_PAGE_SIZE}` : `?before=${input.before}&limit=${ACTIVITY_PAGE_SIZE}`;
  return decodeActivityPage(await input.api.get<unknown>(`activity${query}`, signal));
});

/** Follows this console's settled commands (system id `commands`) into `activity.local` events. */
const followOwnCommands = fromCallback<ActivityMachineEvent, { nameOf: (usrId: string) => string }>(({ sendBack, system, input }) => {
  const commands = system.get('commands') as AnyActorRef | undefined;
  if (!commands) return undefined;
  const namesOf = (usrIds: readonly string[]) => new Map(usrIds.map((id) => [id, input.nameOf(id)]));
  const onSettled = (e: Extract<CommandsEmitted, { type: 'command.succeeded' | 'command.refused' }>) => {
    const ok = e.type === 'command.succeeded';
    sendBack({
      type: 'activity.local',
      command: {
        body: e.body,
        usrIds: e.usrIds,
        names: namesOf(e.usrIds),
        status: ok ? 200 : e.status,
        result: ok ? 0 : (e.result ?? -1),
      },
    });
  };
  const subs = [commands.on('command.succeeded', onSettled), commands.on('command.refused', onSettled)];
  return () => subs.forEach((s) => s.unsubscribe());
});

export const activityMachine = setup({
  types: {
    context: {} as ActivityContext,
    events: {} as ActivityMachineEvent,
    input: {} as ActivityInput,
  },
  actors: { loadPage, followOwnCommands },
  actions: {
    addEvent: assign({
      entries: ({ context }, p: { entry: ActivityEntry }) => mergeEntries(context.entries, [p.entry]),
    }),
    addPage: assign(({ context }, p: { page: ActivityPage }) => ({
      entries: mergeEntries(context.entries, p.page.entries),
      nextBefore: p.page.next_before,
      source: 'server' as const,
      loadFailed: false,
    })),
    addLocal: assign(({ context }, p: { command: LocalCommand }) => {
      const id = context.localId + 1;
      return { localId: id, entries: mergeEntries(context.entries, [localEntry(id, context.nowSecs(), context.role, p.command)]) };
    }),
    addNote: assign(({ context }, p: { note: ConsoleNote }) => {
      // between the newest entry and the next whole id the server (or this console) gives: newest
      // first, yet never the id of an entry to come
      const top = context.entries[0]?.id ?? 0;
      const id = top + (Math.floor(top) + 1 - top) / 2;
      const entry: ActivityEntry = {
        id,
        dtm: context.nowSecs(),
        role: context.role,
        peer_ip: '',
        cmdid: p.note.cmdid,
        action: '',
        targets: p.note.targets,
        more_targets: 0,
        values: p.note.values,
        result: 0,
        status: 200,
      };
      return { entries: mergeEntries(context.entries, [entry]) };
    }),
    useApi: assign({ api: (_, p: { api: SessionApi }) => p.api }),
    // the server keeps the list even when its first page failed: a retry reads it again
    markServerFailed: assign({ source: 'server' as const, loadFailed: true }),
    markFailed: assign({ loadFailed: true }),
    markLocal: assign({ source: 'local' as const }),
  },
  guards: {
    notOffered: (_, p: { error: unknown }) => notOffered(p.error),
  },
}).createMachine({
  id: 'activity',
  context: ({ input }) => ({
    api: input.api,
    role: input.role,
    nowSecs: input.nowSecs ?? (() => Math.floor(Date.now() / 1000)),
    nameOf: input.nameOf ?? (() => ''),
    entries: [],
    source: null,
    nextBefore: undefined,
    loadFailed: false,
    localId: 0,
  }),
  on: {
    'session.api': { actions: { type: 'useApi', params: ({ event }) => ({ api: event.api }) } },
    'activity.console': { actions: { type: 'addNote', params: ({ event }) => ({ note: event.note }) } },
  },
  initial: 'awaitingFeed',
  states: {
    awaitingFeed: {
      on: {
        'server.snapshot': [{ guard: ({ event }) => event.feed === 'cursor', target: 'loading' }, { target: 'local' }],
        'server.activity': { actions: { type: 'addEvent', params: ({ event }) => ({ entry: event.event.entry }) } },
      },
    },
    loading: {
      invoke: {
        src: 'loadPage',
        input: ({ context }) => ({ api: context.api }),
        onDone: { target: 'server', actions: { type: 'addPage', params: ({ event }) => ({ page: event.output }) } },
        onError: [
          { guard: { type: 'notOffered', params: ({ event }) => ({ error: event.error }) }, target: 'local' },
          { target: 'server', actions: 'markServerFailed' },
        ],
      },
      // entries of the feed while the first page loads are merged with it by id
      on: { 'server.activity': { actions: { type: 'addEvent', params: ({ event }) => ({ entry: event.event.entry }) } } },
    },
    server: {
      on: { 'server.activity': { actions: { type: 'addEvent', params: ({ event }) => ({ entry: event.event.entry }) } } },
      initial: 'idle',
      states: {
        idle: {
          on: {
            'activity.loadOlder': {
              guard: ({ context }) => context.nextBefore !== undefined && !context.loadFailed,
              target: 'loadingOlder',
            },
            'activity.retry': { guard: ({ context }) => context.loadFailed, target: 'loadingOlder' },
          },
        },
        loadingOlder: {
          invoke: {
            src: 'loadPage',
            input: ({ context }) => ({ api: context.api, before: context.loadFailed ? undefined : context.nextBefore }),
            onDone: { target: 'idle', actions: { type: 'addPage', params: ({ event }) => ({ page: event.output }) } },
            onError: { target: 'idle', actions: 'markFailed' },
          },
        },
      },
    },
    local: {
      entry: 'markLocal',
      invoke: { src: 'followOwnCommands', input: ({ context }) => ({ nameOf: context.nameOf }) },
      on: { 'activity.local': { actions: { type: 'addLocal', params: ({ event }) => ({ command: event.command }) } } },
    },
  },
});

export type ActivityMachine = typeof activityMachine;
