import { afterEach, describe, expect, it } from 'vitest';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RC } from '../../protocol/codes';
import { decodeSignKey } from '../../protocol/signing';
import { decodeUsrStats } from '../../protocol/usrStats';
import { testConfig, type Config } from '../config';
import { startServer, type StartedServer } from '../main';
import { createMemoryStore } from '../store/memoryStore';
import type { Store } from '../store/types';
import { TestClient } from './testing/client';

const MR = '8008038';
const CODE = '2345';
const silent = { info: () => {}, warn: () => {}, error: () => {} };
const running: StartedServer[] = [];
const temps: string[] = [];

afterEach(async () => {
  for (const s of running.splice(0)) await s.close();
  for (const d of temps.splice(0)) await rm(d, { recursive: true, force: true });
});

function config(over: Partial<Config> = {}): Config {
  return testConfig({
    captchaTestCode: CODE,
    signing: 'compat',
    simEndpoints: 10,
    demo: { seed: true, mrId: MR, hostPwd: '123456', supervisorPwd: '654321' },
    ...over,
  });
}

async function start(opts: { store?: Store; config?: Config } = {}) {
  const cfg = opts.config ?? config();
  const server = await startServer(cfg, { store: opts.store ?? createMemoryStore(), log: silent });
  running.push(server);
  const client = new TestClient({ origin: server.origin, prefix: '', devid: cfg.devId, devtoken: cfg.devToken });
  return { server, client, cfg };
}

async function login(client: TestClient, pwd = '123456') {
  const code = await client.get('/rest/v1/meetings/verify-code');
  const r = await client.post(`/rest/v1/meetings/${MR}/sessions/`, {
    cmdid: 'ctrl_mr_req',
    mr_id: MR,
    ctrl_pwd: pwd,
    cert_code: CODE,
    code_id: code.json.code_id,
  });
  expect(r.status).toBe(200);
  const P = `/rest/v1/meetings/${MR}/sessions/${r.json.sess_id}/`;
  return {
    sessId: r.json.sess_id as string,
    P,
    get: (s: string) => client.get(P + s),
    post: (s: string, body: unknown) => client.post(P + s, body),
    poll: async (since: number, block = 0) =>
      (await client.post(P + 'changes', { cmdid: 'get_changes', block_secs: block, since_seq: since })).json as any[],
  };
}

