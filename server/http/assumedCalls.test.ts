/**
 * Strict platform mode: the calls of protocol/assumptions.ts are refused as the platform refuses
 * what it does not have, unless PLATFORM_ASSUME switches their group on; podium mode offers all.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseAssumeList } from '../../protocol/assumptions';
import { RC } from '../../protocol/codes';
import { decodeUsrStats } from '../../protocol/usrStats';
import type { Config } from '../config';
import { MR, RealClientServer, type CcSession } from '../conformance/testing/realClients';
import { printBanner } from '../main';
import { assumedGroupOfRequestPath } from './assumedCalls';

const running: RealClientServer[] = [];
const temps: string[] = [];
afterEach(async () => {
  for (const s of running.splice(0)) await s.close();
  for (const d of temps.splice(0)) await rm(d, { recursive: true, force: true });
});

async function start(wire: 'platform' | 'podium', assume = '', over: Partial<Config> = {}): Promise<RealClientServer> {
  const srv = await RealClientServer.start(wire, { platformAssume: parseAssumeList(assume), ...over });
  running.push(srv);
  return srv;
}

/** The answer of a path this server has never heard of: what a hidden assumed path must match. */
async function unknownPathAnswer(cc: CcSession) {
  const r = await cc.get('no-such-call');
  return { status: r.status, json: r.json };
}

const ASSUMED_PATHS: Array<[method: 'GET' | 'POST', suffix: string, body?: unknown]> = [
  [
    'POST',
    'mod-subtitle-position',
    { cmdid: 'mod_subtitle_position', horizontal_position: 'center', vertical_position: 'top', horizontal_margin: 5, vertical_margin: 5 },
  ],
  ['GET', 'controllers'],
  ['GET', 'activity'],
  ['GET', 'transcript'],
  ['POST', 'mr-pwd', { cmdid: 'mod_mr_pwd', ctrl_pwd: '1111', supervisor_pwd: '2222' }],
  [
    'POST',
    'mod-rtmp-url',
    { cmdid: 'mod_rtmp_url', push_url: 'rtmp://live.example.com/live/x', rtmp_url: 'http://live.example.com/play/x' },
  ],
];

