/**
 * CM `add_schedule` over HTTP: each spec §5 rule refused with its code and nothing booked, a
 * conflict refused, a booking accepted and told at once to the running meeting (its next
 * booking and the overtime rule), the administrator's right required.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { parseAssumeList } from '../../protocol/assumptions';
import { RC } from '../../protocol/codes';
import { MR as DEMO_MR, RealClientServer } from '../conformance/testing/realClients';
import { testConfig } from '../config';
import { startServer, type StartedServer } from '../main';
import { createMemoryStore } from '../store/memoryStore';
import { TestClient } from './testing/client';

const MR = '8008038';
const CODE = '2345';
const MGMT_CODE = '2345';
const silent = { info: () => {}, warn: () => {}, error: () => {} };
const running: StartedServer[] = [];

afterEach(async () => {
  for (const s of running.splice(0)) await s.close();
});

async function startRef() {
  const cfg = testConfig({
    captchaTestCode: CODE,
    signing: 'compat',
    simEndpoints: 0,
    demo: { seed: true, mrId: MR, hostPwd: '123456', supervisorPwd: '654321' },
  });
  const server = await startServer(cfg, { store: createMemoryStore(), log: silent });
  running.push(server);
  const client = new TestClient({ origin: server.origin, prefix: '', devid: cfg.devId, devtoken: cfg.devToken });
  return { server, client };
}

async function managementLogin(client: TestClient, loginId = 'admin'): Promise<string> {
  const code = await client.get('/rest/v1/app1/manager/sessions/web-verify-code/');
  const r = await client.post('/rest/v1/app1/manager/sessions/login_req/', {
    cmdid: 'login_req',
    login_id: loginId,
    login_pwd: 'e10adc3949ba59abbe56e057f20f883e',
    login_type: 1,
    cert_code: MGMT_CODE,
    code_id: code.json.code_id,
  });
  expect(r.status).toBe(200);
  return r.json.session_id as string;
}

async function hostLogin(client: TestClient) {
  const code = await client.get('/rest/v1/meetings/verify-code');
  const r = await client.post(`/rest/v1/meetings/${MR}/sessions/`, {
    cmdid: 'ctrl_mr_req',
    mr_id: MR,
    ctrl_pwd: '123456',
    cert_code: CODE,
    code_id: code.json.code_id,
  });
  expect(r.status).toBe(200);
  const P = `/rest/v1/meetings/${MR}/sessions/${r.json.sess_id}/`;
  return {
    get: (s: string) => client.get(P + s),
    post: (s: string, body: unknown) => client.post(P + s, body),
  };
}

describe('add_schedule (CM schedules/)', () => {
  it('refuses each §5 rule with its code and books nothing; then books, told at once, used by overtime', async () => {
    const { server, client } = await startRef();
    const ssid = await managementLogin(client);
    const host = await hostLogin(client);
    const room = server.engine.rooms.get(MR)!;
    const booked = () => room.record.bookings.length;
    const before = booked();
    const now = Math.floor(Date.now() / 1000);
    const book = (over: Record<string, unknown>) =>
      client.post(`/rest/v1/app1/manager/sessions/${ssid}/schedules/`, {
        cmdid: 'add_schedule',
        room_id: MR,
        mr_name: 'Budget',
        weekly_period: '0',
        ...over,
      });

    const tooShort = await book({ start_dtm: now + 20 * 60, duration: 4 * 60 });
    expect([tooShort.status, tooShort.json.result]).toEqual([400, RC.bookingTooShort]);
    const tooSoon = await book({ start_dtm: now + 10 * 60, duration: 30 * 60 });
    expect([tooSoon.status, tooSoon.json.result]).toEqual([400, RC.bookingStartTooSoon]);
    const tooLong = await book({ start_dtm: now + 20 * 60, duration: 7 * 86400 + 60 });
    expect([tooLong.status, tooLong.json.result]).toEqual([400, RC.bookingTooLong]);
    // the demo room's own booking ("Weekly review", 3 hours after the start, an hour long)
    const demo = room.nextBooking(now)!;
    const clash = await book({ start_dtm: demo.startDtm - 30 * 60, duration: 45 * 60 });
    expect([clash.status, clash.json.result]).toEqual([403, RC.bookingConflict]);
    const noRoom = await book({ room_id: '99999', start_dtm: now + 20 * 60, duration: 30 * 60 });
    expect([noRoom.status, noRoom.json.result]).toEqual([404, RC.meetingNotFound]);
    const repeating = await book({ start_dtm: now + 20 * 60, duration: 30 * 60, weekly_period: '1' });
    expect(repeating.status).toBe(400);
    const noStart = await book({ duration: 30 * 60 });
    expect([noStart.status, noStart.json.result]).toEqual([400, RC.fieldMissing]);
    expect(booked()).toBe(before);

    // accepted: in milliseconds too (the CM clock's unit), and the meeting hears of it at once
    const start = now + 20 * 60;
    const ok = await book({ start_dtm: start * 1000, duration: 30 * 60 });
    expect(ok.status).toBe(200);
    expect(ok.json).toMatchObject({ cmdid: 'add_schedule_rsp', result: '0/success' });
    expect(ok.json.schedule_id).toBeGreaterThan(0);
    expect(booked()).toBe(before + 1);
    expect((await host.get('mr-info')).json.next_booking_dtm).toBe(start);
    const events = (await host.post('changes', { cmdid: 'get_changes', block_secs: 0, since_seq: 0 })).json as any[];
    expect(events.filter((e) => e.cmdid === 'schedule_info').at(-1)).toMatchObject({ next_start_dtm: start });

    // the same period again is a conflict now
    const again = await book({ start_dtm: start + 60, duration: 10 * 60 });
    expect([again.status, again.json.result]).toEqual([403, RC.bookingConflict]);

    // the overtime rule uses it: the meeting may not run into the new booking
    const endDtm = room.endDtm();
    const overtime = await host.post('mr-info', { cmdid: 'mod_mr_info', increase_secs: Math.max(60, start - endDtm + 60) });
    expect([overtime.status, overtime.json.result]).toEqual([403, RC.overtimeConflictsBooking]);
  });

  it('needs a management session with the right to manage rooms', async () => {
    const { server, client } = await startRef();
    const now = Math.floor(Date.now() / 1000);
    const body = { cmdid: 'add_schedule', room_id: MR, mr_name: 'x', start_dtm: now + 3600, duration: 1800 };
    const before = server.engine.rooms.get(MR)!.record.bookings.length;
    const none = await client.post('/rest/v1/app1/manager/sessions/nope/schedules/', body);
    expect([none.status, none.json.result]).toEqual([403, RC.loginAsAdministrator]);
    const operator = await managementLogin(client, 'operator');
    const denied = await client.post(`/rest/v1/app1/manager/sessions/${operator}/schedules/`, body);
    expect([denied.status, denied.json.result]).toEqual([556, RC.noAccessRights]);
    expect(server.engine.rooms.get(MR)!.record.bookings.length).toBe(before);
  });
});

describe('management facts and room properties (assumed groups)', () => {
  const servers: RealClientServer[] = [];
  afterEach(async () => {
    for (const s of servers.splice(0)) await s.close();
  });
  const facts = async (wire: 'platform' | 'podium', assume = '') => {
    const srv = await RealClientServer.start(wire, { platformAssume: parseAssumeList(assume) });
    servers.push(srv);
    const cm = await srv.cmLogin();
    const cc = await srv.ccLogin();
    const handOver = (await cc.post('set-confmgr-ssid', { cmdid: 'set_confmgr_ssid', ssid: cm.sessionId })).json;
    const status = (await cc.get('mr-status')).json;
    return { handOver, status };
  };

  it('podium mode tells the admin flag, admin address, client IP, max_call and region_id', async () => {
    const { handOver, status } = await facts('podium');
    expect(handOver).toMatchObject({ result: 0, is_admin: 1, client_ip: expect.stringMatching(/127\.0\.0\.1|::1/) });
    expect(handOver.admin_addr).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    expect(status).toMatchObject({ max_call: expect.any(Number), region_id: '-1' });
  });

  it('the Java management client books in strict platform mode too (integer room id, milliseconds), the meeting told in its unit', async () => {
    const srv = await RealClientServer.start('platform', { platformAssume: parseAssumeList('') });
    servers.push(srv);
    const cm = await srv.cmLogin();
    const cc = await srv.ccLogin();
    const startMs = (Math.floor(Date.now() / 60_000) + 30) * 60_000;
    const path = `/rest/v1/app1/manager/sessions/${cm.sessionId}/schedules/`;
    const tooSoon = await srv.send(
      'javaCm',
      'POST',
      path,
      { cmdid: 'add_schedule', room_id: Number(DEMO_MR), mr_name: 'x', start_dtm: Date.now() + 60_000, duration: 1800, weekly_period: '0' },
      { cmSession: cm.sessionId },
    );
    expect([tooSoon.status, tooSoon.json.result]).toEqual([400, RC.bookingStartTooSoon]);
    const ok = await srv.send(
      'javaCm',
      'POST',
      path,
      { cmdid: 'add_schedule', room_id: Number(DEMO_MR), mr_name: 'Sync', start_dtm: startMs, duration: 1800, weekly_period: '0' },
      { cmSession: cm.sessionId },
    );
    expect(ok.status).toBe(200);
    expect(ok.json.result).toBe('0/success');
    // platform mode dates one_mr_info in milliseconds (findings §7)
    expect((await cc.get('mr-info')).json.next_booking_dtm).toBe(startMs);
  });

  it('strict platform mode leaves them out unless PLATFORM_ASSUME names their groups', async () => {
    const off = await facts('platform');
    expect(Object.keys(off.handOver).sort()).toEqual(['cmdid', 'result']);
    expect(off.status).not.toHaveProperty('max_call');
    expect(off.status).not.toHaveProperty('region_id');
    const on = await facts('platform', 'management-facts,room-properties');
    expect(on.handOver).toHaveProperty('is_admin', 1);
    expect(on.status).toHaveProperty('max_call');
  });
});
