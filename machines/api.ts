/**
 * The ports through which machines reach the server. src/api implements them with a signed ky
 * client; tests pass fakes or a client bound to a real reference server. Everything here is
 * injected through machine `input`, never imported as a singleton.
 *
 * Every method rejects with {@link ApiError} (protocol/errors.ts) on failure.
 */
import type { ChangeEvent } from '../protocol/events';
import type { LoginResponse, PlatformResponse, VerifyCodeResponse } from '../protocol/wire';

export interface LoginApi {
  /** GET /rest/v1/meetings/verify-code */
  getVerifyCode(signal?: AbortSignal): Promise<VerifyCodeResponse>;
  /** POST /rest/v1/meetings/{mrId}/sessions/ */
  /**
   * POST /rest/v1/meetings/{mrId}/sessions/. `codeId` names the picture's challenge when the
   * verify-code answer had one (podium); without it only `cert_code` is sent, as the platform's
   * own clients do.
   */
  login(args: { mrId: string; password: string; code: string; codeId?: string }, signal?: AbortSignal): Promise<LoginResponse>;
  /**
   * GET /rest/v1/meetings/temp-verify-code: a verify code whose `base64` is the code's text, the
   * one the platform's machine clients log in with (real-client-findings §3). The console uses it
   * only to log in again after the platform dropped its session ({@link Relogin}).
   */
  getTextVerifyCode?(signal?: AbortSignal): Promise<VerifyCodeResponse>;
  /**
   * (podium) POST /rest/v1/meetings/{mrId}/sessions/ `{ resume_token }`: a new session for the
   * role of an expired one (docs/protocol.md "Session resume"); 403 when refused
   */
  resume?(args: { mrId: string; resumeToken: string }, signal?: AbortSignal): Promise<LoginResponse>;
}

/** Requests under /rest/v1/meetings/{mrId}/sessions/{sessId}/ for one logged-in session. */
export interface SessionApi {
  readonly mrId: string;
  readonly sessId: string;
  get<T>(suffix: string, signal?: AbortSignal): Promise<T>;
  /** POST with a JSON body; `req_id` is added by the transport when absent */
  post<T = unknown>(suffix: string, body: Record<string, unknown>, signal?: AbortSignal): Promise<T>;
  /**
   * the long poll: holds up to `blockSecs`, never times out before the server answers.
   * `sinceSeq` is the podium cursor; `null` sends no cursor, and the server answers from the
   * position it keeps for this session (the platform's way, docs/protocol.md "Feed position").
   */
  changes(sinceSeq: number | null, blockSecs: number, signal?: AbortSignal): Promise<ChangeEvent[]>;
  /** a path outside the session prefix (e.g. /status/participant/{id}/media_stream/) */
  raw<T>(method: 'GET' | 'POST', path: string, body?: unknown, signal?: AbortSignal): Promise<T>;
}

/**
 * (podium) Sent by the session to every child that holds the {@link SessionApi} once a resume
 * opened a new session: requests from then on go to the new session.
 */
export type SessionApiChangedEvent = {
  type: 'session.api';
  api: SessionApi;
  /** the resume answer's feed position (`seq`), for the long poll's first poll after the reload */
  loginSeq?: number;
};

/** (podium) What a session resume gives back: the new login answer and a client signed for it. */
export interface ResumedSession {
  answer: LoginResponse;
  api: SessionApi;
}

/**
 * (podium) Opens a new session for the same meeting and role with the single-use resume token
 * of the previous login (POST /rest/v1/meetings/{mrId}/sessions/ `{ resume_token }`,
 * docs/protocol.md "Session resume"). Rejects with {@link ApiError}: 403 when refused.
 */
export type ResumeSession = (args: { mrId: string; resumeToken: string }, signal?: AbortSignal) => Promise<ResumedSession>;

/**
 * Logs in again after the server dropped the session, as the platform's own clients do (a fresh
 * text verify code, then the login with the password): the way back on a server that issues no
 * resume token. The port holds the password itself, in memory only (src/session), so no machine
 * context, snapshot or inspector ever sees it. Rejects with {@link ApiError} (403: the password
 * no longer works).
 */
export type Relogin = (args: { mrId: string }, signal?: AbortSignal) => Promise<ResumedSession>;

/**
 * Requests outside the meeting session: the platform's own facts (getPlatform) and its
 * management platform (the CM login, booking). src/api implements it with the signed transport
 * the session client shares; the session's `platform` actor is its only user.
 */
export interface PlatformPort {
  /** GET /api/v3/app/getPlatform (unsigned) */
  getPlatform(signal?: AbortSignal): Promise<PlatformResponse>;
  /** a signed request by absolute API path; `sessionId` is sent as the `sessionid` header (a management session) */
  request<T>(method: 'GET' | 'POST', path: string, body?: unknown, options?: { sessionId?: string; signal?: AbortSignal }): Promise<T>;
}
