/**
 * The API request pipeline of the reference server. For each API request, in order:
 *
 * 1. route matched (unknown path 404, wrong method 405, each with a result code);
 * 2. body read with a 256 KiB cap (413);
 * 3. signature checked for `/rest`, `/status`, `/oem` (401 with the failing check's code);
 *    per-session paths also need a live session (404 `sessionExpired` otherwise) and get
 *    `req.session`;
 * 4. `AES:` body decrypted when API_AES_MODE=1 on the AES paths, JSON parsed (400), string
 *    fields ≤ 5000 characters (400);
 * 5. handler run; a thrown refusal (`{ status, result }`) becomes that answer, anything else a
 *    logged 500 with {@link RC.internalError}. The process never crashes on input.
 *
 * Before that, {@link RequestPipeline.handle} parses the URL and strips the frame base path
 * (prefixed and unprefixed paths both work) and sends what is not API to the console's files.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { deriveAesKey, encryptBody, decryptBody, isEncrypted, shouldEncrypt, AesError } from '../../protocol/aes';
import { RC } from '../../protocol/codes';
import { compatBindingHolds } from '../auth/sessionBinding';
import type { SessionNonces } from '../auth/sessionNonces';
import type { Config } from '../config';
import type { EngineFacade } from '../engine/facade';
import { decodeUtf8, parseJson, readBody } from './body';
import { asRefusal, errorBody, HttpError } from './errors';
import { ClientGoneSignal, isChunkList, type ApiRequest, type ApiResult, type Router } from './router';
import { checkSignature, needsSignature, sessionPathParts } from './signature';
import { serveStatic } from './static';
import { sendCompressed } from './compressAnswer';
import { clientIp, isApiPath, stripBasePath, type Logger } from './serving';

export interface PipelineContext {
  config: Config;
  router: Router;
  engine: EngineFacade;
  nonces: SessionNonces;
  log: Logger;
  /** wall clock, ms (signature windows) */
  now: () => number;
  /** headers of the console's pages (frame ancestors and the rest) */
  pageHeaders: Record<string, string>;
}

export interface RequestPipeline {
  /** answers one request, API or console file; no input makes it throw */
  handle(req: IncomingMessage, res: ServerResponse): void;
  /** aborts every request still being handled (long polls answer at once), on close */
  abortAll(): void;
}

export function createPipeline(ctx: PipelineContext): RequestPipeline {
  const { config, router, engine, log } = ctx;
  const active = new Set<ClientGoneSignal>();
  const signatureContext = {
    mode: config.signing,
    devId: config.devId,
    devToken: config.devToken,
    nonces: ctx.nonces,
    getSession: (id: string) => engine.getSession(id),
    now: ctx.now,
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

  async function answer(req: IncomingMessage, res: ServerResponse): Promise<void> {
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
      if ((method === 'GET' || method === 'HEAD') && (await serveStatic(config.distDir, path, method, res, ctx.pageHeaders))) return;
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

  return {
    handle(req, res) {
      answer(req, res).catch((e) => {
        // last line of defence: even a failure while answering must not take the process down
        log.error('request handling failed', e);
        if (!res.headersSent) sendResult(res, { status: 500, body: errorBody(RC.internalError) });
        else res.destroy();
      });
    },
    abortAll() {
      for (const c of active) c.abort();
    },
  };
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

/** Writes an answer: JSON, text or bytes, encrypted on AES paths, compressed when worth it. */
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
