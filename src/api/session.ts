/**
 * {@link SessionApi}: every request of one logged-in session, under
 * `/rest/v1/meetings/{mr_id}/sessions/{sess_id}/`. Requests are signed strictly with the
 * session key when the platform is strict, in compat mode otherwise.
 */
import type { Relogin, ResumeSession, SessionApi } from '@machines/api';
import { toLoginResult, type LoginResult } from '@machines/login/loginMachine';
import { toHex, randomBytes } from '@protocol/bytes';
import { CMD } from '@protocol/cmdids';
import { decodeChangeEvents, type DecodeError } from '@protocol/decode';
import type { GetChangesRequest } from '@protocol/events';
import { decodeSignKey } from '@protocol/signing';
import { createLoginApi } from './login';
import { createPlatformApi, type PlatformClient } from './platform';
import type { ClientOptions, PlatformSettings, SessionSigning } from './transport';

/**
 * What a session client needs of a login, in the one shape a login travels in from the login
 * screen to the long poll (the login machine's {@link LoginResult}, kept as the session record):
 * a wire answer is turned into it once ({@link toLoginResult}), never back.
 */
export type SessionKeys = Pick<LoginResult, 'mrId' | 'sessId'> & Partial<Pick<LoginResult, 'signKey' | 'signing'>>;

export interface SessionApiOptions extends ClientOptions {
  /** the login (or its identifying fields), as the session record keeps it */
  login: SessionKeys;
  /** shares getPlatform's settings and the transport with the login client */
  platform?: PlatformClient;
  settings?: PlatformSettings;
  /**
   * A malformed event in a long-poll answer is reported here and skipped, so one bad event
   * cannot stall the poll; without it the whole answer fails with `ApiError('decode')`.
   */
  onInvalidEvent?: (error: DecodeError, raw: unknown) => void;
}

/** A random client request id (the server applies a repeated id once). */
export function newReqId(): string {
  return toHex(randomBytes(12));
}

/**
 * The session client.
 * @example const api = createSessionApi({ baseUrl: server.url, login: sessionRecord }); await api.get('mr-status');
 */
export function createSessionApi(options: SessionApiOptions): SessionApi {
  const t = (options.platform ?? createPlatformApi(options)).transport;
  const { mrId, sessId, signKey } = options.login;
  const signing: SessionSigning = {
    sessId,
    key: signKey && options.login.signing !== 'compat' ? decodeSignKey(signKey) : undefined,
  };
  const prefix = `/rest/v1/meetings/${encodeURIComponent(mrId)}/sessions/${encodeURIComponent(sessId)}/`;
  const at = (suffix: string) => prefix + suffix.replace(/^\/+/, '');

  return {
    mrId,
    sessId,
    get: <T>(suffix: string, signal?: AbortSignal) => t.request<T>({ method: 'GET', path: at(suffix), signal, session: signing }),
    post: <T = unknown>(suffix: string, body: Record<string, unknown>, signal?: AbortSignal) =>
      t.request<T>({
        method: 'POST',
        path: at(suffix),
        body: body.req_id === undefined ? { ...body, req_id: newReqId() } : body,
        signal,
        session: signing,
      }),
    // The poll is a read: it carries no req_id, so the server's replay cache is not filled with
    // poll answers. No client time limit: the server holds it up to block_secs; abort ends it.
    changes: (sinceSeq, blockSecs, signal) => {
      // no cursor: exactly what the platform's clients send; the server keeps the position
      const body: GetChangesRequest =
        sinceSeq === null
          ? { cmdid: CMD.getChanges, block_secs: blockSecs }
          : { cmdid: CMD.getChanges, block_secs: blockSecs, since_seq: sinceSeq };
      return t.request({
        method: 'POST',
        path: at('changes'),
        body,
        signal,
        session: signing,
        timeout: false,
        decode: (v) => decodeChangeEvents(v, { onInvalid: options.onInvalidEvent }),
      });
    },
    raw: <T>(method: 'GET' | 'POST', path: string, body?: unknown, signal?: AbortSignal) =>
      t.request<T>({ method, path: path.startsWith('/') ? path : `/${path}`, body, signal, session: signing }),
  };
}

/**
 * The session actor's resume port (machines/api.ts {@link ResumeSession}): resumes with the
 * token, then builds the client of the new session with the same platform settings.
 * @example createActor(sessionMachine, { input: { ..., resume: createResumeSession({ platform }) } });
 */
export function createResumeSession(options: Omit<SessionApiOptions, 'login'>): ResumeSession {
  const platform = options.platform ?? createPlatformApi(options);
  const login = createLoginApi({ ...options, platform });
  return async (args, signal) => {
    const answer = await login.resume!(args, signal);
    return { answer, api: createSessionApi({ ...options, platform, login: toLoginResult(answer, args.mrId) }) };
  };
}

/**
 * The session actor's re-login port ({@link Relogin}) for servers without resume tokens: a text
 * verify code (`temp-verify-code`, whose `base64` is the code itself), then the login with the
 * password and that code only, as the platform's own clients log in again. `password` lives only
 * in this closure, in memory: it is never stored and never reaches a machine.
 * @example createActor(sessionMachine, { input: { ..., relogin: createRelogin({ platform }, password) } });
 */
export function createRelogin(options: Omit<SessionApiOptions, 'login'>, password: string): Relogin {
  const platform = options.platform ?? createPlatformApi(options);
  const login = createLoginApi({ ...options, platform });
  return async ({ mrId }, signal) => {
    const code = await login.getTextVerifyCode!(signal);
    const answer = await login.login({ mrId, password, code: textOfCode(code.base64) }, signal);
    return { answer, api: createSessionApi({ ...options, platform, login: toLoginResult(answer, mrId) }) };
  };
}

/** The code a text verify code carries (base64 of UTF-8 text). */
function textOfCode(base64: string): string {
  const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  return new TextDecoder().decode(bytes).trim();
}
