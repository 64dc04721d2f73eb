/**
 * The one place the console touches HTTP: a ky (v1) instance that signs every request, trims
 * JSON payloads, encrypts and decrypts AES bodies, and turns every outcome that is not a 2xx
 * answer into an {@link ApiError}. The login, session and platform clients are thin
 * layers on {@link Transport.request}.
 *
 * ky is used with `retry: 0` (the machines own retries) and `throwHttpErrors: false` (every
 * status is mapped here, once). The AES helpers (AES-GCM, HKDF) load with the first request of a
 * platform in AES mode, keeping them out of the login screen's script (issue 15).
 *
 * Who signs (issue 23): the console signs with the credentials getPlatform handed it (a Podium
 * extension); behind a signing `--upstream` proxy (`X-Podium-Signer: upstream` on getPlatform) it
 * sends no compat headers and the proxy signs with its own configuration; with neither it sends
 * nothing at all and throws {@link SigningUnavailableError}, which the login screen explains,
 * rather than requests the platform would refuse with a bare "bad signature".
 */
import ky, { TimeoutError } from 'ky';
import type * as Aes from '@protocol/aes';
import { DecodeError, type Decoder } from '@protocol/decode';
import { ApiError } from '@protocol/errors';
import { isPreSessionRequest, signCompat, signStrict } from '@protocol/signing';
import type { SigningMode } from '@protocol/wire';
import { defaultBaseUrl } from './basePath';
import { reportRequestAnswered, reportRequestFailure } from './failureReports';
import { trimStrings } from './trim';
import { loadCodeTexts } from '../i18n/codeTexts';

/** How to sign and whether to encrypt: what `GET /api/v3/app/getPlatform` told the console. */
export interface PlatformSettings {
  /** (podium) the credentials getPlatform handed out; absent from a platform or a signing proxy */
  signing?: { mode: SigningMode; devid: string; devtoken: string };
  /** the `--upstream` proxy announced that it signs every request (`X-Podium-Signer: upstream`) */
  upstreamSigns?: boolean;
  /** `func_enabled.api_aes_mode === 1` */
  aesMode: boolean;
}

/**
 * Why the console cannot send signed requests to this platform:
 * - `noCredentials`: getPlatform carried no `signing` and no proxy said it signs;
 * - `aesNeedsToken`: `api_aes_mode` is on, and its key derives from the developer token, which
 *   a console behind a signing proxy never sees (the proxy does not encrypt for it).
 */
export type SigningProblem = 'noCredentials' | 'aesNeedsToken';

/** What stops these settings from signing, if anything. */
export function signingProblem(settings: PlatformSettings): SigningProblem | undefined {
  if (settings.aesMode && !settings.signing) return settings.upstreamSigns ? 'aesNeedsToken' : 'noCredentials';
  if (!settings.signing && !settings.upstreamSigns) return 'noCredentials';
  return undefined;
}

/** Thrown instead of sending a request the console cannot sign (see {@link SigningProblem}). */
export class SigningUnavailableError extends Error {
  constructor(
    readonly problem: SigningProblem,
    readonly url: string,
  ) {
    super(`cannot sign ${url}: ${problem}`);
    this.name = 'SigningUnavailableError';
  }
}

/** The strict-signing identity of a logged-in session. */
export interface SessionSigning {
  sessId: string;
  /** raw HMAC key decoded from the login's `sign_key`; absent in compat mode */
  key?: Uint8Array;
}

/** Options every client factory takes. */
export interface ClientOptions {
  /**
   * Origin plus frame prefix the API is reached at, e.g. `http://127.0.0.1:8080` or
   * `http://127.0.0.1:8080/console`. Default: the page's origin and prefix (src/api/basePath.ts).
   */
  baseUrl?: string;
  /** fetch implementation (tests, Node); default the global one */
  fetch?: typeof fetch;
  /** wall clock in ms, for `randdtm`; default `Date.now` */
  now?: () => number;
  /** time limit of ordinary requests in ms (the long poll has none); default 20 000 */
  timeoutMs?: number;
}

