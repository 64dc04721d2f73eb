/**
 * On-the-fly compression of API answers (issue 27 item 2): a JSON or text answer over
 * {@link COMPRESS_MIN_BYTES} goes out in the best coding the client accepts (encoding.ts).
 * Brotli at quality 4 and gzip at level 1 are the fast settings (bench/delivery.ts measures the
 * CPU per answer); answers of {@link ASYNC_MIN_BYTES} or more (a snapshot of a big meeting) are
 * compressed on libuv's thread pool, so the event loop that serves every long poll never waits
 * for them.
 */
import type { ServerResponse } from 'node:http';
import { brotliCompress, brotliCompressSync, constants, createBrotliCompress, createGzip, gzip, gzipSync } from 'node:zlib';
import type { Transform } from 'node:stream';
import { preferredCoding, type Coding } from './encoding';

/** Below this a compressed answer saves less than a packet and costs CPU: sent as it is. */
export const COMPRESS_MIN_BYTES = 1024;
/** From this size on the compression runs off the event loop. */
export const ASYNC_MIN_BYTES = 64 * 1024;
const COMPRESSIBLE = /json|^text\/|javascript|xml/i;

export const API_BROTLI_OPTIONS = {
  params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT },
};
export const API_GZIP_OPTIONS = { level: 1 };

/** The coding an answer of `length` bytes with these headers goes out in, for this request. */
export function answerCoding(acceptEncoding: string | string[] | undefined, headers: Record<string, string>, length: number): Coding {
  if (length < COMPRESS_MIN_BYTES) return 'identity';
  if (headers['Content-Encoding'] ?? headers['content-encoding']) return 'identity';
  if (!COMPRESSIBLE.test(headers['Content-Type'] ?? headers['content-type'] ?? '')) return 'identity';
  return preferredCoding(acceptEncoding, ['br', 'gzip']);
}

/** Compresses `body` in `coding` on the calling thread (small answers, the bench). */
export function compressNow(coding: Exclude<Coding, 'identity'>, body: Buffer): Buffer {
  return coding === 'br' ? brotliCompressSync(body, API_BROTLI_OPTIONS) : gzipSync(body, API_GZIP_OPTIONS);
}

function compressLater(coding: Exclude<Coding, 'identity'>, body: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const done = (e: Error | null, out: Buffer) => (e ? reject(e) : resolve(out));
    if (coding === 'br') brotliCompress(body, API_BROTLI_OPTIONS, done);
    else gzip(body, API_GZIP_OPTIONS, done);
  });
}

/**
 * Sends the answer compressed when it qualifies and returns true; returns false (nothing sent)
 * when it goes out as it is. `headers` get Content-Encoding, Content-Length and Vary.
 */
export function sendCompressed(
  res: ServerResponse,
  status: number,
  headers: Record<string, string>,
  body: Buffer | string | Buffer[] | undefined,
): boolean {
  if (body === undefined) return false;
  const length = Array.isArray(body) ? body.reduce((n, c) => n + c.length, 0) : Buffer.byteLength(body);
  const coding = answerCoding(res.req?.headers['accept-encoding'], headers, length);
  if (coding === 'identity') {
    // the answer would have been compressed for another client: caches must tell them apart
    if (length >= COMPRESS_MIN_BYTES) headers['Vary'] = 'Accept-Encoding';
    return false;
  }
  const bytes = Array.isArray(body) ? Buffer.concat(body, length) : Buffer.isBuffer(body) ? body : Buffer.from(body, 'utf8');
  const send = (out: Buffer) => {
    if (res.headersSent || res.destroyed) return;
    res.writeHead(status, { ...headers, 'Content-Encoding': coding, 'Content-Length': String(out.length), Vary: 'Accept-Encoding' });
    res.end(out);
  };
  if (length < ASYNC_MIN_BYTES) {
    send(compressNow(coding, bytes));
    return true;
  }
  compressLater(coding, bytes).then(send, () => {
    // compression cannot fail on a buffer short of memory exhaustion; send it plain then
    if (res.headersSent || res.destroyed) return;
    res.writeHead(status, { ...headers, 'Content-Length': String(length), Vary: 'Accept-Encoding' });
    res.end(bytes);
  });
  return true;
}

/** A streaming compressor at the API settings (the --upstream server compresses what it forwards). */
export function compressorFor(coding: Exclude<Coding, 'identity'>): Transform {
  return coding === 'br' ? createBrotliCompress(API_BROTLI_OPTIONS) : createGzip(API_GZIP_OPTIONS);
}

/**
 * The coding a forwarded answer goes to the browser in: only a plain JSON or text answer of a
 * known length over the threshold (one the platform did not compress itself) is compressed.
 */
export function forwardedCoding(
  method: string | undefined,
  status: number,
  acceptEncoding: string | string[] | undefined,
  answerHeaders: Record<string, string | string[] | undefined>,
): Coding {
  if (method === 'HEAD' || status === 204 || status === 304 || status < 200) return 'identity';
  const length = Number(answerHeaders['content-length'] ?? NaN);
  if (!Number.isFinite(length)) return 'identity';
  const headers: Record<string, string> = {};
  for (const name of ['content-type', 'content-encoding']) {
    const value = answerHeaders[name];
    if (typeof value === 'string') headers[name] = value;
  }
  return answerCoding(acceptEncoding, headers, length);
}