describe('strict platform mode (PLATFORM_ASSUME unset)', () => {
  it('an assumed path answers exactly as an unknown path (404), the picture verify code too; the evidence’s own paths answer', async () => {
    const srv = await start('platform');
    const cc = await srv.ccLogin();
    const unknown = await unknownPathAnswer(cc);
    expect(unknown).toEqual({ status: 404, json: { cmdid: 'error', result: RC.notImplemented, detail: 'path' } });
    for (const [method, suffix, body] of ASSUMED_PATHS) {
      const r = method === 'GET' ? await cc.get(suffix) : await cc.post(suffix, body);
      expect({ status: r.status, json: r.json }, suffix).toEqual(unknown);
    }
    const picture = await srv.send('javaCc', 'GET', '/rest/v1/meetings/verify-code');
    expect({ status: picture.status, json: picture.json }).toEqual(unknown);
    expect((await srv.send('javaCc', 'GET', '/rest/v1/meetings/temp-verify-code')).status).toBe(200);
    expect((await cc.get('mr-status')).status).toBe(200);
  });

  it('an assumed action or status key is refused as unknown (400, 9995) and changes nothing; the evidence’s recipes are applied', async () => {
    const srv = await start('platform');
    const cc = await srv.ccLogin();
    const target = (await cc.get('eps-info')).json.usr_ids[0] as string;
    for (const action of [
      'waiting_move',
      'waiting_permit',
      'waiting_refuse',
      'private_talk',
      'host',
      'all_a_rx',
      'all_a_tx',
      'all_v_tx',
      'all_leave',
      'hand_permit',
      'roll_call_start',
      'roll_call_next',
      'roll_call_end',
    ]) {
      const r = await cc.post('eps-status', { cmdid: 'ctrl_mr_eps', action, usr_ids: [target], value: 1 });
      expect({ status: r.status, json: r.json }, action).toEqual({
        status: 400,
        json: { cmdid: 'error', result: RC.unknownAction, detail: 'action' },
      });
    }
    for (const key of ['waiting_room', 'chat_permission', 'live_chat', 'meeting_mode', 'cascade_mode', 'title_enabled', 'asr_enabled']) {
      const value = key === 'meeting_mode' ? 'discussion' : key === 'cascade_mode' ? 'child' : 1;
      // an offered key beside it is not applied either: the whole request is refused
      const r = await cc.post('mr-status', { cmdid: 'mod_mr_status', lock_mr: 1, [key]: value });
      expect({ status: r.status, json: r.json }, key).toEqual({
        status: 400,
        json: { cmdid: 'error', result: RC.unknownAction, detail: key },
      });
      // a body without cmdid is taken as mod_mr_status, so it is gated as one
      expect((await cc.post('mr-status', { [key]: value })).status, `${key} without cmdid`).toBe(400);
    }
    const status = (await cc.get('mr-status')).json;
    expect(status).toMatchObject({ mr_locked: 0, chat_permission: 1, cascade_mode: 'parent' });
    // the status fields of those groups that facts §3.3 does not list are not answered either
    for (const f of ['waiting_room', 'live_chat', 'meeting_mode', 'title_enabled', 'asr_enabled']) expect(status, f).not.toHaveProperty(f);
    expect((await cc.post('mr-status', { cmdid: 'mod_mr_status', all_guests_mute: 1 })).status).toBe(200);
    expect((await cc.post('eps-status', { cmdid: 'ctrl_mr_eps', action: 'a_rx', usr_ids: [target], value: 1 })).status).toBe(200);
    expect((await cc.post('eps-status', { cmdid: 'ctrl_mr_eps', action: 'clear_all_hand', usr_ids: [] })).status).toBe(200);
  });

  it('nobody waits: usr_stats position 16 stays 0 and no waiting_usr is sent, even for a waiting room left on by a podium-mode run', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'podium-strict-'));
    temps.push(dir);
    const podium = await RealClientServer.start('podium', { dataDir: dir });
    const host = await podium.ccLogin();
    expect((await host.post('mr-status', { cmdid: 'mod_mr_status', waiting_room: 1 })).status).toBe(200);
    await podium.close();

    const srv = await start('platform', '', { dataDir: dir });
    const cc = await srv.ccLogin();
    expect((await cc.get('mr-status')).json).not.toHaveProperty('waiting_room');
    expect(srv.server.engine.rooms.get(MR)!.status.waiting_room).toBe(0);
    const target = (await cc.get('eps-info')).json.usr_ids[0] as string;
    // dropped and called back, a steady endpoint joins again: it would wait with the room on
    expect((await cc.post('eps-status', { cmdid: 'ctrl_mr_eps', action: 'drop', usr_ids: [target] })).status).toBe(200);
    expect((await cc.post('eps-status', { cmdid: 'ctrl_mr_eps', action: 'call', usr_ids: [target] })).status).toBe(200);
    const events: any[] = [];
    for (let i = 0; i < 6 && !(await cc.get('eps-info')).json.usr_ids.includes(target); i++) events.push(...(await cc.poll(1)));
    events.push(...(await cc.poll(0)));
    expect((await cc.get('eps-info')).json.usr_ids).toContain(target);
    expect(events.map((e) => e.cmdid)).not.toContain('waiting_usr');
    const stats = (await cc.get('eps-status')).json;
    for (const s of stats.usr_stats as string[]) expect(decodeUsrStats(s).waiting, s).toBe(0);
  });
});

