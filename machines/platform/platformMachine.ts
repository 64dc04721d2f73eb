/**
 * What the console asks of the platform beside the meeting's commands (system id `platform`):
 * the platform's facts (getPlatform: whether the live service is the platform's own, the digit
 * count of a user number), the meeting share, and the management-platform login with the booking
 * of the room's next meeting made with it. Components send events and read selectors; the
 * requests and their bodies are this folder's (management.ts), so no component holds a client.
 */
import { assign, emit, fromPromise, raise, setup } from 'xstate';
import type { PlatformPort, SessionApi, SessionApiChangedEvent } from '../api';
import type { PlatformResponse, ShareInfoResponse } from '../../protocol/wire';
import type { BookingDraft, ManagementSession } from '../../protocol/management';
import { bookMeeting, fetchManagementCode, managementLogin, type ManagementCode, type ManagementLoginForm } from './management';

export interface PlatformInput {
  api: SessionApi;
  /** without it (tests of other machines) the facts stay unknown and the management calls fail */
  platform?: PlatformPort;
}

export interface PlatformContext {
  api: SessionApi;
  platform?: PlatformPort;
  /** live_builtin: the tenant's live service is the platform's own (true until told otherwise) */
  liveBuiltin: boolean;
  /** usr_id_digits: the configured digit count of a user number; undefined while unknown or not told */
  usrIdDigits: number | undefined;
  /** the meeting share as last read; null while it loads (or before it was asked) */
  share: { info?: ShareInfoResponse; failed: boolean } | null;
  /** the management login's picture code; undefined while one loads */
  code: ManagementCode | undefined;
  /** why the last management step was refused (an ApiError), undefined when nothing is */
  loginRefusal: unknown;
  mgmt: ManagementSession | null;
  /** why the last booking was refused, undefined when nothing is */
  bookingRefusal: unknown;
}

export type PlatformEvent =
  | SessionApiChangedEvent
  | { type: 'share.load' }
  /** the management dialog opens: the last refusal is forgotten, and a fresh code asked unless logged in */
  | { type: 'management.open' }
  | { type: 'management.refreshCode' }
  | { type: 'management.login'; form: ManagementLoginForm }
  | { type: 'booking.submit'; draft: BookingDraft }
  /** the booking dialog closed: its refusal is forgotten */
  | { type: 'booking.dismiss' };

export type PlatformEmitted = { type: 'booking.booked'; scheduleId: number };

const noPort = () => Promise.reject(new Error('platform: no client'));

