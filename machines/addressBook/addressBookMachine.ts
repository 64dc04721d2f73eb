/**
 * Address-book subscriptions of a session: departments and users are fetched with their cached
 * `last_modify_dtms`; a 304 answer means the cache is current. The server may also push
 * `usr_info` / `department_info` changes through the feed. Both caches hold at most 500 entries.
 */
import { assign, enqueueActions, fromCallback, setup } from 'xstate';
import type { SessionApi, SessionApiChangedEvent } from '../api';
import { CMD } from '../../protocol/cmdids';
import { isApiError } from '../../protocol/errors';
import type { DepartmentInfoEvent, UsrInfoEvent } from '../../protocol/events';
import type { DepartmentInfo, UsrInfo } from '../../protocol/wire';
import { SubscriptionCache, unzip, type Unzipped } from './subscriptionCache';

export type UserRecord = Unzipped<UsrInfo>;
export type DepartmentRecord = Unzipped<DepartmentInfo>;
export type SubscriptionKind = 'users' | 'departments';

export interface AddressBookContext {
  api?: SessionApi;
  users: SubscriptionCache<UserRecord>;
  departments: SubscriptionCache<DepartmentRecord>;
  /** moves whenever either cache changed */
  version: number;
  /** subscriptions in flight */
  inFlight: number;
  lastError: { kind: SubscriptionKind; status: number; result?: number } | null;
}

export type AddressBookEvent =
  | SessionApiChangedEvent
  | { type: 'addressBook.subscribeUsers'; ids: readonly number[] }
  | { type: 'addressBook.subscribeDepartments'; ids: readonly number[] }
  | { type: 'addressBook.loaded'; kind: SubscriptionKind; ids: readonly number[]; answer: unknown }
  | { type: 'addressBook.failed'; kind: SubscriptionKind; ids: readonly number[]; error: unknown }
  | { type: 'server.usr_info'; event: UsrInfoEvent }
  | { type: 'server.department_info'; event: DepartmentInfoEvent };

interface SubscribeInput {
  api: SessionApi;
  kind: SubscriptionKind;
  ids: readonly number[];
  lastModify: number[];
}

const REQUEST = {
  users: { suffix: 'usrs/usr_ids/', cmdid: CMD.subscribeUsr, idsKey: 'usr_ids' },
  departments: { suffix: 'departments/department_ids/', cmdid: CMD.subscribeDepartment, idsKey: 'department_ids' },
} as const;

const subscribe = fromCallback<AddressBookEvent, SubscribeInput>(({ input, sendBack }) => {
  const abort = new AbortController();
  const r = REQUEST[input.kind];
  input.api
    .post(r.suffix, { cmdid: r.cmdid, [r.idsKey]: [...input.ids], last_modify_dtms: input.lastModify }, abort.signal)
    .then(
      (answer) => sendBack({ type: 'addressBook.loaded', kind: input.kind, ids: input.ids, answer }),
      (error) => {
        if (!abort.signal.aborted) sendBack({ type: 'addressBook.failed', kind: input.kind, ids: input.ids, error });
      },
    );
  return () => abort.abort();
});

function storeUsers(cache: SubscriptionCache<UserRecord>, info: Partial<UsrInfo>): void {
  for (const rec of unzip(info as UsrInfo, 'usr_ids')) cache.put(rec.usr_ids, rec);
}

function storeDepartments(cache: SubscriptionCache<DepartmentRecord>, info: Partial<DepartmentInfo>): void {
  for (const rec of unzip(info as DepartmentInfo, 'department_ids')) cache.put(rec.department_ids, rec);
}

let subscriptionSeq = 0;

export const addressBookMachine = setup({
  types: {
    context: {} as AddressBookContext,
    events: {} as AddressBookEvent,
    input: {} as { api?: SessionApi },
  },
  actors: { subscribe },
  actions: {
    start: enqueueActions(({ context, enqueue }, p: { kind: SubscriptionKind; ids: readonly number[] }) => {
      if (!context.api || p.ids.length === 0) return;
      const cache = p.kind === 'users' ? context.users : context.departments;
      enqueue.assign({ inFlight: context.inFlight + 1 });
      enqueue.spawnChild('subscribe', {
        id: `sub:${++subscriptionSeq}`,
        input: { api: context.api, kind: p.kind, ids: p.ids, lastModify: cache.lastModify(p.ids) },
      });
    }),
    storeAnswer: assign(({ context }, p: { kind: SubscriptionKind; ids: readonly number[]; answer: unknown }) => {
      if (p.kind === 'users') {
        if (p.answer && typeof p.answer === 'object') storeUsers(context.users, p.answer as UsrInfo);
        context.users.touch(p.ids);
      } else {
        if (p.answer && typeof p.answer === 'object') storeDepartments(context.departments, p.answer as DepartmentInfo);
        context.departments.touch(p.ids);
      }
      return { version: context.version + 1, inFlight: Math.max(0, context.inFlight - 1), lastError: null };
    }),
    storeFailure: assign(({ context }, p: { kind: SubscriptionKind; ids: readonly number[]; error: unknown }) => {
      const done = { inFlight: Math.max(0, context.inFlight - 1) };
      // 304: nothing changed since our last_modify_dtms, the cache is current
      if (isApiError(p.error) && p.error.status === 304) {
        (p.kind === 'users' ? context.users : context.departments).touch(p.ids);
        return done;
      }
      const status = isApiError(p.error) ? p.error.status : 0;
      const result = isApiError(p.error) ? p.error.result : undefined;
      return { ...done, lastError: { kind: p.kind, status, result } };
    }),
    pushUsers: assign(({ context }, p: { event: UsrInfoEvent }) => {
      storeUsers(context.users, p.event);
      return { version: context.version + 1 };
    }),
    pushDepartments: assign(({ context }, p: { event: DepartmentInfoEvent }) => {
      storeDepartments(context.departments, p.event);
      return { version: context.version + 1 };
    }),
  },
}).createMachine({
  id: 'addressBook',
  context: ({ input }) => ({
    api: input?.api,
    users: new SubscriptionCache<UserRecord>(),
    departments: new SubscriptionCache<DepartmentRecord>(),
    version: 0,
    inFlight: 0,
    lastError: null,
  }),
  on: {
    'session.api': { actions: assign({ api: ({ event }) => event.api }) },
    'addressBook.subscribeUsers': { actions: { type: 'start', params: ({ event }) => ({ kind: 'users' as const, ids: event.ids }) } },
    'addressBook.subscribeDepartments': {
      actions: { type: 'start', params: ({ event }) => ({ kind: 'departments' as const, ids: event.ids }) },
    },
    'addressBook.loaded': {
      actions: { type: 'storeAnswer', params: ({ event }) => ({ kind: event.kind, ids: event.ids, answer: event.answer }) },
    },
    'addressBook.failed': {
      actions: { type: 'storeFailure', params: ({ event }) => ({ kind: event.kind, ids: event.ids, error: event.error }) },
    },
    'server.usr_info': { actions: { type: 'pushUsers', params: ({ event }) => ({ event: event.event }) } },
    'server.department_info': { actions: { type: 'pushDepartments', params: ({ event }) => ({ event: event.event }) } },
  },
});

export type AddressBookMachine = typeof addressBookMachine;
