/**
 * Decoders of the session's answers and of the long-poll events: loaded with the session, not by
 * the login screen (decode.ts re-exports them, so callers import from one place).
 *
 * Length (over 400 lines on purpose): one small decoder per answer and event of the session, loaded
 * together with the session's chunk and sharing decodeCore.ts's helpers; each stands alone, so one
 * that grows moves out without touching the rest.
 */
import type {
  ActivityEntry,
  ActivityPage,
  TranscriptLine,
  TranscriptPage,
  DepartmentInfo,
  MediaStreamResponse,
  MosicConfigEntry,
  MosicGroupEntry,
  MrInfo,
  MrParticipants,
  MrStatus,
  OnlineEpsInfo,
  OnlineEpsStatus,
  SearchResponse,
  SubtitlePosition,
  TitleConfig,
  UsrInfo,
  WaitingUsr,
} from './wire';
import type { ChangeEvent, ChangeEventOf } from './events';
import { decodeRunOfShowEvent } from './runOfShow';

import {
  DecodeError,
  type Decoder,
  isObj,
  str,
  strOrCode,
  num,
  bit,
  oneOf,
  arrayOf,
  recordOf,
  strs,
  nums,
  opt,
  dflt,
  par,
  object,
  partialFields,
  type Fields,
  type ObjectOptions,
  mrScene,
  role,
} from './decodeCore';

// ---------------------------------------------------------------------------------------------
// Shared shapes

const banScope = oneOf('none', 'audience', 'all');
const titleTarget = oneOf('all', 'guest', 'chair', 'speaker', 'waiting_room_usr');

const subtitlePositionFields: Fields<SubtitlePosition> = {
  horizontal_position: oneOf('left', 'center', 'right'),
  vertical_position: oneOf('top', 'middle', 'bottom'),
  horizontal_margin: num,
  vertical_margin: num,
};
const decodeSubtitlePosition = object<SubtitlePosition>('subtitle_position', subtitlePositionFields);

const mosicGroupFields: Fields<MosicGroupEntry> = {
  layout_mode: num,
  mosic_id: str,
  layout_coord: dflt(nums, () => []),
  mosic_cnts: num,
  layout_desc: dflt(str, ''),
  layout_type: dflt(str, ''),
  default_layout_for_type: dflt(str, ''),
};
const decodeMosicGroupEntry = object<MosicGroupEntry>('mosic_group entry', mosicGroupFields);

const mosicConfigFields: Fields<MosicConfigEntry> = {
  role: oneOf('speaker', 'chair', 'guest', 'custom'),
  mosic_id: str,
  cur_mosic_id: opt(str),
  miniMosicId: opt(str),
  layout_mode: num,
  roles_lst: arrayOf(strs),
  poll_secs: dflt(num, 10),
  view_has_self: dflt(bit, 0),
  focus_pane: opt(num),
  content_pane: opt(num),
  special_pane: opt(num),
};
const decodeMosicConfigEntry = object<MosicConfigEntry>('config_info entry', mosicConfigFields);

/** Spec §3 title defaults. */
const titleFields: Fields<TitleConfig> = {
  to_role: titleTarget,
  message: dflt(str, ''),
  has_title: dflt(bit, 0),
  font_size: dflt(num, 36),
  font_color: dflt(num, 16777215),
  bg_color: dflt(num, 0),
  bg_alpha: dflt(num, 0),
  font_name: dflt(str, 'san'),
  speed: dflt(num, 20),
  y_pos: dflt(num, 80),
  h_align: dflt(num, 1),
  v_align: dflt(num, 2),
  h_margin: dflt(num, 10),
  v_margin: dflt(num, 10),
  style: opt(num),
  shadow: opt(bit),
};
export const decodeTitleConfig = object<TitleConfig>('title config', titleFields);
/**
 * A meeting-info date as Unix seconds. The platform's Java client types these as dates, which
 * read a number as epoch milliseconds (real-client-findings §7), and the reference server's
 * platform mode sends them so; podium mode sends seconds. A value above 10^11 cannot be seconds
 * (the year 5138), so it is read as milliseconds.
 * @example epochSecs(1_700_000_000_000) // 1_700_000_000
 */