export interface RequestSpec<T> {
  method: 'GET' | 'POST';
  /** unprefixed API path, e.g. `/rest/v1/meetings/verify-code` (query allowed) */
  path: string;
  /** JSON body (trimmed before sending); ignored for GET */
  body?: unknown;
  signal?: AbortSignal;
  /** sign strictly with this session when the platform is strict; compat otherwise */
  session?: SessionSigning;
  /** checks the answer; a failure becomes `ApiError('decode')` */
  decode?: Decoder<T>;
  /** false: no client time limit (the long poll; abort via `signal`) */
  timeout?: false;
  /** skip signing (getPlatform: it is how the console learns how to sign) */
  unsigned?: boolean;
  /** sees the answer's headers before it is decoded (getPlatform: the proxy's signer header) */
  onHeaders?: (headers: Headers) => void;
}

export interface Transport {
  readonly baseUrl: string;
  request<T>(spec: RequestSpec<T>): Promise<T>;
}

const DEFAULT_TIMEOUT_MS = 20_000;

/**
 * Creates the signed transport. `platform` may be a promise-returning getter so the settings are
 * fetched once, on the first signed request.
 */
export function createTransport(options: ClientOptions, platform: () => Promise<PlatformSettings | undefined>): Transport {
  const baseUrl = (options.baseUrl ?? defaultBaseUrl()).replace(/\/+$/, '');
  const now = options.now ?? Date.now;
  const http = ky.create({
    retry: 0,
    throwHttpErrors: false,
    fetch: options.fetch,
    timeout: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
  });

  // every failure is reported once (src/api/failureReports.ts) and still thrown to the caller
  async function request<T>(spec: RequestSpec<T>): Promise<T> {
    try {
      const answer = await send(spec);
      reportRequestAnswered();
      return answer;
    } catch (e) {
      if (e instanceof ApiError) {
        // a refusal is worded from the result codes' texts, loaded when first needed: before anyone
        // sees it (src/i18n/codeTexts.ts); the server answered, so it can serve them too
        if (e.kind === 'http') await loadCodeTexts().catch(() => undefined);
        reportRequestFailure(e, { method: spec.method, path: spec.path.split('?')[0], longPoll: spec.timeout === false, body: spec.body });
      }
      throw e;
    }
  }

  async function send<T>(spec: RequestSpec<T>): Promise<T> {
    const queryAt = spec.path.indexOf('?');
    const path = queryAt >= 0 ? spec.path.slice(0, queryAt) : spec.path;
    const url = baseUrl + spec.path;
    const shownUrl = url.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]*/i, '');
    const settings = spec.unsigned ? undefined : await platform();
    const problem = settings && signingProblem(settings);
    if (problem) throw new SigningUnavailableError(problem, shownUrl);
    // the session key exists only when the login said strict (session.ts); behind a proxy the
    // console has no getPlatform mode to ask, and the proxy leaves strict signatures alone
    const strict =
      (settings?.signing ? settings.signing.mode === 'strict' : !!settings?.upstreamSigns) &&
      !!spec.session?.key &&
      !isPreSessionRequest(spec.method, path);

    const devtoken = settings?.signing?.devtoken;
    const aes = settings?.aesMode ? await loadAes() : undefined;
    const aesKey =
      aes?.shouldEncrypt(path) && devtoken !== undefined ? aes.deriveAesKey(devtoken, strict ? spec.session?.key : undefined) : undefined;

    const headers: Record<string, string> = { Accept: 'application/json, text/plain, */*' };
    let body: string | undefined;
    if (spec.method === 'POST' && spec.body !== undefined) {
      const json = JSON.stringify(trimStrings(spec.body));
      if (aes && aesKey) {
        body = aes.encryptBody(aesKey, json);
        headers['Content-Type'] = 'text/plain; charset=utf-8';
      } else {
        body = json;
        headers['Content-Type'] = 'application/json; charset=utf-8';
      }
    }

    if (settings) {
      const devid = settings.signing?.devid ?? '';
      if (strict && spec.session?.key) {
        const signed: Record<string, string> = {
          ...signStrict({ devid, sessionId: spec.session.sessId, key: spec.session.key, method: spec.method, path, body, nowMs: now() }),
        };
        // the HMAC does not cover devid: behind a proxy the console does not know it, the proxy sets it
        if (!settings.signing) delete signed.devid;
        Object.assign(headers, signed);
      } else {
        if (settings.signing && !settings.upstreamSigns) Object.assign(headers, signCompat(settings.signing, path, now()));
        // names the session on calls outside its path (media statistics), as the platform's CM client does
        if (spec.session) headers.sessionid = spec.session.sessId;
      }
    }

    let res: Response;
    try {
      res = await http(url, {
        method: spec.method,
        headers,
        body,
        signal: spec.signal,
        ...(spec.timeout === false ? { timeout: false as const } : {}),
      });
    } catch (e) {
      throw transportError(e, shownUrl, spec.signal);
    }

    let text: string;
    try {
      text = await res.text();
    } catch (e) {
      throw transportError(e, shownUrl, spec.signal, res.status);
    }
    try {
      // any answer may arrive as an AES envelope; outside the AES paths it uses the platform key
      if (aes || mayBeAesEnvelope(text)) {
        const unwrap = aes ?? (await loadAes());
        const key = aesKey ?? (settings?.aesMode && devtoken !== undefined ? unwrap.deriveAesKey(devtoken) : undefined);
        text = unwrap.unwrapResponseText(key, text);
      }
    } catch (e) {
      if (e instanceof Error && e.name === 'AesError') throw new ApiError('decode', res.status, shownUrl, undefined, e.message);
      throw e;
    }

    let data: unknown;
    let parsed = true;
    if (text.trim() !== '') {
      try {
        data = JSON.parse(text);
      } catch {
        parsed = false;
        data = text;
      }
    }

    spec.onHeaders?.(res.headers);
    if (res.status < 200 || res.status > 299) throw httpError(res, shownUrl, data);
    if (!parsed) throw new ApiError('decode', res.status, shownUrl, undefined, 'not JSON');
    if (!spec.decode) return data as T;
    try {
      return spec.decode(data);
    } catch (e) {
      if (e instanceof DecodeError) throw new ApiError('decode', res.status, shownUrl, undefined, e.message);
      throw e;
    }
  }

  return { baseUrl, request };
}

