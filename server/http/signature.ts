/**
 * Which signature a request needs and whether it carries it (architecture decision 1, the
 * schemes themselves are protocol/signing.ts).
 *
 * Signed: everything under `/rest/`, `/status/` and `/oem/`. Unsigned: `/api/…` (getPlatform is
 * how a console learns how to sign) and the bare `/app1/is_standalone/`.
 *
 * - `SIGNING=compat`: every signed request carries the platform's MD5 token.
 * - `SIGNING=strict`: per-session paths (`/rest/v1/meetings/{mr}/sessions/{sess}/…`), the media
 *   statistics under `/status/` and any other meeting path need the session's HMAC, and the
 *   `sessionid` header must name the session of the path. Paths used before a session exists
 *   (verify code, login, OEM branding, `app1` management calls, `forward_mmgr`) accept the compat token; they
 *   also accept a strict signature, since a logged-in console may sign everything strictly.
 */
import { createHash } from 'node:crypto';
import { RC } from '../../protocol/codes';
import {
  headerValue,
  isPreSessionRequest,
  SIGN_HEADERS,
  verifyCompat,
  verifyStrict,
  type HeaderBag,
  type NonceStore,
} from '../../protocol/signing';
import type { SigningMode } from '../../protocol/wire';
import type { ControllerSession } from '../engine/facade';

/** MD5 as protocol/signing's md5Hex computes it, natively: every compat-signed request takes this path. */
export function nativeMd5Hex(text: string): string {
  return createHash('md5').update(text, 'utf8').digest('hex');
}

const SESSION_PATH = /^\/rest\/v1\/meetings\/([^/]+)\/sessions\/([^/]+)(?:\/.*)?$/;

/** `{ mrId, sessId }` of a per-session path, else `null`. */
export function sessionPathParts(path: string): { mrId: string; sessId: string } | null {
  const m = SESSION_PATH.exec(path);
  if (!m) return null;
  try {
    return { mrId: decodeURIComponent(m[1]), sessId: decodeURIComponent(m[2]) };
  } catch {
    return null;
  }
}

/** Whether a path must be signed at all. */
export function needsSignature(path: string): boolean {
  return path.startsWith('/rest/') || path.startsWith('/status/') || path.startsWith('/oem/');
}

function compatAllowedInStrict(method: string, path: string): boolean {
  if (isPreSessionRequest(method, path)) return true;
  return (
    path.startsWith('/oem/') ||
    path.startsWith('/rest/v1/oem/') ||
    path.startsWith('/rest/v1/app1/') ||
    // spec §7 lists it among the calls made before and at login
    /^\/rest\/v1\/meetings\/forward_mmgr\/?$/.test(path)
  );
}

export interface SignatureContext {
  mode: SigningMode;
  devId: string;
  devToken: string;
  nonces: NonceStore;
  getSession: (sessId: string) => ControllerSession | undefined;
  now: () => number;
}

export type SignatureOutcome =
  | { ok: true; /** the session a strict signature was made with */ session?: ControllerSession }
  | { ok: false; code: number; detail: string };

/**
 * Checks the signature of one request.
 * @param path unprefixed path without query: decides which signature is needed
 * @param rawBody the body bytes as received (before AES decryption)
 * @param signedPath the path the signature covers (default `path`; the prefixed path when a
 *   client signed the frame prefix too)
 */
export function checkSignature(
  ctx: SignatureContext,
  method: string,
  path: string,
  headers: HeaderBag,
  rawBody: Buffer,
  signedPath: string = path,
): SignatureOutcome {
  const nowMs = ctx.now();
  const credentials = { devid: ctx.devId, devtoken: ctx.devToken };
  const strictHeaders = headerValue(headers, SIGN_HEADERS.signature) !== undefined;
  const useStrict = ctx.mode === 'strict' && (strictHeaders || !compatAllowedInStrict(method, path));
  if (!useStrict) {
    const r = verifyCompat({ headers, path: signedPath, credentials, nowMs, md5Hex: nativeMd5Hex });
    return r.ok ? { ok: true } : { ok: false, code: r.code, detail: r.detail };
  }
  const r = verifyStrict({
    headers,
    method,
    path: signedPath,
    body: rawBody,
    devid: ctx.devId,
    keyFor: (id) => ctx.getSession(id)?.signKey,
    nonces: ctx.nonces,
    nowMs,
  });
  if (!r.ok) return { ok: false, code: r.code, detail: r.detail };
  const session = r.sessionId !== undefined ? ctx.getSession(r.sessionId) : undefined;
  const parts = sessionPathParts(path);
  if (parts && (!session || session.sessId !== parts.sessId)) {
    // a valid signature of one session must not open another session's paths
    return { ok: false, code: RC.badSignature, detail: 'sessionid' };
  }
  return { ok: true, session };
}
