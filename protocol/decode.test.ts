import { describe, expect, it } from 'vitest';
import {
  DecodeError,
  KNOWN_EVENT_CMDIDS,
  decodeChangeEvent,
  decodeChangeEvents,
  decodeDepartmentInfo,
  decodeErrorBody,
  decodeLoginFailure,
  decodeLoginResponse,
  decodeMediaStreamResponse,
  decodeMosicConfig,
  decodeMrInfo,
  decodeMrParticipants,
  decodeMrStatus,
  decodeNginxConfigResponse,
  decodeOemIconTitleResponse,
  decodeOnlineEpsInfo,
  decodeOnlineEpsStatus,
  decodePacketsLostRate,
  decodePlatformResponse,
  decodeSearchResponse,
  decodeStandaloneResponse,
  decodeSysMosics,
  decodeTitleConfigs,
  decodeUsrInfo,
  decodeVerifyCodeResponse,
  decodeWaitingUsr,
} from './decode';
import { CMD } from './cmdids';

const login = {
  cmdid: 'ctrl_mr_rsp',
  result: '200',
  mr_id: '8008038',
  sess_id: 's1',
  use_pwd: 'supervisor',
  extra: '',
  mr_start_dtm: 1,
  schedule_start_dtm: 0,
  schedule_name: '',
  stand_alone: 0,
  invalid_time: 0,
  after_sale_mgr_email: '',
  expired_notify: '',
  mr_scene: 'class',
  sign_key: 'AAAAAAAAAAAAAAAAAAAAAA==',
  signing: 'strict',
};

describe('bootstrap and login responses', () => {
  it('decodes getPlatform and defaults missing flags', () => {
    const r = decodePlatformResponse({
      code: 0,
      data: { func_enabled: { api_aes_mode: 1, extra_flag: 7 }, signing: { mode: 'compat', devid: 'd', devtoken: 't' }, version: '1' },
    });
    expect(r.data.func_enabled).toEqual({ api_aes_mode: 1, live_builtin: 1, conf_statistics: 0, extra_flag: 7 });
    expect(r.data.signing?.mode).toBe('compat');
    expect(() =>
      decodePlatformResponse({
        code: 0,
        data: { func_enabled: { api_aes_mode: 2 }, signing: { mode: 'compat', devid: 'd', devtoken: 't' } },
      }),
    ).toThrow(/api_aes_mode/);
    expect(() =>
      decodePlatformResponse({ code: 0, data: { func_enabled: {}, signing: { mode: 'loose', devid: 'd', devtoken: 't' } } }),
    ).toThrow(DecodeError);
  });

  it('getPlatform without signing (the platform, a signing proxy) decodes with no credentials', () => {
    const r = decodePlatformResponse({ code: 0, data: { func_enabled: { api_aes_mode: 0 }, version: '5.0' } });
    expect(r.data.signing).toBeUndefined();
    expect(r.data.version).toBe('5.0');
    // present but malformed is still refused: half a credential would sign wrongly
    expect(() => decodePlatformResponse({ code: 0, data: { func_enabled: {}, signing: { mode: 'compat', devid: 'd' } } })).toThrow(
      /devtoken/,
    );
  });

  it('decodes the small bootstrap answers', () => {
    expect(decodeStandaloneResponse({ code: 0, data: { is_standalone: 1 } }).data.is_standalone).toBe(1);
    expect(() => decodeStandaloneResponse({ code: 0, data: { is_standalone: 'yes' } })).toThrow(DecodeError);
    expect(decodeOemIconTitleResponse({ code: 0, data: { title: { zh: '会议', en: 'Meeting' } } }).data.title.en).toBe('Meeting');
    expect(decodeNginxConfigResponse({ code: 0, data: { http_port: 80 } }).data).toEqual({
      http_port: 80,
      https_port: 0,
      base_path: '',
    });
  });

  it('decodes the verify code and checks its cmdid', () => {
    const ok = { cmdid: 'verify_code', base64: 'iVBO', datetime: 1.5, code_id: 'c1', expires_in: 120 };
    expect(decodeVerifyCodeResponse(ok)).toEqual(ok);
    expect(decodeVerifyCodeResponse({ cmdid: 'verify_code', base64: 'x' })).toMatchObject({ code_id: '', expires_in: 0 });
    expect(() => decodeVerifyCodeResponse({ ...ok, cmdid: 'login_rsp' })).toThrow(/cmdid/);
    expect(() => decodeVerifyCodeResponse({ ...ok, base64: 5 })).toThrow(/base64/);
  });

  it('decodes a login answer and derives the signing mode', () => {
    expect(decodeLoginResponse(login)).toEqual(login);
    const { sign_key: _k, signing: _s, ...platform } = login;
    expect(decodeLoginResponse(platform).signing).toBe('compat');
    expect(decodeLoginResponse({ cmdid: 'ctrl_mr_rsp', result: 200, mr_id: '1', sess_id: 's' })).toMatchObject({
      result: '200',
      use_pwd: 'host',
      mr_scene: 'conference',
    });
    expect(() => decodeLoginResponse({ ...login, sess_id: '' })).toThrow(/session id/);
    expect(() => decodeLoginResponse({ ...login, sign_key: undefined })).toThrow(/sign_key/);
    expect(() => decodeLoginResponse({ ...login, use_pwd: 'admin' })).toThrow(/use_pwd/);
  });

  it('keeps the resume token of a login answer (podium), optional and a string', () => {
    const token = 'A'.repeat(43);
    expect(decodeLoginResponse({ ...login, resume_token: token }).resume_token).toBe(token);
    expect(decodeLoginResponse(login).resume_token).toBeUndefined();
    expect(() => decodeLoginResponse({ ...login, resume_token: 5 })).toThrow(/resume_token/);
  });

  it('decodes login failures and error bodies', () => {
    expect(decodeLoginFailure({ result: '404', extra: 'adhoc disabled' })).toEqual({ result: '404', extra: 'adhoc disabled' });
    expect(decodeLoginFailure({ cmdid: 'ctrl_mr_rsp', result: 403, retry_after: 30 })).toMatchObject({ result: '403', retry_after: 30 });
    expect(decodeErrorBody({ cmdid: 'error', result: 4012, detail: 'increase_secs' })).toEqual({
      cmdid: 'error',
      result: 4012,
      detail: 'increase_secs',
    });
    expect(() => decodeErrorBody({ cmdid: 'error', result: '4012' })).toThrow(DecodeError);
    expect(() => decodeErrorBody({ cmdid: 'other', result: 1 })).toThrow(/cmdid/);
  });
});

