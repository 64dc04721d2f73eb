/**
 * The ports through which machines reach the server. src/api implements them with a signed ky
 * client; tests pass fakes or a client bound to a real reference server. Everything here is
 * injected through machine `input`, never imported as a singleton.
 *
 * Every method rejects with {@link ApiError} (protocol/errors.ts) on failure.
 */
import type { ChangeEvent } from '../protocol/events';
import type { LoginResponse, VerifyCodeResponse } from '../protocol/wire';

export interface LoginApi {
  /** GET /rest/v1/meetings/verify-code */
  getVerifyCode(signal?: AbortSignal): Promise<VerifyCodeResponse>;
  /** POST /rest/v1/meetings/{mrId}/sessions/ */
  login(args: { mrId: string; password: string; code: string; codeId: string }, signal?: AbortSignal): Promise<LoginResponse>;
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
  /** the long poll: holds up to `blockSecs`, never times out before the server answers */
  changes(sinceSeq: number, blockSecs: number, signal?: AbortSignal): Promise<ChangeEvent[]>;
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
