/**
 * How the `--upstream` proxy signs for the console (issue 23): the platform's own clients keep the
 * developer id and token in their configuration, and no evidence shows the platform handing them
 * to a browser, so the proxy signs every forwarded request with DEV_ID / DEV_TOKEN of its own
 * configuration and keeps the token out of every answer the browser gets.
 *
 * - Compat (the platform's scheme, protocol-facts §1.2): whatever `devid` / `randdtm` /
 *   `md5token` the browser sent (any capitalisation: Node hands header names lowercased) are
 *   replaced by the proxy's, over the API path from `/rest/…`, `/api/…` or `/status/…` as the
 *   console called it: no query, trailing slash as sent, neither the console's frame base path
 *   nor the upstream URL's own path (both belong to where things are served, not to the API).
 * - Strict (a Podium upstream in strict mode, a session key from its login): `signature`,
 *   `nonce`, `randdtm` and `sessionid` are the session's and go on untouched; only `devid`, which
 *   the HMAC does not cover and the console behind a proxy does not know, is set to DEV_ID.
 * - The proxy announces itself with {@link UPSTREAM_SIGNER_HEADER} on every forwarded answer,
 *   and removes `data.signing` from a getPlatform answer (a Podium upstream would carry it).
 */
import type { OutgoingHttpHeaders } from 'node:http';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { signCompat, SIGN_HEADERS, type DevCredentials } from '../../protocol/signing';

export { UPSTREAM_SIGNER, UPSTREAM_SIGNER_HEADER } from '../../protocol/wire';

/** The path whose answer may carry the developer token (Podium's getPlatform extension). */
export const GET_PLATFORM_PATH = '/api/v3/app/getPlatform';

/**
 * Puts the proxy's signature on forwarded request headers (changed in place and returned).
 * @param apiPath the unprefixed API path without query, e.g. `/rest/v1/meetings/verify-code`
 * @example signForwarded(headers, { devid: 'd', devtoken: 't' }, '/rest/v1/meetings/verify-code', Date.now())
 */
export function signForwarded(headers: OutgoingHttpHeaders, signer: DevCredentials, apiPath: string, nowMs: number): OutgoingHttpHeaders {
  const strict = headers[SIGN_HEADERS.signature] !== undefined && headers[SIGN_HEADERS.nonce] !== undefined;
  delete headers[SIGN_HEADERS.md5token];
  if (strict) {
    headers[SIGN_HEADERS.devid] = signer.devid;
    return headers;
  }
  // a half-strict request (a nonce or signature alone) is no strict request: compat replaces it all
  delete headers[SIGN_HEADERS.signature];
  delete headers[SIGN_HEADERS.nonce];
  Object.assign(headers, signCompat(signer, apiPath, nowMs));
  return headers;
}

/**
 * What to do with a getPlatform answer: forward it as it came (`unchanged`: not JSON, or no
 * `data.signing`), forward `body` instead (the answer without `data.signing`, always plain), or
 * refuse it (`unreadable`: an encoding that cannot be read, so a token in it could not be taken
 * out). `encoding` is the answer's `Content-Encoding`.
 */
export type StripOutcome = { kind: 'unchanged' } | { kind: 'rewritten'; body: Buffer } | { kind: 'unreadable' };

export function withoutSigning(body: Buffer, encoding: string | undefined): StripOutcome {
  let text: string;
  try {
    text = decode(body, encoding).toString('utf8');
  } catch {
    return { kind: 'unreadable' };
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { kind: 'unchanged' };
  }
  if (!isObject(parsed) || !isObject(parsed.data) || !('signing' in parsed.data)) return { kind: 'unchanged' };
  delete parsed.data.signing;
  return { kind: 'rewritten', body: Buffer.from(JSON.stringify(parsed), 'utf8') };
}

/** Answer headers for a rewritten body: its own length, no encoding, no stale validators. */
export function rewrittenHeaders(headers: OutgoingHttpHeaders, length: number): OutgoingHttpHeaders {
  const out: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) {
    if (['content-length', 'content-encoding', 'etag', 'content-md5', 'digest'].includes(name)) continue;
    out[name] = value;
  }
  out['content-length'] = String(length);
  return out;
}

function decode(body: Buffer, encoding: string | undefined): Buffer {
  switch ((encoding ?? 'identity').trim().toLowerCase()) {
    case 'gzip':
    case 'x-gzip':
      return gunzipSync(body);
    case 'deflate':
      return inflateSync(body);
    case 'br':
      return brotliDecompressSync(body);
    case 'identity':
    case '':
      return body;
    default:
      throw new Error(`unknown content-encoding ${encoding}`);
  }
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
