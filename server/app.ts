/**
 * The HTTP platform of the reference server: one node:http server for the API and the built
 * console. For each API request, in order:
 *
 * 1. URL parsed, frame base path stripped (prefixed and unprefixed paths both work);
 * 2. route matched (unknown path 404, wrong method 405, each with a result code);
 * 3. body read with a 256 KiB cap (413);
 * 4. signature checked for `/rest`, `/status`, `/oem` (401 with the failing check's code);
 *    per-session paths also need a live session (404 `sessionExpired` otherwise) and get
 *    `req.session`;
 * 5. `AES:` body decrypted when API_AES_MODE=1 on the AES paths, JSON parsed (400), string
 *    fields ≤ 5000 characters (400);
 * 6. handler run; a thrown refusal (`{ status, result }`) becomes that answer, anything else a
 *    logged 500 with {@link RC.internalError}. The process never crashes on input.
 *
 * The engine plugs in through {@link AppDeps}: `engine` (the {@link EngineFacade} login and
 * signing need) and `routes` (callbacks that add the engine's routes to the router).
 */
import { createServer as createHttpServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { deriveAesKey, encryptBody, decryptBody, isEncrypted, shouldEncrypt, AesError } from '../protocol/aes';
import { RC } from '../protocol/codes';
import { LoginGuard, type LoginGuardOptions } from './auth/loginGuard';
import { registerLoginRoutes, verifyCodeLimit } from './auth/loginRoutes';
import { limitPreSessionRoutes } from './auth/attemptLimits';
import { LoginTrust } from './auth/loginTrust';
import { ResumeTokens } from './auth/resumeTokens';
import { compatBindingHolds } from './auth/sessionBinding';
import { SessionNonces } from './auth/sessionNonces';
import { VerifyCodes } from './auth/verifyCodes';
import { VERIFY_CODE_ALPHABET, type Config } from './config';
import type { EngineFacade } from './engine/facade';
import { createMemoryStore } from './store/memoryStore';
import type { Store } from './store/types';
import { decodeUtf8, parseJson, readBody } from './http/body';
import { asRefusal, errorBody, HttpError } from './http/errors';
import { registerPlatformRoutes } from './http/platformRoutes';
import { ClientGoneSignal, isChunkList, Router, type ApiRequest, type ApiResult } from './http/router';
import { checkSignature, needsSignature, sessionPathParts } from './http/signature';
import { serveStatic } from './http/static';
import { sendCompressed } from './http/compressAnswer';
import { pageSecurityHeaders } from './http/securityHeaders';
import { listenSafely, type ListenOptions } from './http/listen';

export interface Logger {
  info(message: string): void;
  warn(message: string): void;
  error(message: string, error?: unknown): void;
}

export const consoleLogger: Logger = {
  info: (m) => console.log(m),
  warn: (m) => console.warn(m),
  error: (m, e) => console.error(m, e ?? ''),
};

export interface AppDeps {
  engine: EngineFacade;
  /** adds other parts' routes (the engine's session routes) after the platform's own */
  routes?: Array<(router: Router) => void>;
  log?: Logger;
  /** wall clock, ms (signature windows, verify-code expiry, attempt windows) */
  now?: () => number;
  /** brute-force limits; tests shorten the delays */
  loginGuard?: LoginGuardOptions;
  /** how a failed login's answer is held back (tests record instead of waiting) */
  sleep?: (ms: number) => Promise<void>;
  /** verify codes one client address may fetch per minute (default 300) */
  verifyCodesPerMinute?: number;
  /** where resume tokens are kept (hashed) so they survive a restart; default in memory */
  store?: Store;
  /** how long a resume token stays usable (default 12 h) */
  resumeMaxAgeMs?: number;
  /** strict signing: nonces remembered per session (default 4096, auth/sessionNonces.ts) */
  noncesPerSession?: number;
  /** connection limits and request timeouts (defaults in http/listen.ts; tests shorten them) */
  listen?: ListenOptions;
}

export interface RunningServer {
  /** where the console is served: origin plus base path, no trailing slash */
  url: string;
  /** origin only (`http://127.0.0.1:8080`) */
  origin: string;
  port: number;
  server: Server;
  /** stops accepting, ends pending long polls, closes every connection */
  close(): Promise<void>;
}

const API_PREFIXES = ['/rest/', '/api/', '/status/', '/oem/', '/app1/'];

/** Whether an (unprefixed) path belongs to the API rather than the console's files. */
export function isApiPath(path: string): boolean {
  return API_PREFIXES.some((p) => path.startsWith(p));
}

/** Removes the frame base path; paths without it are returned unchanged. */
export function stripBasePath(basePath: string, path: string): string {
  if (basePath === '') return path;
  if (path === basePath) return '/';
  if (path.startsWith(`${basePath}/`)) return path.slice(basePath.length);
  return path;
}

/** Client address: the socket's, or the proxy-appended X-Forwarded-For entry when trusted. */
export function clientIp(req: IncomingMessage, trustProxy: boolean): string {
  if (trustProxy) {
    const fwd = req.headers['x-forwarded-for'];
    const list = (Array.isArray(fwd) ? fwd.join(',') : (fwd ?? ''))
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    if (list.length > 0) return list[list.length - 1];
  }
  const addr = req.socket.remoteAddress ?? '';
  return addr.startsWith('::ffff:') ? addr.slice(7) : addr;
}

/**
 * Creates and starts the server (`config.port` 0 picks a free port).
 * @example const srv = await createServer(testConfig(), { engine }); await fetch(`${srv.url}/api/v3/app/getPlatform`);
 */
export async function createServer(config: Config, deps: AppDeps): Promise<RunningServer> {
  const log = deps.log ?? consoleLogger;
  const now = deps.now ?? Date.now;
  const engine = deps.engine;
  const router = new Router();
  const pageHeaders = pageSecurityHeaders(config.frameAncestors);
  const active = new Set<ClientGoneSignal>();
  let listeningPort = config.port;
  const store = deps.store ?? createMemoryStore();
  const nonces = new SessionNonces({ perSession: deps.noncesPerSession, store, now });
  const resume = new ResumeTokens(store, { now, maxAgeMs: deps.resumeMaxAgeMs });
  const stopRevocations = engine.onResumeRevoked?.((r) =>
    r.kind === 'session' ? resume.revokeSession(r.sessId) : resume.revokeMeeting(r.mrId),
  );

  registerPlatformRoutes(router, { config, port: () => listeningPort });
  // one guard, trust list and verify-code budget for every login (meeting and management)
  const guard = new LoginGuard({ now, store, ...deps.loginGuard });
  const trust = new LoginTrust(store, { now });
  const codeLimit = verifyCodeLimit(deps.verifyCodesPerMinute, now);
  const sleep = deps.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  registerLoginRoutes(router, {
    engine,
    codes: new VerifyCodes({ alphabet: VERIFY_CODE_ALPHABET, fixedCode: config.captchaTestCode, now }),
    guard,
    signing: config.signing,
    wire: config.wire,
    now,
    sleep,
    log: (m) => log.info(m),
    // (podium) the platform has no session resume
    resume: config.wire === 'platform' ? undefined : resume,
    codeLimit,
    trust,
  });
  for (const add of deps.routes ?? []) add(router);
  limitPreSessionRoutes(router, { guard, codeLimit, trust, engine, sleep, log: (m) => log.info(m) });

  const signatureContext = {
    mode: config.signing,
    devId: config.devId,
    devToken: config.devToken,
    nonces,
    getSession: (id: string) => engine.getSession(id),
    now,
  };

  async function handleApi(
    req: IncomingMessage,
    res: ServerResponse,
    path: string,
    fullPath: string,
    query: URLSearchParams,
  ): Promise<void> {
    const method = (req.method ?? 'GET').toUpperCase();
    const match = router.match(method, path);
    if (!('handler' in match)) {
      drain(req);
      if (match.methodMismatch) return sendResult(res, { status: 405, body: errorBody(RC.notImplemented, 'method') });
      return sendResult(res, { status: 404, body: errorBody(RC.notImplemented, 'path') });
    }

    const rawBody = await readBody(req);

    let session: ApiRequest['session'];
    let sessionKey: Uint8Array | undefined;
    const ip = clientIp(req, config.trustProxy);
    const parts = sessionPathParts(path);
    const pathSession = parts ? engine.getSession(parts.sessId) : undefined;
    if (parts && (!pathSession || pathSession.mrId !== parts.mrId)) throw new HttpError(404, RC.sessionExpired, 'session');
    if (needsSignature(path)) {
      let outcome = checkSignature(signatureContext, method, path, req.headers, rawBody);
      if (!outcome.ok && outcome.code === RC.badSignature && fullPath !== path) {
        // a client that signed the URL path with the frame prefix (the platform's own clients
        // sign the whole path) is accepted too; the nonce is only spent by a valid signature
        const retry = checkSignature(signatureContext, method, path, req.headers, rawBody, fullPath);
        if (retry.ok) outcome = retry;
      }
      if (!outcome.ok) throw new HttpError(401, outcome.code, outcome.detail);
      // compat-signed: the session id is no credential by itself (auth/sessionBinding.ts)
      if (pathSession && !outcome.session && !compatBindingHolds(pathSession.peerIp, ip)) {
        throw new HttpError(404, RC.sessionExpired, 'session');
      }
      if (outcome.session) sessionKey = outcome.session.signKey;
      const s = parts ? engine.getSession(parts.sessId) : outcome.session;
      if (s) session = { sessId: s.sessId, mrId: s.mrId, role: s.role };
    }

    const aesKey = config.apiAesMode === 1 && shouldEncrypt(path) ? deriveAesKey(config.devToken, sessionKey) : undefined;
    let text = decodeUtf8(rawBody);
    if (aesKey) text = decryptIfWrapped(aesKey, text);
    const body = parseJson(text);

    const controller = new ClientGoneSignal();
    active.add(controller);
    const onClose = () => {
      if (!res.writableFinished) controller.abort();
    };
    res.on('close', onClose);
    const apiReq: ApiRequest = {
      method,
      path,
      params: match.params,
      query,
      headers: req.headers,
      body,
      rawBody,
      ip,
      signal: controller,
      session,
    };
    try {
      const result = await match.handler(apiReq);
      sendResult(res, result, aesKey);
    } finally {
      active.delete(controller);
      res.off('close', onClose);
    }
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    let url: URL;
    try {
      url = new URL(req.url ?? '/', 'http://localhost');
    } catch {
      drain(req);
      return sendResult(res, { status: 400, body: errorBody(RC.fieldWrongType, 'url') });
    }
    const path = stripBasePath(config.basePath, url.pathname);
    try {
      if (isApiPath(path)) {
        await handleApi(req, res, path, url.pathname, url.searchParams);
        return;
      }
      const method = (req.method ?? 'GET').toUpperCase();
      drain(req);
      if ((method === 'GET' || method === 'HEAD') && (await serveStatic(config.distDir, path, method, res, pageHeaders))) return;
      sendResult(res, { status: method === 'GET' || method === 'HEAD' ? 404 : 405, body: errorBody(RC.notImplemented, 'path') });
    } catch (e) {
      const refusal = asRefusal(e);
      if (refusal) {
        if (refusal.status === 413) res.setHeader('Connection', 'close');
        drain(req);
        sendResult(res, { status: refusal.status, body: errorBody(refusal.result, refusal.detail), headers: refusal.headers });
        return;
      }
      if (clientWentAway(req, e)) {
        // the client aborted mid-request: nothing failed here, and nobody is left to answer
        log.info(`${req.method} ${path}: client went away before the request was complete`);
        req.destroy();
        return;
      }
      log.error(`${req.method} ${path} failed`, e);
      drain(req);
      sendResult(res, { status: 500, body: errorBody(RC.internalError) });
    }
  }

  // the request timers are checked this often (Node's default of 30 s would double them)
  const server = createHttpServer({ connectionsCheckingInterval: 1_000 }, (req, res) => {
    handle(req, res).catch((e) => {
      // last line of defence: even a failure while answering must not take the process down
      log.error('request handling failed', e);
      if (!res.headersSent) sendResult(res, { status: 500, body: errorBody(RC.internalError) });
      else res.destroy();
    });
  });
  await listenSafely(server, config.port, config.host, {
    // behind a trusted proxy every connection comes from the proxy: limiting them is its job
    maxConnectionsPerAddress: config.trustProxy ? 0 : undefined,
    ...deps.listen,
  });
  listeningPort = (server.address() as AddressInfo).port;
  const origin = `http://${displayHost(config.host)}:${listeningPort}`;

  let closing: Promise<void> | null = null;
  return {
    url: origin + config.basePath,
    origin,
    port: listeningPort,
    server,
    close() {
      closing ??= new Promise<void>((resolve) => {
        stopRevocations?.();
        for (const c of active) c.abort();
        server.close(() => resolve());
        server.closeIdleConnections();
        // long polls answer on abort; anything still open after a moment is cut
        setTimeout(() => server.closeAllConnections(), 1000).unref();
      });
      return closing;
    },
  };
}

export function displayHost(host: string): string {
  if (host === '0.0.0.0' || host === '::' || host === '') return '127.0.0.1';
  return host.includes(':') ? `[${host}]` : host;
}

/** Accepts both the raw `AES:…` text and a JSON string holding it. */
function decryptIfWrapped(key: Uint8Array, text: string): string {
  const trimmed = text.trim();
  let envelope: string | undefined;
  if (isEncrypted(trimmed)) envelope = trimmed;
  else if (trimmed.startsWith('"AES:')) {
    try {
      const parsed: unknown = JSON.parse(trimmed);
      if (typeof parsed === 'string') envelope = parsed;
    } catch {
      throw new HttpError(400, RC.malformedJson, 'aes');
    }
  }
  if (envelope === undefined) return text;
  try {
    return decryptBody(key, envelope);
  } catch (e) {
    if (e instanceof AesError) throw new HttpError(400, RC.malformedJson, 'aes');
    throw e;
  }
}

/** Whether a failure is the client aborting its own request (reset mid-body). */
function clientWentAway(req: IncomingMessage, e: unknown): boolean {
  const code = (e as { code?: unknown } | null)?.code;
  return code === 'ECONNRESET' || code === 'ECONNABORTED' || (req.destroyed && !req.complete);
}

/** Discards an unread body so the connection can serve the next request. */
function drain(req: IncomingMessage): void {
  if (!req.readableEnded) req.resume();
}

function sendResult(res: ServerResponse, result: ApiResult, aesKey?: Uint8Array): void {
  if (res.headersSent || res.destroyed) return;
  const headers: Record<string, string> = {
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
    ...result.headers,
  };
  let payload: Buffer | string | undefined;
  let chunks: Buffer[] | undefined;
  const b = result.body;
  const isJson = /json/i.test(headers['Content-Type'] ?? headers['content-type'] ?? '');
  if (b === undefined) payload = undefined;
  else if (Buffer.isBuffer(b) || isChunkList(b)) {
    if (aesKey && isJson) {
      // JSON answers prepared as bytes (snapshots, polls) are encrypted like any other on AES paths
      payload = encryptBody(aesKey, (Buffer.isBuffer(b) ? b : Buffer.concat(b)).toString('utf8'));
      headers['Content-Type'] = 'text/plain; charset=utf-8';
    } else {
      if (Buffer.isBuffer(b)) payload = b;
      else chunks = b;
      headers['Content-Type'] ??= 'application/octet-stream';
    }
  } else if (typeof b === 'string') {
    if (aesKey && isJson) {
      payload = encryptBody(aesKey, b);
      headers['Content-Type'] = 'text/plain; charset=utf-8';
    } else {
      payload = b;
      headers['Content-Type'] ??= 'text/plain; charset=utf-8';
    }
  } else {
    const jsonText = JSON.stringify(b);
    if (aesKey) {
      payload = encryptBody(aesKey, jsonText);
      headers['Content-Type'] = 'text/plain; charset=utf-8';
    } else {
      payload = jsonText;
      headers['Content-Type'] ??= 'application/json; charset=utf-8';
    }
  }
  // JSON and text over 1 KiB go out compressed when the client accepts it (http/compressAnswer.ts)
  if (result.status !== 204 && result.status !== 304 && sendCompressed(res, result.status, headers, chunks ?? payload)) return;
  if (chunks) {
    headers['Content-Length'] = String(chunks.reduce((n, c) => n + c.length, 0));
    res.writeHead(result.status, headers);
    for (const c of chunks) res.write(c);
    res.end();
    return;
  }
  // a large text is encoded once here, not once to count its bytes and again to send them
  if (typeof payload === 'string' && payload.length > 1024) payload = Buffer.from(payload, 'utf8');
  headers['Content-Length'] = String(payload === undefined ? 0 : Buffer.byteLength(payload));
  res.writeHead(result.status, headers);
  res.end(payload);
}
