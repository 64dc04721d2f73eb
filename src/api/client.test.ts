// @vitest-environment node
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { decryptBody, deriveAesKey, encryptBody } from '@protocol/aes';
import { RC } from '@protocol/codes';
import { ApiError } from '@protocol/errors';
import { NonceCache, encodeSignKey, verifyCompat, verifyStrict } from '@protocol/signing';
import type { LoginResponse, PlatformResponse } from '@protocol/wire';
import { classifyFailure } from './classify';
import { createApiClient, createLoginApi, createPlatformApi, createRelogin, createSessionApi, signingProblem } from './index';
import type { PlatformSettings } from './transport';
import { toLoginResult } from '@machines/login/loginMachine';

interface Seen {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}
interface Reply {
  status?: number;
  body?: unknown;
  text?: string;
  headers?: Record<string, string>;
  delayMs?: number;
}

const DEVID = 'dev-1';
const DEVTOKEN = 'token-1';
const KEY = new Uint8Array(32).map((_, i) => i + 1);
const PREFIX = '/console';

let server: Server;
let origin = '';
let seen: Seen[] = [];
let handler: (req: Seen) => Reply = () => ({ status: 200, body: {} });

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const s: Seen = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) };
      seen.push(s);
      const r = handler(s);
      const send = () => {
        if (res.destroyed) return;
        const text = r.text ?? (r.body === undefined ? '' : JSON.stringify(r.body));
        res.writeHead(r.status ?? 200, { 'Content-Type': 'application/json', ...r.headers });
        res.end(text);
      };
      if (r.delayMs) setTimeout(send, r.delayMs);
      else send();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

beforeEach(() => {
  seen = [];
  handler = () => ({ status: 200, body: {} });
});

const unprefixed = (url: string) => url.split('?')[0].replace(PREFIX, '');
const json = (s: Seen) => JSON.parse(s.body.toString('utf8')) as Record<string, unknown>;

function platformBody(mode: 'strict' | 'compat', aes: 0 | 1 = 0): PlatformResponse {
  return {
    code: 0,
    data: {
      func_enabled: { api_aes_mode: aes, live_builtin: 1, conf_statistics: 1 },
      signing: { mode, devid: DEVID, devtoken: DEVTOKEN },
      version: '1.0.0',
    },
  };
}

const strictSettings: PlatformSettings = { signing: { mode: 'strict', devid: DEVID, devtoken: DEVTOKEN }, aesMode: false };
const compatSettings: PlatformSettings = { signing: { mode: 'compat', devid: DEVID, devtoken: DEVTOKEN }, aesMode: false };

const loginAnswer: LoginResponse = {
  cmdid: 'ctrl_mr_rsp',
  result: '200',
  mr_id: '0123',
  sess_id: 'sess-9',
  use_pwd: 'host',
  extra: '',
  mr_start_dtm: 0,
  schedule_start_dtm: 0,
  schedule_name: '',
  stand_alone: 1,
  invalid_time: 0,
  after_sale_mgr_email: '',
  expired_notify: '',
  mr_scene: 'conference',
  sign_key: encodeSignKey(KEY),
  signing: 'strict',
};
/** the login as the console keeps it (the session record's shape): what a session client is built from */
const loginKeys = toLoginResult(loginAnswer, '0123');

function expectCompatSigned(s: Seen) {
  expect(verifyCompat({ headers: s.headers, path: unprefixed(s.url), credentials: { devid: DEVID, devtoken: DEVTOKEN } })).toEqual({
    ok: true,
  });
}

function expectStrictSigned(s: Seen, nonces = new NonceCache()) {
  const outcome = verifyStrict({
    headers: s.headers,
    method: s.method,
    path: unprefixed(s.url),
    body: s.body,
    devid: DEVID,
    keyFor: (id) => (id === 'sess-9' ? KEY : undefined),
    nonces,
  });
  expect(outcome).toEqual({ ok: true, sessionId: 'sess-9' });
}