describe('meeting responses', () => {
  it('decodes meeting info with defaults', () => {
    expect(decodeMrInfo({ mr_id: '1', duration: 7200 })).toMatchObject({ mr_id: '1', duration: 7200, mr_scene: 'conference' });
    expect(() => decodeMrInfo({ mr_id: 1 })).toThrow(/mr_id/);
  });

  it('decodes the platform status example and refuses bad flags', () => {
    const s = decodeMrStatus({
      mr_id: '8008038',
      mr_locked: 0,
      guest_enabled: 1,
      spec_focus_usr_ids: ['a957e75d76'],
      rollcall_hist: { a957e75d76: '172.16.100.66' },
      subtitle_position: { horizontal_margin: 5, vertical_margin: 5, horizontal_position: 'left', vertical_position: 'bottom' },
      cont_policy_9x: 0,
    });
    expect(s.guest_enabled).toBe(1);
    expect(s.rec_state).toBe('idle');
    expect(s.subtitle_position.horizontal_position).toBe('left');
    expect('cont_policy_9x' in s).toBe(false);
    expect(() => decodeMrStatus({ mr_id: '1', mr_locked: 2 })).toThrow(/mr_locked/);
    expect(() => decodeMrStatus({ mr_id: '1', cascade_mode: 'sideways' })).toThrow(/cascade_mode/);
  });

  it('decodes participants and refuses unequal parallel arrays', () => {
    const p = decodeMrParticipants({
      mr_id: '1',
      added_usr_ids: ['a', 'b'],
      added_usr_names: ['A', 'B'],
      added_usr_types: [1, 2],
    });
    expect(p.added_call_addrs).toEqual(['', '']);
    expect(p.added_usr_appoint).toEqual([0, 0]);
    expect(p.deleted_usr_ids).toEqual([]);
    expect(() => decodeMrParticipants({ added_usr_ids: ['a', 'b'], added_usr_names: ['A'] })).toThrow(/added_usr_names/);
  });

  it('decodes endpoint info and status', () => {
    const info = decodeOnlineEpsInfo({ usr_ids: ['u1'], usr_names: ['N'], ep_ids: [7], proto_types: [2] });
    expect(info.is_online).toEqual([1]);
    expect(() => decodeOnlineEpsInfo({ usr_ids: ['u1'], ep_ids: ['7'] })).toThrow(/ep_ids\[0\]/);
    expect(() => decodeOnlineEpsInfo({ usr_ids: ['u1'], ep_ids: [1, 2] })).toThrow(/ep_ids/);
    const st = decodeOnlineEpsStatus({ usr_ids: ['u1'], usr_stats: ['1111'] });
    expect(st.local_rtp_ip).toEqual(['']);
    expect(() => decodeOnlineEpsStatus({ usr_ids: ['u1', 'u2'], usr_stats: ['1'] })).toThrow(/usr_stats/);
  });

  it('decodes the waiting room delta', () => {
    const w = decodeWaitingUsr({ cmdid: 'waiting_usr', ep_ids: [1], usr_ids: ['u'], deleted_ep_ids: [2] });
    expect(w.usr_names).toEqual(['']);
    expect(() => decodeWaitingUsr({ cmdid: 'waiting_usr', ep_ids: [1], usr_ids: [] })).toThrow(DecodeError);
  });

  it('decodes layouts and titles', () => {
    expect(decodeSysMosics({ mosic_group: [{ layout_mode: 2, mosic_id: '2*2', mosic_cnts: 4 }] })[0].layout_coord).toEqual([]);
    const cfg = decodeMosicConfig({
      config_info: [{ role: 'guest', mosic_id: 'auto', cur_mosic_id: 'pin', roles_lst: [['0'], ['1010']], layout_mode: 2 }],
    });
    expect(cfg[0]).toMatchObject({ poll_secs: 10, view_has_self: 0, roles_lst: [['0'], ['1010']] });
    expect(() => decodeMosicConfig({ config_info: [{ role: 'boss', mosic_id: '1', roles_lst: [], layout_mode: 2 }] })).toThrow(/role/);
    expect(() => decodeMosicConfig({ config_info: [{ role: 'guest', mosic_id: '1', roles_lst: [[0]], layout_mode: 2 }] })).toThrow(
      /roles_lst\[0\]\[0\]/,
    );
    const titles = decodeTitleConfigs({ titles: [{ to_role: 'guest', message: 'hi' }] });
    expect(titles[0]).toMatchObject({ font_size: 36, y_pos: 80, font_color: 16777215, speed: 20 });
    expect(decodeTitleConfigs([{ to_role: 'all', message: '' }])).toHaveLength(1);
    expect(decodeTitleConfigs({ to_role: 'chair', message: 'x' })[0].to_role).toBe('chair');
    expect(() => decodeTitleConfigs({ to_role: 'nobody' })).toThrow(/to_role/);
  });
});

