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
import { queryAnswer, queryRequest, type AddressBookQuery, type QueryAnswer } from './queries';

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
  /**
   * how the subscriptions that carried a `requestId` ended, newest last (at most
   * {@link SETTLED_KEPT}): a caller waits for its id, then reads the records from the cache
   */
  settled: Readonly<Record<string, 'ok' | 'failed'>>;
  /** the answers of the searches and online-status questions, by `requestId` (at most {@link SETTLED_KEPT}) */
  answers: Readonly<Record<string, QueryOutcome>>;
}

/** How a query ended: its answer, or the error it was refused with (an ApiError, kept for the dialog). */
export type QueryOutcome = { ok: true; answer: QueryAnswer } | { ok: false; error: unknown };

/** outcomes of requests kept for their callers to read */
export const SETTLED_KEPT = 50;

export type AddressBookEvent =
  | SessionApiChangedEvent
  | { type: 'addressBook.subscribeUsers'; ids: readonly number[]; requestId?: string }
  | { type: 'addressBook.subscribeDepartments'; ids: readonly number[]; requestId?: string }
  | { type: 'addressBook.loaded'; kind: SubscriptionKind; ids: readonly number[]; answer: unknown; requestId?: string }
  | { type: 'addressBook.failed'; kind: SubscriptionKind; ids: readonly number[]; error: unknown; requestId?: string }
  /** asks a question nothing caches; its outcome is kept under `requestId` ({@link selectQueryOutcome}) */
  | { type: 'addressBook.query'; query: AddressBookQuery; requestId: string }
  | { type: 'addressBook.queryDone'; requestId: string; outcome: QueryOutcome }
  | { type: 'server.usr_info'; event: UsrInfoEvent }
  | { type: 'server.department_info'; event: DepartmentInfoEvent };

interface SubscribeInput {
  api: SessionApi;
  kind: SubscriptionKind;
  ids: readonly number[];
  lastModify: number[];
  requestId?: string;
}

const REQUEST = {
  users: { suffix: 'usrs/usr_ids/', cmdid: CMD.subscribeUsr, idsKey: 'usr_ids' },
  departments: { suffix: 'departments/department_ids/', cmdid: CMD.subscribeDepartment, idsKey: 'department_ids' },
} as const;

const subscribe = fromCallback<AddressBookEvent, SubscribeInput>(({ input, sendBack }) => {
  const abort = new AbortController();
  const r = REQUEST[input.kind];
  input.api.post(r.suffix, { cmdid: r.cmdid, [r.idsKey]: [...input.ids], last_modify_dtms: input.lastModify }, abort.signal).then(
    (answer) => sendBack({ type: 'addressBook.loaded', kind: input.kind, ids: input.ids, answer, requestId: input.requestId }),
    (error) => {
      if (!abort.signal.aborted)
        sendBack({ type: 'addressBook.failed', kind: input.kind, ids: input.ids, error, requestId: input.requestId });
    },
  );
  return () => abort.abort();
});