export const epochSecs: Decoder<number> = (v, p = '') => {
  const n = num(v, p);
  return n > 1e11 ? Math.floor(n / 1000) : n;
};

const mrInfoFields: Fields<MrInfo> = {
  cmdid: opt(str),
  mr_id: str,
  mr_name: dflt(str, ''),
  room_name: dflt(str, ''),
  create_dtm: dflt(epochSecs, 0),
  current_dtm: dflt(epochSecs, 0),
  real_launch_dtm: dflt(epochSecs, 0),
  duration: dflt(num, 0),
  bandwidth: dflt(num, 0),
  launcher_uid: dflt(str, ''),
  mr_mode: dflt(num, 0),
  features: dflt(str, ''),
  mr_scene: dflt(mrScene, 'conference'),
  next_booking_dtm: dflt(epochSecs, 0),
  mr_kind: opt(oneOf('immediate', 'scheduled')),
};
export const decodeMrInfo = object<MrInfo>('one_mr_info', mrInfoFields, { cmdid: 'one_mr_info', cmdidOptional: true });

const mrStatusFields: Fields<MrStatus> = {
  cmdid: opt(str),
  mr_id: str,
  mr_locked: dflt(bit, 0),
  guest_enabled: dflt(bit, 0),
  all_guests_mute: dflt(bit, 0),
  original_all_guests_mute: dflt(bit, 0),
  allow_unmute_self: dflt(bit, 0),
  mr_vtx_mode: dflt(bit, 0),
  mr_atx_mode: dflt(bit, 0),
  same_layout: dflt(bit, 0),
  force_mcu_layout: dflt(bit, 0),
  roll_call: dflt(bit, 0),
  guest_poll: dflt(bit, 0),
  speaker_poll: dflt(bit, 0),
  chair_poll: dflt(bit, 0),
  cont_enabled: dflt(bit, 0),
  show_camera_off: dflt(bit, 0),
  mic_gain_auto: dflt(bit, 0),
  auto_invite: dflt(bit, 0),
  chat_permission: dflt(oneOf(0, 1, 2, 3), 1),
  spk_locked: dflt(bit, 0),
  live_enabled: dflt(bit, 0),
  live_service_type: dflt(oneOf('builtin', 'third'), 'builtin'),
  rtmp_url: dflt(str, ''),
  push_url: dflt(str, ''),
  random_mrid: dflt(str, ''),
  rec_enabled: dflt(bit, 0),
  record_uuid: dflt(str, ''),
  record_copy: dflt(str, ''),
  flv_fsize: dflt(num, 0),
  bypass_enabled: dflt(bit, 0),
  bypass_url: dflt(str, ''),
  chair_usr_id: dflt(str, ''),
  spk_usr_id: dflt(str, ''),
  auto_focus_usr_id: dflt(str, ''),
  spec_focus_usr_ids: dflt(strs, () => []),
  focus_speaker: opt(bit),
  rollcall_hist: dflt(recordOf(str), () => ({})),
  cascade_mode: dflt(oneOf('', 'parent', 'child'), ''),
  subtitle_position: dflt(decodeSubtitlePosition, () => ({
    horizontal_position: 'center',
    vertical_position: 'bottom',
    horizontal_margin: 10,
    vertical_margin: 10,
  })),
  title_enabled: dflt(bit, 0),
  live_chat: dflt(bit, 0),
  meeting_mode: dflt(oneOf('speaker', 'discussion'), 'speaker'),
  waiting_room: dflt(bit, 0),
  rollcall_usr_id: dflt(str, ''),
  rollcall_view: dflt(oneOf('called_only', 'with_speaker'), 'called_only'),
  rec_state: dflt(oneOf('idle', 'starting', 'recording', 'stopping', 'failed'), 'idle'),
  cascade_points: dflt(num, 0),
  mute_scope: opt(banScope),
  listen_ban_scope: opt(banScope),
  watch_ban_scope: opt(banScope),
  private_talk_usr_id: opt(str),
  rec_start_dtm: opt(num),
  private_talk_start_dtm: opt(num),
  asr_enabled: opt(bit),
  max_call: opt(num),
  region_id: opt(strOrCode),
};
export const decodeMrStatus = object<MrStatus>('one_mr_status', mrStatusFields, {
  cmdid: 'one_mr_status',
  cmdidOptional: true,
});

