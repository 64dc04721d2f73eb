/**
 * Conformance with the platform's own public clients (real-client-findings.md): the request
 * shapes of the Java CC and CM clients and the vendor web SDK's signing, sent to a real server in
 * both wire modes, and every field those clients read checked with its type. Platform mode must
 * also leave out what only Podium has.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { codeMessage, RC } from '../../protocol/codes';
import { md5Hex } from '../../protocol/signing';
import type { WireMode } from '../../protocol/wire';
import { CM_NOT_OFFERED } from '../http/cmRoutes';
import { MR, RealClientServer, type CcSession } from './testing/realClients';

/**
 * The type a field has in the client's model. `epochMs`: a `Date`, which its JSON library reads
 * from a number of epoch milliseconds (findings §7), so a whole number this side of 1973 and the
 * year 2200; `epochSecs`: Unix seconds (podium mode's dates); `id[]`: ids that are integers
 * (−1 for none) or, for an endpoint that is no address-book user, strings.
 */
type Kind =
  'string' | 'int' | 'number' | 'string[]' | 'int[]' | 'number[]' | 'array' | 'int[][]' | 'object' | 'epochMs' | 'epochSecs' | 'id[]';

/** Checks that each named field is present with the type the clients' models give it. */
function expectShape(obj: Record<string, unknown>, shape: Record<string, Kind>, what: string): void {
  expect(obj, what).toBeTypeOf('object');
  for (const [field, kind] of Object.entries(shape)) {
    const v = obj[field];
    const where = `${what}.${field}`;
    const isInt = (x: unknown) => typeof x === 'number' && Number.isInteger(x);
    switch (kind) {
      case 'string':
        expect(v, where).toBeTypeOf('string');
        break;
      case 'int':
        expect(isInt(v), `${where} = ${JSON.stringify(v)}`).toBe(true);
        break;
      case 'number':
        expect(v, where).toBeTypeOf('number');
        break;
      case 'object':
        expect(v !== null && typeof v === 'object' && !Array.isArray(v), where).toBe(true);
        break;
      case 'epochMs':
        expect(isInt(v) && (v as number) > 1e11 && (v as number) < 7.3e12, `${where} = ${JSON.stringify(v)} in epoch ms`).toBe(true);
        break;
      case 'epochSecs':
        expect(isInt(v) && (v as number) > 1e8 && (v as number) < 7.3e9, `${where} = ${JSON.stringify(v)} in Unix seconds`).toBe(true);
        break;
      default: {
        expect(Array.isArray(v), `${where} is an array`).toBe(true);
        const items = v as unknown[];
        if (kind === 'string[]') for (const x of items) expect(x, where).toBeTypeOf('string');
        if (kind === 'int[]') for (const x of items) expect(isInt(x), `${where} item ${JSON.stringify(x)}`).toBe(true);
        if (kind === 'number[]') for (const x of items) expect(x, where).toBeTypeOf('number');
        if (kind === 'int[][]') for (const x of items) expect(Array.isArray(x) && x.every(isInt), where).toBe(true);
        if (kind === 'id[]')
          for (const x of items) expect(isInt(x) || (typeof x === 'string' && x !== ''), `${where} item ${JSON.stringify(x)}`).toBe(true);
      }
    }
  }
}

