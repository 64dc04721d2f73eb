import { afterEach, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RC } from '../../protocol/codes';
import { testConfig, type Config } from '../config';
import { startServer, type StartedServer } from '../main';
import { FakeEngine, TestClient } from '../http/testing/client';
import { createServer } from '../app';
import { openJournalStore } from '../store/journalStore';
import { createMemoryStore } from '../store/memoryStore';
import type { Store } from '../store/types';
import { RESUME_COLLECTION, ResumeTokens } from './resumeTokens';
import { publicControllerId } from './sessionBinding';

const MR = '8008038';
const CODE = '2345';
const HOME = '10.1.1.1';
const silent = { info: () => {}, warn: () => {}, error: () => {} };
const running: StartedServer[] = [];
const temps: string[] = [];
const closers: Array<() => Promise<void>> = [];

afterEach(async () => {
  for (const s of running.splice(0)) await s.close();
  for (const close of closers.splice(0)) await close();
  for (const d of temps.splice(0)) await rm(d, { recursive: true, force: true });
});

function config(over: Partial<Config> = {}): Config {
  return testConfig({
    captchaTestCode: CODE,
    signing: 'compat',
    simEndpoints: 0,
    trustProxy: true,
    demo: { seed: true, mrId: MR, hostPwd: '123456', supervisorPwd: '654321' },
    ...over,
  });
}

async function start(store: Store = createMemoryStore(), cfg = config()) {
  const server = await startServer(cfg, { store, log: silent });
  running.push(server);
  const client = new TestClient({ origin: server.origin, prefix: '', devid: cfg.devId, devtoken: cfg.devToken });
  return { server, client };
}

const from = (ip: string) => ({ headers: { 'x-forwarded-for': ip } });

async function login(client: TestClient, pwd = '123456', ip = HOME) {
  const code = await client.get('/rest/v1/meetings/verify-code', from(ip));
  const r = await client.post(
    `/rest/v1/meetings/${MR}/sessions/`,
    { cmdid: 'ctrl_mr_req', mr_id: MR, ctrl_pwd: pwd, cert_code: CODE, code_id: code.json.code_id },
    from(ip),
  );
  expect(r.status).toBe(200);
  return r.json as { sess_id: string; resume_token: string; use_pwd: string };
}

function resume(client: TestClient, token: string, ip = HOME, mr = MR) {
  return client.post(`/rest/v1/meetings/${mr}/sessions/`, { cmdid: 'ctrl_mr_req', mr_id: mr, resume_token: token }, from(ip));
}

function expectRefused(r: { status: number; json: any }) {
  expect(r.status).toBe(403);
  expect(r.json).toMatchObject({ cmdid: 'ctrl_mr_rsp', result: '403', extra: String(RC.resumeRefused) });
  expect(r.json.sess_id).toBeUndefined();
}

