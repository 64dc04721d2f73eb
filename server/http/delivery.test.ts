/**
 * Compressed delivery (issue 27 item 2), the server in-process: the build's .br/.gz copies and
 * compressed API answers decode to the very bytes of the plain answer, in the coding the client
 * accepts best, with Vary, lengths, caching, HEAD, ranges and revalidation right.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { mkdtemp, mkdir, rm, writeFile, utimes } from 'node:fs/promises';
import { createServer as createHttpServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { createServer, type RunningServer } from '../app';
import { testConfig } from '../config';
import { json, type Router } from './router';
import { FakeEngine } from './testing/client';
import { signCompat } from '../../protocol/signing';
import { compressDirectory } from '../../scripts/build/compressAssets';
import { startUpstreamProxy } from './upstreamProxy';

const running: RunningServer[] = [];
const temps: string[] = [];
afterEach(async () => {
  for (const s of running.splice(0)) await s.close();
  for (const d of temps.splice(0)) await rm(d, { recursive: true, force: true });
});

const SCRIPT = `export const rows = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => ({ id: i, name: `参会者 ${i}` })))};\n`;
const BIG_ANSWER = { participants: Array.from({ length: 200 }, (_, i) => ({ usr_id: `u${i}`, name: `Steady ${i}`, a_rx: i % 2 })) };
const HUGE_ANSWER = { participants: Array.from({ length: 4000 }, (_, i) => ({ usr_id: `u${i}`, name: `Steady ${i}`, a_rx: i % 2 })) };

interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A GET or HEAD with exactly these headers (fetch would add its own Accept-Encoding and decode). */
function raw(url: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

function decoded(r: Raw): Buffer {
  const coding = r.headers['content-encoding'];
  if (coding === 'br') return brotliDecompressSync(r.body);
  if (coding === 'gzip') return gunzipSync(r.body);
  expect(coding).toBeUndefined();
  return r.body;
}

async function builtDist(): Promise<string> {
  const dist = await mkdtemp(join(tmpdir(), 'podium-delivery-'));
  temps.push(dist);
  await mkdir(join(dist, 'assets'), { recursive: true });
  await writeFile(
    join(dist, 'index.html'),
    `<!doctype html><title>Podium</title><script>document.title=${JSON.stringify('x'.repeat(600))}</script>`,
  );
  await writeFile(join(dist, 'assets', 'index-abc123.js'), SCRIPT);
  await writeFile(join(dist, 'assets', 'index-abc123.js.map'), '{"version":3}'.padEnd(4000, ' '));
  await compressDirectory(dist);
  return dist;
}

async function start(distDir: string) {
  const routes = (router: Router) => {
    router.get('/rest/v1/app1/manager/sessions/big/', () => json(200, BIG_ANSWER));
    router.get('/rest/v1/app1/manager/sessions/huge/', () => json(200, HUGE_ANSWER));
    router.get('/rest/v1/app1/manager/sessions/small/', () => json(200, { ok: true }));
  };
  const config = testConfig({ distDir });
  const server = await createServer(config, { engine: new FakeEngine(), routes: [routes], log: { info() {}, warn() {}, error() {} } });
  running.push(server);
  return Object.assign(server, {
    signed: (path: string) => signCompat({ devid: config.devId, devtoken: config.devToken }, path) as unknown as Record<string, string>,
  });
}

describe('the build writes compressed copies', () => {
  it('writes .br and .gz beside text files that decode to the file, none for source maps', async () => {
    const dist = await builtDist();
    const { readFile, stat } = await import('node:fs/promises');
    const js = join(dist, 'assets', 'index-abc123.js');
    expect(brotliDecompressSync(await readFile(js + '.br')).toString()).toBe(SCRIPT);
    expect(gunzipSync(await readFile(js + '.gz')).toString()).toBe(SCRIPT);
    await expect(stat(join(dist, 'assets', 'index-abc123.js.map.br'))).rejects.toThrow();
  });
});

describe('static files', () => {
  it('serves the best coding the browser accepts, decoding to the same bytes', async () => {
    const server = await start(await builtDist());
    const url = `${server.origin}/assets/index-abc123.js`;
    const cases: [string | undefined, string | undefined][] = [
      ['gzip, deflate, br, zstd', 'br'],
      ['gzip, deflate', 'gzip'],
      ['br;q=0, gzip', 'gzip'],
      ['gzip;q=0.5, br;q=0.4', 'gzip'],
      ['*', 'br'],
      ['br;q=0, gzip;q=0', undefined],
      ['identity', undefined],
      [undefined, undefined],
    ];
    for (const [accept, coding] of cases) {
      const r = await raw(url, accept === undefined ? {} : { 'Accept-Encoding': accept });
      expect(r.status, accept).toBe(200);
      expect(r.headers['content-encoding'], accept).toBe(coding);
      expect(r.headers.vary).toBe('Accept-Encoding');
      expect(Number(r.headers['content-length'])).toBe(r.body.length);
      expect(r.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(r.headers['content-type']).toBe('text/javascript; charset=utf-8');
      expect(decoded(r).toString()).toBe(SCRIPT);
    }
    const br = await raw(url, { 'Accept-Encoding': 'br' });
    expect(br.body.length).toBeLessThan(Buffer.byteLength(SCRIPT) / 3);
  });

  it('serves index.html compressed and revalidated, with its inline script allowed by hash', async () => {
    const server = await start(await builtDist());
    const r = await raw(`${server.origin}/login`, { 'Accept-Encoding': 'br' });
    expect(r.headers['content-encoding']).toBe('br');
    expect(r.headers['cache-control']).toBe('no-cache');
    expect(decoded(r).toString()).toContain('<title>Podium</title>');
    const { createHash } = await import('node:crypto');
    const hash = createHash('sha256')
      .update(`document.title=${JSON.stringify('x'.repeat(600))}`)
      .digest('base64');
    expect(r.headers['content-security-policy']).toContain(`script-src 'self' 'sha256-${hash}';`);
    const again = await raw(`${server.origin}/login`, { 'Accept-Encoding': 'br', 'If-None-Match': String(r.headers.etag) });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    const otherCoding = await raw(`${server.origin}/login`, { 'Accept-Encoding': 'gzip', 'If-None-Match': String(r.headers.etag) });
    expect(otherCoding.status).toBe(200);
  });

  it('answers HEAD with the length of what GET would send, and no body', async () => {
    const server = await start(await builtDist());
    const url = `${server.origin}/assets/index-abc123.js`;
    const get = await raw(url, { 'Accept-Encoding': 'gzip' });
    const head = await raw(url, { 'Accept-Encoding': 'gzip' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers['content-encoding']).toBe('gzip');
    expect(head.headers['content-length']).toBe(String(get.body.length));
    expect(head.body.length).toBe(0);
  });

  it('answers a range of the plain file, and 416 outside it', async () => {
    const server = await start(await builtDist());
    const url = `${server.origin}/assets/index-abc123.js`;
    const r = await raw(url, { 'Accept-Encoding': 'br, gzip', Range: 'bytes=7-18' });
    expect(r.status).toBe(206);
    expect(r.headers['content-encoding']).toBeUndefined();
    expect(r.headers['content-range']).toBe(`bytes 7-18/${Buffer.byteLength(SCRIPT)}`);
    expect(r.body.toString()).toBe(Buffer.from(SCRIPT).subarray(7, 19).toString());
    const tail = await raw(url, { Range: 'bytes=-5' });
    expect(tail.body.toString()).toBe(Buffer.from(SCRIPT).subarray(-5).toString());
    const outside = await raw(url, { Range: `bytes=${Buffer.byteLength(SCRIPT) + 10}-` });
    expect(outside.status).toBe(416);
    expect(outside.headers['content-range']).toBe(`bytes */${Buffer.byteLength(SCRIPT)}`);
  });

  it('never serves a copy older than its file (left by an earlier build)', async () => {
    const dist = await builtDist();
    const js = join(dist, 'assets', 'index-abc123.js');
    const old = new Date(Date.now() - 3_600_000);
    await utimes(js + '.br', old, old);
    await utimes(js + '.gz', old, old);
    const server = await start(dist);
    const r = await raw(`${server.origin}/assets/index-abc123.js`, { 'Accept-Encoding': 'br, gzip' });
    expect(r.headers['content-encoding']).toBeUndefined();
    expect(r.body.toString()).toBe(SCRIPT);
  });

  it('serves the same through the --upstream console server', async () => {
    const dist = await builtDist();
    const proxy = await startUpstreamProxy(testConfig({ upstreamUrl: 'http://127.0.0.1:9', distDir: dist }), {
      log: { info() {}, warn() {}, error() {} },
    });
    running.push(proxy);
    const r = await raw(`${proxy.origin}/assets/index-abc123.js`, { 'Accept-Encoding': 'gzip;q=1, br;q=0.9' });
    expect(r.headers['content-encoding']).toBe('gzip');
    expect(r.headers.vary).toBe('Accept-Encoding');
    expect(decoded(r).toString()).toBe(SCRIPT);
  });
});

describe('API answers', () => {
  it('compresses a JSON answer over 1 KiB in the accepted coding, decoding to the same JSON', async () => {
    const server = await start(await builtDist());
    const path = '/rest/v1/app1/manager/sessions/big/';
    const url = server.origin + path;
    const plain = await raw(url, server.signed(path));
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('Accept-Encoding');
    expect(JSON.parse(plain.body.toString())).toEqual(BIG_ANSWER);
    for (const [accept, coding] of [
      ['br, gzip', 'br'],
      ['gzip', 'gzip'],
      ['gzip;q=0, br;q=0', undefined],
    ] as const) {
      const r = await raw(url, { ...server.signed(path), 'Accept-Encoding': accept });
      expect(r.headers['content-encoding'], accept).toBe(coding);
      expect(r.headers.vary).toBe('Accept-Encoding');
      expect(Number(r.headers['content-length'])).toBe(r.body.length);
      expect(decoded(r).equals(plain.body)).toBe(true);
    }
  });

  it('compresses a large answer off the event loop just the same', async () => {
    const server = await start(await builtDist());
    const path = '/rest/v1/app1/manager/sessions/huge/';
    const r = await raw(server.origin + path, { ...server.signed(path), 'Accept-Encoding': 'br' });
    expect(r.headers['content-encoding']).toBe('br');
    expect(JSON.parse(decoded(r).toString())).toEqual(HUGE_ANSWER);
  });

  it('sends a small answer as it is', async () => {
    const server = await start(await builtDist());
    const path = '/rest/v1/app1/manager/sessions/small/';
    const r = await raw(server.origin + path, { ...server.signed(path), 'Accept-Encoding': 'br, gzip' });
    expect(r.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(r.body.toString())).toEqual({ ok: true });
  });
});

describe('the --upstream console server', () => {
  it('compresses a plain answer of the platform for the browser, and passes a compressed one as it is', async () => {
    const body = Buffer.from(JSON.stringify(BIG_ANSWER));
    const platform = createHttpServer((req, res) => {
      const headers: Record<string, string> = { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': String(body.length) };
      if (req.url?.includes('/small/')) {
        res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': '2' });
        res.end('{}');
        return;
      }
      res.writeHead(200, headers);
      res.end(body);
    });
    await new Promise<void>((resolve) => platform.listen(0, '127.0.0.1', resolve));
    try {
      const upstreamUrl = `http://127.0.0.1:${(platform.address() as AddressInfo).port}`;
      const proxy = await startUpstreamProxy(testConfig({ upstreamUrl, distDir: await builtDist() }), {
        log: { info() {}, warn() {}, error() {} },
      });
      running.push(proxy);
      const url = `${proxy.origin}/rest/v1/meetings/8008038/sessions/s1/changes`;
      for (const [accept, coding] of [
        ['br, gzip', 'br'],
        ['gzip', 'gzip'],
        ['identity', undefined],
      ] as const) {
        const r = await raw(url, { 'Accept-Encoding': accept });
        expect(r.headers['content-encoding'], accept).toBe(coding);
        if (coding) expect(r.headers.vary).toContain('Accept-Encoding');
        expect(decoded(r).equals(body)).toBe(true);
      }
      const small = await raw(`${proxy.origin}/rest/v1/meetings/8008038/sessions/s1/small/`, { 'Accept-Encoding': 'br' });
      expect(small.headers['content-encoding']).toBeUndefined();
      expect(small.body.toString()).toBe('{}');
    } finally {
      await new Promise((resolve) => platform.close(resolve));
    }
  });
});