/** `one_mr_info` / `mr-info` (CcMrInfoResponse): its times are dates in the model (findings §5, §7) */
const mrInfoShape = (wire: WireMode): Record<string, Kind> => ({
  cmdid: 'string',
  mr_id: 'string',
  mr_name: 'string',
  room_name: 'string',
  create_dtm: wire === 'platform' ? 'epochMs' : 'epochSecs',
  real_launch_dtm: wire === 'platform' ? 'epochMs' : 'epochSecs',
  current_dtm: wire === 'platform' ? 'epochMs' : 'epochSecs',
  duration: 'int',
  bandwidth: 'int',
  launcher_uid: 'string',
  mr_mode: 'int',
  features: 'string',
});
const MR_STATUS: Record<string, Kind> = {
  mr_id: 'string',
  mr_locked: 'int',
  auto_invite: 'int',
  cont_enabled: 'int',
  live_enabled: 'int',
  rec_enabled: 'int',
  record_uuid: 'string',
  rtmp_url: 'string',
  record_copy: 'string',
  spec_focus_usr_ids: 'string[]',
  auto_focus_usr_id: 'string',
  bypass_enabled: 'int',
  flv_fsize: 'int',
};
/** the rest of `mr-status` the client reads (findings §5), typed as its model (findings §7, facts §3.3) */
const MR_STATUS_EXTRAS: Record<string, Kind> = {
  https_port: 'int',
  must_https: 'int',
  cont_policy_9x: 'int',
  non_main_venue_layout: 'int',
  rtmp_url3rd: 'string',
  rtmp3rdcfg_original_stat: 'string',
  rtmp_bypass_push: 'string',
  chair_copy: 'string',
  amixer_group: 'int[]',
};
const PARTICIPANTS: Record<string, Kind> = {
  mr_id: 'string',
  added_usr_ids: 'string[]',
  added_usr_names: 'string[]',
  added_usr_types: 'int[]',
  added_usr_attr: 'array',
  added_usr_devtypes: 'string[]',
  added_call_addrs: 'string[]',
  added_gbk_names: 'string[]',
  added_usr_deps: 'int[]',
  deleted_usr_ids: 'string[]',
};
const EPS_INFO: Record<string, Kind> = {
  mr_id: 'string',
  usr_ids: 'string[]',
  usr_uris: 'string[]',
  usr_names: 'string[]',
  enter_dtms: 'int[]',
  dev_type: 'string[]',
  ep_version: 'int[]',
  ep_ids: 'int[]',
  proto_types: 'int[]',
  gbk_names: 'string[]',
  ep_uuid: 'string[]',
};
const EPS_STATUS: Record<string, Kind> = { mr_id: 'string', usr_ids: 'string[]', usr_stats: 'string[]' };
const BANNER: Record<string, Kind> = {
  message: 'string',
  has_title: 'int',
  to_role: 'string',
  font_size: 'int',
  bg_color: 'int',
  bg_alpha: 'int',
  font_color: 'int',
  font_name: 'string',
  speed: 'int',
  y_pos: 'int',
  h_align: 'int',
  v_align: 'int',
  h_margin: 'int',
  v_margin: 'int',
};
const LOGIN_RSP: Record<string, Kind> = {
  cmdid: 'string',
  mr_id: 'string',
  result: 'string',
  sess_id: 'string',
  mr_start_dtm: 'int',
  schedule_start_dtm: 'int',
  schedule_name: 'string',
  stand_alone: 'int',
  extra: 'string',
  invalid_time: 'int',
  after_sale_mgr_email: 'string',
  expired_notify: 'string',
};
const CM_LOGIN_RSP: Record<string, Kind> = {
  cmdid: 'string',
  tenant_id: 'string',
  result: 'string',
  usr_type: 'int',
  last_login_ip: 'string',
  last_login_time: 'int',
  session_id: 'string',
  activate: 'string',
  is_email_global_config: 'int',
  is_pwd_changed: 'int',
  tenant_tags: 'array',
  usr_mark: 'string',
  admin_nick_name: 'string',
  manager_deps: 'int[]',
  manager_privileges: 'array',
  pwd_regulation: 'int',
  stand_alone: 'int',
  nick_name: 'string',
  all_manager_senior_dep_ids: 'int[][]',
  all_senior_dep_ids: 'int[][]',
};
const QUERY_MR: Record<string, Kind> = {
  mr_ids: 'string[]',
  create_dtms: 'int[]',
  mr_lockeds: 'int[]',
  mr_names: 'string[]',
  durations: 'int[]',
  bandwidths: 'int[]',
  launcher_usr_names: 'string[]',
  join_pwds: 'string[]',
  ctrl_pwds: 'string[]',
  supervisor_pwds: 'string[]',
  extras: 'string[]',
  mr_modes: 'int[]',
  live_pwds: 'string[]',
  uuids: 'string[]',
  auto_invites: 'int[]',
  all_guests_mutes: 'int[]',
  allow_unmute_selfs: 'int[]',
  enable_guests: 'int[]',
  features: 'string[]',
  force_mcu_layouts: 'int[]',
  same_layouts: 'int[]',
  invite_endpoint_ids: 'int[][]',
  invite_usr_ids: 'int[][]',
  speaker_usr_ids: 'id[]',
  focus_usr_ids: 'string[]',
  mr_vtx_mode: 'int[]',
};
/** what only Podium's server has: never in a platform-mode answer */
const PODIUM_ONLY = ['seq', 'code_id', 'expires_in', 'resume_token', 'sign_key', 'signing'];

