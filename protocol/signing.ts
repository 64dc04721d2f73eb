/**
 * Request signing (architecture "Protocol decisions" 1), both sides: the console signs, the
 * server verifies. No I/O here; the caller passes the clock.
 *
 * **Compat mode** is the platform's scheme (protocol-facts §1.2): headers `devid`, `randdtm`
 * (Unix seconds as a decimal string) and `md5token` = lowercase hex MD5 of the UTF-8 string
 * `devid + "," + devtoken + "," + randdtm + "," + urlPath`. `urlPath` is the request path from
 * `/rest/...` on (trailing slash kept, no query string) and never includes the console's frame
 * base-path prefix: the prefix belongs to where the console is served, not to the API, and the
 * server strips it before routing. Compat tokens carry no nonce, so two identical requests in
 * the same second have identical tokens; replay is therefore not rejected in compat mode (a
 * nonce check would refuse legitimate repeated reads).
 *
 * **Strict mode** (the reference server's default): the login answer carries a per-session key
 * (`sign_key`, base64). Each request carries `devid`, `randdtm`, `nonce`, `sessionid` and
 * `signature` = lowercase hex HMAC-SHA-256 (key = session key) of the canonical string
 * {@link strictCanonical}: method, path, randdtm, nonce and the SHA-256 of the exact body bytes
 * sent, joined by `\n`.
 *
 * **Pre-session requests** (verify code and login, {@link isPreSessionRequest}) are signed in
 * compat mode even when the server is strict: no session key exists before the login answers,
 * and the login is what hands it out. The verify code and the brute-force limits protect that
 * step instead.
 *
 * Verification accepts `randdtm` in seconds or milliseconds (the platform's CC client sends
 * seconds, its CM client and web SDK milliseconds) within ±{@link SIGNING_WINDOW_SECONDS} s,
 * compares in constant time, and reports each failure with its own result code.
 */
import { hmac } from '@noble/hashes/hmac.js';
import { md5 } from '@noble/hashes/legacy.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { constantTimeEqual, fromBase64, randomBytes, toBase64, toHex, utf8 } from './bytes';
import { RC } from './codes';

/** Allowed clock skew between console and server, each way. */
export const SIGNING_WINDOW_SECONDS = 300;

/** Header names (lowercase: Node lowercases incoming names; HTTP names are case-insensitive). */
export const SIGN_HEADERS = {
  devid: 'devid',
  randdtm: 'randdtm',
  md5token: 'md5token',
  nonce: 'nonce',
  signature: 'signature',
  sessionid: 'sessionid',
} as const;

/** The developer id/token pair of compat signing; the token is never sent. */
export interface DevCredentials {
  devid: string;
  devtoken: string;
}

export interface CompatHeaders {
  devid: string;
  randdtm: string;
  md5token: string;
}

export interface StrictHeaders {
  devid: string;
  randdtm: string;
  nonce: string;
  sessionid: string;
  signature: string;
}

type BodyInput = Uint8Array | string | undefined;

function bodyBytes(body: BodyInput): Uint8Array {
  if (body === undefined) return new Uint8Array(0);
  return typeof body === 'string' ? utf8(body) : body;
}

/** Lowercase hex MD5 of the UTF-8 text. */
export function md5Hex(text: string): string {
  return toHex(md5(utf8(text)));
}

/** Lowercase hex SHA-256 of bytes or UTF-8 text. */
export function sha256Hex(data: Uint8Array | string): string {
  return toHex(sha256(typeof data === 'string' ? utf8(data) : data));
}

/** Lowercase hex HMAC-SHA-256. */
export function hmacSha256Hex(key: Uint8Array, data: Uint8Array | string): string {
  return toHex(hmac(sha256, key, typeof data === 'string' ? utf8(data) : data));
}

/**
 * The path part that is signed: origin and query removed, trailing slash kept.
 * @example signingPath('https://h:443/rest/v1/meetings/1/sessions/?x=1') === '/rest/v1/meetings/1/sessions/'
 */