describe('platform bootstrap', () => {
  it('asks getPlatform unsigned, once, and signs the other bootstrap calls in compat mode under the prefix', async () => {
    handler = (s) => {
      const p = unprefixed(s.url);
      if (p === '/api/v3/app/getPlatform') return { body: platformBody('strict') };
      if (p === '/app1/is_standalone/') return { body: { code: 0, data: { is_standalone: 1 } } };
      if (p.startsWith('/oem/name/')) return { body: { code: 0, data: { oem_id: 'x', title: { zh: '标题', en: 'Title' }, icon: '' } } };
      if (p === '/oem/get_nginx_config') return { body: { code: 0, data: { http_port: 8080, https_port: 0, base_path: PREFIX } } };
      return { status: 404, body: {} };
    };
    const platform = createPlatformApi({ baseUrl: origin + PREFIX });
    const settings = await platform.settings();
    expect(settings).toEqual(strictSettings);
    expect((await platform.isStandalone()).data.is_standalone).toBe(1);
    expect((await platform.oemIconTitle('a b')).data.title.en).toBe('Title');
    expect((await platform.nginxConfig()).data.base_path).toBe(PREFIX);
    await platform.settings();

    expect(seen.map((s) => s.url)).toEqual([
      '/console/api/v3/app/getPlatform',
      '/console/app1/is_standalone/',
      '/console/oem/name/a%20b/icon_title/icon_title_char/',
      '/console/oem/get_nginx_config',
    ]);
    expect(seen[0].headers.devid).toBeUndefined();
    for (const s of seen.slice(1)) expectCompatSigned(s);
  });

  it('does not cache a failed getPlatform', async () => {
    let calls = 0;
    handler = () => (++calls === 1 ? { status: 502, body: {} } : { body: platformBody('compat', 1) });
    const platform = createPlatformApi({ baseUrl: origin });
    await expect(platform.settings()).rejects.toMatchObject({ kind: 'http', status: 502 });
    expect(await platform.settings()).toEqual({ ...compatSettings, aesMode: true });
  });
});

describe('who signs (getPlatform without credentials)', () => {
  const bare = (aes: 0 | 1 = 0): PlatformResponse => ({
    code: 0,
    data: { func_enabled: { api_aes_mode: aes, live_builtin: 1, conf_statistics: 1 }, version: '5.0' },
  });
  const signingHeaders = (s: Seen) => ['devid', 'randdtm', 'md5token', 'nonce', 'signature'].filter((h) => s.headers[h] !== undefined);

  it('behind a proxy announcing X-Podium-Signer: upstream, sends no signing headers (the proxy signs) but still names the session', async () => {
    handler = (s) => {
      const p = unprefixed(s.url);
      if (p === '/api/v3/app/getPlatform') return { body: bare(), headers: { 'X-Podium-Signer': 'upstream' } };
      if (p === '/rest/v1/meetings/verify-code') return { body: { cmdid: 'verify_code', base64: 'iVBOR', datetime: 1 } };
      return { body: { ...loginAnswer, sign_key: undefined, signing: 'compat' } };
    };
    const client = createApiClient({ baseUrl: origin });
    expect(await client.platform.settings()).toEqual({ upstreamSigns: true, aesMode: false });
    await client.login.getVerifyCode();
    await client.login.login({ mrId: '0123', password: '123456', code: 'AB12' });
    const session = client.session({ mrId: '0123', sessId: 'sess-9', signing: 'compat' });
    await session.get('mr-status').catch(() => undefined);
    expect(seen.length).toBe(4);
    for (const s of seen) expect(signingHeaders(s)).toEqual([]);
    expect(seen[3].headers.sessionid).toBe('sess-9');
  });

  it('behind a signing proxy, a strict session keeps signing with its key (no devid: the proxy sets it)', async () => {
    handler = (s) =>
      unprefixed(s.url) === '/api/v3/app/getPlatform' ? { body: bare(), headers: { 'x-podium-signer': 'upstream' } } : { body: {} };
    const client = createApiClient({ baseUrl: origin });
    const session = client.session({ mrId: '0123', sessId: 'sess-9', signKey: encodeSignKey(KEY), signing: 'strict' });
    await session.get('mr-status').catch(() => undefined);
    const req = seen[1];
    expect(req.headers.devid).toBeUndefined();
    expect(req.headers.md5token).toBeUndefined();
    expectStrictSigned({ ...req, headers: { ...req.headers, devid: DEVID } });
  });

  it('with no credentials and no signing proxy, sends nothing and says why (SigningUnavailableError noCredentials)', async () => {
    handler = () => ({ body: bare() });
    const client = createApiClient({ baseUrl: origin });
    await expect(client.login.getVerifyCode()).rejects.toMatchObject({ name: 'SigningUnavailableError', problem: 'noCredentials' });
    // a header a platform could put in its body does not count: only the proxy's response header does
    expect(seen.map((s) => unprefixed(s.url))).toEqual(['/api/v3/app/getPlatform']);
    expect(signingProblem(await client.platform.settings())).toBe('noCredentials');
  });

  it('refuses api_aes_mode behind a signing proxy (its key derives from the devtoken the browser never gets): aesNeedsToken', async () => {
    handler = () => ({ body: bare(1), headers: { 'X-Podium-Signer': 'upstream' } });
    const client = createApiClient({ baseUrl: origin });
    await expect(client.login.getVerifyCode()).rejects.toMatchObject({ name: 'SigningUnavailableError', problem: 'aesNeedsToken' });
    expect(seen.length).toBe(1);
  });

  it('another value of the signer header is not an announcement', async () => {
    handler = () => ({ body: bare(), headers: { 'X-Podium-Signer': 'console' } });
    const platform = createPlatformApi({ baseUrl: origin });
    expect(await platform.settings()).toEqual({ aesMode: false });
  });
});

