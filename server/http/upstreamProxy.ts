/**
 * The `--upstream URL` mode (UPSTREAM_URL): the server runs no engine and no store. It serves the
 * built console (with the frame base path, as usual) and forwards every API request (`/rest/`,
 * `/api/`, `/status/`, `/oem/`, `/app1/`, the paths the console calls) to a real platform, so the
 * console runs in front of it from one origin.
 *
 * Forwarding keeps the method, the path without the frame base path under the upstream URL's
 * own path, the query, every end-to-end header and the body, streamed both ways. With DEV_ID and
 * DEV_TOKEN set (`config.upstreamSigner`) the proxy signs every request itself and keeps the
 * developer token from the browser (upstreamSigning.ts); without them it forwards the browser's
 * signing headers unchanged, as before, and says once at start that it signs nothing. The client's address is appended to
 * `X-Forwarded-For` (a platform trusting its last entry sees the real client). Hop-by-hop headers
 * are dropped both ways.
 *
 * The long poll (`changes`) holds up to `block_secs` (≤ 60 s): an upstream gets
 * {@link UPSTREAM_ANSWER_TIMEOUT_MS} to start answering before the request is answered 504
 * (9998 connection timeout). An upstream that cannot be reached gives 502 with result 9988
 * (`upstreamUnreachable`); the console shows both as translated alerts.
 */
import {
  createServer as createHttpServer,
  request as httpRequest,
  Agent as HttpAgent,
  type IncomingMessage,
  type OutgoingHttpHeaders,
  type ServerResponse,
} from 'node:http';
import { request as httpsRequest, Agent as HttpsAgent } from 'node:https';
import type { AddressInfo } from 'node:net';
import { RC } from '../../protocol/codes';
import { clientIp, consoleLogger, displayHost, isApiPath, stripBasePath, type Logger, type RunningServer } from './serving';
import type { Config } from '../config';
import { errorBody } from './errors';
import { serveStatic } from './static';
import { compressorFor, forwardedCoding } from './compressAnswer';
import { listenSafely } from './listen';
import { pageSecurityHeaders } from './securityHeaders';
import {
  GET_PLATFORM_PATH,
  rewrittenHeaders,
  signForwarded,
  UPSTREAM_SIGNER,
  UPSTREAM_SIGNER_HEADER,
  withoutSigning,
} from './upstreamSigning';

/** Longest wait for the upstream's answer to start: the longest long poll (60 s) plus slack. */
export const UPSTREAM_ANSWER_TIMEOUT_MS = 90_000;

/** Headers that describe one connection, never forwarded (RFC 9110 §7.6.1). */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

export interface UpstreamProxyOptions {
  log?: Logger;
  /** how long the upstream may take to start answering, ms (tests shorten it) */
  answerTimeoutMs?: number;
  /** wall clock in ms for the proxy's `randdtm` (tests); default `Date.now` */
  now?: () => number;
}

/**
 * Starts the console server in front of `config.upstreamUrl` (`config.port` 0 picks a free port).
 * @example const proxy = await startUpstreamProxy({ ...testConfig(), upstreamUrl: 'http://127.0.0.1:8080' });
 */
