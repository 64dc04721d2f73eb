import { afterEach, describe, expect, it, vi } from 'vitest';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deriveAesKey, encryptBody, decryptBody } from '../protocol/aes';
import { RC } from '../protocol/codes';
import { createServer, type AppDeps, type RunningServer } from './app';
import { testConfig, type Config } from './config';
import { HttpError } from './http/errors';
import { json, type ApiRequest, type Router } from './http/router';
import { FakeEngine, TestClient } from './http/testing/client';

const MR = '8008038';
const running: RunningServer[] = [];
const temps: string[] = [];

afterEach(async () => {
  for (const s of running.splice(0)) await s.close();
  for (const d of temps.splice(0)) await rm(d, { recursive: true, force: true });
});

/** Routes standing in for the engine's, to observe what the platform layer hands a handler. */
function testRoutes(seen: ApiRequest[]) {
  return (router: Router) => {
    router.post('/rest/v1/meetings/:mrId/sessions/:sessId/echo', (req) => {
      seen.push(req);
      return json(200, { body: req.body, session: req.session });
    });
    router.get('/rest/v1/meetings/:mrId/sessions/:sessId/mr-status', (req) => json(200, { session: req.session }));
    router.get('/rest/v1/meetings/:mrId/sessions/:sessId/boom', () => {
      throw new Error('engine bug');
    });
    router.get('/rest/v1/meetings/:mrId/sessions/:sessId/refuse', () => {
      throw new HttpError(403, RC.meetingLocked, 'locked');
    });
    router.post('/rest/v1/app1/manager/sessions/echo/', (req) => json(200, { body: req.body }));
    router.get('/rest/v1/app1/manager/sessions/bytes/', () =>
      json(200, [Buffer.from('{"names":'), Buffer.from('["参会者"]}')], { 'Content-Type': 'application/json; charset=utf-8' }),
    );
    router.get('/rest/v1/meetings/:mrId/sessions/:sessId/wait', async (req) => {
      await new Promise<void>((resolve) => req.signal.addEventListener('abort', () => resolve()));
      seen.push(req);
      return json(200, []);
    });
  };
}

async function start(overrides: Partial<Config> = {}, deps: Partial<AppDeps> = {}) {
  const engine = new FakeEngine();
  engine.addRoom(MR);
  const seen: ApiRequest[] = [];
  const errors: string[] = [];
  const config = testConfig({ captchaTestCode: 'AB12', distDir: join(tmpdir(), 'podium-no-dist-here'), ...overrides });
  const server = await createServer(config, {
    engine,
    routes: [testRoutes(seen)],
    log: { info: () => {}, warn: () => {}, error: (m) => errors.push(m) },
    sleep: async () => {},
    ...deps,
  });
  running.push(server);
  const client = new TestClient({ origin: server.origin, prefix: config.basePath, devid: config.devId, devtoken: config.devToken });
  return { server, engine, seen, errors, config, client };
}

async function login(client: TestClient, pwd = '123456') {
  const code = await client.get('/rest/v1/meetings/verify-code');
  const r = await client.post(`/rest/v1/meetings/${MR}/sessions/`, {
    cmdid: 'ctrl_mr_req',
    mr_id: MR,
    ctrl_pwd: pwd,
    cert_code: 'AB12',
    code_id: code.json.code_id,
  });
  expect(r.status).toBe(200);
  return r.json as { sess_id: string; sign_key?: string };
}

describe('platform bootstrap', () => {
  it('getPlatform is unsigned and tells the signing mode, devid, devtoken and AES flag', async () => {
    const { client, config } = await start({ apiAesMode: 1 });
    const r = await client.get('/api/v3/app/getPlatform', { sign: 'none' });
    expect(r.status).toBe(200);
    expect(r.json.code).toBe(0);
    expect(r.json.data.signing).toEqual({ mode: 'strict', devid: config.devId, devtoken: config.devToken });
    expect(r.json.data.func_enabled.api_aes_mode).toBe(1);
    expect(typeof r.json.data.version).toBe('string');
  });

  it('getPlatform in platform mode carries no signing: no evidence shows the platform handing out credentials', async () => {
    const { client } = await start({ wire: 'platform', signing: 'compat' });
    const r = await client.get('/api/v3/app/getPlatform', { sign: 'none' });
    expect(r.status).toBe(200);
    expect(r.json.data.func_enabled).toBeDefined();
    expect('signing' in r.json.data).toBe(false);
  });

  it('answers is_standalone, the OEM icon/title and the nginx config', async () => {
    const { client, server } = await start();
    expect((await client.get('/app1/is_standalone/', { sign: 'none' })).json).toEqual({ code: 0, data: { is_standalone: 1 } });
    const oem = await client.get('/oem/name/default/icon_title/icon_title_char/');
    expect(oem.status).toBe(200);
    expect(oem.json.data.title.en).toMatch(/Podium/);
    expect(oem.json.data.icon).toMatch(/^data:image\/svg\+xml;base64,/);
    const nginx = await client.post('/oem/get_nginx_config', {});
    expect(nginx.json.data).toEqual({ http_port: server.port, https_port: 0, base_path: '' });
  });
});

