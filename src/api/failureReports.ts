/**
 * Every request the console makes ends here when it fails: the transport reports each
 * {@link ApiError} once, and the screen (src/components/requestFailure.tsx) decides with
 * {@link centralFailure} which of them it shows (spec §8 "HTTP handling"). A bus rather than a
 * callback option, so every client — the login screen's, each session's, a panel's own — is
 * covered without threading a handler through every factory.
 */
import { RC } from '@protocol/resultCodes';
import { ApiError } from '@protocol/errors';
import { isUnknownCallRefusal, notOfferedBy, type NotOfferedReason } from '@machines/commands/notOffered';
import { assumedGroupOfPath } from '@protocol/assumptions';
import { classifyFailure, type FailureClass } from './classify';

/** What the transport knows of a failed request. */
export interface FailedRequest {
  method: 'GET' | 'POST';
  /** unprefixed path without the query */
  path: string;
  /** the long poll: held without a client time limit */
  longPoll: boolean;
  /** the JSON body sent (POST): tells an assumed action or status key (protocol/assumptions.ts) */
  body?: unknown;
}

type Listener = (error: ApiError, request: FailedRequest) => void;
const listeners = new Set<Listener>();

/** Subscribes to every failed request; returns the unsubscribe. */
export function onRequestFailure(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

type AnswerListener = () => void;
const answerListeners = new Set<AnswerListener>();

/** Subscribes to answered requests (any success): the platform is reachable again. */
export function onRequestAnswered(listener: AnswerListener): () => void {
  answerListeners.add(listener);
  return () => answerListeners.delete(listener);
}

/** Called by the transport for each request that got an answer it could read. */
export function reportRequestAnswered(): void {
  for (const listener of answerListeners) listener();
}

/** Called by the transport for each failed request. */
export function reportRequestFailure(error: ApiError, request: FailedRequest): void {
  for (const listener of listeners) listener(error, request);
}

const LOGIN_PATH = /\/rest\/v1\/meetings\/[^/]+\/sessions\/?$/;
const SESSION_SUFFIX = /\/rest\/v1\/meetings\/[^/]+\/sessions\/[^/]+\/(.+)$/;

/**
 * The refusal of an assumed call (protocol/assumptions.ts) that says this platform does not know
 * it: its control shows "not offered" with this reason instead of an error (issue 23 item 3).
 * @example notOfferedRequest(new ApiError('http', 404, '/x'), { method: 'GET', path: '/rest/v1/meetings/1/sessions/s/controllers', longPoll: false })
 * // { group: 'controllers', call: 'controllers', status: 404 }
 */
export function notOfferedRequest(error: ApiError, request: FailedRequest): NotOfferedReason | undefined {
  const body =
    request.body && typeof request.body === 'object' && !Array.isArray(request.body)
      ? (request.body as Record<string, unknown>)
      : undefined;
  const suffix = SESSION_SUFFIX.exec(request.path)?.[1];
  if (suffix !== undefined) return notOfferedBy(suffix, body, error);
  const group = assumedGroupOfPath(request.path);
  if (!group || !isUnknownCallRefusal(error)) return undefined;
  return { group, call: request.path, status: error.status, ...(error.result !== undefined ? { result: error.result } : {}) };
}
const SESSION_GONE = new Set<number>([RC.sessionExpired, RC.sessionNotFound]);

/**
 * The failures the screen shows itself, whatever panel sent the request; null for those it
 * leaves to others:
 * - silent ones (401, 304, 405, 1088, aborted) — §8 says nothing is shown;
 * - refusals with a result code (403, and the validation statuses 400/409/422/429): the dialog or
 *   panel that sent the request shows the code's message next to the input it concerns;
 * - the long poll: the connection state and the session's end warning report it;
 * - the login and resume: the login screen words §8's "login outcomes" itself;
 * - a session the server no longer knows (1006/1007): the session resumes or ends with its warning;
 * - the logout request: the session is over whatever it answers;
 * - the controllers snapshot: optional, its absence is worded as "at least N controllers";
 * - an assumed call the platform does not know ({@link notOfferedRequest}): shown as not offered.
 * @example centralFailure(new ApiError('http', 502, '/x'), { method: 'POST', path: '/x', longPoll: false }) // alertReload
 */
export function centralFailure(error: ApiError, request: FailedRequest): FailureClass | null {
  if (request.longPoll) return null;
  if (request.method === 'POST' && LOGIN_PATH.test(request.path)) return null;
  if (request.path.endsWith('/logout_req') || request.path.endsWith('/logout')) return null;
  // the controllers snapshot is optional: a platform without it makes the count "at least N"
  if (request.method === 'GET' && /\/sessions\/[^/]+\/controllers$/.test(request.path)) return null;
  if (error.result !== undefined && SESSION_GONE.has(error.result) && (error.status === 404 || error.status === 410)) return null;
  // an assumed call this platform does not know: its control says "not offered", no error is due
  if (notOfferedRequest(error, request)) return null;
  const failure = classifyFailure(error);
  if (failure.kind === 'none' || failure.kind === 'silent') return null;
  if (failure.kind === 'message' && failure.message === 'result') return null;
  return failure;
}

/**
 * Whether a refusal a panel holds (an ApiError or the `{ status, result }` of a refused command)
 * is the panel's to show in place: true for a result-coded refusal of the server (or a result
 * code from a client-side check); false when {@link centralFailure} shows it (or it is silent).
 */
export function shownInPlace(refusal: { status?: number; result?: number; notOffered?: unknown }): boolean {
  // a call this platform does not offer: its control says so, no refusal text is due
  if (refusal.notOffered) return false;
  if (refusal.status === undefined) return refusal.result !== undefined;
  if (refusal.status === 0) return false;
  const failure = classifyFailure(new ApiError('http', refusal.status, '', refusal.result));
  return failure.kind === 'message' && failure.message === 'result';
}
