/**
 * What makes a session id worth nothing on its own (issue 17, item 1).
 *
 * In compat signing every request carries the same developer token, so a session is named by its
 * id alone. Two rules keep that id from being a bearer credential:
 *
 * - **No one else sees it.** Events and logs that tell controllers about each other
 *   (`mr_ctrl_in`, `mr_ctrl_out`, the meeting's notification log) carry {@link publicControllerId},
 *   a one-way digest that tells sessions apart but opens nothing.
 * - **It only works from where it was given.** A compat-signed request on a session's path is
 *   served only from the client address that logged in ({@link compatBindingHolds}); from anywhere
 *   else the session does not exist (the same answer as an unknown id, so no oracle). This binds
 *   without any header of our own, so the platform's clients (web SDK, Java CC/CM), which send only
 *   the compat headers and the session id, keep working. Strict signing binds by the per-session
 *   HMAC key instead and needs no address check.
 */
import { createHash } from 'node:crypto';
import type { ControllerSession } from '../engine/facade';
import type { ApiRequest } from '../http/router';

const PUBLIC_ID = /^c[0-9a-f]{16}$/;

/** The id other controllers see for a session; idempotent (a public id maps to itself). */
export function publicControllerId(sessId: string): string {
  if (PUBLIC_ID.test(sessId)) return sessId;
  return 'c' + createHash('sha256').update(`podium-controller\u0000${sessId}`, 'utf8').digest('hex').slice(0, 16);
}

/** A controller event or log entry with its `sessionid` replaced by the public id. */
export function redactControllerEvent<T>(event: T): T {
  if (typeof event !== 'object' || event === null) return event;
  const e = event as Record<string, unknown>;
  if (typeof e.sessionid !== 'string' || PUBLIC_ID.test(e.sessionid)) return event;
  return { ...e, sessionid: publicControllerId(e.sessionid) } as T;
}

/** Whether a compat-signed request from `clientIp` may use a session opened from `loginIp`. */
export function compatBindingHolds(loginIp: string, clientIp: string): boolean {
  return loginIp === clientIp;
}

/**
 * Whether the request comes from a controller of meeting `mrId`: its strict signature names one,
 * or (compat) its `sessionid` header names a live session of that meeting opened from this
 * client address (the session id alone is no credential, see above).
 */
export function controllerOf(
  sessions: { getSession(sessId: string): ControllerSession | undefined },
  req: ApiRequest,
  mrId: string,
): boolean {
  if (req.session) return req.session.mrId === mrId;
  const header = req.headers.sessionid;
  const sessId = Array.isArray(header) ? header[0] : header;
  if (!sessId) return false;
  const s = sessions.getSession(sessId);
  return s !== undefined && s.mrId === mrId && compatBindingHolds(s.peerIp, req.ip);
}
