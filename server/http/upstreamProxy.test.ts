/**
 * The `--upstream` mode over real HTTP: a reference server on a free port plays the platform, the
 * proxy serves the console in front of it under a frame base path.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, request, type IncomingHttpHeaders, type Server } from 'node:http';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { RC } from '../../protocol/codes';
import { md5Hex, verifyCompat } from '../../protocol/signing';
import type { RunningServer } from '../app';
import { loadConfig, testConfig } from '../config';
import { startServer, type StartedServer } from '../main';
import { createMemoryStore } from '../store/memoryStore';
import { TestClient } from './testing/client';
import { startUpstreamProxy } from './upstreamProxy';

const quiet = { info: () => {}, warn: () => {}, error: () => {} };
const logs: string[] = [];
const recordingLog = { info: (m: string) => logs.push(m), warn: (m: string) => logs.push(m), error: (m: string) => logs.push(m) };

let distDir: string;
const closers: Array<() => Promise<void>> = [];

beforeAll(async () => {
  distDir = await mkdtemp(join(tmpdir(), 'podium-proxy-dist-'));
  await writeFile(join(distDir, 'index.html'), '<!doctype html><title>Podium console</title>');
});

afterAll(async () => {
  for (const close of closers.splice(0).reverse()) await close();
  await rm(distDir, { recursive: true, force: true });
});

async function proxyTo(upstreamUrl: string, answerTimeoutMs?: number): Promise<RunningServer> {
  const proxy = await startUpstreamProxy(testConfig({ upstreamUrl, basePath: '/console', distDir }), {
    log: recordingLog,
    answerTimeoutMs,
  });
  closers.push(() => proxy.close());
  return proxy;
}

/** A bare HTTP server that records what reaches it and answers as told. */
async function recordingUpstream(
  answer: (
    req: { method: string; url: string; headers: IncomingHttpHeaders; body: string },
    res: import('node:http').ServerResponse,
  ) => void,
) {
  const seen: Array<{ method: string; url: string; headers: IncomingHttpHeaders; body: string }> = [];
  const closedEarly: string[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const entry = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
      seen.push(entry);
      res.on('close', () => {
        if (!res.writableFinished) closedEarly.push(entry.url);
      });
      answer(entry, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen, closedEarly };
}

/** Sends a request with headers fetch() would not let through (Connection, Keep-Alive). */
function rawRequest(url: string, init: { method: string; headers: Record<string, string>; body?: string }) {
  return new Promise<{ status: number; headers: IncomingHttpHeaders; body: string }>((resolve, reject) => {
    const req = request(url, { method: init.method, headers: init.headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    req.end(init.body);
  });
}

describe('upstream proxy (--upstream)', () => {
  let upstream: StartedServer;
  let proxy: RunningServer;

  beforeAll(async () => {
    upstream = await startServer(
      testConfig({ captchaTestCode: 'AB12', demo: { seed: true, mrId: '8008038', hostPwd: '123456', supervisorPwd: '654321' } }),
      { store: createMemoryStore(), log: quiet },
    );
    closers.push(() => upstream.close());
    proxy = await proxyTo(upstream.origin);
  });

  it('logs in, runs a command and long-polls through the proxy, signed as against the platform itself', async () => {
    const cfg = testConfig();
    const client = new TestClient({ origin: proxy.origin, prefix: '/console', devid: cfg.devId, devtoken: cfg.devToken });
    const platform = await client.get('/api/v3/app/getPlatform', { sign: 'none' });
    expect(platform.status).toBe(200);
    const code = await client.get('/rest/v1/meetings/verify-code');
    expect(code.status).toBe(200);
    const login = await client.post('/rest/v1/meetings/8008038/sessions/', {
      cmdid: 'ctrl_mr_req',
      mr_id: '8008038',
      ctrl_pwd: '123456',
      cert_code: 'AB12',
      code_id: code.json.code_id,
    });
    expect(login.status).toBe(200);
    expect(login.json.use_pwd).toBe('host');
    const sessId = login.json.sess_id as string;
    const sign = { sessId, key: new Uint8Array(Buffer.from(login.json.sign_key, 'base64')) };
    const P = `/rest/v1/meetings/8008038/sessions/${sessId}/`;

    const status = await client.get(`${P}mr-status`, { sign });
    expect(status.status).toBe(200);
    const lock = await client.post(`${P}mr-status`, { cmdid: 'mod_mr_status', lock_mr: 1, req_id: 'proxy-lock' }, { sign });
    expect(lock.json).toMatchObject({ result: 0 });
    expect(upstream.engine.rooms.get('8008038')?.record.status.mr_locked).toBe(1);

    // the change arrives on the long poll
    const poll = await client.post(`${P}changes`, { cmdid: 'get_changes', block_secs: 5, since_seq: status.json.seq }, { sign });
    expect(poll.status).toBe(200);
    const events = poll.json as Array<{ cmdid: string; seq: number }>;
    expect(events.some((e) => JSON.stringify(e).includes('mr_locked'))).toBe(true);
    const last = Math.max(...events.map((e) => e.seq));

    // a poll with nothing to report is held by the platform, not cut by the proxy
    const started = Date.now();
    const held = await client.post(`${P}changes`, { cmdid: 'get_changes', block_secs: 2, since_seq: last }, { sign });
    expect(held.status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1500);

    // a refusal of the platform comes back unchanged
    const refused = await client.post(`${P}mr-status`, { cmdid: 'mod_mr_status', lock_mr: 7 }, { sign });
    expect(refused.status).toBe(400);
    expect(refused.json.cmdid).toBe('error');
  });

  it('serves the console itself, with and without the base path', async () => {
    for (const path of ['/console/login', '/console/', '/control']) {
      const res = await fetch(`${proxy.origin}${path}`);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('Podium console');
    }
  });
});

describe('upstream proxy forwarding details', () => {
  it('forwards method, path under the upstream path, query, signing headers and body; appends X-Forwarded-For; drops hop-by-hop headers both ways', async () => {
    const upstream = await recordingUpstream((_req, res) => {
      res.writeHead(418, {
        'Content-Type': 'application/json',
        'X-Platform': 'yes',
        'Keep-Alive': 'timeout=99',
        Connection: 'X-Secret-Hop',
        'X-Secret-Hop': 'never-forwarded',
      });
      res.end('{"cmdid":"teapot"}');
    });
    const proxy = await proxyTo(`${upstream.url}/platform/`);
    const body = JSON.stringify({ cmdid: 'ctrl_mr_req', text: '会议' });
    const res = await rawRequest(`${proxy.origin}/console/rest/v1/meetings/8008038/sessions/?a=1&b=two`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        devid: 'podium',
        randdtm: '1700000000',
        md5token: 'abc123',
        'x-podium-signature': 'sig',
        'X-Forwarded-For': '203.0.113.7',
        Connection: 'keep-alive, X-Hop-Only',
        'X-Hop-Only': 'drop me',
        'Proxy-Authorization': 'Basic c2VjcmV0',
      },
      body,
    });
    expect(res.status).toBe(418);
    expect(res.body).toBe('{"cmdid":"teapot"}');
    expect(res.headers['x-platform']).toBe('yes');
    expect(res.headers['x-secret-hop']).toBeUndefined();
    // the proxy's own connection may keep alive, on its own terms
    expect(res.headers['keep-alive']).not.toBe('timeout=99');

    const [seen] = upstream.seen;
    expect(seen.method).toBe('POST');
    expect(seen.url).toBe('/platform/rest/v1/meetings/8008038/sessions/?a=1&b=two');
    expect(seen.body).toBe(body);
    expect(seen.headers).toMatchObject({ devid: 'podium', randdtm: '1700000000', md5token: 'abc123', 'x-podium-signature': 'sig' });
    expect(seen.headers['x-forwarded-for']).toBe('203.0.113.7, 127.0.0.1');
    expect(seen.headers.host).toBe(new URL(upstream.url).host);
    expect(seen.headers['x-hop-only']).toBeUndefined();
    expect(seen.headers['proxy-authorization']).toBeUndefined();
  });

  it('an unreachable upstream answers 502 with result 9988, which has both translations', async () => {
    // a port that was free a moment ago: nothing listens there
    const gone = await recordingUpstream(() => {});
    const url = gone.url;
    await closers.pop()!();
    const proxy = await proxyTo(url);
    logs.length = 0;
    const res = await fetch(`${proxy.origin}/console/rest/v1/meetings/verify-code`);
    expect(res.status).toBe(502);
    expect(await res.json()).toEqual({ cmdid: 'error', result: RC.upstreamUnreachable, detail: 'upstream' });
    expect(logs.join('\n')).toMatch(/cannot be reached: ECONNREFUSED/);
    const { codeInfo } = await import('../../protocol/codes');
    expect(codeInfo(RC.upstreamUnreachable)).toMatchObject({
      en: expect.stringMatching(/platform cannot be reached/),
      zh: expect.stringMatching(/无法连接/),
    });
  });

  it('an upstream that does not start answering in time gives 504 (9998); a client giving up ends the upstream request', async () => {
    const upstream = await recordingUpstream(() => {
      // never answers
    });
    const proxy = await proxyTo(upstream.url, 300);
    const res = await fetch(`${proxy.origin}/rest/v1/meetings/1/sessions/s/changes`, { method: 'POST', body: '{}' });
    expect(res.status).toBe(504);
    expect((await res.json()).result).toBe(RC.connectionTimeout);
    await new Promise((r) => setTimeout(r, 100));
    expect(upstream.closedEarly).toEqual(['/rest/v1/meetings/1/sessions/s/changes']);

    const patient = await proxyTo(upstream.url);
    const abort = new AbortController();
    const pending = fetch(`${patient.origin}/rest/v1/meetings/1/sessions/s/changes`, { method: 'POST', body: '{}', signal: abort.signal });
    await new Promise((r) => setTimeout(r, 200));
    abort.abort();
    await expect(pending).rejects.toThrow();
    await new Promise((r) => setTimeout(r, 200));
    expect(upstream.closedEarly).toHaveLength(2);
  });
});

describe('upstream proxy signing (DEV_ID / DEV_TOKEN)', () => {
  const signer = { devid: 'dev-9', devtoken: 'tok-9' };
  const NOW = 1_800_000_000_000;

  async function signingProxyTo(upstreamUrl: string): Promise<RunningServer> {
    const proxy = await startUpstreamProxy(testConfig({ upstreamUrl, basePath: '/console', distDir, upstreamSigner: signer }), {
      log: recordingLog,
      now: () => NOW,
    });
    closers.push(() => proxy.close());
    return proxy;
  }

  it("signs each request with its own credentials over the API path (no query, no base or upstream path, trailing slash kept), replacing the browser's compat headers in any capitalisation", async () => {
    const upstream = await recordingUpstream((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end('{}');
    });
    const proxy = await signingProxyTo(`${upstream.url}/platform`);
    const calls: Array<[string, string, string]> = [
      ['GET', '/console/rest/v1/meetings/verify-code?t=1', '/rest/v1/meetings/verify-code'],
      ['POST', '/console/rest/v1/meetings/8008038/sessions/', '/rest/v1/meetings/8008038/sessions/'],
      ['POST', '/status/participant/u1/media_stream', '/status/participant/u1/media_stream'],
    ];
    for (const [method, url] of calls) {
      const res = await rawRequest(`${proxy.origin}${url}`, {
        method,
        headers: { Devid: 'browser', Randdtm: '1700000000', MD5TOKEN: 'from-the-browser', 'Content-Type': 'application/json' },
        body: method === 'POST' ? '{}' : undefined,
      });
      expect(res.status).toBe(200);
      // told to the console on every answer: it then sends no signing headers of its own
      expect(res.headers['x-podium-signer']).toBe('upstream');
    }
    expect(upstream.seen.map((s) => s.url)).toEqual([
      '/platform/rest/v1/meetings/verify-code?t=1',
      '/platform/rest/v1/meetings/8008038/sessions/',
      '/platform/status/participant/u1/media_stream',
    ]);
    upstream.seen.forEach((seen, i) => {
      expect(seen.headers.devid).toBe('dev-9');
      expect(seen.headers.randdtm).toBe(String(NOW / 1000));
      expect(verifyCompat({ headers: seen.headers, path: calls[i][2], credentials: signer, nowMs: NOW })).toEqual({ ok: true });
      expect(seen.headers.md5token).toBe(md5Hex(`dev-9,tok-9,${NOW / 1000},${calls[i][2]}`));
    });
  });

  it('keeps a strict signature (signature, nonce, randdtm, sessionid) untouched and sets only devid, which the HMAC does not cover', async () => {
    const upstream = await recordingUpstream((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end('{}');
    });
    const proxy = await signingProxyTo(upstream.url);
    const strict = { randdtm: '1799999999', nonce: 'n'.repeat(32), sessionid: 'sess-1', signature: 'f'.repeat(64) };
    await rawRequest(`${proxy.origin}/rest/v1/meetings/8008038/sessions/sess-1/mr-status`, { method: 'GET', headers: strict });
    const [seen] = upstream.seen;
    expect(seen.headers).toMatchObject({ ...strict, devid: 'dev-9' });
    expect(seen.headers.md5token).toBeUndefined();
  });

  it('takes data.signing out of a getPlatform answer (plain or gzip), with the new length, and keeps the rest', async () => {
    const answer = {
      code: 0,
      data: { func_enabled: { api_aes_mode: 0 }, signing: { mode: 'compat', devid: 'dev-9', devtoken: 'tok-9' }, version: '5.0' },
    };
    let gzip = false;
    const upstream = await recordingUpstream((_req, res) => {
      const body = Buffer.from(JSON.stringify(answer));
      const sent = gzip ? gzipSync(body) : body;
      res.writeHead(200, {
        'Content-Type': 'application/json',
        'Content-Length': String(sent.length),
        ...(gzip ? { 'Content-Encoding': 'gzip' } : {}),
      });
      res.end(sent);
    });
    const proxy = await signingProxyTo(upstream.url);
    for (const encoded of [false, true]) {
      gzip = encoded;
      const res = await rawRequest(`${proxy.origin}/console/api/v3/app/getPlatform`, {
        method: 'GET',
        headers: { 'Accept-Encoding': 'gzip' },
      });
      expect(res.status).toBe(200);
      expect(res.body).not.toContain('tok-9');
      expect(JSON.parse(res.body)).toEqual({ code: 0, data: { func_enabled: { api_aes_mode: 0 }, version: '5.0' } });
      expect(res.headers['content-length']).toBe(String(Buffer.byteLength(res.body)));
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.headers['x-podium-signer']).toBe('upstream');
    }
    // the proxy asks for the answer it must read in plain
    expect(upstream.seen[0].headers['accept-encoding']).toBe('identity');
  });

  it('in front of a platform-mode server (getPlatform without signing), unsigned browser requests reach the platform signed and are accepted', async () => {
    const platform = await startServer(
      testConfig({
        wire: 'platform',
        signing: 'compat',
        devId: signer.devid,
        devToken: signer.devtoken,
        captchaTestCode: 'AB12',
        demo: { seed: true, mrId: '8008038', hostPwd: '123456', supervisorPwd: '654321' },
      }),
      { store: createMemoryStore(), log: quiet },
    );
    closers.push(() => platform.close());
    // without the proxy's signature the platform refuses the request
    expect((await fetch(`${platform.origin}/rest/v1/meetings/temp-verify-code`)).status).toBe(401);
    const proxy = await startUpstreamProxy(testConfig({ upstreamUrl: platform.origin, distDir, upstreamSigner: signer }), { log: quiet });
    closers.push(() => proxy.close());
    const info = await fetch(`${proxy.origin}/api/v3/app/getPlatform`);
    expect(info.headers.get('x-podium-signer')).toBe('upstream');
    expect((await info.json()).data.signing).toBeUndefined();
    const code = await fetch(`${proxy.origin}/rest/v1/meetings/temp-verify-code`);
    expect(code.status).toBe(200);
    const login = await fetch(`${proxy.origin}/rest/v1/meetings/8008038/sessions/`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ cmdid: 'ctrl_mr_req', mr_id: '8008038', ctrl_pwd: '123456', cert_code: 'AB12' }),
    });
    expect(login.status).toBe(200);
    expect((await login.json()).use_pwd).toBe('host');
  });

  it('without DEV_ID/DEV_TOKEN it signs nothing and says so once at start; DEV_ID alone is a configuration error', async () => {
    const upstream = await recordingUpstream((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end('{"code":0,"data":{"signing":{"mode":"compat","devid":"d","devtoken":"t"}}}');
    });
    logs.length = 0;
    const proxy = await proxyTo(upstream.url);
    expect(logs.filter((l) => /DEV_ID and DEV_TOKEN are not set/.test(l))).toHaveLength(1);
    const res = await rawRequest(`${proxy.origin}/api/v3/app/getPlatform`, {
      method: 'GET',
      headers: { devid: 'x', md5token: 'y', randdtm: '1' },
    });
    expect(res.headers['x-podium-signer']).toBeUndefined();
    expect(upstream.seen[0].headers).toMatchObject({ devid: 'x', md5token: 'y', randdtm: '1' });

    expect(loadConfig({ UPSTREAM_URL: 'http://p.example', DEV_ID: 'a', DEV_TOKEN: 'b' }).upstreamSigner).toEqual({
      devid: 'a',
      devtoken: 'b',
    });
    expect(loadConfig({ UPSTREAM_URL: 'http://p.example' }).upstreamSigner).toBeUndefined();
    expect(() => loadConfig({ UPSTREAM_URL: 'http://p.example', DEV_ID: 'a' })).toThrow(/DEV_ID and DEV_TOKEN must be set together/);
    // the reference server itself keeps its defaults and needs no pair
    expect(loadConfig({ DEV_ID: 'a' }).upstreamSigner).toBeUndefined();
  });
});