const PARTICIPANT_ARRAYS = [
  'added_usr_ids',
  'added_usr_names',
  'added_usr_types',
  'added_usr_attr',
  'added_call_addrs',
  'added_usr_deps',
  'added_usr_devtypes',
  'added_usr_appoint',
  'added_gbk_names',
] as const;

const participantsFields: Fields<MrParticipants> = {
  cmdid: opt(str),
  mr_id: dflt(str, ''),
  added_usr_ids: dflt(strs, () => []),
  added_usr_names: par(strs, ''),
  added_usr_types: par(nums, 0),
  added_usr_attr: par(strs, ''),
  added_call_addrs: par(strs, ''),
  added_usr_deps: par(nums, 0),
  added_usr_devtypes: par(strs, ''),
  added_usr_appoint: par(nums, 0),
  added_gbk_names: par(strs, ''),
  deleted_usr_ids: dflt(strs, () => []),
  depid_names: dflt(recordOf(str), () => ({})),
};
const participantsOptions = { parallel: [PARTICIPANT_ARRAYS] };
export const decodeMrParticipants = object<MrParticipants>('mr_participants', participantsFields, {
  cmdid: 'mr_participants',
  cmdidOptional: true,
  ...participantsOptions,
});

const EPS_INFO_ARRAYS = [
  'usr_ids',
  'usr_names',
  'ep_ids',
  'usr_uris',
  'enter_dtms',
  'dev_type',
  'ep_version',
  'is_online',
  'pin_sort',
  'sort_para',
  'gbk_names',
  'proto_types',
  'ep_uuid',
] as const;

const epsInfoFields: Fields<OnlineEpsInfo> = {
  cmdid: opt(str),
  mr_id: dflt(str, ''),
  usr_ids: strs,
  usr_names: par(strs, ''),
  ep_ids: par(nums, 0),
  usr_uris: par(strs, ''),
  enter_dtms: par(nums, 0),
  dev_type: par(strs, ''),
  ep_version: par(nums, 0),
  is_online: par(nums, 1),
  pin_sort: par(nums, 0),
  sort_para: par(nums, 0),
  gbk_names: par(strs, ''),
  proto_types: par(nums, 0),
  ep_uuid: par(strs, ''),
};
export const decodeOnlineEpsInfo = object<OnlineEpsInfo>('online_eps_info', epsInfoFields, {
  cmdid: 'online_eps_info',
  cmdidOptional: true,
  parallel: [EPS_INFO_ARRAYS],
});

const epsStatusFields: Fields<OnlineEpsStatus> = {
  cmdid: opt(str),
  mr_id: dflt(str, ''),
  usr_ids: strs,
  usr_stats: strs,
  local_rtp_ip: par(strs, ''),
  stats_desc: dflt(strs, () => []),
  hand_up_dtms: par(nums, 0),
};
export const decodeOnlineEpsStatus = object<OnlineEpsStatus>('online_eps_status', epsStatusFields, {
  cmdid: 'online_eps_status',
  cmdidOptional: true,
  parallel: [['usr_ids', 'usr_stats', 'local_rtp_ip', 'hand_up_dtms']],
});

const WAITING_ARRAYS = ['ep_ids', 'usr_ids', 'usr_names', 'gbk_names', 'dev_types', 'usr_types', 'usr_uris'] as const;
const waitingFields: Fields<WaitingUsr> = {
  cmdid: str,
  ep_ids: dflt(nums, () => []),
  usr_ids: par(strs, ''),
  usr_names: par(strs, ''),
  gbk_names: par(strs, ''),
  dev_types: par(strs, ''),
  usr_types: par(nums, 0),
  usr_uris: par(strs, ''),
  deleted_ep_ids: dflt(nums, () => []),
};
export const decodeWaitingUsr = object<WaitingUsr>('waiting_usr', waitingFields, {
  cmdid: 'waiting_usr',
  parallel: [WAITING_ARRAYS],
});

