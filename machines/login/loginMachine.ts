/**
 * The login screen as a machine (spec §4 "Login", §5 "Login", §8 "Login outcomes").
 *
 * Two regions run side by side while the user works: `captcha` fetches the picture code at
 * start, again on click, when it expires and after every failed attempt; `form` validates,
 * submits and interprets the outcome. Success leaves both for the final `loggedIn` state whose
 * output is the {@link LoginResult} the session actor is built from.
 *
 * Nothing the user typed is lost on failure except the code, which belongs to the old picture.
 */
import { and, assign, emit, raise, setup, fromPromise, type DoneActorEvent, type ErrorActorEvent } from 'xstate';
import type { LoginApi } from '../api';
import { isApiError } from '../../protocol/errors';
import { isUnknownCallRefusal } from '../commands/notOffered';
import type { ControllerRole, LoginResponse, MrScene, SigningMode, VerifyCodeResponse } from '../../protocol/wire';
import { validateLoginForm, type LoginFieldErrors, type LoginFields } from './validateLoginForm';

/** What a successful login hands to the session actor. */
export interface LoginResult {
  mrId: string;
  sessId: string;
  role: ControllerRole;
  /** base64 HMAC key for strict signing; absent in compat mode */
  signKey?: string;
  signing: SigningMode;
  mrScene: MrScene;
  mrStartDtm: number;
  scheduleStartDtm: number;
  scheduleName: string;
  standAlone: number;
  invalidTime: number;
  expiredNotify: string;
  afterSaleMgrEmail: string;
  extra: string;
  /** (podium) single-use token to reopen the session after it expired; a secret */
  resumeToken?: string;
  /** (podium) the meeting's feed position at login: the first poll starts here */
  loginSeq?: number;
}

/**
 * Why the last attempt failed, as a code the UI translates:
 * - `wrongPassword`: 403
 * - `meetingNotFound`: 404; `detail` carries the server's reason ('adhoc disabled', ...) when any
 * - `locked`: 429 brute-force protection; the form is locked for `retryAfter` seconds
 * - `network`: no answer at all (the request never reached a result)
 * - `wrongCode`: any other result
 */
export type LoginFailureCode = 'wrongPassword' | 'meetingNotFound' | 'locked' | 'network' | 'wrongCode';

export interface LoginFailure {
  code: LoginFailureCode;
  status: number;
  detail?: string;
}

export interface LoginInput {
  api: LoginApi;
  /** prefill from the URL (`?mr-id=`) or storage; always a string */
  mrId?: string;
}

export interface LoginContext extends LoginFields {
  api: LoginApi;
  /** base64 PNG of the current picture code, '' while none */
  codeImage: string;
  /**
   * the code as text, when the platform refused the picture (an assumed call): the user types
   * what is shown; '' with a picture
   */
  codeText: string;
  /** why the picture is not offered (the refused call's status and result), null with a picture */
  pictureRefused: { status: number; result?: number } | null;
  /** (podium) the picture's challenge id; '' when the server names none (the platform) */
  codeId: string;
  /** seconds the current picture stays valid */
  codeExpiresIn: number;
  fieldErrors: LoginFieldErrors;
  failure: LoginFailure | null;
  /** seconds left before the next attempt is allowed (locked state) */
  lockRemaining: number;
  result: LoginResult | null;
}

export type LoginField = keyof LoginFields;

export type LoginEvent = { type: 'login.edit'; field: LoginField; value: string } | { type: 'login.submit' } | { type: 'captcha.refresh' };

export type LoginEmitted =
  | { type: 'login.failed'; failure: LoginFailure }
  /**
   * `password` goes to the tab's in-memory session holder only (never stored): on a server
   * without resume tokens it is how a dropped session is logged in again (capabilities.ts)
   */
  | { type: 'login.succeeded'; result: LoginResult; password: string };

const DEFAULT_CODE_LIFETIME_SECS = 120;

/** Maps a login rejection to a failure code (spec §8 "Login outcomes"). */
export function toLoginFailure(error: unknown): LoginFailure {
  if (!isApiError(error)) return { code: 'wrongCode', status: 0 };
  if (error.kind === 'network' || error.kind === 'timeout') return { code: 'network', status: 0 };
  switch (error.status) {
    case 403:
      return { code: 'wrongPassword', status: 403 };
    case 404:
      return { code: 'meetingNotFound', status: 404, detail: error.detail };
    case 429:
      return { code: 'locked', status: 429 };
    default:
      return { code: 'wrongCode', status: error.status };
  }
}