export const platformMachine = setup({
  types: {
    context: {} as PlatformContext,
    events: {} as PlatformEvent,
    input: {} as PlatformInput,
    emitted: {} as PlatformEmitted,
  },
  actors: {
    readFacts: fromPromise<PlatformResponse, { platform?: PlatformPort }>(({ input, signal }) =>
      input.platform ? input.platform.getPlatform(signal) : noPort(),
    ),
    readShare: fromPromise<ShareInfoResponse, { api: SessionApi }>(({ input, signal }) =>
      input.api.get<ShareInfoResponse>('share-info', signal),
    ),
    readCode: fromPromise<ManagementCode, { platform?: PlatformPort }>(({ input, signal }) =>
      input.platform ? fetchManagementCode(input.platform, signal) : noPort(),
    ),
    logIn: fromPromise<ManagementSession, { platform?: PlatformPort; api: SessionApi; form: ManagementLoginForm & { codeId: string } }>(
      ({ input, signal }) => (input.platform ? managementLogin(input.platform, input.api, input.form, signal) : noPort()),
    ),
    book: fromPromise<{ scheduleId: number }, { platform?: PlatformPort; mgmt: ManagementSession; draft: BookingDraft }>(
      ({ input, signal }) => (input.platform ? bookMeeting(input.platform, input.mgmt, input.draft, signal) : noPort()),
    ),
  },
  guards: {
    hasCode: ({ context }) => context.code !== undefined,
    loggedOut: ({ context }) => context.mgmt === null,
    loggedIn: ({ context }) => context.mgmt !== null,
  },
  actions: {
    takeFacts: assign((_, rsp: PlatformResponse) => ({
      liveBuiltin: rsp.data.func_enabled.live_builtin === 1,
      usrIdDigits: rsp.data.usr_id_digits,
    })),
    rememberApi: assign((_, p: { api: SessionApi }) => ({ api: p.api })),
    forgetShare: assign({ share: null }),
    storeShare: assign((_, p: { info: ShareInfoResponse }) => ({ share: { info: p.info, failed: false } })),
    markShareFailed: assign({ share: { failed: true } }),
    forgetCode: assign({ code: undefined }),
    storeCode: assign((_, p: { code: ManagementCode }) => ({ code: p.code })),
    storeLogin: assign((_, p: { mgmt: ManagementSession }) => ({ mgmt: p.mgmt })),
    storeLoginRefusal: assign((_, p: { error: unknown }) => ({ loginRefusal: p.error })),
    forgetLoginRefusal: assign({ loginRefusal: undefined }),
    storeBookingRefusal: assign((_, p: { error: unknown }) => ({ bookingRefusal: p.error })),
    forgetBookingRefusal: assign({ bookingRefusal: undefined }),
    // a code is single use: every failure of the login needs a fresh one
    askNewCode: raise({ type: 'management.refreshCode' }),
  },
}).createMachine({
  id: 'platform',
  type: 'parallel',
  context: ({ input }) => ({
    api: input.api,
    platform: input.platform,
    liveBuiltin: true,
    usrIdDigits: undefined,
    share: null,
    code: undefined,
    loginRefusal: undefined,
    mgmt: null,
    bookingRefusal: undefined,
  }),
  on: {
    'session.api': { actions: { type: 'rememberApi', params: ({ event }) => ({ api: event.api }) } },
    'management.open': [{ guard: 'loggedOut', actions: ['forgetLoginRefusal', 'askNewCode'] }, { actions: 'forgetLoginRefusal' }],
    'booking.dismiss': { actions: 'forgetBookingRefusal' },
  },
  states: {
    /** read once per session; not told (or refused), the defaults stand */
    facts: {
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            src: 'readFacts',
            input: ({ context }) => ({ platform: context.platform }),
            onDone: { target: 'known', actions: { type: 'takeFacts', params: ({ event }) => event.output } },
            onError: 'unknown',
          },
        },
        known: {},
        unknown: {},
      },
    },
    share: {
      initial: 'idle',
      on: { 'share.load': { target: '.loading', reenter: true } },
      states: {
        idle: {},
        loading: {
          entry: 'forgetShare',
          invoke: {
            src: 'readShare',
            input: ({ context }) => ({ api: context.api }),
            onDone: { target: 'idle', actions: { type: 'storeShare', params: ({ event }) => ({ info: event.output }) } },
            onError: { target: 'idle', actions: 'markShareFailed' },
          },
        },
      },
    },
    code: {
      initial: 'idle',
      on: { 'management.refreshCode': { target: '.loading', reenter: true } },
      states: {
        idle: {},
        loading: {
          entry: 'forgetCode',
          invoke: {
            src: 'readCode',
            input: ({ context }) => ({ platform: context.platform }),
            onDone: { target: 'idle', actions: { type: 'storeCode', params: ({ event }) => ({ code: event.output }) } },
            onError: { target: 'idle', actions: { type: 'storeLoginRefusal', params: ({ event }) => ({ error: event.error }) } },
          },
        },
      },
    },
    login: {
      initial: 'idle',
      states: {
        idle: {
          on: { 'management.login': { guard: 'hasCode', target: 'loggingIn' } },
        },
        loggingIn: {
          entry: 'forgetLoginRefusal',
          invoke: {
            src: 'logIn',
            input: ({ context, event }) => ({
              platform: context.platform,
              api: context.api,
              form: { ...(event as { form: ManagementLoginForm }).form, codeId: context.code!.codeId },
            }),
            onDone: { target: 'idle', actions: { type: 'storeLogin', params: ({ event }) => ({ mgmt: event.output }) } },
            onError: {
              target: 'idle',
              actions: [{ type: 'storeLoginRefusal', params: ({ event }) => ({ error: event.error }) }, 'askNewCode'],
            },
          },
        },
      },
    },
    booking: {
      initial: 'idle',
      states: {
        idle: {
          on: { 'booking.submit': { guard: 'loggedIn', target: 'booking' } },
        },
        booking: {
          entry: 'forgetBookingRefusal',
          invoke: {
            src: 'book',
            input: ({ context, event }) => ({
              platform: context.platform,
              mgmt: context.mgmt!,
              draft: (event as { draft: BookingDraft }).draft,
            }),
            onDone: {
              target: 'idle',
              actions: emit(({ event }) => ({ type: 'booking.booked' as const, scheduleId: event.output.scheduleId })),
            },
            onError: { target: 'idle', actions: { type: 'storeBookingRefusal', params: ({ event }) => ({ error: event.error }) } },
          },
        },
      },
    },
  },
});

export type PlatformMachine = typeof platformMachine;