/** `GET sys_mosics` → the layouts the meeting supports. */
export const decodeSysMosics: Decoder<MosicGroupEntry[]> = (v, p = '') => {
  if (!isObj(v)) throw new DecodeError(p, 'a sys_mosics object');
  return arrayOf(decodeMosicGroupEntry)(v.mosic_group ?? [], `${p}.mosic_group`);
};

/** `GET mosic-config` → the per-role layout configuration. */
export const decodeMosicConfig: Decoder<MosicConfigEntry[]> = (v, p = '') => {
  if (!isObj(v)) throw new DecodeError(p, 'a mosic-config object');
  return arrayOf(decodeMosicConfigEntry)(v.config_info ?? [], `${p}.config_info`);
};

/** `GET title-config` → one config per target; accepts `{titles:[…]}`, a bare array or one object. */
export const decodeTitleConfigs: Decoder<TitleConfig[]> = (v, p = '') => {
  if (Array.isArray(v)) return arrayOf(decodeTitleConfig)(v, p);
  if (isObj(v) && Array.isArray(v.titles)) return arrayOf(decodeTitleConfig)(v.titles, `${p}.titles`);
  return [decodeTitleConfig(v, p)];
};

const DEPARTMENT_ARRAYS = [
  'department_ids',
  'department_names',
  'senior_ids',
  'department_descs',
  'creator_usr_ids',
  'create_dtms',
  'last_modify_dtms',
] as const;
const departmentFields: Fields<DepartmentInfo> = {
  cmdid: opt(str),
  department_ids: nums,
  department_names: par(strs, ''),
  senior_ids: par(nums, -1),
  department_descs: par(strs, ''),
  creator_usr_ids: par(nums, 0),
  create_dtms: par(nums, 0),
  last_modify_dtms: par(nums, 0),
};
export const decodeDepartmentInfo = object<DepartmentInfo>('department_info', departmentFields, {
  cmdid: 'department_info',
  cmdidOptional: true,
  parallel: [DEPARTMENT_ARRAYS],
});

const usrInfoFields: Fields<UsrInfo> = {
  cmdid: opt(str),
  usr_ids: nums,
  cuids: par(strs, ''),
  nick_names: par(strs, ''),
  call_addrs: par(strs, ''),
  emails: par(strs, ''),
  phone_nos: par(strs, ''),
  usr_types: par(nums, 0),
  ptotocol_types: par(nums, 0),
  login_ids: par(strs, ''),
  last_modify_dtms: par(nums, 0),
  current_department: { d: arrayOf(nums), optional: true, each: [] },
  online_status: par(nums, 0),
  activates: par(nums, 0),
  creator_times: par(nums, 0),
  creator_usr_ids: par(nums, 0),
  max_rooms: par(nums, 0),
  priorities: par(nums, 0),
  usr_avatars: par(strs, ''),
  usr_marks: par(strs, ''),
  verifies: par(nums, 0),
  duties: par(strs, ''),
  genders: par(nums, 0),
  fixed_phones: par(strs, ''),
  is_endpoints: par(nums, 0),
  valid_periods: par(nums, 0),
  peer_subs: par(strs, ''),
  lower_mrids: par(strs, ''),
  lower_ips: par(strs, ''),
  lower_pwds: par(strs, ''),
};
export const decodeUsrInfo = object<UsrInfo>('usr_info', usrInfoFields, {
  cmdid: 'usr_info',
  cmdidOptional: true,
  parallel: [Object.keys(usrInfoFields).filter((k) => k !== 'cmdid')],
});

export const decodeSearchResponse = object<SearchResponse>(
  'search answer',
  { cmdid: oneOf('usr_ids', 'department_ids'), ids: nums, total: dflt(num, 0), too_many: dflt(bit, 0) },
  { cmdid: ['usr_ids', 'department_ids'] },
);