describe('bad input never crashes the server and always gets a result code', () => {
  it('unknown path → 404, wrong method → 405', async () => {
    const { client } = await start();
    const unknown = await client.get('/rest/v1/nothing/here');
    expect(unknown.status).toBe(404);
    expect(unknown.json).toEqual({ cmdid: 'error', result: RC.notImplemented, detail: 'path' });
    const wrongMethod = await client.send('DELETE', '/api/v3/app/getPlatform', { sign: 'none' });
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.json.result).toBe(RC.notImplemented);
  });

  it('malformed JSON → 400 malformedJson', async () => {
    const { client } = await start();
    const r = await client.post(`/rest/v1/meetings/${MR}/sessions/`, '{"cmdid": "ctrl_mr_req", ');
    expect(r.status).toBe(400);
    expect(r.json).toEqual({ cmdid: 'error', result: RC.malformedJson, detail: 'json' });
  });

  it('a body that is not UTF-8 → 400', async () => {
    const { client } = await start();
    const r = await client.send('POST', `/rest/v1/meetings/${MR}/sessions/`, { body: Buffer.from([0x7b, 0xff, 0xfe, 0x7d]) });
    expect(r.status).toBe(400);
    expect(r.json.result).toBe(RC.malformedJson);
  });

  it('wrong field types → 400 naming the field', async () => {
    const { client } = await start();
    const r = await client.post(`/rest/v1/meetings/${MR}/sessions/`, { cmdid: 'ctrl_mr_req', ctrl_pwd: 123456, cert_code: 'AB12' });
    expect(r.status).toBe(400);
    expect(r.json).toEqual({ cmdid: 'error', result: RC.fieldWrongType, detail: 'ctrl_pwd' });
    const arrayBody = await client.post(`/rest/v1/meetings/${MR}/sessions/`, [1, 2]);
    expect(arrayBody.status).toBe(400);
  });

  it('a string field over 5000 characters → 400 fieldTooLong with its path', async () => {
    const { client, engine } = await start({ signing: 'compat' });
    const s = engine.openSession({ mrId: MR, role: 'host', peerIp: '127.0.0.1' });
    const r = await client.post(`/rest/v1/meetings/${MR}/sessions/${s.sessId}/echo`, { list: ['ok', 'x'.repeat(5001)] });
    expect(r.status).toBe(400);
    expect(r.json).toEqual({ cmdid: 'error', result: RC.fieldTooLong, detail: 'list.1' });
    const fine = await client.post(`/rest/v1/meetings/${MR}/sessions/${s.sessId}/echo`, { text: 'x'.repeat(5000) });
    expect(fine.status).toBe(200);
  });

  it('a body over 256 KiB → 413', async () => {
    const { client } = await start();
    const r = await client.post(`/rest/v1/meetings/${MR}/sessions/`, JSON.stringify({ a: 'x'.repeat(300 * 1024) }));
    expect(r.status).toBe(413);
    expect(r.json.result).toBe(RC.fieldTooLong);
  });

  it('nesting deeper than 32 levels → 400', async () => {
    const { client } = await start();
    const r = await client.post(`/rest/v1/meetings/${MR}/sessions/`, '['.repeat(40) + ']'.repeat(40));
    expect(r.status).toBe(400);
  });

  it('a handler exception → logged 500 internalError; a thrown refusal → its own status', async () => {
    const { client, engine, errors } = await start({ signing: 'compat' });
    const s = engine.openSession({ mrId: MR, role: 'host', peerIp: '127.0.0.1' });
    const boom = await client.get(`/rest/v1/meetings/${MR}/sessions/${s.sessId}/boom`);
    expect(boom.status).toBe(500);
    expect(boom.json).toEqual({ cmdid: 'error', result: RC.internalError });
    expect(errors.join()).toMatch(/boom/);
    const refused = await client.get(`/rest/v1/meetings/${MR}/sessions/${s.sessId}/refuse`);
    expect(refused.status).toBe(403);
    expect(refused.json).toEqual({ cmdid: 'error', result: RC.meetingLocked, detail: 'locked' });
  });

  it('garbage on the socket gets 400 and the server keeps serving', async () => {
    const { server, client } = await start();
    const reply = await new Promise<string>((resolve) => {
      const sock = connect(server.port, '127.0.0.1', () => sock.write('NOT HTTP AT ALL\r\n\r\n'));
      let data = '';
      sock.on('data', (d) => (data += d));
      sock.on('close', () => resolve(data));
    });
    expect(reply).toMatch(/400/);
    expect((await client.get('/api/v3/app/getPlatform', { sign: 'none' })).status).toBe(200);
  });
});