describe('address book and statistics', () => {
  it('decodes departments and users', () => {
    const d = decodeDepartmentInfo({ department_ids: [1, 2], department_names: ['A', 'B'], senior_ids: [-1, 1] });
    expect(d.department_descs).toEqual(['', '']);
    expect(() => decodeDepartmentInfo({ department_ids: [1], department_names: ['A', 'B'] })).toThrow(DecodeError);
    const u = decodeUsrInfo({ usr_ids: [5], nick_names: ['Li'], current_department: [[1, 2]] });
    expect(u.current_department).toEqual([[1, 2]]);
    expect(u.online_status).toEqual([0]);
    expect(() => decodeUsrInfo({ usr_ids: [5], nick_names: ['Li', 'Wang'] })).toThrow(/nick_names/);
  });

  it('decodes search answers', () => {
    expect(decodeSearchResponse({ cmdid: 'usr_ids', ids: [1, 2], total: 900, too_many: 1 }).too_many).toBe(1);
    expect(() => decodeSearchResponse({ cmdid: 'room_ids', ids: [] })).toThrow(/cmdid/);
  });

  it('decodes media statistics and loss rates', () => {
    const m = decodeMediaStreamResponse({
      refer_num: 1,
      data: [
        { id: 1, type: 'video', tx_packets_lost: '3', tx_jitter: 4 },
        { id: 2, type: 'audio', rx_lost_rate: 0.5 },
      ],
    });
    expect(m.data[0].tx_packets_lost).toBe('3');
    expect(() => decodeMediaStreamResponse({ data: [{ id: 1, type: 'smell' }] })).toThrow(/type/);
    expect(decodePacketsLostRate({ '7': [0.1, 0.2] })).toEqual({ '7': [0.1, 0.2] });
    expect(() => decodePacketsLostRate({ '7': [0.1] })).toThrow(DecodeError);
  });
});