export async function startUpstreamProxy(config: Config, options: UpstreamProxyOptions = {}): Promise<RunningServer> {
  if (!config.upstreamUrl) throw new Error('startUpstreamProxy needs config.upstreamUrl');
  const log = options.log ?? consoleLogger;
  const answerTimeoutMs = options.answerTimeoutMs ?? UPSTREAM_ANSWER_TIMEOUT_MS;
  const now = options.now ?? Date.now;
  const signer = config.upstreamSigner;
  if (signer) log.info(`signing every forwarded request as devid ${signer.devid} (DEV_ID, DEV_TOKEN); the console sends none`);
  else {
    log.warn(
      'DEV_ID and DEV_TOKEN are not set: requests go to the platform unsigned by this server, with whatever the browser sent; ' +
        'the console can sign only if the platform hands it credentials (no public evidence shows one doing so)',
    );
  }
  const upstream = new URL(config.upstreamUrl);
  const secure = upstream.protocol === 'https:';
  const upstreamPath = upstream.pathname.replace(/\/+$/, '');
  // A connection per request, no cap on their number (each console holds a long poll). Reusing
  // idle connections would race the platform closing them (a request sent on a socket it is
  // closing fails as unreachable), and the streamed body could not be sent again.
  const agent = secure ? new HttpsAgent({ keepAlive: false }) : new HttpAgent({ keepAlive: false });
  const inFlight = new Set<{ destroy(): void }>();
  let reachable = true;

  function forward(req: IncomingMessage, res: ServerResponse, path: string, search: string): void {
    const headers = forwardedRequestHeaders(req, upstream.host, clientIp(req, false));
    const getPlatform = signer !== undefined && path === GET_PLATFORM_PATH;
    if (signer) signForwarded(headers, signer, path, now());
    // the answer is read to take the token out: ask for it plain (it is small)
    if (getPlatform) headers['accept-encoding'] = 'identity';
    const send = secure ? httpsRequest : httpRequest;
    const outgoing = send({
      protocol: upstream.protocol,
      // an IPv6 literal comes bracketed in a URL, but not in a socket address
      hostname: upstream.hostname.replace(/^\[(.*)\]$/, '$1'),
      port: upstream.port || undefined,
      method: req.method,
      path: upstreamPath + path + search,
      headers,
      agent,
    });
    inFlight.add(outgoing);
    const answerTimer = setTimeout(() => outgoing.destroy(new UpstreamTimeout()), answerTimeoutMs);

    outgoing.on('response', (answer) => {
      clearTimeout(answerTimer);
      if (!reachable) log.info(`upstream ${config.upstreamUrl} answers again`);
      reachable = true;
      const headers = forwardedResponseHeaders(answer);
      if (signer) headers[UPSTREAM_SIGNER_HEADER] = UPSTREAM_SIGNER;
      answer.on('error', () => res.destroy());
      answer.on('end', () => inFlight.delete(outgoing));
      if (getPlatform) {
        passWithoutSigning(answer, res, headers);
        return;
      }
      // a platform that sends its answers plain gets them compressed here, for the browser's link
      const coding = forwardedCoding(req.method, answer.statusCode ?? 502, req.headers['accept-encoding'], answer.headers);
      if (coding !== 'identity') {
        delete headers['content-length'];
        headers['content-encoding'] = coding;
        headers.vary = headers.vary ? `${String(headers.vary)}, Accept-Encoding` : 'Accept-Encoding';
        res.writeHead(answer.statusCode ?? 502, answer.statusMessage, headers);
        answer.pipe(compressorFor(coding)).pipe(res);
        return;
      }
      res.writeHead(answer.statusCode ?? 502, answer.statusMessage, headers);
      answer.pipe(res);
    });
    outgoing.on('error', (e) => {
      clearTimeout(answerTimer);
      inFlight.delete(outgoing);
      if (res.headersSent) {
        // the answer broke off half-way: the client must see a broken answer, not a short one
        res.destroy();
        return;
      }
      if (e instanceof UpstreamTimeout) {
        log.warn(`upstream ${config.upstreamUrl} did not answer ${req.method} ${path} within ${answerTimeoutMs} ms`);
        sendJson(res, 504, errorBody(RC.connectionTimeout, 'upstream'));
        return;
      }
      if (reachable) log.warn(`upstream ${config.upstreamUrl} cannot be reached: ${(e as NodeJS.ErrnoException).code ?? e.message}`);
      reachable = false;
      sendJson(res, 502, errorBody(RC.upstreamUnreachable, 'upstream'));
    });
    // the client gave up (a console closing its long poll): stop waiting for the upstream too
    res.on('close', () => {
      if (!res.writableFinished) {
        clearTimeout(answerTimer);
        inFlight.delete(outgoing);
        outgoing.destroy();
      }
    });
    req.pipe(outgoing);
  }

  const pageHeaders = pageSecurityHeaders(config.frameAncestors);
  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    let url: URL;
    try {
      url = new URL(req.url ?? '/', 'http://localhost');
    } catch {
      req.resume();
      return sendJson(res, 400, errorBody(RC.fieldWrongType, 'url'));
    }
    const path = stripBasePath(config.basePath, url.pathname);
    if (isApiPath(path)) return forward(req, res, path, url.search);
    const method = (req.method ?? 'GET').toUpperCase();
    req.resume();
    if ((method === 'GET' || method === 'HEAD') && (await serveStatic(config.distDir, path, method, res, pageHeaders))) return;
    sendJson(res, method === 'GET' || method === 'HEAD' ? 404 : 405, errorBody(RC.notImplemented, 'path'));
  }

  const server = createHttpServer((req, res) => {
    handle(req, res).catch((e) => {
      log.error('request handling failed', e);
      if (!res.headersSent) sendJson(res, 500, errorBody(RC.internalError));
      else res.destroy();
    });
  });
  // a long poll may be held for a minute: keep the incoming side open longer than the upstream wait
  await listenSafely(server, config.port, config.host, {
    requestTimeoutMs: answerTimeoutMs + 30_000,
    maxConnectionsPerAddress: config.trustProxy ? 0 : undefined,
  });
  const port = (server.address() as AddressInfo).port;
  const origin = `http://${displayHost(config.host)}:${port}`;
  let closing: Promise<void> | null = null;
  return {
    url: origin + config.basePath,
    origin,
    port,
    server,
    close() {
      closing ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const outgoing of inFlight) outgoing.destroy();
        server.closeIdleConnections();
        setTimeout(() => server.closeAllConnections(), 1000).unref();
        agent.destroy();
      });
      return closing;
    },
  };
}