describe.each(['platform', 'podium'] as const)('real clients against the reference server, %s mode', (wire: WireMode) => {
  const MR_INFO = mrInfoShape(wire);
  let srv: RealClientServer;
  beforeAll(async () => {
    srv = await RealClientServer.start(wire);
  });
  afterAll(() => srv.close());

  const absentInPlatform = (obj: Record<string, unknown>, what: string) => {
    if (wire !== 'platform') return;
    for (const f of PODIUM_ONLY) expect(obj, `${what} has no ${f}`).not.toHaveProperty(f);
  };

  describe('CC (Java client, seconds; web SDK signer, capitalised headers, ms)', () => {
    for (const signer of ['javaCc', 'webSdk'] as const) {
      it(`${signer}: temp-verify-code and ctrl_mr_req without code_id give every login_rsp field`, async () => {
        const code = await srv.send(signer, 'GET', '/rest/v1/meetings/temp-verify-code');
        expect(code.status).toBe(200);
        expectShape(code.json, { cmdid: 'string', base64: 'string', datetime: 'number' }, 'verify_code');
        expect(code.json.cmdid).toBe('verify_code');
        absentInPlatform(code.json, 'verify_code');
        const cc = await srv.ccLogin(signer);
        expectShape(cc.loginRsp, LOGIN_RSP, 'ctrl_mr_rsp');
        expect(cc.loginRsp.cmdid).toBe('ctrl_mr_rsp');
        expect(cc.loginRsp.sess_id).not.toBe('');
        absentInPlatform(cc.loginRsp, 'ctrl_mr_rsp');
        const polled = await cc.poll(0);
        expect(polled.length).toBeGreaterThan(0);
      });
    }

    it('getPlatform (the web SDK’s /api/ signing) hands out no developer credentials in platform mode', async () => {
      const r = await srv.send('webSdk', 'GET', '/api/v3/app/getPlatform');
      expect(r.status).toBe(200);
      expectShape(r.json.data, { func_enabled: 'object' }, 'getPlatform data');
      if (wire === 'platform') expect(r.json.data).not.toHaveProperty('signing');
      else expect(r.json.data.signing).toMatchObject({ devid: srv.config.devId });
    });

    it('an unknown meeting answers result "404" and no session; a code is good for one attempt', async () => {
      const code = await srv.send('javaCc', 'GET', '/rest/v1/meetings/temp-verify-code');
      const cert = Buffer.from(code.json.base64, 'base64').toString('utf8');
      const r = await srv.send('javaCc', 'POST', '/rest/v1/meetings/99999999/sessions/', {
        mr_id: '99999999',
        ctrl_pwd: '1',
        cert_code: cert,
        cmdid: 'ctrl_mr_req',
      });
      expect(r.json.result).toBe('404');
      expect(r.json.sess_id ?? '').toBe('');
    });

    describe('with a session', () => {
      let cc: CcSession;
      beforeAll(async () => {
        cc = await srv.ccLogin('javaCc');
      });

      it('the first poll carries the state events with the fields the client reads, later polls none again', async () => {
        const events = await cc.poll(0);
        const by = (cmdid: string) => events.find((e) => e.cmdid === cmdid);
        expectShape(by('one_mr_info'), MR_INFO, 'one_mr_info');
        expectShape(by('one_mr_status'), MR_STATUS, 'one_mr_status');
        expectShape(by('mr_participants'), PARTICIPANTS, 'mr_participants');
        expectShape(by('online_eps_info'), EPS_INFO, 'online_eps_info');
        expect(by('online_eps_info').usr_ids.length).toBeGreaterThan(0);
        expectShape(by('online_eps_status'), EPS_STATUS, 'online_eps_status');
        expectShape(by('title_config'), BANNER, 'title_config');
        for (const e of events) absentInPlatform(e, e.cmdid);
        const next = await cc.poll(0);
        expect(next.map((e) => e.cmdid)).not.toContain('online_eps_info');
      });

      for (const signer of ['javaCc', 'webSdk'] as const) {
        it(`${signer}: GETs: mr-info, mr-status with the platform fields, eps, participants, layouts and the flat banner`, async () => {
          const sess = signer === 'javaCc' ? cc : await srv.ccLogin(signer);
          expectShape((await sess.get('mr-info')).json, MR_INFO, 'mr-info');
          const status = (await sess.get('mr-status')).json;
          expectShape(status, { ...MR_STATUS, ...MR_STATUS_EXTRAS }, 'mr-status');
          expectShape((await sess.get('eps-info')).json, EPS_INFO, 'eps-info');
          expectShape((await sess.get('eps-status')).json, EPS_STATUS, 'eps-status');
          expectShape((await sess.get('participants')).json, PARTICIPANTS, 'participants');
          const sys = (await sess.get('sys_mosics')).json;
          expectShape(sys, { mosic_group: 'array' }, 'sys_mosics');
          const mosic = (await sess.get('mosic-config')).json;
          expectShape(mosic, { config_info: 'array' }, 'mosic-config');
          for (const entry of mosic.config_info) {
            expectShape(
              entry,
              {
                role: 'string',
                mosic_id: 'string',
                layout_mode: 'int',
                roles_lst: 'array',
                poll_secs: 'int',
                view_has_self: 'int',
                miniMosicId: 'string',
              },
              'config_info',
            );
            // pane marks are Podium's (facts §5.6 has none); `mr_mode` says what `mr_kind` repeats
            for (const f of ['focus_pane', 'content_pane', 'special_pane']) {
              if (wire === 'platform') expect(entry, `config_info has no ${f}`).not.toHaveProperty(f);
              else expect(typeof entry[f]).toBe('number');
            }
          }
          const info = (await sess.get('mr-info')).json;
          if (wire === 'platform') expect(info).not.toHaveProperty('mr_kind');
          else expect(info.mr_kind).toMatch(/^(immediate|scheduled)$/);
          const title = (await sess.get('title-config')).json;
          expectShape(title, BANNER, 'title-config');
          if (wire === 'platform') expect(title).not.toHaveProperty('titles');
          else expect(Array.isArray(title.titles)).toBe(true);
          for (const s of ['mr-info', 'mr-status', 'eps-info', 'eps-status', 'participants', 'mosic-config', 'title-config']) {
            absentInPlatform((await sess.get(s)).json, s);
          }
          const infos = await sess.post('user-infos', {
            cmdid: 'get_user_infos',
            usr_ids: status.mr_id ? (await sess.get('eps-info')).json.usr_ids : [],
          });
          expectShape(infos.json, { usr_ids: 'string[]', nick_names: 'string[]', call_addrs: 'string[]' }, 'user_infos');
        });
      }

      it('the commands the client sends are applied (HTTP success), their effect reaching the poll', async () => {
        const eps = (await cc.get('eps-info')).json;
        const target = eps.usr_ids[0] as string;
        await cc.poll(0);
        const mute = await cc.post('eps-status', {
          cmdid: 'ctrl_mr_eps',
          action: 'a_rx',
          usr_ids: [target],
          value: 0,
          dep_ids: [],
          recursion: 0,
        });
        expect(mute.status).toBe(200);
        const lock = await cc.post('mr-status', { cmdid: 'mod_mr_status', lock_mr: 1 });
        expect(lock.status).toBe(200);
        // a command's answer: `result` 0; its feed position `seq` only in podium mode
        for (const answer of [mute.json, lock.json]) {
          expectShape(answer, { result: 'int' }, 'command answer');
          absentInPlatform(answer, 'command answer');
          if (wire === 'podium') expect(answer.seq).toBeTypeOf('number');
        }
        // the layout as read, sent back whole (miniMosicId and cur_mosic_id included)
        const layout = (await cc.get('mosic-config')).json.config_info.find((e: any) => e.role === 'guest');
        const config = await cc.post('mosic-config', { cmdid: 'config_mosic', config_info: [layout] });
        expect(config.status, config.text).toBe(200);
        // a temporary banner: its duration in seconds goes into speed, above 100 too
        for (const speed of [10, 60, 600]) {
          const r = await cc.post('title-config', {
            cmdid: 'set_title',
            message: `notice ${speed}`,
            has_title: 1,
            to_role: 'all',
            font_size: 36,
            bg_color: 0,
            bg_alpha: 0,
            font_color: 16777215,
            font_name: 'san',
            speed,
            y_pos: 80,
            h_align: 1,
            v_align: 2,
            h_margin: 10,
            v_margin: 10,
          });
          expect(r.status, `speed ${speed}: ${r.text}`).toBe(200);
        }
        const banner = (await cc.get('title-config')).json;
        expect(banner).toMatchObject({ message: 'notice 600', speed: 600, has_title: 1 });
        const push = 'rtmp://live.example.com/app/stream?key=a&b=c';
        const live = await cc.post('mod-bypass-url', { cmdid: 'mod_bypass_url', bypass_url: push, enable_bypass: 1 });
        expect(live.status, live.text).toBe(200);
        expect(
          (
            await cc.post('mod-bypass-url', {
              cmdid: 'mod_bypass_url',
              bypass_url: 'rtmps://live.example.com:443/rtmp/key-1?s=1',
              enable_bypass: 1,
            })
          ).status,
        ).toBe(200);
        expect((await cc.post('mr-status', { cmdid: 'mod_mr_status', enable_bypass: 0 })).status).toBe(200);
        expect(
          (await cc.post('fecc', { cmdid: 'ctrl_usr_fecc', action: 'start', usr_id: target, movement: 'left', timeout: 1000, speed: 4 }))
            .status,
        ).toBeLessThan(500);
        const events = await cc.poll(2);
        expect(events.some((e) => e.cmdid === 'one_mr_status' && e.mr_locked === 1)).toBe(true);
        expect(events.some((e) => e.cmdid === 'online_eps_status' && e.usr_ids.includes(target))).toBe(true);
        for (const e of events) absentInPlatform(e, e.cmdid);
        await cc.post('mr-status', { cmdid: 'mod_mr_status', lock_mr: 0 });
      });

      it('media statistics: cmdid, one direction per entry with its width and height as strings; loss rates from a text/plain body', async () => {
        const eps = (await cc.get('eps-info')).json;
        const epId = eps.ep_ids[0] as number;
        // podium mode: statistics only to a controller of the meeting, which names its session
        // in the `sessionid` header as the Java CM client does (platform: the developer signature)
        const stats =
          wire === 'podium' ? ({ signer: 'javaCm', opts: { cmSession: cc.sessId } } as const) : ({ signer: 'javaCc', opts: {} } as const);
        const r = await srv.send(stats.signer, 'GET', `/status/participant/${epId}/media_stream`, undefined, stats.opts);
        expect(r.status, r.text).toBe(200);
        expectShape(
          r.json,
          { cmdid: 'string', refer_num: 'int', remote_addr: 'string', uuid: 'string', local_addr: 'string', data: 'array' },
          'media_stream',
        );
        const down = r.json.data.filter((s: any) => 'tx_jitter' in s);
        const up = r.json.data.filter((s: any) => !('tx_jitter' in s));
        expect(down.length).toBeGreaterThan(0);
        expect(up.length).toBeGreaterThan(0);
        for (const s of up) {
          expectShape(
            s,
            {
              node: 'string',
              id: 'int',
              type: 'string',
              ssrc: 'string',
              start_time: 'int',
              fps: 'int',
              fur: 'int',
              rx_codec: 'string',
              rx_bitrate: 'int',
              rx_packets_received: 'int',
              rx_packets_lost: 'int',
              rx_lost_rate: 'number',
              rx_jitter: 'int',
              rx_resolution: 'string',
              rx_width: 'string',
              rx_height: 'string',
            },
            'uplink',
          );
        }
        for (const s of down) {
          expectShape(
            s,
            {
              tx_codec: 'string',
              tx_bitrate: 'int',
              tx_packets_sent: 'int',
              tx_packets_lost: 'string',
              tx_lost_rate: 'number',
              tx_jitter: 'int',
              tx_resolution: 'string',
              tx_width: 'string',
              tx_height: 'string',
            },
            'downlink',
          );
        }
        const video = up.find((s: any) => s.type === 'video');
        expect(video.rx_width).toMatch(/^\d+$/);
        const loss = await srv.send(stats.signer, 'POST', '/status/participant/packets_lost_rate/', `{"mr_id":"${MR}"}`, {
          ...stats.opts,
          contentType: 'text/plain; charset=UTF-8',
        });
        expect(loss.status, loss.text).toBe(200);
        const entries = Object.entries(loss.json as Record<string, unknown>);
        expect(entries.length).toBe(eps.usr_ids.length);
        for (const [key, pair] of entries) {
          expect(key).toBeTypeOf('string');
          expect(Array.isArray(pair) && pair.length === 2 && pair.every((x) => typeof x === 'number'), key).toBe(true);
        }
      });
    });
  });

  describe('CM (Java client: milliseconds, sessionid header)', () => {
    it('verify-code/ gives cert_code, login_req with an MD5 password and no code_id gives every login_rsp field', async () => {
      const code = await srv.send('javaCm', 'GET', '/rest/v1/app1/manager/sessions/verify-code/');
      expect(code.status).toBe(200);
      expectShape(code.json, { cmdid: 'string', base64: 'string', date_time: 'number', cert_code: 'string' }, 'verify_code');
      expect(code.json.cmdid).toBe('verify_code');
      const { rsp } = await srv.cmLogin();
      expectShape(rsp, CM_LOGIN_RSP, 'login_rsp');
      expect(rsp.cmdid).toBe('login_rsp');
      expect(rsp.session_id).not.toBe('');
      expect(rsp.manager_deps.length).toBe(rsp.all_manager_senior_dep_ids.length);
    });

    it('a wrong MD5 password gives no session_id', async () => {
      const code = await srv.send('javaCm', 'GET', '/rest/v1/app1/manager/sessions/verify-code/');
      const r = await srv.send('javaCm', 'POST', '/rest/v1/app1/manager/sessions/login_req/', {
        login_id: 'admin@podium.local',
        login_pwd: md5Hex('wrong'),
        login_type: 1,
        cert_code: code.json.cert_code,
        date_time: code.json.date_time,
        cmdid: 'login_req',
      });
      expect(r.json.session_id ?? '').toBe('');
      expect(r.status).toBeGreaterThanOrEqual(400);
    });

    it('meeting discovery: search-mr, query-mr with its parallel arrays, and the data/ long poll', async () => {
      const { sessionId } = await srv.cmLogin();
      const M = `/rest/v1/app1/manager/sessions/${sessionId}/`;
      const send = (method: string, suffix: string, body?: unknown) =>
        srv.send('javaCm', method, M + suffix, body, { cmSession: sessionId });
      const search = await send('GET', 'mr/search-mr/');
      expect(search.status).toBe(200);
      expectShape(search.json, { mr_ids: 'string[]' }, 'search-mr');
      expect(search.json.mr_ids).toContain(MR);
      const query = await send('POST', 'mr/query-mr/', { mr_ids: [MR], cmdid: 'query_mr' });
      expect(query.status).toBe(200);
      expect(query.json.cmdid).toBe('mr_info');
      expectShape(query.json, QUERY_MR, 'mr_info');
      expect(query.json.mr_ids).toEqual([MR]);
      // no speaker in the demo meeting: −1, as in the evidence (findings §7)
      expect(srv.server.engine.rooms.get(MR)!.status.spk_usr_id).toBe('');
      expect(query.json.speaker_usr_ids).toEqual([-1]);
      const first = await send('POST', 'data/', { cmdid: 'get_changes', block_secs: 10 });
      expect(Array.isArray(first.json)).toBe(true);
      const info = first.json.find((e: any) => e.cmdid === 'mr_info');
      expectShape(info, QUERY_MR, 'data/ mr_info');
      expect(info.mr_ids).toContain(MR);
      const t0 = Date.now();
      const quiet = await send('POST', 'data/', { cmdid: 'get_changes', block_secs: 1 });
      expect(quiet.json).toEqual([]);
      expect(Date.now() - t0).toBeGreaterThanOrEqual(900);
    });

    it('the address book under the CM prefix takes integer ids; get_usr_online_status under the user prefix', async () => {
      const { sessionId } = await srv.cmLogin();
      const M = `/rest/v1/app1/manager/sessions/${sessionId}/`;
      const send = (path: string, body: unknown) => srv.send('javaCm', 'POST', path, body, { cmSession: sessionId });
      const deps = await send(M + 'departments/department_ids/search/', {
        filter_type: ['senior_id'],
        filter_value: [-1],
        cmdid: 'search_department_ids',
      });
      expect(deps.status, deps.text).toBe(200);
      expectShape(deps.json, { department_ids: 'int[]' }, 'department_ids');
      expect(deps.json.department_ids.length).toBeGreaterThan(0);
      const users = await send(M + 'usrs/usr_id/search/', { filter_type: ['usr_mark'], filter_value: ['1'], cmdid: 'search_usr' });
      expect(users.status, users.text).toBe(200);
      expectShape(users.json, { usr_ids: 'int[]' }, 'usr_ids');
      const ids = (users.json.usr_ids as number[]).slice(0, 3);
      expect(ids.length).toBeGreaterThan(0);
      const info = await send(M + 'usrs/usr_ids/', { usr_ids: ids, last_modify_dtms: ids.map(() => 0), cmdid: 'subscribe_usr' });
      expect(info.status, info.text).toBe(200);
      expectShape(info.json, { usr_ids: 'int[]', nick_names: 'string[]', call_addrs: 'string[]' }, 'usr_info');
      expect(info.json.usr_ids).toEqual(ids);
      const online = await send(`/rest/v1/app1/user/sessions/${sessionId}/usrs/get_usr_online_status/`, {
        usr_ids: ids,
        cmdid: 'get_usr_online_status',
      });
      expect(online.status, online.text).toBe(200);
      expectShape(online.json, { usr_ids: 'int[]', online_status: 'int[]', fail_usr_ids: 'int[]' }, 'online_status');
      const bad = await send(M + 'usrs/usr_ids/', { usr_ids: ['x'], cmdid: 'subscribe_usr' });
      expect(bad.status).toBe(400);
      const stranger = await send('/rest/v1/app1/manager/sessions/nosuchsession/usrs/usr_ids/', { usr_ids: ids });
      expect(stranger.status).toBe(403);
    });

    it('the other CM calls of the client answer "not offered by the reference server", never a bare 404', async () => {
      const { sessionId } = await srv.cmLogin();
      const M = `/rest/v1/app1/manager/sessions/${sessionId}/`;
      for (const [method, suffix] of CM_NOT_OFFERED) {
        const r = await srv.send('javaCm', method, M + suffix, method === 'GET' ? undefined : { cmdid: 'x' }, { cmSession: sessionId });
        expect(r.status, `${method} ${suffix}`).toBe(501);
        expect(r.json, suffix).toMatchObject({ cmdid: 'error', result: RC.notOfferedByReference });
      }
      expect(codeMessage(RC.notOfferedByReference, 'en')).toMatch(/reference server/);
      expect(codeMessage(RC.notOfferedByReference, 'zh')).toMatch(/参考服务器/);
    });

    it('/rest/v1/cloud/statistics (the room history) answers 501 "not offered by the reference server", never a bare 404', async () => {
      for (const method of ['POST', 'GET']) {
        const r = await srv.send(
          'javaCm',
          method,
          '/rest/v1/cloud/statistics',
          method === 'POST' ? { cmdid: 'get_room_history_req', from_dtm: 0, to_dtm: 0, tenant_id: '' } : undefined,
        );
        expect(r.status, method).toBe(501);
        expect(r.json).toMatchObject({ cmdid: 'error', result: RC.notOfferedByReference });
      }
    });

    it('delete_room answers fail_ids as integers; stop-mr ends a meeting, told once through data/ as stopped_mr', async () => {
      const { sessionId } = await srv.cmLogin();
      const M = `/rest/v1/app1/manager/sessions/${sessionId}/`;
      const send = (method: string, suffix: string, body?: unknown) =>
        srv.send('javaCm', method, M + suffix, body, { cmSession: sessionId });
      const del = await send('POST', 'rooms/trash-can/', { room_ids: [4242], cmdid: 'delete_room' });
      expect(del.status, del.text).toBe(200);
      expect(del.json.fail_ids).toEqual([4242]);
      await send('POST', 'data/', { cmdid: 'get_changes', block_secs: 0 });
      const stop = await send('POST', 'mr/stop-mr/', { mr_id: MR, reason: '', cmdid: 'stop_mr_req' });
      expect(stop.status, stop.text).toBe(200);
      expect(stop.json).toMatchObject({ cmdid: 'stopped_mr', mr_ids: [MR] });
      const told = await send('POST', 'data/', { cmdid: 'get_changes', block_secs: 2 });
      expect(told.json).toEqual([{ cmdid: 'stopped_mr', mr_ids: [MR] }]);
      expect((await send('POST', 'data/', { cmdid: 'get_changes', block_secs: 0 })).json).toEqual([]);
      expect((await send('GET', 'mr/search-mr/')).json.mr_ids).not.toContain(MR);
    });
  });
});