export function signingPath(url: string): string {
  let path = url.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]*/i, '');
  const q = path.search(/[?#]/);
  if (q >= 0) path = path.slice(0, q);
  return path.startsWith('/') ? path : `/${path}`;
}

/** Current Unix seconds as the decimal string compat mode sends. */
export function randdtmNow(nowMs: number): string {
  return String(Math.floor(nowMs / 1000));
}

/**
 * The compat `md5token`.
 * @example compatToken('dev', 'tok', '1700000000', '/rest/v1/meetings/verify-code')
 *   === md5Hex('dev,tok,1700000000,/rest/v1/meetings/verify-code')
 */
export function compatToken(
  devid: string,
  devtoken: string,
  randdtm: string,
  urlPath: string,
  hash: (text: string) => string = md5Hex,
): string {
  return hash(`${devid},${devtoken},${randdtm},${urlPath}`);
}

/** Compat headers for one request. `urlPath` as {@link signingPath} gives it. */
export function signCompat(cred: DevCredentials, urlPath: string, nowMs: number = Date.now()): CompatHeaders {
  const randdtm = randdtmNow(nowMs);
  return { devid: cred.devid, randdtm, md5token: compatToken(cred.devid, cred.devtoken, randdtm, urlPath) };
}

/** The string the strict HMAC covers. */
export function strictCanonical(method: string, path: string, randdtm: string, nonce: string, bodySha256: string): string {
  return `${method.toUpperCase()}\n${path}\n${randdtm}\n${nonce}\n${bodySha256}`;
}

/** A fresh nonce: 16 random bytes as 32 hex characters. */
export function newNonce(): string {
  return toHex(randomBytes(16));
}

/** A fresh per-session HMAC key (32 random bytes); the server issues it at login. */
export function newSignKey(): Uint8Array {
  return randomBytes(32);
}

/** Encodes a session key for the login answer's `sign_key`. */
export function encodeSignKey(key: Uint8Array): string {
  return toBase64(key);
}

/** Decodes the login answer's `sign_key`; throws `TypeError` when it is not base64 of ≥ 16 bytes. */
export function decodeSignKey(signKey: string): Uint8Array {
  const key = fromBase64(signKey);
  if (key.length < 16) throw new TypeError('sign_key too short');
  return key;
}

export interface StrictSignArgs {
  devid: string;
  sessionId: string;
  key: Uint8Array;
  method: string;
  /** unprefixed path as {@link signingPath} gives it */
  path: string;
  /** the exact body bytes sent (after AES encryption when that applies); none for GET */
  body?: BodyInput;
  nowMs?: number;
  /** tests only: a fixed nonce */
  nonce?: string;
}

/** Strict headers for one request. */
export function signStrict(args: StrictSignArgs): StrictHeaders {
  const randdtm = randdtmNow(args.nowMs ?? Date.now());
  const nonce = args.nonce ?? newNonce();
  const canonical = strictCanonical(args.method, args.path, randdtm, nonce, sha256Hex(bodyBytes(args.body)));
  return {
    devid: args.devid,
    randdtm,
    nonce,
    sessionid: args.sessionId,
    signature: hmacSha256Hex(args.key, canonical),
  };
}

/**
 * Requests that are signed in compat mode whatever the server's mode, because no session key
 * exists yet: the verify code and the login itself.
 */
export function isPreSessionRequest(method: string, path: string): boolean {
  const m = method.toUpperCase();
  if (m === 'GET' && /^\/rest\/v1\/meetings\/(temp-)?verify-code\/?$/.test(path)) return true;
  return m === 'POST' && /^\/rest\/v1\/meetings\/[^/]+\/sessions\/?$/.test(path);
}

// ---------------------------------------------------------------------------------------------
// Server side

/** Incoming headers as Node gives them (lowercase names) or any plain record. */
export type HeaderBag = Record<string, string | string[] | undefined>;

/** One header value, case-insensitive; the first of repeated values. */
export function headerValue(headers: HeaderBag, name: string): string | undefined {
  let v = headers[name];
  if (v === undefined) {
    const lower = name.toLowerCase();
    for (const k of Object.keys(headers)) {
      if (k.toLowerCase() === lower) {
        v = headers[k];
        break;
      }
    }
  }
  return Array.isArray(v) ? v[0] : v;
}

export type VerifyOutcome =
  { ok: true; sessionId?: string } | { ok: false; /** result code of codes.ts */ code: number; /** which check failed */ detail: string };

function fail(code: number, detail: string): VerifyOutcome {
  return { ok: false, code, detail };
}

/**
 * Parses `randdtm` into milliseconds: values below 10^11 are seconds (10^11 s is the year
 * 5138), larger ones milliseconds. `undefined` for anything but a plain decimal number.
 */
export function parseRanddtm(value: string): number | undefined {
  if (!/^\d{1,16}(\.\d{1,6})?$/.test(value)) return undefined;
  const n = Number(value);
  if (!Number.isFinite(n)) return undefined;
  return n < 1e11 ? n * 1000 : n;
}

/** `null` when `randdtm` lies within the window around `nowMs`, else the result code. */
export function checkRanddtm(value: string, nowMs: number, windowSeconds = SIGNING_WINDOW_SECONDS): number | null {
  const t = parseRanddtm(value);
  if (t === undefined) return RC.timestampExpired;
  return Math.abs(t - nowMs) <= windowSeconds * 1000 ? null : RC.timestampExpired;
}

/**
 * Where a verifier remembers used nonces. `signed` names the request's session and its signing
 * time (`randdtm`, ms), so a store can keep nonces per session for exactly as long as their
 * timestamp stays acceptable (the server's does: server/auth/sessionNonces.ts).
 */
export interface NonceStore {
  /** True when the nonce is fresh (and records it); false when it must be refused. */
  use(nonce: string, nowMs: number, signed?: { sessionId: string; atMs: number }): boolean;
}

/**
 * Remembers nonces for replay rejection: bounded in size, each entry kept `ttlMs` (default
 * twice the signing window, the longest a captured request stays acceptable). When full, the
 * oldest entry is dropped: memory stays bounded, and a replay of that nonce still needs a
 * timestamp inside the window.
 */
export class NonceCache implements NonceStore {
  private readonly entries = new Map<string, number>();
  readonly maxEntries: number;
  readonly ttlMs: number;

  constructor(opts: { maxEntries?: number; ttlMs?: number } = {}) {
    this.maxEntries = opts.maxEntries ?? 100_000;
    this.ttlMs = opts.ttlMs ?? 2 * SIGNING_WINDOW_SECONDS * 1000;
  }

  get size(): number {
    return this.entries.size;
  }

  /** True when the nonce is fresh (and records it); false when it was seen within the TTL. */
  use(nonce: string, nowMs: number): boolean {
    this.purge(nowMs);
    const expires = this.entries.get(nonce);
    if (expires !== undefined && expires > nowMs) return false;
    this.entries.delete(nonce);
    while (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value as string;
      this.entries.delete(oldest);
    }
    this.entries.set(nonce, nowMs + this.ttlMs);
    return true;
  }

  /** Drops expired entries from the front; insertion order is expiry order for a fixed TTL. */
  private purge(nowMs: number): void {
    for (const [nonce, expires] of this.entries) {
      if (expires > nowMs) break;
      this.entries.delete(nonce);
    }
  }
}

export interface VerifyCompatArgs {
  headers: HeaderBag;
  /** unprefixed request path, no query */
  path: string;
  credentials: DevCredentials;
  nowMs?: number;
  windowSeconds?: number;
  /**
   * (podium) lowercase hex MD5 of UTF-8 text, default {@link md5Hex}: a server may pass a native
   * one (node:crypto), several times faster on a path every request takes
   */
  md5Hex?: (text: string) => string;
}

/**
 * Checks compat headers. Failures: {@link RC.signatureMissing}, {@link RC.unknownDevid},
 * {@link RC.timestampExpired}, {@link RC.badSignature}.
 */
export function verifyCompat(args: VerifyCompatArgs): VerifyOutcome {
  const devid = headerValue(args.headers, SIGN_HEADERS.devid);
  const randdtm = headerValue(args.headers, SIGN_HEADERS.randdtm);
  const token = headerValue(args.headers, SIGN_HEADERS.md5token);
  if (!devid || !randdtm || !token) return fail(RC.signatureMissing, 'compat headers missing');
  if (!constantTimeEqual(devid, args.credentials.devid)) return fail(RC.unknownDevid, 'devid');
  const nowMs = args.nowMs ?? Date.now();
  if (checkRanddtm(randdtm, nowMs, args.windowSeconds) !== null) return fail(RC.timestampExpired, 'randdtm');
  const expected = compatToken(args.credentials.devid, args.credentials.devtoken, randdtm, args.path, args.md5Hex);
  if (!constantTimeEqual(token.toLowerCase(), expected)) return fail(RC.badSignature, 'md5token');
  return { ok: true };
}

export interface VerifyStrictArgs {
  headers: HeaderBag;
  method: string;
  /** unprefixed request path, no query */
  path: string;
  /** the raw body bytes as received (before AES decryption) */
  body?: BodyInput;
  /** the configured developer id; when given, `devid` must match it */
  devid?: string;
  /** the session's HMAC key; `undefined` for an unknown or expired session */
  keyFor: (sessionId: string) => Uint8Array | undefined;
  nonces: NonceStore;
  nowMs?: number;
  windowSeconds?: number;
}

const NONCE_FORMAT = /^[A-Za-z0-9_-]{16,64}$/;

/**
 * Checks strict headers. Failures, in check order: {@link RC.signatureMissing},
 * {@link RC.unknownDevid}, {@link RC.timestampExpired}, {@link RC.sessionExpired},
 * {@link RC.badSignature}, {@link RC.nonceReplayed}. The nonce is recorded only once the
 * signature is valid, so forged requests cannot burn nonces.
 */
export function verifyStrict(args: VerifyStrictArgs): VerifyOutcome {
  const h = args.headers;
  const devid = headerValue(h, SIGN_HEADERS.devid);
  const randdtm = headerValue(h, SIGN_HEADERS.randdtm);
  const nonce = headerValue(h, SIGN_HEADERS.nonce);
  const sessionId = headerValue(h, SIGN_HEADERS.sessionid);
  const signature = headerValue(h, SIGN_HEADERS.signature);
  if (!devid || !randdtm || !nonce || !sessionId || !signature) return fail(RC.signatureMissing, 'strict headers missing');
  if (!NONCE_FORMAT.test(nonce)) return fail(RC.signatureMissing, 'nonce format');
  if (args.devid !== undefined && !constantTimeEqual(devid, args.devid)) return fail(RC.unknownDevid, 'devid');
  const nowMs = args.nowMs ?? Date.now();
  if (checkRanddtm(randdtm, nowMs, args.windowSeconds) !== null) return fail(RC.timestampExpired, 'randdtm');
  const key = args.keyFor(sessionId);
  if (!key) return fail(RC.sessionExpired, 'session');
  const canonical = strictCanonical(args.method, args.path, randdtm, nonce, sha256Hex(bodyBytes(args.body)));
  if (!constantTimeEqual(signature.toLowerCase(), hmacSha256Hex(key, canonical))) return fail(RC.badSignature, 'signature');
  const atMs = parseRanddtm(randdtm) as number; // checked by checkRanddtm above
  if (!args.nonces.use(`${sessionId}:${nonce}`, nowMs, { sessionId, atMs })) return fail(RC.nonceReplayed, 'nonce');
  return { ok: true, sessionId };
}