describe('login', () => {
  it('signs verify code and login in compat mode even when the platform is strict, and trims the payload', async () => {
    handler = (s) => {
      const p = unprefixed(s.url);
      if (p === '/api/v3/app/getPlatform') return { body: platformBody('strict') };
      if (p === '/rest/v1/meetings/verify-code') {
        return { body: { cmdid: 'verify_code', base64: 'iVBOR', datetime: 1, code_id: 'c-1', expires_in: 120 } };
      }
      return { body: loginAnswer };
    };
    const api = createLoginApi({ baseUrl: origin + PREFIX });
    const code = await api.getVerifyCode();
    expect(code.code_id).toBe('c-1');
    const r = await api.login({ mrId: '0123', password: ' 123456 ', code: ' aB3d', codeId: 'c-1 ' });
    expect(r.sess_id).toBe('sess-9');

    const loginReq = seen[2];
    expect(loginReq.method).toBe('POST');
    expect(loginReq.url).toBe('/console/rest/v1/meetings/0123/sessions/');
    expect(loginReq.headers['content-type']).toContain('application/json');
    expect(loginReq.headers.signature).toBeUndefined();
    expectCompatSigned(seen[1]);
    expectCompatSigned(loginReq);
    expect(json(loginReq)).toEqual({ cmdid: 'ctrl_mr_req', mr_id: '0123', ctrl_pwd: '123456', cert_code: 'aB3d', code_id: 'c-1' });
  });

  it('maps login refusals to ApiError with the reason and the retry delay', async () => {
    const replies: Reply[] = [
      { status: 403, body: { cmdid: 'ctrl_mr_rsp', result: '403', extra: '4002' } },
      { status: 404, body: { cmdid: 'ctrl_mr_rsp', result: '404', extra: 'adhoc disabled' } },
      { status: 405, body: { cmdid: 'ctrl_mr_rsp', result: '405', extra: '1003' } },
      { status: 429, body: { cmdid: 'ctrl_mr_rsp', result: '429', extra: '1005', retry_after: 30 }, headers: { 'Retry-After': '30' } },
      { status: 429, body: { cmdid: 'ctrl_mr_rsp', result: '429', extra: '1005' }, headers: { 'Retry-After': '12' } },
    ];
    let i = 0;
    handler = () => replies[i++];
    const api = createLoginApi({ baseUrl: origin, settings: compatSettings });
    const attempt = () => api.login({ mrId: '8008038', password: 'x', code: 'abcd', codeId: 'c' }).catch((e: unknown) => e);
    expect(await attempt()).toMatchObject({ kind: 'http', status: 403, result: RC.wrongMeetingPassword, detail: '4002' });
    expect(await attempt()).toMatchObject({ kind: 'http', status: 404, result: undefined, detail: 'adhoc disabled' });
    const badCode = await attempt();
    expect(badCode).toMatchObject({ status: 405, result: RC.verifyCodeIncorrect });
    expect(classifyFailure(badCode)).toEqual({ kind: 'silent', message: 'login.badCode', result: RC.verifyCodeIncorrect });
    expect(await attempt()).toMatchObject({ status: 429, result: RC.tooManyLoginAttempts, retryAfter: 30 });
    expect(await attempt()).toMatchObject({ status: 429, retryAfter: 12 });
  });

  it('refuses a malformed login answer as a decode error', async () => {
    handler = () => ({ body: { ...loginAnswer, sess_id: '' } });
    const api = createLoginApi({ baseUrl: origin, settings: compatSettings });
    await expect(api.login({ mrId: '1234', password: 'p', code: 'abcd', codeId: 'c' })).rejects.toMatchObject({
      kind: 'decode',
      status: 200,
    });
  });
});