let aesModule: Promise<typeof Aes> | undefined;
/** The AES helpers, loaded once, when a platform in AES mode or an `AES:` answer needs them. */
function loadAes(): Promise<typeof Aes> {
  aesModule ??= import('@protocol/aes');
  return aesModule;
}

/** Whether a text could be an `AES:` envelope, raw or as a JSON string (protocol/aes.ts decides). */
function mayBeAesEnvelope(text: string): boolean {
  const start = text.trimStart();
  return start.startsWith('AES:') || start.startsWith('"AES:');
}

/** Maps a refused answer: result code and detail from an ErrorBody or a login failure body. */
function httpError(res: Response, url: string, data: unknown): ApiError {
  let result: number | undefined;
  let detail: string | undefined;
  let retryAfter: number | undefined;
  if (data !== null && typeof data === 'object' && !Array.isArray(data)) {
    const b = data as Record<string, unknown>;
    if (typeof b.result === 'number') result = b.result;
    if (typeof b.detail === 'string') detail = b.detail;
    // login failures: `extra` is a result code ('4002') or a reason ('adhoc disabled')
    if (typeof b.extra === 'string' && b.extra !== '') {
      detail ??= b.extra;
      if (result === undefined && /^\d{3,5}$/.test(b.extra)) result = Number(b.extra);
    }
    if (typeof b.retry_after === 'number' && Number.isFinite(b.retry_after)) retryAfter = b.retry_after;
  }
  if (retryAfter === undefined) {
    const h = res.headers.get('Retry-After');
    if (h && /^\d+$/.test(h.trim())) retryAfter = Number(h.trim());
  }
  return new ApiError('http', res.status, url, result, detail, retryAfter);
}

/** Maps a request that produced no answer: aborted by the caller, timed out, or a network failure. */
function transportError(e: unknown, url: string, signal: AbortSignal | undefined, status = 0): ApiError {
  if (e instanceof ApiError) return e;
  if (signal?.aborted) return new ApiError('aborted', status, url);
  if (e instanceof TimeoutError) return new ApiError('timeout', status, url);
  if (e instanceof Error && e.name === 'AbortError') return new ApiError('aborted', status, url);
  if (e instanceof Error && e.name === 'TimeoutError') return new ApiError('timeout', status, url);
  return new ApiError('network', status, url, undefined, e instanceof Error ? e.message : String(e));
}