describe('session resume over HTTP', () => {
  it('opens a new session for the same role with a rotated token; the old token is spent', async () => {
    const { client, server } = await start();
    const sup = await login(client, '654321');
    expect(sup.resume_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const head = server.engine.rooms.get(MR)!.feed.head;

    const r = await resume(client, sup.resume_token);
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ cmdid: 'ctrl_mr_rsp', result: '200', mr_id: MR, use_pwd: 'supervisor' });
    expect(r.json.sess_id).not.toBe(sup.sess_id);
    expect(r.json.resume_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(r.json.resume_token).not.toBe(sup.resume_token);
    // the new session works, and the others saw it arrive
    const P = `/rest/v1/meetings/${MR}/sessions/${r.json.sess_id}/`;
    // (from the address it resumed from: compat sessions are bound to it)
    expect((await client.get(`${P}mr-status`, from(HOME))).status).toBe(200);
    const events = (await client.post(`${P}changes`, { cmdid: 'get_changes', block_secs: 0, since_seq: head }, from(HOME))).json as any[];
    expect(
      events.some((e) => e.cmdid === 'mr_ctrl_in' && e.sessionid === publicControllerId(r.json.sess_id) && e.role === 'supervisor'),
    ).toBe(true);

    expectRefused(await resume(client, sup.resume_token));
    // the rotated one is good once
    expect((await resume(client, r.json.resume_token)).status).toBe(200);
  });

  it('resumes a session the server expired (the 60 s network cut)', async () => {
    const cfg = { ...config(), sessionTimeoutMs: 300, tickMs: 50 } as Config;
    const { client, server } = await start(createMemoryStore(), cfg);
    const host = await login(client);
    await new Promise((r) => setTimeout(r, 600));
    expect(server.engine.sessions.has(host.sess_id)).toBe(false);
    const gone = await client.get(`/rest/v1/meetings/${MR}/sessions/${host.sess_id}/mr-status`);
    expect(gone.status).toBe(404);
    expect(gone.json.result).toBe(RC.sessionExpired);

    const r = await resume(client, host.resume_token);
    expect(r.status).toBe(200);
    expect(r.json.use_pwd).toBe('host');
  });

  it('refuses a token from another address, and burns it', async () => {
    const { client } = await start();
    const host = await login(client);
    expectRefused(await resume(client, host.resume_token, '10.9.9.9'));
    expectRefused(await resume(client, host.resume_token, HOME));
  });

  it('refuses a token for another meeting, an unknown token and a malformed one', async () => {
    const { client } = await start();
    const host = await login(client);
    expectRefused(await resume(client, host.resume_token, HOME, String(Number(MR) + 1)));
    expectRefused(await resume(client, 'A'.repeat(43)));
    expectRefused(await resume(client, 'not a token'));
  });

  it('refuses after logout and after a force_logout', async () => {
    const { client, server } = await start();
    const host = await login(client);
    const out = await client.post(`/rest/v1/meetings/${MR}/sessions/${host.sess_id}/logout_req`, { cmdid: 'logout_req' }, from(HOME));
    expect(out.status).toBe(200);
    expectRefused(await resume(client, host.resume_token));

    const sup = await login(client, '654321');
    server.engine.forceLogout(sup.sess_id, 'kicked');
    expectRefused(await resume(client, sup.resume_token));
  });

  it('refuses every token of the meeting after a password change, the changer’s own included', async () => {
    const { client } = await start();
    const host = await login(client);
    const sup = await login(client, '654321');
    const r = await client.post(
      `/rest/v1/meetings/${MR}/sessions/${host.sess_id}/mr-pwd`,
      { cmdid: 'mod_mr_pwd', ctrl_pwd: '123456', supervisor_pwd: '777888' },
      from(HOME),
    );
    expect(r.status).toBe(200);
    expectRefused(await resume(client, sup.resume_token));
    expectRefused(await resume(client, host.resume_token));
  });

  it('refuses after the meeting ended, even once a new meeting runs in the room', async () => {
    const { client, server } = await start();
    const host = await login(client);
    const sup = await login(client, '654321');
    const r = await client.post(
      `/rest/v1/meetings/${MR}/sessions/${host.sess_id}/mr-status`,
      { cmdid: 'stop_mr_req', reason: '' },
      from(HOME),
    );
    expect(r.status).toBe(200);
    expectRefused(await resume(client, host.resume_token));
    const room = server.engine.rooms.get(MR)!;
    server.engine.startMeeting(room, server.engine.nowSecs() + 5);
    expectRefused(await resume(client, sup.resume_token));
  });

  it('keeps tokens across a restart, hashed only', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'podium-resume-'));
    temps.push(dir);
    const first = await start(await openJournalStore({ dir }));
    const host = await login(first.client);
    await first.server.close();
    running.splice(running.indexOf(first.server), 1);

    const store = await openJournalStore({ dir });
    const keys = store.keys(RESUME_COLLECTION);
    expect(keys).toContain(createHash('sha256').update(host.resume_token).digest('hex'));
    expect(JSON.stringify(store.list(RESUME_COLLECTION))).not.toContain(host.resume_token);
    const second = await start(store);
    const r = await resume(second.client, host.resume_token);
    expect(r.status).toBe(200);
    expect(r.json.use_pwd).toBe('host');
  });

  it('counts refusals against the brute-force guard of the login', async () => {
    const engine = new FakeEngine();
    engine.addRoom(MR);
    const cfg = config();
    const delays: number[] = [];
    const server = await createServer(cfg, { engine, log: silent, sleep: async (ms) => void delays.push(ms) });
    closers.push(() => server.close());
    const client = new TestClient({ origin: server.origin, prefix: '', devid: cfg.devId, devtoken: cfg.devToken });
    for (let i = 0; i < 10; i++) expectRefused(await resume(client, `${'B'.repeat(42)}${i}`, '10.2.2.2'));
    expect(delays).toHaveLength(10);
    expect(delays[1]).toBeGreaterThan(delays[0]);
    const locked = await resume(client, 'B'.repeat(43), '10.2.2.2');
    expect(locked.status).toBe(429);
    expect(locked.json).toMatchObject({ result: '429', extra: String(RC.tooManyLoginAttempts) });
    expect(Number(locked.json.retry_after)).toBeGreaterThan(0);
  });

  it('still logs in when the token cannot be stored, only without a token', async () => {
    const engine = new FakeEngine();
    engine.addRoom(MR);
    const cfg = config();
    const store = createMemoryStore();
    // a store whose writes of single records fail (its methods live on its class, not on the object)
    const broken: Store = Object.assign(Object.create(store) as Store, { put: () => Promise.reject(new Error('disk full')) });
    const logged: string[] = [];
    const server = await createServer(cfg, {
      engine,
      store: broken,
      log: { ...silent, info: (m) => logged.push(m) },
      sleep: async () => {},
    });
    closers.push(() => server.close());
    const client = new TestClient({ origin: server.origin, prefix: '', devid: cfg.devId, devtoken: cfg.devToken });
    const code = await client.get('/rest/v1/meetings/verify-code', from(HOME));
    const r = await client.post(
      `/rest/v1/meetings/${MR}/sessions/`,
      { cmdid: 'ctrl_mr_req', mr_id: MR, ctrl_pwd: '123456', cert_code: CODE, code_id: code.json.code_id },
      from(HOME),
    );
    expect(r.status).toBe(200);
    expect(r.json.sess_id).toBeTruthy();
    expect(r.json.resume_token).toBeUndefined();
    expect(logged.some((m) => m.includes('disk full'))).toBe(true);
  });

  it('rejects a malformed resume request without spending anything', async () => {
    const { client } = await start();
    const host = await login(client);
    const both = await client.post(
      `/rest/v1/meetings/${MR}/sessions/`,
      { cmdid: 'ctrl_mr_req', mr_id: MR, resume_token: host.resume_token, ctrl_pwd: '123456' },
      from(HOME),
    );
    expect(both.status).toBe(400);
    const notString = await client.post(
      `/rest/v1/meetings/${MR}/sessions/`,
      { cmdid: 'ctrl_mr_req', mr_id: MR, resume_token: 5 },
      from(HOME),
    );
    expect(notString.status).toBe(400);
    expect((await resume(client, host.resume_token)).status).toBe(200);
  });
});