describe('long-poll events', () => {
  it('knows every cmdid of the event union', () => {
    for (const c of [
      CMD.oneMrInfo,
      CMD.oneMrStatus,
      CMD.forceLogout,
      CMD.mrParticipants,
      CMD.onlineEpsInfo,
      CMD.onlineEpsStatus,
      CMD.onlineEpsLeft,
      CMD.sysMosics,
      CMD.mosicConfig,
      CMD.titleConfig,
      CMD.usrIds,
      CMD.userInfos,
      CMD.mrDeled,
      CMD.notRpcCs,
      CMD.showWarningInfo,
      CMD.failedCall,
      CMD.scheduleInfo,
      CMD.leftCall,
      CMD.mrCtrlIn,
      CMD.mrCtrlOut,
      CMD.resourceTmplInfo,
      CMD.waitingUsr,
      CMD.getCallQaRsp,
      CMD.xudingRecStatus,
      CMD.usrInfo,
      CMD.departmentInfo,
      CMD.resync,
    ])
      expect(KNOWN_EVENT_CMDIDS.has(c), c).toBe(true);
  });

  it('keeps one_mr_status a partial delta', () => {
    const e = decodeChangeEvent({ cmdid: 'one_mr_status', seq: 4, mr_locked: 1 });
    expect(e).toEqual({ cmdid: 'one_mr_status', seq: 4, mr_locked: 1 });
    expect(() => decodeChangeEvent({ cmdid: 'one_mr_status', seq: 4, mr_locked: 'yes' })).toThrow(/mr_locked/);
  });

  it('decodes a mixed answer and drops unknown cmdids', () => {
    const events = decodeChangeEvents([
      { cmdid: 'online_eps_left', seq: 1, mr_id: '1', usr_ids: ['u1'] },
      { cmdid: 'future_event', seq: 2, anything: true },
      { cmdid: 'left_call', seq: 3, ep_id: 9, reason: 'user_hangup', nick_name: 'A' },
      { cmdid: 'force_logout', reason: 'meeting_ended' },
      { cmdid: 'resync', seq: 40 },
      { cmdid: 'show_warning_info', seq: 5, warn_info: 'booking_conflict', is_toast: 1, params: { minutes: 5 } },
    ]);
    expect(events.map((e) => e.cmdid)).toEqual(['online_eps_left', 'left_call', 'force_logout', 'resync', 'show_warning_info']);
    expect(events[2]).toMatchObject({ seq: 0, reason: 'meeting_ended' });
    expect(events[1]).toMatchObject({ ep_id: 9, duration: 0, usr_id: '' });
  });

  it('checks parallel arrays inside events', () => {
    expect(() => decodeChangeEvents([{ cmdid: 'online_eps_status', seq: 1, usr_ids: ['a', 'b'], usr_stats: ['1'] }])).toThrow(
      /\[0\]\.usr_stats/,
    );
    expect(() =>
      decodeChangeEvents([{ cmdid: 'user_infos', seq: 1, usr_ids: ['a'], nick_names: [], usr_types: [1], phone_nos: [''] }]),
    ).toThrow(DecodeError);
  });

  it('throws on a malformed answer, or reports and skips with onInvalid', () => {
    expect(() => decodeChangeEvents({ cmdid: 'resync' })).toThrow(/array/);
    expect(() => decodeChangeEvents([42])).toThrow(DecodeError);
    expect(() => decodeChangeEvents([{ seq: 1 }])).toThrow(/cmdid/);
    expect(() => decodeChangeEvents([{ cmdid: 'resync' }])).toThrow(/seq/);
    const bad: string[] = [];
    const events = decodeChangeEvents(
      [
        { cmdid: 'mr_deled', seq: 1, mr_id: '1' },
        { cmdid: 'left_call', seq: 2 },
        { cmdid: 'not_rpc_cs', seq: 3, result: 9998 },
      ],
      { onInvalid: (err) => bad.push(err.path) },
    );
    expect(events.map((e) => e.seq)).toEqual([1, 3]);
    expect(bad).toEqual(['[1].ep_id']);
  });

  it('title_config as the platform sends it (one flat banner, no seq) reads as titles', () => {
    const e = decodeChangeEvent({ cmdid: 'title_config', to_role: 'all', message: 'Welcome', has_title: 1 });
    expect(e).toMatchObject({ cmdid: 'title_config', seq: 0, titles: [{ to_role: 'all', message: 'Welcome', has_title: 1 }] });
    const podium = decodeChangeEvent({
      cmdid: 'title_config',
      seq: 3,
      to_role: 'all',
      message: 'x',
      titles: [{ to_role: 'guest', message: 'g' }],
    });
    expect(podium).toMatchObject({ titles: [{ to_role: 'guest' }] });
  });
});