const mediaStreamDecoder = object<MediaStreamResponse['data'][number]>('media stream', {
  node: dflt(str, ''),
  id: num,
  type: oneOf('audio', 'video', 'content'),
  ssrc: dflt(str, ''),
  start_time: dflt(num, 0),
  fps: dflt(num, 0),
  fur: dflt(num, 0),
  rx_codec: opt(str),
  rx_bitrate: opt(num),
  rx_packets_received: opt(num),
  rx_packets_lost: opt(num),
  rx_lost_rate: opt(num),
  rx_jitter: opt(num),
  rx_resolution: opt(str),
  rx_width: opt((v, p) => (typeof v === 'number' ? String(v) : str(v, p))),
  rx_height: opt((v, p) => (typeof v === 'number' ? String(v) : str(v, p))),
  tx_codec: opt(str),
  tx_bitrate: opt(num),
  tx_packets_sent: opt(num),
  // the platform sends this one as a string (protocol-facts §5.9)
  tx_packets_lost: opt((v, p) => (typeof v === 'number' ? String(v) : str(v, p))),
  tx_lost_rate: opt(num),
  tx_jitter: opt(num),
  tx_resolution: opt(str),
  tx_width: opt((v, p) => (typeof v === 'number' ? String(v) : str(v, p))),
  tx_height: opt((v, p) => (typeof v === 'number' ? String(v) : str(v, p))),
});
export const decodeMediaStreamResponse = object<MediaStreamResponse>('media_stream', {
  cmdid: opt(str),
  refer_num: dflt(num, 0),
  remote_addr: dflt(str, ''),
  uuid: dflt(str, ''),
  local_addr: dflt(str, ''),
  data: arrayOf(mediaStreamDecoder),
});

/** `POST /status/participant/packets_lost_rate/` → id → [rx loss rate, tx loss rate]. */
export const decodePacketsLostRate: Decoder<Record<string, [number, number]>> = recordOf((v, p = '') => {
  const a = nums(v, p);
  if (a.length !== 2) throw new DecodeError(p, 'a [rx, tx] pair');
  return [a[0], a[1]] as [number, number];
});

// ---------------------------------------------------------------------------------------------
// Long-poll events

type EventCmd = ChangeEvent['cmdid'];
type EventFields<C extends EventCmd> = Fields<ChangeEventOf<C>>;

const seq = dflt(num, 0);

/* #__NO_SIDE_EFFECTS__ */
function event<C extends EventCmd>(cmdid: C, fields: EventFields<C>, parallel?: ObjectOptions['parallel']) {
  return object<ChangeEventOf<C>>(cmdid, fields, { cmdid, parallel });
}

const titleConfigWithTitles = event('title_config', { cmdid: str, seq, titles: arrayOf(decodeTitleConfig) });
/** `title_config` carries `titles` (podium) or is itself the flat banner (the platform): both read as `titles` */
const titleConfigEvent: Decoder<ChangeEventOf<'title_config'>> = (v, p = '') =>
  isObj(v) && !Array.isArray(v.titles) ? titleConfigWithTitles({ ...v, titles: [v] }, p) : titleConfigWithTitles(v, p);

const decodeActivityTarget = object<ActivityEntry['targets'][number]>('activity target', { usr_id: str, name: dflt(str, '') });
/** (podium) one entry of the activity log, in its event and in the `activity` page */
export const decodeActivityEntry = object<ActivityEntry>('activity entry', {
  id: num,
  dtm: num,
  role,
  peer_ip: dflt(str, ''),
  cmdid: str,
  action: dflt(str, ''),
  targets: dflt(arrayOf(decodeActivityTarget), () => []),
  more_targets: dflt(num, 0),
  values: dflt(
    recordOf((v) => v),
    () => ({}),
  ),
  result: dflt(num, 0),
  status: dflt(num, 200),
});
export const decodeActivityPage = object<ActivityPage>(
  'activity page',
  { cmdid: str, entries: arrayOf(decodeActivityEntry), next_before: opt(num) },
  { cmdid: 'activity' },
);

/** (assumed, group audio-to-text) one line of the live transcript, in its event and in the `transcript` page */
export const decodeTranscriptLine = object<TranscriptLine>('transcript line', {
  id: num,
  dtm: num,
  usr_id: str,
  name: dflt(str, ''),
  lang: dflt(oneOf('zh', 'en'), 'zh'),
  text: str,
});
export const decodeTranscriptPage = object<TranscriptPage>(
  'transcript page',
  { cmdid: str, lines: arrayOf(decodeTranscriptLine), total: dflt(num, 0), next_after: opt(num) },
  { cmdid: 'transcript' },
);