describe('session routes over HTTP', () => {
  it('serves the core calls and delivers a command to another controller through a held long poll', async () => {
    const { client, server } = await start();
    const host = await login(client);
    const sup = await login(client, '654321');
    for (const s of [
      'mr-status',
      'mr-info',
      'eps-info',
      'eps-status',
      'participants',
      'sys_mosics',
      'mosic-config',
      'title-config',
      'logs',
    ]) {
      const r = await host.get(s);
      expect(r.status, s).toBe(200);
      expect(r.headers.get('content-type')).toMatch(/json/);
    }
    const eps = (await host.get('eps-status')).json;
    const since = server.engine.rooms.get(MR)!.feed.head;
    const held = sup.poll(since, 10);
    await new Promise((r) => setTimeout(r, 50));
    const target = eps.usr_ids[1];
    const cmd = await host.post('eps-status', { cmdid: 'ctrl_mr_eps', action: 'a_rx', usr_ids: [target], value: 0, req_id: 'h-1' });
    expect(cmd.status).toBe(200);
    const events = await held;
    const st = events.find((e) => e.cmdid === 'online_eps_status');
    expect(st.usr_ids).toEqual([target]);
    expect(decodeUsrStats(st.usr_stats[0], st.stats_desc).a_rx).toBe(0);
    const refused = await sup.post('mr-status', { cmdid: 'stop_mr_req', reason: '' });
    expect(refused.status).toBe(403);
    expect(refused.json).toMatchObject({ cmdid: 'error', result: RC.supervisorForbidden });
  });

  it('lists the controllers logged in now, with role and address, marking the asker and showing no session id (issue 12)', async () => {
    const { client } = await start();
    const host = await login(client);
    const sup = await login(client, '654321');
    const r = await sup.get('controllers');
    expect(r.status).toBe(200);
    const list = r.json.controllers as Array<Record<string, unknown>>;
    expect(list).toHaveLength(2);
    expect(list.map((c) => [c.role, c.self]).sort()).toEqual([
      ['host', 0],
      ['supervisor', 1],
    ]);
    expect(JSON.stringify(r.json)).not.toContain(host.sessId);
    for (const c of list) expect(typeof c.peer_ip).toBe('string');
    expect((await host.post('logout_req', { cmdid: 'logout_req' })).status).toBe(200);
    expect(((await sup.get('controllers')).json.controllers as unknown[]).length).toBe(1);
  });

  it('answers unknown sessions, bad JSON and wrong methods with codes, never a crash', async () => {
    const { client } = await start();
    const host = await login(client);
    expect((await client.get(`/rest/v1/meetings/${MR}/sessions/deadbeef/mr-status`)).status).toBe(404);
    const bad = await client.send('POST', host.P + 'mr-status', { body: '{not json' });
    expect(bad.status).toBe(400);
    expect((await client.send('PUT', host.P + 'mr-status', { body: '{}' })).status).toBe(405);
    const odd = await host.post('eps-status', { cmdid: 'ctrl_mr_eps', action: 'a_rx', usr_ids: [['nested']], value: 1 });
    expect(odd.status).toBe(400);
    expect((await host.get('mr-status')).status).toBe(200);
  });

  it('answers resync over HTTP, and applies a repeated req_id once', async () => {
    const { client, server } = await start();
    const host = await login(client);
    const room = server.engine.rooms.get(MR)!;
    expect(await host.poll(room.feed.head + 50)).toEqual([{ cmdid: 'resync', seq: room.feed.head }]);
    const body = { cmdid: 'mod_mr_info', increase_secs: 120, req_id: 'same-1' };
    const a = await host.post('mr-info', body);
    const b = await host.post('mr-info', body);
    expect(b.json).toEqual(a.json);
    expect((await host.get('mr-info')).json.duration).toBe(7200 + 120);
  });

  it('survives malformed input on every engine route over HTTP', async () => {
    const { client, server } = await start();
    const host = await login(client);
    const bodies = [
      '',
      'null',
      '[]',
      '"x"',
      '{"cmdid":7}',
      '{"usr_ids":{"a":1}}',
      `{"a":"${'y'.repeat(4999)}"}`,
      '{"config_info":[[[[]]]]}',
      '{"filter_type":["keyword"],"filter_value":[null]}',
    ];
    const paths = [
      'mr-status',
      'mr-info',
      'mr-pwd',
      'eps-status',
      'user-infos',
      'mosic-config',
      'title-config',
      'mod-subtitle-position',
      'temp-usrs',
      'mod-bypass-url',
      'mod-rtmp-url',
      'fecc',
      'get_call_qa',
      'set-confmgr-ssid',
      'departments/department_ids/search/',
      'departments/department_ids/',
      'departments/children_ids/',
      'usrs/usr_id/search/',
      'usrs/usr_ids/',
      'usrs/get_usr_online_status/',
    ].map((p) => host.P + p);
    paths.push(
      '/status/participant/packets_lost_rate/',
      '/rest/v1/meetings/forward_mmgr',
      '/rest/v1/app1/manager/overtime_judge/',
      '/rest/v1/app1/manager/multi_login_verify/',
      '/rest/v1/app1/manager/sessions/login_req/',
    );
    for (const path of paths) {
      for (const body of bodies) {
        const r = await client.send('POST', path, { body });
        expect(r.status, `${path} ${body.slice(0, 40)}`).toBeLessThan(500);
      }
    }
    expect((await client.get('/status/participant/abc/media_stream/')).status).toBe(400);
    expect((await client.get('/status/participant/999999/media_stream/')).status).toBe(404);
    expect((await host.get('mr-status')).status).toBe(200);
    expect(server.engine.rooms.get(MR)!.record.running).toBe(true);
  });

  it('works with strict signing: per-session HMAC on polls and commands, key kept across a restart', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'podium-strict-'));
    temps.push(dir);
    const cfg = config({ signing: 'strict', dataDir: dir });
    const first = await startServer(cfg, { log: silent });
    const client = new TestClient({ origin: first.origin, prefix: '', devid: cfg.devId, devtoken: cfg.devToken });
    const code = await client.get('/rest/v1/meetings/verify-code');
    const r = await client.post(`/rest/v1/meetings/${MR}/sessions/`, {
      cmdid: 'ctrl_mr_req',
      mr_id: MR,
      ctrl_pwd: '123456',
      cert_code: CODE,
      code_id: code.json.code_id,
    });
    const sign = { sessId: r.json.sess_id, key: decodeSignKey(r.json.sign_key) };
    const P = `/rest/v1/meetings/${MR}/sessions/${sign.sessId}/`;
    const cmd = JSON.stringify({ cmdid: 'mod_mr_status', lock_mr: 1 });
    expect((await client.send('POST', P + 'mr-status', { body: cmd, sign })).status).toBe(200);
    expect((await client.send('POST', P + 'mr-status', { body: cmd })).status).toBe(401);
    const poll = await client.send('POST', P + 'changes', { body: JSON.stringify({ cmdid: 'get_changes', block_secs: 0 }), sign });
    expect(poll.json.some((e: any) => e.cmdid === 'one_mr_status' && e.mr_locked === 1)).toBe(true);
    await first.close();
    const second = await startServer({ ...cfg, port: 0 }, { log: silent });
    running.push(second);
    const c2 = new TestClient({ origin: second.origin, prefix: '', devid: cfg.devId, devtoken: cfg.devToken });
    const st = await c2.send('GET', P + 'mr-status', { sign });
    expect(st.status).toBe(200);
    expect(st.json.mr_locked).toBe(1);
  });

  it('logs out, and the logged-out session is refused', async () => {
    const { client } = await start();
    const host = await login(client);
    expect((await host.post('logout_req', { cmdid: 'logout_req' })).status).toBe(200);
    expect((await host.get('mr-status')).status).toBe(404);
  });

  it('serves media statistics, packet loss and the management login outside the session prefix', async () => {
    const { client, server } = await start();
    const ep = [...server.engine.rooms.get(MR)!.endpoints.values()][0];
    // statistics are a controller's: the session names itself in the header (compat signing)
    const asHost = { headers: { sessionid: (await login(client)).sessId } };
    const media = await client.get(`/status/participant/${ep.epId}/media_stream/`, asHost);
    expect(media.status).toBe(200);
    expect(media.json.data.map((s: any) => s.type)).toEqual(expect.arrayContaining(['audio', 'video']));
    const loss = await client.post('/status/participant/packets_lost_rate/', { mr_id: MR }, asHost);
    expect(Object.keys(loss.json).length).toBe(server.engine.rooms.get(MR)!.endpoints.size);
    // a leg that just ended answers with no streams for a while (a console's read races the hang-up), then 404
    server.engine.endpointLeft(server.engine.rooms.get(MR)!, ep.usrId, 'user_hangup');
    const ended = await client.get(`/status/participant/${ep.epId}/media_stream/`, asHost);
    expect(ended.status).toBe(200);
    expect(ended.json.data).toEqual([]);
    server.engine.rooms.get(MR)!.endedLegs.get(ep.epId)!.endedAt -= 61;
    expect((await client.get(`/status/participant/${ep.epId}/media_stream/`, asHost)).status).toBe(404);
    const code = await client.get('/rest/v1/app1/manager/sessions/web-verify-code/');
    expect(code.status).toBe(200);
    const r = await client.post('/rest/v1/app1/manager/sessions/login_req/', {
      cmdid: 'login_req',
      login_id: 'admin',
      login_pwd: 'e10adc3949ba59abbe56e057f20f883e',
      cert_code: CODE,
      code_id: code.json.code_id,
      login_type: 1,
    });
    expect(r.json).toMatchObject({ cmdid: 'login_rsp', result: '0' });
    const host = await login(client);
    const judge = await client.post(
      '/rest/v1/app1/manager/overtime_judge/',
      { mr_id: MR, increase_secs: 60 },
      { headers: { sessionid: host.sessId } },
    );
    expect(judge.json.result).toBe(0);
    const multi = await client.post('/rest/v1/app1/manager/multi_login_verify/', { mr_id: MR });
    expect(multi.json.allowed).toBe(1);
    expect((await client.post('/rest/v1/meetings/forward_mmgr', { mr_id: MR })).status).toBe(200);
  });

  it('loses no acknowledged command across a restart on the journal store', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'podium-engine-'));
    temps.push(dir);
    const cfg = config({ dataDir: dir });
    const first = await startServer(cfg, { log: silent });
    const client = new TestClient({ origin: first.origin, prefix: '', devid: cfg.devId, devtoken: cfg.devToken });
    const host = await login(client);
    expect((await host.post('mr-status', { cmdid: 'mod_mr_status', lock_mr: 1, chat_permission: 2 })).status).toBe(200);
    expect(
      (await host.post('title-config', { cmdid: 'set_title', to_role: 'speaker', message: 'After restart', has_title: 1 })).status,
    ).toBe(200);
    expect((await host.post('mr-info', { cmdid: 'mod_mr_info', increase_secs: 300 })).status).toBe(200);
    await first.close();

    const second = await startServer({ ...cfg, port: 0 }, { log: silent });
    running.push(second);
    const c2 = new TestClient({ origin: second.origin, prefix: '', devid: cfg.devId, devtoken: cfg.devToken });
    const again = await login(c2);
    const st = (await again.get('mr-status')).json;
    expect(st).toMatchObject({ mr_locked: 1, chat_permission: 2 });
    expect((await again.get('title-config')).json.titles.find((t: any) => t.to_role === 'speaker').message).toBe('After restart');
    expect((await again.get('mr-info')).json.duration).toBe(7200 + 300);
    // the earlier session survived too
    const old = await c2.get(host.P + 'mr-status');
    expect(old.status).toBe(200);
  });
});
