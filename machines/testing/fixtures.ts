/** Wire payloads for machine tests, built from the protocol types. */
import type { MrInfo, MrParticipants, MrStatus, OnlineEpsInfo, OnlineEpsStatus, WaitingUsr } from '../../protocol/wire';
import { encodeUsrStats, type UsrStatsFlags } from '../../protocol/usrStats';
import { newRoomStatus } from '../../protocol/roomDefaults';
import type { LoginResult } from '../login/loginMachine';

export function roster(ids: string[], extra: Partial<MrParticipants> = {}): MrParticipants {
  return {
    mr_id: '0123',
    added_usr_ids: ids,
    added_usr_names: ids.map((id) => `name-${id}`),
    added_usr_types: ids.map(() => 1),
    added_usr_attr: ids.map(() => '1-20000'),
    added_call_addrs: ids.map((id) => `${id}@10.0.0.1`),
    added_usr_deps: ids.map(() => 0),
    added_usr_devtypes: ids.map(() => 'sip'),
    added_usr_appoint: ids.map(() => 0),
    added_gbk_names: ids.map((id) => `gbk-${id}`),
    deleted_usr_ids: [],
    depid_names: {},
    ...extra,
  };
}

export function epsInfo(ids: string[], extra: Partial<OnlineEpsInfo> = {}): OnlineEpsInfo {
  return {
    mr_id: '0123',
    usr_ids: ids,
    usr_names: ids.map((id) => `ep-${id}`),
    ep_ids: ids.map((_, i) => 100 + i),
    usr_uris: ids.map((id) => `sip:${id}@10.0.0.2`),
    enter_dtms: ids.map(() => 1000),
    dev_type: ids.map(() => 'sip'),
    ep_version: ids.map(() => 1),
    is_online: ids.map(() => 1),
    pin_sort: ids.map((_, i) => i),
    sort_para: ids.map(() => 0),
    gbk_names: ids.map((id) => `gbk-${id}`),
    proto_types: ids.map(() => 2),
    ep_uuid: ids.map((id) => `uuid-${id}`),
    ...extra,
  };
}

/** a flag string with the given flags set */
export function stats(flags: Partial<UsrStatsFlags> = {}): string {
  return encodeUsrStats({ a_rx: 1, v_rx: 1, a_tx: 1, v_tx: 1, ...flags });
}

export function epsStatus(ids: string[], flags: Partial<UsrStatsFlags>[] = []): OnlineEpsStatus {
  return {
    mr_id: '0123',
    usr_ids: ids,
    usr_stats: ids.map((_, i) => stats(flags[i])),
    local_rtp_ip: ids.map(() => '10.0.0.9'),
    stats_desc: [],
  };
}

export function waitingUsr(ids: string[], epIds: number[], deleted: number[] = []): WaitingUsr {
  return {
    cmdid: 'waiting_usr',
    ep_ids: epIds,
    usr_ids: ids,
    usr_names: ids.map((id) => `w-${id}`),
    gbk_names: ids.map(() => ''),
    dev_types: ids.map(() => 'webrtc'),
    usr_types: ids.map(() => 1),
    usr_uris: ids.map(() => ''),
    deleted_ep_ids: deleted,
  };
}

export function mrInfo(extra: Partial<MrInfo> = {}): MrInfo {
  return {
    mr_id: '0123',
    mr_name: 'Weekly',
    room_name: 'Room',
    create_dtm: 1,
    current_dtm: 2,
    real_launch_dtm: 3,
    duration: 3600,
    bandwidth: 2048,
    launcher_uid: '1',
    mr_mode: 0,
    features: '',
    mr_scene: 'conference',
    next_booking_dtm: 0,
    mr_kind: 'immediate',
    ...extra,
  };
}

/** A room status for tests: a new room's (protocol/roomDefaults.ts) with the values the tests were written against. */
export function mrStatus(extra: Partial<MrStatus> = {}): MrStatus {
  return {
    ...newRoomStatus('0123'),
    force_mcu_layout: 0,
    show_camera_off: 0,
    mic_gain_auto: 1,
    random_mrid: '',
    record_copy: '',
    subtitle_position: { horizontal_position: 'center', vertical_position: 'bottom', horizontal_margin: 10, vertical_margin: 10 },
    meeting_mode: 'discussion',
    rollcall_view: 'called_only',
    ...extra,
  };
}

/** A logged-in host of meeting 0123 (session s-1, compat signing) as the login machine hands it over. */
export function loginResult(extra: Partial<LoginResult> = {}): LoginResult {
  return {
    mrId: '0123',
    sessId: 's-1',
    role: 'host',
    signing: 'compat',
    mrScene: 'conference',
    mrStartDtm: 0,
    scheduleStartDtm: 0,
    scheduleName: '',
    standAlone: 0,
    invalidTime: 0,
    expiredNotify: '',
    afterSaleMgrEmail: '',
    extra: '',
    ...extra,
  };
}