/** Forwards a getPlatform answer with `data.signing` taken out: read whole, rewritten, new length. */
function passWithoutSigning(answer: IncomingMessage, res: ServerResponse, headers: OutgoingHttpHeaders): void {
  const chunks: Buffer[] = [];
  answer.on('data', (c: Buffer) => chunks.push(c));
  answer.on('end', () => {
    if (res.destroyed) return;
    const body = Buffer.concat(chunks);
    const encoding = answer.headers['content-encoding'];
    const outcome = withoutSigning(body, encoding);
    if (outcome.kind === 'unreadable') {
      // a token in it could not be taken out: better no answer than the token in the browser
      sendJson(res, 502, errorBody(RC.upstreamUnreachable, 'getPlatform encoding'));
      return;
    }
    const out = outcome.kind === 'rewritten' ? outcome.body : body;
    const sent =
      outcome.kind === 'rewritten' ? rewrittenHeaders(headers, out.length) : { ...headers, 'content-length': String(out.length) };
    delete sent['transfer-encoding'];
    res.writeHead(answer.statusCode ?? 502, answer.statusMessage, sent);
    res.end(out);
  });
}

class UpstreamTimeout extends Error {
  constructor() {
    super('upstream answer timed out');
    this.name = 'UpstreamTimeout';
  }
}

/** Names listed in a `Connection` header are hop-by-hop too. */
function connectionTokens(value: string | string[] | undefined): Set<string> {
  const text = Array.isArray(value) ? value.join(',') : (value ?? '');
  return new Set(
    text
      .split(',')
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean),
  );
}

/** The request's end-to-end headers for the upstream: its own Host, the client appended to X-Forwarded-For. */
export function forwardedRequestHeaders(req: IncomingMessage, upstreamHost: string, client: string): OutgoingHttpHeaders {
  const dropped = connectionTokens(req.headers.connection);
  const headers: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined || HOP_BY_HOP.has(name) || dropped.has(name) || name === 'host') continue;
    headers[name] = value;
  }
  const prior = req.headers['x-forwarded-for'];
  const chain = (Array.isArray(prior) ? prior.join(', ') : prior)?.trim();
  headers['x-forwarded-for'] = chain ? `${chain}, ${client}` : client;
  headers['x-forwarded-proto'] ??= 'http';
  if (req.headers.host) headers['x-forwarded-host'] ??= req.headers.host;
  headers.host = upstreamHost;
  return headers;
}

/** The upstream answer's end-to-end headers for the client. */
function forwardedResponseHeaders(answer: IncomingMessage): OutgoingHttpHeaders {
  const dropped = connectionTokens(answer.headers.connection);
  const headers: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(answer.headers)) {
    if (value === undefined || HOP_BY_HOP.has(name) || dropped.has(name)) continue;
    headers[name] = value;
  }
  return headers;
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  if (res.headersSent || res.destroyed) return;
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': String(Buffer.byteLength(text)),
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
  });
  res.end(text);
}