describe('signature check', () => {
  it('missing signature → 401 signatureMissing', async () => {
    const { client } = await start();
    const r = await client.get('/rest/v1/meetings/verify-code', { sign: 'none' });
    expect(r.status).toBe(401);
    expect(r.json.result).toBe(RC.signatureMissing);
  });

  it('wrong devtoken → 401 badSignature; wrong devid → 401 unknownDevid', async () => {
    const { server, config } = await start();
    const wrongToken = new TestClient({ origin: server.origin, devid: config.devId, devtoken: 'nope' });
    expect((await wrongToken.get('/rest/v1/meetings/verify-code')).json.result).toBe(RC.badSignature);
    const wrongId = new TestClient({ origin: server.origin, devid: 'other', devtoken: config.devToken });
    expect((await wrongId.get('/rest/v1/meetings/verify-code')).json.result).toBe(RC.unknownDevid);
  });

  it('a time stamp outside ±300 s → 401 timestampExpired; inside → accepted', async () => {
    const { client } = await start();
    const stale = await client.get('/rest/v1/meetings/verify-code', { nowMs: Date.now() - 301_000 });
    expect(stale.status).toBe(401);
    expect(stale.json.result).toBe(RC.timestampExpired);
    const skewed = await client.get('/rest/v1/meetings/verify-code', { nowMs: Date.now() + 200_000 });
    expect(skewed.status).toBe(200);
  });

  it('strict: a per-session request signed with the session key passes and carries req.session', async () => {
    const { client, seen } = await start();
    const { sess_id, sign_key } = await login(client);
    const key = new Uint8Array(Buffer.from(sign_key!, 'base64'));
    const r = await client.post(
      `/rest/v1/meetings/${MR}/sessions/${sess_id}/echo`,
      { cmdid: 'x', n: 1 },
      { sign: { sessId: sess_id, key } },
    );
    expect(r.status).toBe(200);
    expect(r.json.session).toEqual({ sessId: sess_id, mrId: MR, role: 'host' });
    expect(seen[0].body).toEqual({ cmdid: 'x', n: 1 });
  });

  it('strict: a compat token is not enough on a per-session path', async () => {
    const { client } = await start();
    const { sess_id } = await login(client);
    const r = await client.get(`/rest/v1/meetings/${MR}/sessions/${sess_id}/mr-status`);
    expect(r.status).toBe(401);
    expect(r.json.result).toBe(RC.signatureMissing);
  });

  it('strict: a replayed nonce → 401 nonceReplayed', async () => {
    const { client } = await start();
    const { sess_id, sign_key } = await login(client);
    const key = new Uint8Array(Buffer.from(sign_key!, 'base64'));
    const sign = { sessId: sess_id, key, nonce: 'abcdef0123456789abcdef0123456789' };
    expect((await client.get(`/rest/v1/meetings/${MR}/sessions/${sess_id}/mr-status`, { sign })).status).toBe(200);
    const replay = await client.get(`/rest/v1/meetings/${MR}/sessions/${sess_id}/mr-status`, { sign });
    expect(replay.status).toBe(401);
    expect(replay.json.result).toBe(RC.nonceReplayed);
  });

  it('strict: a tampered body → 401 badSignature', async () => {
    const { client } = await start();
    const { sess_id, sign_key } = await login(client);
    const key = new Uint8Array(Buffer.from(sign_key!, 'base64'));
    const path = `/rest/v1/meetings/${MR}/sessions/${sess_id}/echo`;
    const { signStrict } = await import('../protocol/signing');
    const headers = signStrict({ devid: 'podium', sessionId: sess_id, key, method: 'POST', path, body: '{"n":1}' }) as unknown as Record<
      string,
      string
    >;
    const r = await client.send('POST', path, { body: '{"n":2}', sign: 'none', headers });
    expect(r.status).toBe(401);
    expect(r.json.result).toBe(RC.badSignature);
  });

  it("strict: one session's key cannot open another session's paths", async () => {
    const { client } = await start();
    const a = await login(client);
    const b = await login(client, '654321');
    const keyA = new Uint8Array(Buffer.from(a.sign_key!, 'base64'));
    const r = await client.get(`/rest/v1/meetings/${MR}/sessions/${b.sess_id}/mr-status`, { sign: { sessId: a.sess_id, key: keyA } });
    expect(r.status).toBe(401);
    expect(r.json.result).toBe(RC.badSignature);
  });

  it('an unknown or expired session → 404 sessionExpired', async () => {
    const { client } = await start({ signing: 'compat' });
    const r = await client.get(`/rest/v1/meetings/${MR}/sessions/nosuchsession/mr-status`);
    expect(r.status).toBe(404);
    expect(r.json).toEqual({ cmdid: 'error', result: RC.sessionExpired, detail: 'session' });
  });

  it('compat: the session comes from the path and must belong to the meeting of the path', async () => {
    const { client, engine } = await start({ signing: 'compat' });
    engine.addRoom('1234');
    const s = engine.openSession({ mrId: '1234', role: 'supervisor', peerIp: '127.0.0.1' });
    const own = await client.get(`/rest/v1/meetings/1234/sessions/${s.sessId}/mr-status`);
    expect(own.json.session).toEqual({ sessId: s.sessId, mrId: '1234', role: 'supervisor' });
    const other = await client.get(`/rest/v1/meetings/${MR}/sessions/${s.sessId}/mr-status`);
    expect(other.status).toBe(404);
  });
});