describe('PLATFORM_ASSUME switches a group on', () => {
  it('waiting-room: its actions, status key and event are offered; the other groups stay refused', async () => {
    const srv = await start('platform', 'waiting-room');
    const cc = await srv.ccLogin();
    const target = (await cc.get('eps-info')).json.usr_ids[0] as string;
    expect((await cc.post('mr-status', { cmdid: 'mod_mr_status', waiting_room: 1 })).status).toBe(200);
    expect((await cc.get('mr-status')).json.waiting_room).toBe(1);
    expect((await cc.post('eps-status', { cmdid: 'ctrl_mr_eps', action: 'waiting_move', usr_ids: [target] })).status).toBe(200);
    const events = await cc.poll(1);
    expect(events.some((e) => e.cmdid === 'waiting_usr')).toBe(true);
    expect(events.some((e) => e.cmdid === 'one_mr_status' && e.waiting_room === 1)).toBe(true);
    expect((await cc.get('mr-status')).json).not.toHaveProperty('meeting_mode');
    expect((await cc.post('eps-status', { cmdid: 'ctrl_mr_eps', action: 'waiting_permit', usr_ids: [target] })).status).toBe(200);
    expect((await cc.post('mr-status', { cmdid: 'mod_mr_status', meeting_mode: 'discussion' })).status).toBe(400);
    expect((await cc.get('controllers')).status).toBe(404);
  });

  it('all: every assumed path, action and key is offered, as in podium mode', async () => {
    for (const [wire, assume] of [
      ['platform', 'all'],
      ['podium', ''],
    ] as const) {
      const srv = await start(wire, assume);
      const cc = await srv.ccLogin();
      for (const [method, suffix, body] of ASSUMED_PATHS) {
        const r = method === 'GET' ? await cc.get(suffix) : await cc.post(suffix, body);
        expect(r.status, `${wire} ${suffix}: ${r.text}`).toBe(200);
      }
      expect((await srv.send('javaCc', 'GET', '/rest/v1/meetings/verify-code')).status, wire).toBe(200);
      expect((await cc.post('mr-status', { cmdid: 'mod_mr_status', meeting_mode: 'discussion', title_enabled: 1 })).status, wire).toBe(200);
      const target = (await cc.get('eps-info')).json.usr_ids[0] as string;
      expect((await cc.post('eps-status', { cmdid: 'ctrl_mr_eps', action: 'all_a_rx', usr_ids: [], value: 0 })).status, wire).toBe(200);
      expect((await cc.post('eps-status', { cmdid: 'ctrl_mr_eps', action: 'host', usr_ids: [target], value: 1 })).status, wire).toBe(200);
      // the activity log records again when its group is on
      expect((await cc.get('activity')).json.entries.length, wire).toBeGreaterThan(0);
      await srv.close();
    }
  });
});

describe('the start banner', () => {
  it('says which assumed groups platform mode offers, and that PLATFORM_ASSUME does nothing in podium mode', async () => {
    const srv = await start('platform', 'waiting-room,controllers');
    const lines: string[] = [];
    const log = { info: (m: string) => lines.push(m), warn: (m: string) => lines.push(`WARN ${m}`), error() {} };
    printBanner(srv.config, srv.server, log);
    expect(lines).toContain('  assumed calls offered (PLATFORM_ASSUME): waiting-room, controllers');
    printBanner({ ...srv.config, platformAssume: new Set() }, srv.server, log);
    expect(lines).toContain('  assumed calls offered (PLATFORM_ASSUME): none');
    const before = lines.length;
    printBanner({ ...srv.config, wire: 'podium' }, srv.server, log);
    expect(lines.slice(before).filter((l) => /PLATFORM_ASSUME/.test(l))).toEqual([
      'WARN   PLATFORM_ASSUME has no effect without WIRE=platform: podium mode offers every call',
    ]);
  });
});

describe('assumedGroupOfRequestPath', () => {
  it('names the group of a session path or the picture code, and nothing for the evidence’s paths', () => {
    expect(assumedGroupOfRequestPath(`/rest/v1/meetings/${MR}/sessions/abc/mod-subtitle-position`)).toBe('subtitle-position');
    expect(assumedGroupOfRequestPath(`/rest/v1/meetings/${MR}/sessions/abc/controllers/`)).toBe('controllers');
    expect(assumedGroupOfRequestPath('/rest/v1/meetings/verify-code')).toBe('picture-code');
    expect(assumedGroupOfRequestPath('/rest/v1/meetings/temp-verify-code')).toBeUndefined();
    expect(assumedGroupOfRequestPath(`/rest/v1/meetings/${MR}/sessions/abc/eps-status`)).toBeUndefined();
  });
});