describe('ResumeTokens', () => {
  it('refuses a token older than its lifetime and prunes it', async () => {
    let now = 1_000_000;
    const store = createMemoryStore();
    const tokens = new ResumeTokens(store, { now: () => now, maxAgeMs: 60_000 });
    const grant = { mrId: MR, role: 'host' as const, peerIp: HOME, meetingStart: 1, authDigest: 'x' };
    const young = await tokens.issue({ ...grant, sessId: 'a' });
    const old = await tokens.issue({ ...grant, sessId: 'b' });
    now += 30_000;
    expect(await tokens.redeem(young, MR, HOME)).toMatchObject({ ok: true, grant: { sessId: 'a' } });
    now += 30_001;
    expect(await tokens.redeem(old, MR, HOME)).toEqual({ ok: false, why: 'expired' });
    await tokens.issue({ ...grant, sessId: 'c' });
    now += 60_001;
    await tokens.issue({ ...grant, sessId: 'd' }); // prunes the expired one on the way
    expect(tokens.size()).toBe(1);
  });

  it('revokes by session and by meeting', async () => {
    const tokens = new ResumeTokens(createMemoryStore());
    const grant = { role: 'host' as const, peerIp: HOME, meetingStart: 1, authDigest: 'x' };
    const a = await tokens.issue({ ...grant, mrId: MR, sessId: 'a' });
    const b = await tokens.issue({ ...grant, mrId: MR, sessId: 'b' });
    const c = await tokens.issue({ ...grant, mrId: '9009', sessId: 'c' });
    tokens.revokeSession('a');
    tokens.revokeMeeting(MR);
    expect(await tokens.redeem(a, MR, HOME)).toEqual({ ok: false, why: 'unknown' });
    expect(await tokens.redeem(b, MR, HOME)).toEqual({ ok: false, why: 'unknown' });
    expect((await tokens.redeem(c, '9009', HOME)).ok).toBe(true);
  });
});