/** Turns the wire answer into the session's starting data. */
export function toLoginResult(rsp: LoginResponse, typedMrId: string): LoginResult {
  return {
    mrId: rsp.mr_id || typedMrId,
    sessId: rsp.sess_id,
    role: rsp.use_pwd,
    signKey: rsp.sign_key,
    signing: rsp.signing,
    mrScene: rsp.mr_scene,
    mrStartDtm: rsp.mr_start_dtm,
    scheduleStartDtm: rsp.schedule_start_dtm,
    scheduleName: rsp.schedule_name,
    standAlone: rsp.stand_alone,
    invalidTime: rsp.invalid_time,
    expiredNotify: rsp.expired_notify,
    afterSaleMgrEmail: rsp.after_sale_mgr_email,
    extra: rsp.extra,
    ...(rsp.resume_token ? { resumeToken: rsp.resume_token } : {}),
    ...(rsp.seq !== undefined ? { loginSeq: rsp.seq } : {}),
  };
}

/** A verify code as fetched: the picture, or the text code when the platform has no picture. */
export type FetchedCode = VerifyCodeResponse & { text?: string; pictureRefused?: { status: number; result?: number } };

/**
 * The picture verify code is an assumed call (protocol/assumptions.ts, `picture-code`): a
 * platform that refuses it as unknown (404, 400, 501…) gets asked for `temp-verify-code`, the
 * text code its own clients use (base64 of the code's text), and the user types that text.
 */
async function fetchCode(api: LoginApi, signal: AbortSignal): Promise<FetchedCode> {
  try {
    return await api.getVerifyCode(signal);
  } catch (error) {
    if (!api.getTextVerifyCode || !isUnknownCallRefusal(error)) throw error;
    const rsp = await api.getTextVerifyCode(signal);
    const pictureRefused = error.result === undefined ? { status: error.status } : { status: error.status, result: error.result };
    return { ...rsp, text: decodeBase64Text(rsp.base64), pictureRefused };
  }
}

function decodeBase64Text(base64: string): string {
  try {
    return new TextDecoder().decode(Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))).trim();
  } catch {
    return '';
  }
}