/** `user_infos` (facts §5.2: usr_ids, nick_names, call_addrs; spec §3 adds usr_types, phone_nos), event or answer */
const USER_INFOS_FIELDS: EventFields<'user_infos'> = {
  cmdid: str,
  seq,
  usr_ids: arrayOf(strOrCode),
  nick_names: par(strs, ''),
  usr_types: par(nums, 0),
  phone_nos: par(strs, ''),
  call_addrs: par(strs, ''),
};
const USER_INFOS_ARRAYS = ['usr_ids', 'nick_names', 'usr_types', 'phone_nos', 'call_addrs'] as const;

/** The answer of `POST user-infos` (get_user_infos), decoded as the event is. */
export const decodeUserInfos = (v: unknown): ChangeEventOf<'user_infos'> => EVENT_DECODERS.user_infos(v);

const EVENT_DECODERS: { [C in EventCmd]: Decoder<ChangeEventOf<C>> } = {
  one_mr_info: event('one_mr_info', { ...partialFields(mrInfoFields), cmdid: str, seq }),
  one_mr_status: event('one_mr_status', { ...partialFields(mrStatusFields), cmdid: str, seq }),
  // platforms send the reason as a key ('kicked') or as a result code, string or number (4001)
  force_logout: event('force_logout', { cmdid: str, seq, reason: dflt(strOrCode, '') }),
  mr_participants: event('mr_participants', { ...participantsFields, cmdid: str, seq }, [PARTICIPANT_ARRAYS]),
  online_eps_info: event('online_eps_info', { ...epsInfoFields, cmdid: str, seq }, [EPS_INFO_ARRAYS]),
  online_eps_status: event('online_eps_status', { ...epsStatusFields, cmdid: str, seq }, [
    ['usr_ids', 'usr_stats', 'local_rtp_ip', 'hand_up_dtms'],
  ]),
  online_eps_left: event('online_eps_left', { cmdid: str, seq, mr_id: dflt(str, ''), usr_ids: strs }),
  sys_mosics: event('sys_mosics', { cmdid: str, seq, mosic_group: arrayOf(decodeMosicGroupEntry) }),
  mosic_config: event('mosic_config', { cmdid: str, seq, config_info: arrayOf(decodeMosicConfigEntry) }),
  title_config: titleConfigEvent,
  usr_ids: event('usr_ids', { cmdid: str, seq, usr_ids: arrayOf(strOrCode) }),
  user_infos: event('user_infos', USER_INFOS_FIELDS, [USER_INFOS_ARRAYS]),
  mr_deled: event('mr_deled', { cmdid: str, seq, mr_id: dflt(str, '') }),
  not_rpc_cs: event('not_rpc_cs', { cmdid: str, seq, result: num }),
  show_warning_info: event('show_warning_info', {
    cmdid: str,
    seq,
    warn_info: strOrCode,
    is_toast: dflt(bit, 0),
    params: opt(recordOf((v, p) => (typeof v === 'number' ? v : str(v, p)))),
  }),
  failed_call: event('failed_call', {
    cmdid: str,
    seq,
    time: dflt(num, 0),
    reason: dflt(str, ''),
    ep_type: dflt(str, ''),
    nick_name: dflt(str, ''),
    peer_addr: dflt(str, ''),
  }),
  schedule_info: event('schedule_info', {
    cmdid: str,
    seq,
    schedule_id: dflt(num, 0),
    schedule_name: dflt(str, ''),
    start_dtm: dflt(num, 0),
    duration: dflt(num, 0),
    next_start_dtm: dflt(num, 0),
  }),
  left_call: event('left_call', {
    cmdid: str,
    seq,
    ep_id: num,
    usr_id: dflt(str, ''),
    reason: dflt(str, ''),
    duration: dflt(num, 0),
    nick_name: dflt(str, ''),
    create_dtm: dflt(num, 0),
  }),
  mr_ctrl_in: event('mr_ctrl_in', {
    cmdid: str,
    seq,
    peer_ip: dflt(str, ''),
    sessionid: str,
    role: dflt(role, 'host'),
    dtm: dflt(num, 0),
  }),
  mr_ctrl_out: event('mr_ctrl_out', {
    cmdid: str,
    seq,
    peer_ip: dflt(str, ''),
    sessionid: str,
    quit_dtm: dflt(num, 0),
    reason: dflt(str, ''),
  }),
  resource_tmpl_info: event('resource_tmpl_info', {
    cmdid: str,
    seq,
    id: num,
    name: dflt(str, ''),
    max_mosic: dflt(num, 0),
    max_spk_mosic: dflt(num, 0),
    max_guest_mosic: dflt(num, 0),
    max_chair_mosic: dflt(num, 0),
    res_bw: dflt(str, ''),
    single_view: dflt(bit, 0),
    has_record: dflt(bit, 0),
  }),
  waiting_usr: event('waiting_usr', { ...waitingFields, cmdid: str, seq }, [WAITING_ARRAYS]),
  get_call_qa_rsp: event('get_call_qa_rsp', {
    cmdid: str,
    seq,
    ep_id: num,
    usr_id: dflt(str, ''),
    qa: dflt(recordOf(num), () => ({})),
  }),
  xuding_rec_status: event('xuding_rec_status', {
    cmdid: str,
    seq,
    rec_state: oneOf('idle', 'starting', 'recording', 'stopping', 'failed'),
    record_uuid: dflt(str, ''),
    reason: opt(str),
  }),
  usr_info: event('usr_info', { ...usrInfoFields, cmdid: str, seq }, [Object.keys(usrInfoFields).filter((k) => k !== 'cmdid')]),
  department_info: event('department_info', { ...departmentFields, cmdid: str, seq }, [DEPARTMENT_ARRAYS]),
  activity: event('activity', { cmdid: str, seq, entry: decodeActivityEntry }),
  // (podium) run of show (issue 28): its revision and live state
  run_of_show: decodeRunOfShowEvent,
  asr_text: event('asr_text', { cmdid: str, seq, line: decodeTranscriptLine }),
  resync: event('resync', { cmdid: str, seq: num }),
};