describe('session requests', () => {
  it('signs every session request strictly with the session key and adds req_id to POST bodies', async () => {
    handler = () => ({ body: { ok: 1 } });
    const api = createSessionApi({ baseUrl: origin + PREFIX, settings: strictSettings, login: loginKeys });
    expect(api.mrId).toBe('0123');
    await api.get('mr-status');
    await api.post('mr-status', { cmdid: 'mod_mr_status', lock_mr: 1 });
    await api.post('eps-status', { cmdid: 'ctrl_mr_eps', action: 'displayname', usr_ids: [' u1 '], value: '  Hall A ', req_id: 'mine' });
    await api.raw('GET', '/status/participant/7/media_stream/');

    expect(seen.map((s) => `${s.method} ${s.url}`)).toEqual([
      'GET /console/rest/v1/meetings/0123/sessions/sess-9/mr-status',
      'POST /console/rest/v1/meetings/0123/sessions/sess-9/mr-status',
      'POST /console/rest/v1/meetings/0123/sessions/sess-9/eps-status',
      'GET /console/status/participant/7/media_stream/',
    ]);
    const nonces = new NonceCache();
    for (const s of seen) expectStrictSigned(s, nonces);
    expect(new Set(seen.map((s) => s.headers.nonce)).size).toBe(4);
    expect(json(seen[1]).req_id).toMatch(/^[0-9a-f]{24}$/);
    expect(json(seen[2])).toEqual({ cmdid: 'ctrl_mr_eps', action: 'displayname', usr_ids: ['u1'], value: 'Hall A', req_id: 'mine' });
  });

  it('signs in compat mode when the platform is compat', async () => {
    handler = () => ({ body: {} });
    const { signKey: _k, ...compatLogin } = { ...loginKeys, signing: 'compat' as const };
    const api = createSessionApi({ baseUrl: origin, settings: compatSettings, login: compatLogin });
    await api.post('title-config', { cmdid: 'set_title', message: ' hi ' });
    expect(seen[0].headers.signature).toBeUndefined();
    expectCompatSigned(seen[0]);
    expect(json(seen[0]).message).toBe('hi');
  });

  it('runs the long poll without a client time limit, while ordinary requests time out', async () => {
    handler = (s) =>
      unprefixed(s.url).endsWith('/changes') ? { body: [{ cmdid: 'resync', seq: 5 }], delayMs: 400 } : { delayMs: 400, body: {} };
    const api = createSessionApi({ baseUrl: origin, settings: strictSettings, login: loginKeys, timeoutMs: 150 });
    expect(await api.changes(4, 10)).toEqual([{ cmdid: 'resync', seq: 5 }]);
    const body = json(seen[0]);
    expect(body).toEqual({ cmdid: 'get_changes', block_secs: 10, since_seq: 4 });
    const err = await api.get('mr-info').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ kind: 'timeout', status: 0 });
    expect(classifyFailure(err)).toMatchObject({ kind: 'alertReload', message: 'timeout' });
  });

  it('ends a held poll on abort', async () => {
    handler = () => ({ body: [], delayMs: 2000 });
    const api = createSessionApi({ baseUrl: origin, settings: strictSettings, login: loginKeys });
    const ctrl = new AbortController();
    const p = api.changes(0, 10, ctrl.signal).catch((e: unknown) => e);
    setTimeout(() => ctrl.abort(), 50);
    const err = await p;
    expect(err).toMatchObject({ kind: 'aborted' });
    expect(classifyFailure(err)).toEqual({ kind: 'silent', message: 'aborted' });
  });

  it('decodes poll answers: unknown events dropped, bad ones reported or failing', async () => {
    const answer = [
      { cmdid: 'mr_deled', seq: 1 },
      { cmdid: 'brand_new', seq: 2 },
      { cmdid: 'left_call', seq: 3 },
    ];
    handler = () => ({ body: answer });
    const reported: string[] = [];
    const lenient = createSessionApi({
      baseUrl: origin,
      settings: strictSettings,
      login: loginKeys,
      onInvalidEvent: (e) => reported.push(e.path),
    });
    expect((await lenient.changes(0, 10)).map((e) => e.seq)).toEqual([1]);
    expect(reported).toEqual(['[2].ep_id']);
    const strictDecode = createSessionApi({ baseUrl: origin, settings: strictSettings, login: loginKeys });
    await expect(strictDecode.changes(0, 10)).rejects.toMatchObject({ kind: 'decode', status: 200 });
    handler = () => ({ text: '<html>oops</html>' });
    await expect(strictDecode.changes(0, 10)).rejects.toMatchObject({ kind: 'decode' });
  });
});