describe.each(['platform', 'podium'] as const)('a session across a restart, %s mode', (wire) => {
  it(wire === 'platform' ? 'is unknown afterwards, as on a restarted platform: its clients log in again' : 'is kept (podium)', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'podium-restart-'));
    try {
      const first = await RealClientServer.start(wire, { dataDir: dir });
      const cc = await first.ccLogin('javaCc');
      expect((await cc.get('mr-status')).status).toBe(200);
      await first.close();
      const second = await RealClientServer.start(wire, { dataDir: dir });
      try {
        const again = await second.send('javaCc', 'GET', `${cc.prefix}mr-status`);
        if (wire === 'platform') {
          // the answer of a session the server never had
          expect(again.status).toBe(404);
          expect(again.json).toMatchObject({ cmdid: 'error', result: RC.sessionExpired });
          expect((await second.ccLogin('javaCc')).sessId).not.toBe(cc.sessId);
        } else {
          expect(again.status).toBe(200);
        }
      } finally {
        await second.close();
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('a command repeated after a restart into platform mode', () => {
  it('gets the answer kept by the podium-mode run without its seq, and is not applied again', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'podium-restart-'));
    try {
      const podium = await RealClientServer.start('podium', { dataDir: dir });
      const first = await (await podium.ccLogin()).post('mr-status', { cmdid: 'mod_mr_status', lock_mr: 1, req_id: 'kept-1' });
      expect(first.json).toMatchObject({ result: 0, seq: expect.any(Number) });
      await podium.close();
      const platform = await RealClientServer.start('platform', { dataDir: dir });
      try {
        const cc = await platform.ccLogin();
        expect((await cc.post('mr-status', { cmdid: 'mod_mr_status', lock_mr: 0 })).status).toBe(200);
        const again = await cc.post('mr-status', { cmdid: 'mod_mr_status', lock_mr: 1, req_id: 'kept-1' });
        expect(again.json).toEqual({ result: 0 });
        expect((await cc.get('mr-status')).json.mr_locked).toBe(0);
      } finally {
        await platform.close();
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