describe('long polls', () => {
  it('a handler waiting on req.signal is released when the client goes away', async () => {
    const { client, engine, server, seen } = await start({ signing: 'compat' });
    const s = engine.openSession({ mrId: MR, role: 'host', peerIp: '127.0.0.1' });
    const ac = new AbortController();
    const { signCompat } = await import('../protocol/signing');
    const path = `/rest/v1/meetings/${MR}/sessions/${s.sessId}/wait`;
    const pending = fetch(`${server.origin}${path}`, {
      headers: { ...signCompat({ devid: 'podium', devtoken: 'podium-dev-token' }, path) },
      signal: ac.signal,
    }).catch((e: Error) => e.name);
    await new Promise((r) => setTimeout(r, 100));
    expect(seen).toHaveLength(0);
    ac.abort();
    expect(await pending).toBe('AbortError');
    await vi.waitFor(() => expect(seen.map((r) => r.path)).toEqual([path]));
    expect((await client.get('/rest/v1/meetings/verify-code')).status).toBe(200);
  });
});

describe('base path', () => {
  it('API paths work with and without the frame prefix', async () => {
    const { server, config } = await start({ basePath: '/frame/console' });
    expect(server.url).toBe(`${server.origin}/frame/console`);
    const prefixed = new TestClient({ origin: server.origin, prefix: '/frame/console', devid: config.devId, devtoken: config.devToken });
    const bare = new TestClient({ origin: server.origin, devid: config.devId, devtoken: config.devToken });
    expect((await prefixed.get('/rest/v1/meetings/verify-code')).status).toBe(200);
    expect((await bare.get('/rest/v1/meetings/verify-code')).status).toBe(200);
    expect((await prefixed.get('/api/v3/app/getPlatform', { sign: 'none' })).status).toBe(200);
  });

  it('accepts a signature made over the prefixed path too, without loosening the session check', async () => {
    const { server, config } = await start({ basePath: '/pfx' });
    const bare = new TestClient({ origin: server.origin, devid: config.devId, devtoken: config.devToken });
    // signs '/pfx/rest/…' (the client treats the prefix as part of the path)
    expect((await bare.get('/pfx/rest/v1/meetings/verify-code')).status).toBe(200);
    const a = await login(bare);
    const b = await login(bare, '654321');
    const keyA = new Uint8Array(Buffer.from(a.sign_key!, 'base64'));
    const own = await bare.get(`/pfx/rest/v1/meetings/${MR}/sessions/${a.sess_id}/mr-status`, { sign: { sessId: a.sess_id, key: keyA } });
    expect(own.status).toBe(200);
    const other = await bare.get(`/pfx/rest/v1/meetings/${MR}/sessions/${b.sess_id}/mr-status`, { sign: { sessId: a.sess_id, key: keyA } });
    expect(other.status).toBe(401);
  });
});