describe("as the platform's own clients (no seq, no code_id, no resume token)", () => {
  const { sign_key: _k, ...platformLogin } = { ...loginAnswer, signing: 'compat' as const };
  const platformKeys = toLoginResult(platformLogin as LoginResponse, '0123');

  it('polls without a cursor when given none, and with since_seq when given one', async () => {
    handler = () => ({ body: [{ cmdid: 'online_eps_left', usr_ids: ['1'] }] });
    const api = createSessionApi({ baseUrl: origin, settings: compatSettings, login: platformKeys });
    const events = await api.changes(null, 10);
    expect(json(seen[0])).toEqual({ cmdid: 'get_changes', block_secs: 10 });
    expect(events.map((e) => e.cmdid)).toEqual(['online_eps_left']);
    await api.changes(7, 10);
    expect(json(seen[1])).toEqual({ cmdid: 'get_changes', block_secs: 10, since_seq: 7 });
  });

  it('logs in with cert_code alone when the verify code named no challenge', async () => {
    handler = () => ({ body: platformLogin });
    const login = createLoginApi({ baseUrl: origin, settings: compatSettings });
    await login.login({ mrId: '0123', password: 'pw', code: 'AB12' });
    expect(json(seen[0])).toEqual({ cmdid: 'ctrl_mr_req', mr_id: '0123', ctrl_pwd: 'pw', cert_code: 'AB12' });
  });

  it('re-login: a text verify code, then the login with its text and the kept password; a client for the new session', async () => {
    handler = (s) => {
      const p = unprefixed(s.url);
      if (p === '/rest/v1/meetings/temp-verify-code')
        return { body: { cmdid: 'verify_code', base64: Buffer.from('XY34').toString('base64'), datetime: 1 } };
      if (p === '/rest/v1/meetings/0123/sessions/') return { body: { ...platformLogin, sess_id: 'sess-10' } };
      return { body: {} };
    };
    const relogin = createRelogin({ baseUrl: origin, settings: compatSettings }, 'pw-kept');
    const { answer, api } = await relogin({ mrId: '0123' });
    expect(seen.map((s) => unprefixed(s.url))).toEqual(['/rest/v1/meetings/temp-verify-code', '/rest/v1/meetings/0123/sessions/']);
    expect(json(seen[1])).toEqual({ cmdid: 'ctrl_mr_req', mr_id: '0123', ctrl_pwd: 'pw-kept', cert_code: 'XY34' });
    expectCompatSigned(seen[1]);
    expect(answer.sess_id).toBe('sess-10');
    expect(api.sessId).toBe('sess-10');
  });

  it("a refused re-login rejects with the login's ApiError", async () => {
    handler = (s) =>
      unprefixed(s.url).endsWith('temp-verify-code')
        ? { body: { cmdid: 'verify_code', base64: Buffer.from('XY34').toString('base64'), datetime: 1 } }
        : { status: 403, body: { cmdid: 'ctrl_mr_rsp', result: '403', extra: '4002' } };
    const relogin = createRelogin({ baseUrl: origin, settings: compatSettings }, 'changed');
    await expect(relogin({ mrId: '0123' })).rejects.toMatchObject({ kind: 'http', status: 403 });
  });
});