/** The event cmdids this console understands. */
export const KNOWN_EVENT_CMDIDS: ReadonlySet<string> = new Set(Object.keys(EVENT_DECODERS));

/**
 * Decodes one event; `undefined` for an unknown `cmdid` (dropped, not an error).
 * Throws {@link DecodeError} when a known event is malformed. A missing `seq` (real platforms
 * send none) reads as 0.
 */
export function decodeChangeEvent(value: unknown, path = ''): ChangeEvent | undefined {
  if (!isObj(value)) throw new DecodeError(path, 'an event object');
  const cmdid = value.cmdid;
  if (typeof cmdid !== 'string') throw new DecodeError(`${path}.cmdid`, 'a string');
  if (!Object.hasOwn(EVENT_DECODERS, cmdid)) return undefined;
  return (EVENT_DECODERS[cmdid as EventCmd] as Decoder<ChangeEvent>)(value, path);
}

export interface DecodeEventsOptions {
  /**
   * When given, a malformed event is reported here and skipped instead of failing the whole
   * answer, so one bad event cannot stall the long poll.
   */
  onInvalid?: (error: DecodeError, raw: unknown) => void;
}

/**
 * Decodes a long-poll answer (a JSON array of events), dropping unknown cmdids.
 * @example const events = decodeChangeEvents(await api.post('changes', …))
 */
export function decodeChangeEvents(value: unknown, opts: DecodeEventsOptions = {}): ChangeEvent[] {
  if (!Array.isArray(value)) throw new DecodeError('', 'an array of events');
  const out: ChangeEvent[] = [];
  for (let i = 0; i < value.length; i++) {
    try {
      const e = decodeChangeEvent(value[i], `[${i}]`);
      if (e) out.push(e);
    } catch (err) {
      if (opts.onInvalid && err instanceof DecodeError) opts.onInvalid(err, value[i]);
      else throw err;
    }
  }
  return out;
}