const query = fromCallback<AddressBookEvent, { api: SessionApi; query: AddressBookQuery; requestId: string }>(({ input, sendBack }) => {
  const abort = new AbortController();
  const { suffix, body } = queryRequest(input.query);
  const done = (outcome: QueryOutcome) => sendBack({ type: 'addressBook.queryDone', requestId: input.requestId, outcome });
  input.api.post(suffix, body, abort.signal).then(
    (answer) => done({ ok: true, answer: queryAnswer(input.query, answer) }),
    (error: unknown) => {
      if (!abort.signal.aborted) done({ ok: false, error });
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

/** `answers` with one more outcome, the oldest dropped past {@link SETTLED_KEPT} */
function keepAnswer(answers: AddressBookContext['answers'], requestId: string, outcome: QueryOutcome) {
  const entries = Object.entries(answers).filter(([id]) => id !== requestId);
  entries.push([requestId, outcome]);
  return Object.fromEntries(entries.slice(-SETTLED_KEPT));
}

/** `settled` with one more outcome, the oldest dropped past {@link SETTLED_KEPT} */
function settle(settled: AddressBookContext['settled'], requestId: string | undefined, outcome: 'ok' | 'failed') {
  if (requestId === undefined) return settled;
  const entries = Object.entries(settled).filter(([id]) => id !== requestId);
  entries.push([requestId, outcome]);
  return Object.fromEntries(entries.slice(-SETTLED_KEPT));
}

export const addressBookMachine = setup({
  types: {
    context: {} as AddressBookContext,
    events: {} as AddressBookEvent,
    input: {} as { api?: SessionApi },
  },
  actors: { subscribe, query },
  actions: {
    /** a resumed or re-logged session hands a new client: later requests go through it */
    adoptApi: assign((_, p: { api: SessionApi }) => ({ api: p.api })),
    ask: enqueueActions(({ context, enqueue }, p: { query: AddressBookQuery; requestId: string }) => {
      if (!context.api) {
        enqueue.assign({ answers: keepAnswer(context.answers, p.requestId, { ok: false, error: new Error('address book: no session') }) });
        return;
      }
      enqueue.spawnChild('query', {
        id: `query:${++subscriptionSeq}`,
        input: { api: context.api, query: p.query, requestId: p.requestId },
      });
    }),
    keepAnswer: assign(({ context }, p: { requestId: string; outcome: QueryOutcome }) => ({
      answers: keepAnswer(context.answers, p.requestId, p.outcome),
    })),
    start: enqueueActions(({ context, enqueue }, p: { kind: SubscriptionKind; ids: readonly number[]; requestId?: string }) => {
      if (!context.api || p.ids.length === 0) {
        // nothing to ask: the caller reads what the cache has
        if (p.requestId !== undefined) enqueue.assign({ settled: settle(context.settled, p.requestId, context.api ? 'ok' : 'failed') });
        return;
      }
      const cache = p.kind === 'users' ? context.users : context.departments;
      enqueue.assign({ inFlight: context.inFlight + 1 });
      enqueue.spawnChild('subscribe', {
        id: `sub:${++subscriptionSeq}`,
        input: { api: context.api, kind: p.kind, ids: p.ids, lastModify: cache.lastModify(p.ids), requestId: p.requestId },
      });
    }),
    storeAnswer: assign(({ context }, p: { kind: SubscriptionKind; ids: readonly number[]; answer: unknown; requestId?: string }) => {
      if (p.kind === 'users') {
        if (p.answer && typeof p.answer === 'object') storeUsers(context.users, p.answer as UsrInfo);
        context.users.touch(p.ids);
      } else {
        if (p.answer && typeof p.answer === 'object') storeDepartments(context.departments, p.answer as DepartmentInfo);
        context.departments.touch(p.ids);
      }
      return {
        version: context.version + 1,
        inFlight: Math.max(0, context.inFlight - 1),
        lastError: null,
        settled: settle(context.settled, p.requestId, 'ok'),
      };
    }),
    storeFailure: assign(({ context }, p: { kind: SubscriptionKind; ids: readonly number[]; error: unknown; requestId?: string }) => {
      const done = { inFlight: Math.max(0, context.inFlight - 1) };
      // 304: nothing changed since our last_modify_dtms, the cache is current
      if (isApiError(p.error) && p.error.status === 304) {
        (p.kind === 'users' ? context.users : context.departments).touch(p.ids);
        return { ...done, settled: settle(context.settled, p.requestId, 'ok') };
      }
      const status = isApiError(p.error) ? p.error.status : 0;
      const result = isApiError(p.error) ? p.error.result : undefined;
      return { ...done, lastError: { kind: p.kind, status, result }, settled: settle(context.settled, p.requestId, 'failed') };
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
    settled: {},
    answers: {},
  }),
  on: {
    'session.api': { actions: { type: 'adoptApi', params: ({ event }) => ({ api: event.api }) } },
    'addressBook.subscribeUsers': {
      actions: { type: 'start', params: ({ event }) => ({ kind: 'users' as const, ids: event.ids, requestId: event.requestId }) },
    },
    'addressBook.subscribeDepartments': {
      actions: { type: 'start', params: ({ event }) => ({ kind: 'departments' as const, ids: event.ids, requestId: event.requestId }) },
    },
    'addressBook.loaded': {
      actions: {
        type: 'storeAnswer',
        params: ({ event }) => ({ kind: event.kind, ids: event.ids, answer: event.answer, requestId: event.requestId }),
      },
    },
    'addressBook.failed': {
      actions: {
        type: 'storeFailure',
        params: ({ event }) => ({ kind: event.kind, ids: event.ids, error: event.error, requestId: event.requestId }),
      },
    },
    'addressBook.query': { actions: { type: 'ask', params: ({ event }) => ({ query: event.query, requestId: event.requestId }) } },
    'addressBook.queryDone': {
      actions: { type: 'keepAnswer', params: ({ event }) => ({ requestId: event.requestId, outcome: event.outcome }) },
    },
    'server.usr_info': { actions: { type: 'pushUsers', params: ({ event }) => ({ event: event.event }) } },
    'server.department_info': { actions: { type: 'pushDepartments', params: ({ event }) => ({ event: event.event }) } },
  },
});

export type AddressBookMachine = typeof addressBookMachine;