describe('AES mode', () => {
  const aesSettings: PlatformSettings = { ...strictSettings, aesMode: true };

  it('encrypts the bodies shouldEncrypt names with the session key and decrypts the answer', async () => {
    const key = deriveAesKey(DEVTOKEN, KEY);
    let received = '';
    handler = (s) => {
      received = decryptBody(key, s.body.toString('utf8'));
      return { text: encryptBody(key, JSON.stringify({ lst_mrids: ['1'] })), headers: { 'Content-Type': 'text/plain' } };
    };
    const api = createSessionApi({ baseUrl: origin, settings: aesSettings, login: loginKeys });
    const answer = await api.raw('POST', '/rest/v1/cloud/statistics', { cmdid: 'get_room_history_req', from_dtm: 0, tenant_id: ' t ' });
    expect(answer).toEqual({ lst_mrids: ['1'] });
    expect(seen[0].body.toString('utf8')).toMatch(/^AES:/);
    expect(seen[0].headers['content-type']).toContain('text/plain');
    expect(JSON.parse(received)).toEqual({ cmdid: 'get_room_history_req', from_dtm: 0, tenant_id: 't' });
    expectStrictSigned(seen[0]);
  });

  it('leaves other paths in clear but still decrypts an AES answer (also as a JSON string)', async () => {
    const platformKey = deriveAesKey(DEVTOKEN);
    handler = () => ({ body: encryptBody(platformKey, '{"x":1}') });
    const api = createSessionApi({ baseUrl: origin, settings: aesSettings, login: loginKeys });
    expect(await api.post('mr-info', { cmdid: 'mod_mr_info', increase_secs: 60 })).toEqual({ x: 1 });
    expect(json(seen[0]).cmdid).toBe('mod_mr_info');
  });

  it('reports a tampered AES answer as a decode error', async () => {
    handler = () => ({ text: encryptBody(new Uint8Array(32), '{"x":1}') });
    const api = createSessionApi({ baseUrl: origin, settings: aesSettings, login: loginKeys });
    await expect(api.raw('POST', '/rest/v1/cloud/statistics', {})).rejects.toMatchObject({ kind: 'decode' });
  });
});

