/**
 * Starting an HTTP server the same way in every mode (reference server, upstream proxy), with
 * the connection-level limits of issue 17 item 8:
 *
 * - a request Node refuses before any handler runs (malformed HTTP, an unknown method, headers
 *   too large, a request not received in time) is answered with a status *and* a result code of
 *   protocol/codes.ts, then the connection is closed — never Node's bare 400. Nothing that
 *   arrives on it after that answer is read or run (RFC 9112 §9.6): Node's request timer also
 *   refuses a connection the browser opened but has not used for {@link HEADERS_TIMEOUT_MS}, and
 *   a request the browser sends on it at that moment used to be run, its answer lost with the
 *   connection, while Chromium, given a 408 on a connection it reuses, sends the same request
 *   again on a new one: a strictly signed read then arrived twice and the second copy was refused
 *   as a replayed nonce (401, result 1010);
 * - the headers must arrive within {@link HEADERS_TIMEOUT_MS} and the whole request (headers and
 *   body) within {@link REQUEST_TIMEOUT_MS}: a slow body is not held for minutes. Answers may
 *   take longer (a long poll is held up to 60 s), and an idle connection is closed after
 *   {@link SOCKET_IDLE_MS};
 * - one client address holds at most {@link MAX_CONNECTIONS_PER_ADDRESS} connections at once;
 *   further ones are closed at once. Behind a trusted reverse proxy every connection comes from
 *   the proxy, so the limit is the proxy's job there (`maxConnectionsPerAddress: 0`).
 *
 * Listening resolves once the port is bound or rejects with the bind error (port in use).
 */
import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import { CMD } from '../../protocol/cmdids';
import { RC } from '../../protocol/codes';

/**
 * Connections the kernel queues before they are accepted (capped by net.core.somaxconn). Node's
 * 511 resets clients when thousands of controllers (re)connect at once, e.g. after a network cut:
 * each then retries and holds its poll later.
 */
export const LISTEN_BACKLOG = 4096;

export const HEADERS_TIMEOUT_MS = 10_000;
export const REQUEST_TIMEOUT_MS = 30_000;
export const SOCKET_IDLE_MS = 120_000;
export const MAX_CONNECTIONS_PER_ADDRESS = 64;

export interface ListenOptions {
  /** 0 = unlimited (behind a trusted proxy) */
  maxConnectionsPerAddress?: number;
  headersTimeoutMs?: number;
  requestTimeoutMs?: number;
}

/** The answer of a request refused by the HTTP parser or a timer, by Node's error code. */
export function clientErrorAnswer(code: string | undefined): { status: number; reason: string; result: number; detail: string } {
  switch (code) {
    case 'HPE_INVALID_METHOD':
      // Node cannot tell a method it does not know from garbage on the socket: both are 400
      return { status: 400, reason: 'Bad Request', result: RC.notImplemented, detail: 'method' };
    case 'HPE_HEADER_OVERFLOW':
      return { status: 431, reason: 'Request Header Fields Too Large', result: RC.fieldTooLong, detail: 'headers' };
    case 'ERR_HTTP_REQUEST_TIMEOUT':
    case 'ERR_HTTP_HEADERS_TIMEOUT':
      return { status: 408, reason: 'Request Timeout', result: RC.connectionTimeout, detail: 'timeout' };
    default:
      return { status: 400, reason: 'Bad Request', result: RC.fieldWrongType, detail: 'http' };
  }
}

export async function listenSafely(server: Server, port: number, host: string, options: ListenOptions = {}): Promise<void> {
  server.headersTimeout = options.headersTimeoutMs ?? HEADERS_TIMEOUT_MS;
  server.requestTimeout = options.requestTimeoutMs ?? REQUEST_TIMEOUT_MS;
  server.timeout = SOCKET_IDLE_MS;
  server.on('clientError', (err: NodeJS.ErrnoException, socket: Socket) => {
    if (!socket.writable || err.code === 'ECONNRESET') {
      socket.destroy();
      return;
    }
    const a = clientErrorAnswer(err.code);
    const body = JSON.stringify({ cmdid: CMD.error, result: a.result, detail: a.detail });
    // nothing that arrives after this answer is read, let alone run (see the top of this file),
    // and the connection is closed once the answer is out rather than left to its idle timer
    socket.pause();
    socket.end(
      `HTTP/1.1 ${a.status} ${a.reason}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Cache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
      () => socket.destroy(),
    );
  });
  const limit = options.maxConnectionsPerAddress ?? MAX_CONNECTIONS_PER_ADDRESS;
  if (limit > 0) {
    const open = new Map<string, number>();
    server.on('connection', (socket: Socket) => {
      const addr = socket.remoteAddress ?? '';
      const n = (open.get(addr) ?? 0) + 1;
      if (n > limit) {
        socket.destroy();
        return;
      }
      open.set(addr, n);
      socket.once('close', () => {
        const left = (open.get(addr) ?? 1) - 1;
        if (left <= 0) open.delete(addr);
        else open.set(addr, left);
      });
    });
  }
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, LISTEN_BACKLOG, () => {
      server.off('error', reject);
      resolve();
    });
  });
}