export const loginMachine = setup({
  types: {
    context: {} as LoginContext,
    events: {} as LoginEvent,
    input: {} as LoginInput,
    output: {} as LoginResult,
    emitted: {} as LoginEmitted,
  },
  actors: {
    fetchVerifyCode: fromPromise<FetchedCode, { api: LoginApi }>(({ input, signal }) => fetchCode(input.api, signal)),
    submitLogin: fromPromise<LoginResponse, { api: LoginApi; mrId: string; password: string; code: string; codeId?: string }>(
      ({ input, signal }) =>
        input.api.login({ mrId: input.mrId, password: input.password, code: input.code, codeId: input.codeId }, signal),
    ),
  },
  delays: {
    codeExpiry: ({ context }) => Math.max(1, context.codeExpiresIn || DEFAULT_CODE_LIFETIME_SECS) * 1000,
    lockTick: 1000,
  },
  guards: {
    formIsValid: ({ context }) => Object.keys(validateLoginForm(context)).length === 0,
    /** a submission needs a picture on screen (its challenge id too, when the server gives one) */
    hasCode: ({ context }) => context.codeImage !== '',
    isLockedOut: (_, params: { error: unknown }) => isApiError(params.error) && params.error.status === 429,
    lockOver: ({ context }) => context.lockRemaining <= 0,
  },
  actions: {
    editField: assign(({ context }, params: { field: LoginField; value: string }) => {
      // editing a field clears only that field's complaint
      const fieldErrors = { ...context.fieldErrors };
      delete fieldErrors[params.field];
      return { [params.field]: params.value, fieldErrors } as Partial<LoginContext>;
    }),
    showFieldErrors: assign({ fieldErrors: ({ context }) => validateLoginForm(context) }),
    clearFailure: assign({ failure: null, fieldErrors: {} }),
    storeCode: assign((_, params: { rsp: FetchedCode }) => ({
      codeImage: params.rsp.base64,
      codeId: params.rsp.code_id,
      codeExpiresIn: params.rsp.expires_in,
      codeText: params.rsp.text ?? '',
      pictureRefused: params.rsp.pictureRefused ?? null,
    })),
    dropCode: assign({ codeImage: '', codeId: '', codeText: '' }),
    recordFailure: assign((_, params: { error: unknown }) => {
      const failure = toLoginFailure(params.error);
      const lockRemaining =
        failure.code === 'locked' && isApiError(params.error) ? Math.max(1, Math.ceil(params.error.retryAfter ?? 1)) : 0;
      return { failure, lockRemaining, code: '' };
    }),
    emitFailure: emit(({ context }) => ({ type: 'login.failed' as const, failure: context.failure! })),
    refetchCode: raise({ type: 'captcha.refresh' }),
    countDown: assign({ lockRemaining: ({ context }) => context.lockRemaining - 1 }),
    storeResult: assign(({ context }, params: { rsp: LoginResponse }) => ({
      result: toLoginResult(params.rsp, context.mrId.trim()),
    })),
    emitSuccess: emit(({ context }) => ({ type: 'login.succeeded' as const, result: context.result!, password: context.password })),
  },
}).createMachine({
  id: 'login',
  context: ({ input }) => ({
    api: input.api,
    mrId: input.mrId ?? '',
    password: '',
    code: '',
    codeImage: '',
    codeText: '',
    pictureRefused: null,
    codeId: '',
    codeExpiresIn: 0,
    fieldErrors: {},
    failure: null,
    lockRemaining: 0,
    result: null,
  }),
  initial: 'active',
  states: {
    active: {
      type: 'parallel',
      on: {
        'login.edit': { actions: { type: 'editField', params: ({ event }) => ({ field: event.field, value: event.value }) } },
      },
      states: {
        captcha: {
          initial: 'loading',
          states: {
            loading: {
              entry: 'dropCode',
              invoke: {
                id: 'fetchVerifyCode',
                src: 'fetchVerifyCode',
                input: ({ context }) => ({ api: context.api }),
                onDone: {
                  target: 'ready',
                  actions: { type: 'storeCode', params: ({ event }) => ({ rsp: event.output }) },
                },
                onError: 'failed',
              },
            },
            ready: {
              after: { codeExpiry: 'loading' },
              on: { 'captcha.refresh': 'loading' },
            },
            failed: {
              on: { 'captcha.refresh': 'loading' },
            },
          },
        },
        form: {
          initial: 'editing',
          states: {
            editing: {
              on: {
                'login.submit': [
                  { guard: and(['formIsValid', 'hasCode']), target: 'submitting', actions: 'clearFailure' },
                  { actions: 'showFieldErrors' },
                ],
              },
            },
            submitting: {
              invoke: {
                id: 'submitLogin',
                src: 'submitLogin',
                input: ({ context }) => ({
                  api: context.api,
                  mrId: context.mrId.trim(),
                  password: context.password,
                  code: context.code.trim(),
                  // without a challenge id the code alone is sent, as the platform's clients do
                  codeId: context.codeId || undefined,
                }),
                onDone: {
                  target: '#login.loggedIn',
                  actions: [{ type: 'storeResult', params: ({ event }) => ({ rsp: event.output }) }, 'emitSuccess'],
                },
                onError: [
                  {
                    guard: { type: 'isLockedOut', params: ({ event }) => ({ error: event.error }) },
                    target: 'locked',
                    actions: [{ type: 'recordFailure', params: ({ event }) => ({ error: event.error }) }, 'emitFailure', 'refetchCode'],
                  },
                  {
                    target: 'editing',
                    actions: [{ type: 'recordFailure', params: ({ event }) => ({ error: event.error }) }, 'emitFailure', 'refetchCode'],
                  },
                ],
              },
            },
            locked: {
              // the lock message would be stale once the wait is over
              always: { guard: 'lockOver', target: 'editing', actions: 'clearFailure' },
              after: { lockTick: { target: 'locked', reenter: true, actions: 'countDown' } },
            },
          },
        },
      },
    },
    loggedIn: {
      type: 'final',
    },
  },
  output: ({ context }) => context.result!,
});

export type LoginMachine = typeof loginMachine;
/** Event types for the done/error of the invoked actors, used by model-based tests. */
export type LoginDoneEvent = DoneActorEvent<LoginResponse>;
export type LoginErrorEvent = ErrorActorEvent;