describe('HTTP outcomes', () => {
  const api = () => createSessionApi({ baseUrl: origin, settings: compatSettings, login: { mrId: '1234', sessId: 's' } });
  const failWith = async (status: number, body: unknown = { cmdid: 'error', result: RC.meetingLocked }, path = 'mr-status') => {
    handler = () => ({ status, body });
    return api()
      .get(path)
      .then(
        () => undefined,
        (e: unknown) => e as ApiError,
      );
  };

  it('passes 2xx through and reads an empty answer as undefined', async () => {
    handler = () => ({ status: 200 });
    expect(await api().post('mr-status', { cmdid: 'stop_mr_req', reason: '' })).toBeUndefined();
  });

  it('maps every status of spec §8', async () => {
    const url = '/rest/v1/meetings/1234/sessions/s/mr-status';
    expect(classifyFailure(await failWith(304, undefined))).toEqual({ kind: 'silent', message: 'http.304' });
    expect(classifyFailure(await failWith(401, { cmdid: 'error', result: RC.badSignature }))).toEqual({
      kind: 'silent',
      message: 'http.401',
      result: RC.badSignature,
    });
    expect(classifyFailure(await failWith(405))).toEqual({ kind: 'silent', message: 'http.405' });
    expect(classifyFailure(await failWith(403))).toEqual({ kind: 'message', message: 'result', result: RC.meetingLocked });
    expect(classifyFailure(await failWith(403, { cmdid: 'error', result: 1088 }))).toEqual({
      kind: 'silent',
      message: 'result',
      result: 1088,
    });
    expect(classifyFailure(await failWith(403, {}))).toEqual({ kind: 'message', message: 'http.403' });
    expect(classifyFailure(await failWith(404, { cmdid: 'error', result: RC.sessionExpired }))).toEqual({
      kind: 'message',
      message: 'http.404',
      url,
      result: RC.sessionExpired,
    });
    expect(classifyFailure(await failWith(500))).toMatchObject({ kind: 'message', message: 'http.500', url });
    expect(classifyFailure(await failWith(550))).toMatchObject({ kind: 'message', message: 'http.500', url });
    expect(classifyFailure(await failWith(556))).toEqual({ kind: 'message', message: 'http.556' });
    // an outage carries its status and goes when the platform answers again (issue 23 item 5)
    expect(classifyFailure(await failWith(502))).toEqual({ kind: 'alertReload', message: 'http.502', url, status: 502, outage: true });
    expect(classifyFailure(await failWith(555))).toEqual({ kind: 'alertReload', message: 'http.555', url });
    expect(classifyFailure(await failWith(504))).toEqual({ kind: 'alertReload', message: 'http.504', url, status: 504, outage: true });
    expect(classifyFailure(await failWith(499))).toEqual({ kind: 'alertReload', message: 'http.499', url });
    expect(classifyFailure(await failWith(418))).toEqual({ kind: 'alertReload', message: 'http.other', url });
    expect(classifyFailure(await failWith(503, 'plain text'))).toEqual({
      kind: 'alertReload',
      message: 'http.503',
      url,
      status: 503,
      outage: true,
    });
    expect(classifyFailure(await failWith(400, { cmdid: 'error', result: RC.overtimeTooLong, detail: 'increase_secs' }))).toEqual({
      kind: 'message',
      message: 'result',
      result: RC.overtimeTooLong,
    });
    expect(classifyFailure(await failWith(400, {}))).toMatchObject({ kind: 'alertReload', message: 'http.other' });
  });

  it('carries status, url, result and detail on the ApiError', async () => {
    const e = await failWith(400, { cmdid: 'error', result: RC.fieldTooLong, detail: 'message' });
    expect(e).toBeInstanceOf(ApiError);
    expect(e).toMatchObject({
      kind: 'http',
      status: 400,
      url: '/rest/v1/meetings/1234/sessions/s/mr-status',
      result: RC.fieldTooLong,
      detail: 'message',
    });
  });

  it('shows participant-status failures as "statistics not enabled"', async () => {
    handler = () => ({ status: 404, body: {} });
    const e = await api()
      .raw('GET', '/status/participant/3/media_stream/')
      .catch((x: unknown) => x);
    expect(classifyFailure(e)).toMatchObject({ kind: 'message', message: 'http.statisticsDisabled' });
  });

  it('keeps a participant-status read of an ended session silent, and one that meets an outage an outage', async () => {
    const read = () =>
      api()
        .raw('POST', '/status/participant/packets_lost_rate/', { mr_id: '1234' })
        .catch((x: unknown) => x);
    // the session the read names is gone (logged out meanwhile): §8's silent 401, no statistics toast
    handler = () => ({ status: 401, body: { cmdid: 'error', result: RC.sessionExpired } });
    expect(classifyFailure(await read())).toEqual({ kind: 'silent', message: 'http.401', result: RC.sessionExpired });
    // the platform is unreachable: the outage alert, which goes by itself, not "statistics not enabled"
    handler = () => ({ status: 502, body: { cmdid: 'error', result: 9988 } });
    expect(classifyFailure(await read())).toMatchObject({ kind: 'alertReload', message: 'http.502', status: 502, outage: true });
    const dead = createSessionApi({ baseUrl: 'http://127.0.0.1:1', settings: compatSettings, login: { mrId: '1234', sessId: 's' } });
    const unanswered = await dead.raw('GET', '/status/participant/3/media_stream').catch((x: unknown) => x);
    expect(classifyFailure(unanswered)).toMatchObject({ kind: 'alertReload', message: 'network', outage: true });
  });

  it('maps an unreachable server to a network error', async () => {
    const dead = createSessionApi({ baseUrl: 'http://127.0.0.1:1', settings: compatSettings, login: { mrId: '1234', sessId: 's' } });
    const e = await dead.get('mr-status').catch((x: unknown) => x);
    expect(e).toMatchObject({ kind: 'network', status: 0 });
    expect(classifyFailure(e)).toMatchObject({ kind: 'alertReload', message: 'network' });
    expect(classifyFailure(new Error('boom'))).toEqual({ kind: 'alertReload', message: 'http.other' });
  });
});

describe('createApiClient', () => {
  it('shares one getPlatform between login and session', async () => {
    handler = (s) => {
      const p = unprefixed(s.url);
      if (p === '/api/v3/app/getPlatform') return { body: platformBody('strict') };
      if (p.endsWith('/sessions/')) return { body: loginAnswer };
      return { body: { cmdid: 'verify_code', base64: 'x' } };
    };
    const client = createApiClient({ baseUrl: origin });
    await client.login.getVerifyCode();
    const answer = await client.login.login({ mrId: '0123', password: 'p', code: 'abcd', codeId: 'c' });
    await client.session(toLoginResult(answer, '0123')).get('mr-status');
    expect(seen.filter((s) => s.url.includes('getPlatform'))).toHaveLength(1);
    expectStrictSigned(seen[seen.length - 1]);
  });
});