describe('AES mode', () => {
  it('decrypts an AES body on an app1 sessions path and encrypts the answer', async () => {
    const { client, config } = await start({ apiAesMode: 1 });
    const key = deriveAesKey(config.devToken);
    const r = await client.send('POST', '/rest/v1/app1/manager/sessions/echo/', {
      body: encryptBody(key, JSON.stringify({ cmdid: 'x', secret: 'yes' })),
      headers: { 'content-type': 'text/plain; charset=utf-8' },
    });
    expect(r.status).toBe(200);
    expect(r.text.startsWith('AES:')).toBe(true);
    expect(JSON.parse(decryptBody(key, r.text))).toEqual({ body: { cmdid: 'x', secret: 'yes' } });
  });

  it('encrypts a JSON answer prepared as bytes as well (snapshots are encoded while they are built)', async () => {
    const { client, config } = await start({ apiAesMode: 1 });
    const r = await client.get('/rest/v1/app1/manager/sessions/bytes/');
    expect(r.status).toBe(200);
    expect(r.text.startsWith('AES:')).toBe(true);
    expect(JSON.parse(decryptBody(deriveAesKey(config.devToken), r.text))).toEqual({ names: ['参会者'] });
  });

  it('a damaged AES body → 400', async () => {
    const { client } = await start({ apiAesMode: 1 });
    const r = await client.send('POST', '/rest/v1/app1/manager/sessions/echo/', { body: 'AES:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' });
    expect(r.status).toBe(400);
    expect(r.json.result).toBe(RC.malformedJson);
  });

  it('leaves other paths in clear text', async () => {
    const { client } = await start({ apiAesMode: 1 });
    const r = await client.get('/rest/v1/meetings/verify-code');
    expect(r.json.cmdid).toBe('verify_code');
  });
});

describe('console files', () => {
  async function withDist() {
    const root = await mkdtemp(join(tmpdir(), 'podium-dist-'));
    temps.push(root);
    const dist = join(root, 'dist');
    await mkdir(join(dist, 'assets'), { recursive: true });
    await writeFile(join(root, 'secret.txt'), 'not for the web');
    await writeFile(join(dist, 'index.html'), '<!doctype html><title>Podium</title>');
    await writeFile(join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
    await writeFile(join(dist, 'favicon.svg'), '<svg/>');
    return dist;
  }

  it('serves index.html for the console routes, assets with type and long cache', async () => {
    const dist = await withDist();
    const { server } = await start({ distDir: dist });
    for (const route of ['/', '/login', '/control?mr-id=0123', '/layout']) {
      const r = await fetch(server.origin + route);
      expect(r.status).toBe(200);
      expect(r.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(r.headers.get('cache-control')).toBe('no-cache');
      expect(await r.text()).toContain('<title>Podium</title>');
    }
    const js = await fetch(`${server.origin}/assets/index-abc123.js`);
    expect(js.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(js.headers.get('cache-control')).toContain('immutable');
    expect((await fetch(`${server.origin}/favicon.svg`)).headers.get('content-type')).toBe('image/svg+xml');
    expect((await fetch(`${server.origin}/nope.js`)).status).toBe(404);
  });

  it('serves the console under the base path too', async () => {
    const dist = await withDist();
    const { server } = await start({ distDir: dist, basePath: '/pfx' });
    expect((await fetch(`${server.origin}/pfx/control`)).status).toBe(200);
    expect((await fetch(`${server.origin}/pfx/assets/index-abc123.js`)).status).toBe(200);
  });

  it('never serves files outside dist/', async () => {
    const dist = await withDist();
    const { server } = await start({ distDir: dist });
    for (const p of ['/../secret.txt', '/%2e%2e/secret.txt', '/assets/..%2f..%2fsecret.txt', '/..%5csecret.txt']) {
      const r = await fetch(server.origin + p);
      expect(r.status).toBe(404);
      expect(await r.text()).not.toContain('not for the web');
    }
  });

  it('without a build, tells to run npm run build', async () => {
    const { server } = await start();
    const r = await fetch(`${server.origin}/login`);
    expect(r.status).toBe(503);
    expect(await r.text()).toContain('npm run build');
  });
});
