/**
 * The wire contract shared by the console and the reference server: entities, requests and
 * responses of spec §7 and protocol-facts §2. Field names are the platform's (snake_case,
 * parallel arrays). Pure types: no I/O here.
 *
 * Our own additions (all optional for a real platform) are marked "(podium)"; docs/protocol.md
 * records why each exists.
 *
 * Length (over 400 lines on purpose): this is the whole wire contract of spec §7 in the spec's order,
 * types only; a field is checked against the spec here, and a split would scatter the platform's
 * vocabulary over files named by our own grouping.
 */
import type { CMD } from './cmdids';

/** 0/1 flag as the platform sends it. */
export type Bit = 0 | 1;

/** Meeting scene: the wording switches between meeting and class. */
export type MrScene = 'conference' | 'class';

/** Which password a controller logged in with. */
export type ControllerRole = 'host' | 'supervisor';

/** Meeting roles (architecture §4): main venue = speaker, honoured guest = chair, audience = guest. */
export type MeetingRole = 'speaker' | 'chair' | 'guest';

/** Title targets of spec §3. */
export type TitleTarget = 'all' | 'guest' | 'chair' | 'speaker' | 'waiting_room_usr';

// ---------------------------------------------------------------------------------------------
// Signing and platform bootstrap

export type SigningMode = 'strict' | 'compat';

/**
 * What the reference server speaks (`WIRE`): `podium`, with its additions (`seq`/`since_seq`,
 * `code_id`, `resume_token`, strict signing…), or `platform`, only what the public evidence shows
 * of the real platform (docs/protocol.md "Platform mode and podium mode").
 */
export type WireMode = 'podium' | 'platform';

/** `GET /api/v3/app/getPlatform` (unsigned: it is how the console learns how to sign). */
export interface PlatformResponse {
  code: number;
  data: {
    func_enabled: FuncEnabled;
    /**
     * (podium, optional) how requests must be signed, and the developer id/token for compat
     * signing. No public evidence shows the platform sending it (real-client-findings: the clients
     * keep the id and token in their own configuration): `WIRE=platform` and a signing
     * `--upstream` proxy send none, and the console then relies on the proxy (`X-Podium-Signer`).
     */
    signing?: { mode: SigningMode; devid: string; devtoken: string };
    version: string;
    /**
     * (podium, issue 12) the platform pages the login screen and the meeting share link lead to,
     * as configured on the server; a page that is not configured is not linked to
     */
    links?: PlatformLinks;
    /**
     * (assumed, group user-number) the configured digit count of a numeric user id (spec §5
     * "Numeric user id length follows a configured digit count"); absent, the console accepts
     * 1–20 digits and the platform judges the length
     */
    usr_id_digits?: number;
  };
}

/**
 * (podium) Response header a signing `--upstream` proxy adds to every answer it forwards
 * (server/http/upstreamProxy.ts), value {@link UPSTREAM_SIGNER}: the console then sends its
 * requests without compat signing headers and the proxy signs them with its own DEV_ID/DEV_TOKEN.
 * A platform never sends it (the `X-Podium-` prefix is this project's), so it cannot be set by
 * accident; a browser cannot forge it for itself either, as it comes from the answering server.
 */
export const UPSTREAM_SIGNER_HEADER = 'x-podium-signer';
export const UPSTREAM_SIGNER = 'upstream';

/** (podium) absolute http(s) addresses of the platform's own pages, each optional. */
export interface PlatformLinks {
  help?: string;
  join?: string;
  manage?: string;
  user?: string;
  download?: string;
}

export interface FuncEnabled {
  api_aes_mode: Bit;
  /** live streaming is built into the platform ('builtin') or third party */
  live_builtin: Bit;
  /** statistics of participants (media stats) available */
  conf_statistics: Bit;
  [flag: string]: number;
}

// ---------------------------------------------------------------------------------------------
// Verify code and login (protocol-facts §1.3, §1.4)

/** `GET /rest/v1/meetings/verify-code`: a PNG picture of the code. */
export interface VerifyCodeResponse {
  cmdid: typeof CMD.verifyCode;
  /** base64 of a PNG image */
  base64: string;
  /** server time of issue, Unix seconds (float) */
  datetime: number;
  /** (podium) identifies the challenge; sent back with the login */
  code_id: string;
  /** (podium) seconds until the code expires */
  expires_in: number;
}

/** `POST /rest/v1/meetings/{mr_id}/sessions/` */
export interface LoginRequest {
  cmdid: typeof CMD.ctrlMrReq;
  mr_id: string;
  ctrl_pwd: string;
  cert_code: string;
  /** (podium) the challenge the code belongs to; absent when the verify code had none (platform) */
  code_id?: string;
}

/**
 * (podium) Session resume: a new session for the same role without password or verify code,
 * with the single-use `resume_token` of the previous login or resume (docs/protocol.md
 * "Session resume"). Sent to the same path as {@link LoginRequest}.
 */
export interface ResumeRequest {
  cmdid: typeof CMD.ctrlMrReq;
  mr_id: string;
  resume_token: string;
}

export interface LoginResponse {
  cmdid: typeof CMD.ctrlMrRsp;
  /** "200" on success */
  result: string;
  mr_id: string;
  sess_id: string;
  /** which password matched */
  use_pwd: ControllerRole;
  extra: string;
  mr_start_dtm: number;
  schedule_start_dtm: number;
  schedule_name: string;
  stand_alone: number;
  invalid_time: number;
  after_sale_mgr_email: string;
  expired_notify: string;
  mr_scene: MrScene;
  /** (podium) per-session HMAC key (base64) when the server signs strictly */
  sign_key?: string;
  signing: SigningMode;
  /**
   * (podium) single-use token to open a new session for the same role after this one expired
   * (random 32 bytes, base64url); each resume answers a fresh one.
   */
  resume_token?: string;
  /**
   * (podium) the meeting's change-feed position at login: the `seq` of the last event before
   * this login's own (`mr_ctrl_in`, the service-expiry `show_warning_info`). The console's first
   * poll starts here, so one-shot events between the login and its first snapshot load are not
   * lost (docs/protocol.md "Feed position at login").
   */
  seq?: number;
}

/** Failure body of a login (HTTP 403 / 404 / other). */
export interface LoginFailure {
  cmdid: typeof CMD.ctrlMrRsp;
  result: string;
  /** reason string for 404: 'meeting not found', 'adhoc disabled', ... */
  extra?: string;
  /** (podium) seconds the client must wait before trying again (brute-force protection) */
  retry_after?: number;
}

/** Error body of any refused request (HTTP 403 and 4xx validation failures). */
export interface ErrorBody {
  cmdid: typeof CMD.error;
  /** numeric result code of protocol/codes.ts */
  result: number;
  /** optional machine-readable detail (field name, reason code) */
  detail?: string;
}

// ---------------------------------------------------------------------------------------------
// Meeting info and status

export interface MrInfo {
  cmdid?: typeof CMD.oneMrInfo;
  mr_id: string;
  mr_name: string;
  room_name: string;
  create_dtm: number;
  current_dtm: number;
  real_launch_dtm: number;
  /** seconds */
  duration: number;
  /** kbps: the call rate */
  bandwidth: number;
  launcher_uid: string;
  mr_mode: number;
  features: string;
  mr_scene: MrScene;
  /** (podium) start of the next booking of this room, Unix seconds, 0 when none */
  next_booking_dtm: number;
  /** (podium) 'immediate' or 'scheduled' */
  /** (podium) the platform says this with `mr_mode` alone; absent in platform mode */
  mr_kind?: 'immediate' | 'scheduled';
}

export type ChatPermission = 0 | 1 | 2 | 3; // prohibit all, free, public only, private with host only
export type MeetingMode = 'speaker' | 'discussion';
export type CascadeMode = '' | 'parent' | 'child';

export interface SubtitlePosition {
  horizontal_position: 'left' | 'center' | 'right';
  vertical_position: 'top' | 'middle' | 'bottom';
  horizontal_margin: number;
  vertical_margin: number;
}

/** `GET mr-status` (protocol-facts §3.3) plus the fields the spec's switches need. */
export interface MrStatus {
  cmdid?: typeof CMD.oneMrStatus;
  mr_id: string;
  mr_locked: Bit;
  guest_enabled: Bit;
  all_guests_mute: Bit;
  original_all_guests_mute: Bit;
  allow_unmute_self: Bit;
  mr_vtx_mode: Bit;
  mr_atx_mode: Bit;
  same_layout: Bit;
  force_mcu_layout: Bit;
  roll_call: Bit;
  guest_poll: Bit;
  speaker_poll: Bit;
  chair_poll: Bit;
  cont_enabled: Bit;
  show_camera_off: Bit;
  mic_gain_auto: Bit;
  auto_invite: Bit;
  chat_permission: ChatPermission;
  spk_locked: Bit;
  live_enabled: Bit;
  live_service_type: 'builtin' | 'third';
  rtmp_url: string;
  push_url: string;
  random_mrid: string;
  rec_enabled: Bit;
  record_uuid: string;
  record_copy: string;
  flv_fsize: number;
  bypass_enabled: Bit;
  bypass_url: string;
  chair_usr_id: string;
  spk_usr_id: string;
  auto_focus_usr_id: string;
  spec_focus_usr_ids: string[];
  /**
   * (assumed, group focus-modes) 1 = auto focus: the focus follows the talker, who is
   * `auto_focus_usr_id`; 0 = specified focus (`spec_focus_usr_ids`) or, with none, no focus.
   * The name is the room field of facts §6.5 ("focus follows the speaker" [I])
   */
  focus_speaker?: Bit;
  rollcall_hist: Record<string, string>;
  cascade_mode: CascadeMode;
  subtitle_position: SubtitlePosition;
  /** (podium) titles on (the subtitle switch) */
  title_enabled: Bit;
  /** (podium) live chat allowed */
  live_chat: Bit;
  /** (podium) meeting mode */
  meeting_mode: MeetingMode;
  /** (podium) waiting room enabled */
  waiting_room: Bit;
  /** (podium) the roll call in progress: called usr_id and view mode */
  rollcall_usr_id: string;
  rollcall_view: 'called_only' | 'with_speaker';
  /** (podium) recording state as the recorder reports it */
  rec_state: 'idle' | 'starting' | 'recording' | 'stopping' | 'failed';
  /** (podium) number of cascade points (sub-meetings) attached */
  cascade_points: number;
  /** (podium) who the meeting-wide mute binds: nobody, the audience, or everyone */
  mute_scope?: BanScope;
  /** (podium) who is barred from listening (a_tx off), binding later joiners */
  listen_ban_scope?: BanScope;
  /** (podium) who is barred from watching (v_tx off), binding later joiners */
  watch_ban_scope?: BanScope;
  /** (podium) the endpoint a supervisor is talking to privately, '' for none */
  private_talk_usr_id?: string;
  /** (podium) Unix seconds the recording started writing, 0 when not recording */
  rec_start_dtm?: number;
  /** (podium) Unix seconds the private talk began, 0 when none */
  private_talk_start_dtm?: number;
  /** (assumed, group audio-to-text) audio-to-text on: the two loudest channels are recognised */
  asr_enabled?: Bit;
  /** (assumed, group room-properties) most endpoints at once; absent = the default 1000 */
  max_call?: number;
  /** (assumed, group room-properties) the room's media region; absent = "-1", the default */
  region_id?: string;
}

/** (podium) the reach of a meeting-wide mute or listen/watch ban. */
export type BanScope = 'none' | 'audience' | 'all';

/** Keys `mod_mr_status` accepts (one or more per request). */
export type MrStatusKey =
  | 'lock_mr'
  | 'enable_rec'
  | 'enable_bypass'
  | 'all_guests_mute'
  | 'allow_unmute_self'
  | 'mr_vtx_mode'
  | 'mr_atx_mode'
  | 'roll_call'
  | 'enable_live'
  | 'enable_guest'
  | 'record_copy'
  | 'show_camera_off'
  | 'guest_poll'
  | 'speaker_poll'
  | 'chair_poll'
  | 'cont_enabled'
  | 'force_mcu_layout'
  | 'auto_invite'
  | 'same_layout'
  | 'chat_permission'
  | 'live_chat'
  | 'meeting_mode'
  | 'cascade_mode'
  | 'title_enabled'
  | 'waiting_room'
  | 'asr_enabled'
  | 'focus_speaker';

export type ModMrStatusRequest = { cmdid: typeof CMD.modMrStatus; req_id?: string } & Partial<Record<MrStatusKey, number | string>>;

/** (podium) `POST P + mr-pwd`: new room passwords (digits; join optional; all different). */
export interface ModMrPwdRequest {
  cmdid: typeof CMD.modMrPwd;
  /** every password is optional: one left out stays as it is; join_pwd '' removes it */
  join_pwd?: string;
  ctrl_pwd?: string;
  supervisor_pwd?: string;
  req_id?: string;
}

export interface StopMrRequest {
  cmdid: typeof CMD.stopMrReq;
  reason: string;
  req_id?: string;
}

export interface ModMrInfoRequest {
  cmdid: typeof CMD.modMrInfo;
  /** seconds to add (overtime); at most 9999 minutes */
  increase_secs: number;
  req_id?: string;
}

// ---------------------------------------------------------------------------------------------
// Participants and endpoints

/** `GET participants` / event `mr_participants`: invited roster as parallel arrays (a delta in events). */
export interface MrParticipants {
  cmdid?: typeof CMD.mrParticipants;
  mr_id: string;
  added_usr_ids: string[];
  added_usr_names: string[];
  added_usr_types: number[];
  /** second dash-separated number below 10000 marks an appointed participant */
  added_usr_attr: string[];
  added_call_addrs: string[];
  added_usr_deps: number[];
  added_usr_devtypes: string[];
  added_usr_appoint: number[];
  added_gbk_names: string[];
  deleted_usr_ids: string[];
  depid_names: Record<string, string>;
}

/** `GET eps-info` / event `online_eps_info` (a delta in events: the listed endpoints joined or changed). */
export interface OnlineEpsInfo {
  cmdid?: typeof CMD.onlineEpsInfo;
  mr_id: string;
  usr_ids: string[];
  usr_names: string[];
  ep_ids: number[];
  usr_uris: string[];
  enter_dtms: number[];
  dev_type: string[];
  ep_version: number[];
  is_online: number[];
  pin_sort: number[];
  sort_para: number[];
  gbk_names: string[];
  proto_types: number[];
  ep_uuid: string[];
}

/** `GET eps-status` / event `online_eps_status` (a delta in events). */
export interface OnlineEpsStatus {
  cmdid?: typeof CMD.onlineEpsStatus;
  mr_id: string;
  usr_ids: string[];
  usr_stats: string[];
  local_rtp_ip: string[];
  /** names of the usr_stats positions, index = position */
  stats_desc: string[];
  /**
   * Unix seconds when each endpoint's hand went up, 0 while down or unknown. Podium's own (the
   * platform's evidence has no raise time: protocol/assumptions.ts group 'hand-times'); absent,
   * a console counts a hand from when it first saw it.
   */
  hand_up_dtms?: number[];
}

/** Actions of `ctrl_mr_eps`: the 18 of protocol-facts §3.1 plus the spec's additions (podium). */
export type EpsAction =
  | 'a_rx'
  | 'v_rx'
  | 'a_tx'
  | 'v_tx'
  | 'drop'
  | 'call'
  | 'add_participants'
  | 'del_participants'
  | 'chair'
  | 'speaker'
  | 'focus'
  | 'is_controller'
  | 'displayname'
  | 'clear_hand'
  | 'can_content'
  | 'clear_all_hand'
  | 'mic_gain'
  | 'unlock'
  // (podium) additions
  | 'host'
  | 'hand_permit'
  | 'waiting_permit'
  | 'waiting_refuse'
  | 'waiting_move'
  | 'roll_call_start'
  | 'roll_call_next'
  | 'roll_call_end'
  | 'all_a_rx'
  | 'all_a_tx'
  | 'all_v_tx'
  | 'all_leave'
  | 'private_talk';

export interface CtrlMrEpsRequest {
  cmdid: typeof CMD.ctrlMrEps;
  action: EpsAction;
  usr_ids: string[];
  value?: number | string;
  dep_ids?: number[];
  recursion?: number;
  /** (podium) client request id: a repeated id is applied once */
  req_id?: string;
  /** (podium) for the all_* actions: everyone (default) or only the audience */
  scope?: 'all' | 'audience';
}

/** Waiting-room delta event (spec §7). */
export interface WaitingUsr {
  cmdid: typeof CMD.waitingUsr;
  ep_ids: number[];
  usr_ids: string[];
  usr_names: string[];
  gbk_names: string[];
  dev_types: string[];
  usr_types: number[];
  usr_uris: string[];
  deleted_ep_ids: number[];
}

// ---------------------------------------------------------------------------------------------
// Layouts and titles (protocol-facts §5.5–5.7)

export interface MosicGroupEntry {
  layout_mode: number;
  mosic_id: string;
  layout_coord: number[];
  mosic_cnts: number;
  layout_desc: string;
  layout_type: string;
  default_layout_for_type: string;
}

export interface MosicConfigEntry {
  role: MeetingRole | 'custom';
  mosic_id: string;
  cur_mosic_id?: string;
  /** the platform's small-screen layout id (real-client-findings §5); '' for none */
  miniMosicId?: string;
  layout_mode: number;
  /** one inner list per pane: usr_ids or the tokens "0" auto, "-1" empty, "1010" main venue, "-2" unset */
  roles_lst: string[][];
  poll_secs: number;
  view_has_self: Bit;
  /** (podium) pane index in focus, -1 for none */
  focus_pane?: number;
  /** (podium) pane index showing shared content, -1 for none */
  content_pane?: number;
  /** (podium) pane index of the special screen, -1 for none */
  special_pane?: number;
}

export interface ConfigMosicRequest {
  cmdid: typeof CMD.configMosic;
  config_info: MosicConfigEntry[];
  req_id?: string;
}

export interface TitleConfig {
  to_role: TitleTarget;
  message: string;
  has_title: Bit;
  font_size: number;
  font_color: number;
  bg_color: number;
  bg_alpha: number;
  font_name: string;
  speed: number;
  y_pos: number;
  h_align: number;
  v_align: number;
  h_margin: number;
  v_margin: number;
  /** (podium) 0 plain, 1 bold, 2 italic, 3 scrolling */
  style?: number;
  /** (podium) text shadow */
  shadow?: Bit;
}

export interface SetTitleRequest extends TitleConfig {
  cmdid: typeof CMD.setTitle;
  req_id?: string;
}

export interface ModSubtitlePositionRequest extends SubtitlePosition {
  cmdid: typeof CMD.modSubtitlePosition;
  req_id?: string;
}

// ---------------------------------------------------------------------------------------------
// Calls, camera, live

export interface CreateTempCallRequest {
  cmdid: typeof CMD.createTempCall;
  call_url: string;
  usr_type: number;
  disp_name: string;
  req_id?: string;
}

export interface CtrlUsrFeccRequest {
  cmdid: typeof CMD.ctrlUsrFecc;
  action: 'start' | 'continue' | 'stop';
  usr_id: string;
  movement: 'in' | 'out' | 'left' | 'right' | 'up' | 'down';
  timeout: number;
  speed: number;
}

export interface ModBypassUrlRequest {
  cmdid: typeof CMD.modBypassUrl;
  bypass_url: string;
  enable_bypass: Bit;
  req_id?: string;
}

/** (podium) built-in live push and pull addresses. */
export interface ModRtmpUrlRequest {
  cmdid: typeof CMD.modRtmpUrl;
  push_url: string;
  rtmp_url: string;
  req_id?: string;
}

// ---------------------------------------------------------------------------------------------
// Address book

export interface DepartmentInfo {
  cmdid?: typeof CMD.departmentInfo;
  department_ids: number[];
  department_names: string[];
  senior_ids: number[];
  department_descs: string[];
  creator_usr_ids: number[];
  create_dtms: number[];
  last_modify_dtms: number[];
}

export interface UsrInfo {
  cmdid?: typeof CMD.usrInfo;
  usr_ids: number[];
  cuids: string[];
  nick_names: string[];
  call_addrs: string[];
  emails: string[];
  phone_nos: string[];
  usr_types: number[];
  ptotocol_types: number[];
  login_ids: string[];
  last_modify_dtms: number[];
  current_department: number[][];
  online_status: number[];
  activates: number[];
  creator_times: number[];
  creator_usr_ids: number[];
  max_rooms: number[];
  priorities: number[];
  usr_avatars: string[];
  usr_marks: string[];
  verifies: number[];
  duties: string[];
  genders: number[];
  fixed_phones: string[];
  is_endpoints: number[];
  valid_periods: number[];
  peer_subs: string[];
  lower_mrids: string[];
  lower_ips: string[];
  lower_pwds: string[];
}

export interface SearchRequest {
  cmdid: typeof CMD.searchUsr | typeof CMD.searchDepartmentIds;
  filter_type: string[];
  filter_value: (string | number)[];
  sortby?: string;
}

/** Search answers carry the ids and the total; over 500 the ids are cut and `too_many` is set. */
export interface SearchResponse {
  cmdid: typeof CMD.usrIds | 'department_ids';
  ids: number[];
  total: number;
  too_many: Bit;
}

// ---------------------------------------------------------------------------------------------
// Media statistics (protocol-facts §5.9)

export interface MediaStream {
  node: string;
  id: number;
  type: 'audio' | 'video' | 'content';
  ssrc: string;
  start_time: number;
  fps: number;
  fur: number;
  rx_codec?: string;
  rx_bitrate?: number;
  rx_packets_received?: number;
  rx_packets_lost?: number;
  rx_lost_rate?: number;
  rx_jitter?: number;
  rx_resolution?: string;
  tx_codec?: string;
  tx_bitrate?: number;
  tx_packets_sent?: number;
  tx_packets_lost?: string;
  tx_lost_rate?: number;
  tx_jitter?: number;
  tx_resolution?: string;
  /** picture size received from the endpoint, digits ("0" for audio or no video); strings as in protocol-facts §5.9 */
  rx_width?: string;
  rx_height?: string;
  /** picture size sent to the endpoint, digits ("0" for audio or no video) */
  tx_width?: string;
  tx_height?: string;
}

export interface MediaStreamResponse {
  /** the platform's answer carries one (real-client-findings §5); this server sends 'media_stream' */
  cmdid?: string;
  refer_num: number;
  remote_addr: string;
  uuid: string;
  local_addr: string;
  data: MediaStream[];
}

// ---------------------------------------------------------------------------------------------
// Login-screen bootstrap (spec §7 "Before and at login"; shapes are (podium): the facts show none)

/** `GET /app1/is_standalone/` (also under /rest/v1): whether the platform runs on one machine. */
export interface StandaloneResponse {
  code: number;
  data: { is_standalone: Bit };
}

/** `GET /oem/name/{oem_id}/icon_title/icon_title_char/`: branding of the login screen. */
export interface OemIconTitleResponse {
  code: number;
  data: {
    oem_id: string;
    /** the product title in both languages; the console shows the one of its locale */
    title: { zh: string; en: string };
    /** a data: URL of the logo */
    icon: string;
  };
}

/** `POST /oem/get_nginx_config`: where the platform is served (ports kept by the console). */
export interface NginxConfigResponse {
  code: number;
  data: {
    http_port: number;
    /** 0 when the server does not serve HTTPS itself */
    https_port: number;
    /** the frame base-path prefix, '' for none */
    base_path: string;
  };
}

// ---------------------------------------------------------------------------------------------
// (podium) Meeting share: `GET P + share-info`

/** One share item: the value, or the result code of why it could not be produced. */
export type ShareItem = { result: 0; value: string } | { result: number; value?: undefined };

export interface ShareInfoResponse {
  cmdid: 'share_info';
  /** link participants open to join */
  share_link: ShareItem;
  /** text the app QR code encodes (the console draws the code) */
  app_qrcode: ShareItem;
  /** text the mini-program QR code encodes */
  mini_qrcode: ShareItem;
  /** dial address of the meeting (`mr_id@host`) */
  mr_addr: ShareItem;
}

// ---------------------------------------------------------------------------------------------
// (podium) Activity log: `GET P + activity?before&limit`, and the `activity` event

export interface ActivityTarget {
  usr_id: string;
  /** the participant's name when the command was sent ('' when unknown then) */
  name: string;
}

/** One command a controller sent: who, when, what, to whom, with which values, and how it ended. */
export interface ActivityEntry {
  /** increasing per meeting: the paging cursor */
  id: number;
  /** Unix seconds */
  dtm: number;
  role: ControllerRole;
  /** the controller's address (never its session id) */
  peer_ip: string;
  cmdid: string;
  /** the command's sub-action where it has one (`ctrl_mr_eps` action, `mod_mr_status` key) */
  action: string;
  targets: ActivityTarget[];
  /** targets beyond the named ones */
  more_targets: number;
  values: Record<string, unknown>;
  /** 0 applied; otherwise the refusal's result code (-1 when the answer had none) */
  result: number;
  /** HTTP status of the answer */
  status: number;
}

export interface ActivityPage {
  cmdid: 'activity';
  /** newest first */
  entries: ActivityEntry[];
  /** pass as `before` for the next (older) page; absent on the last page */
  next_before?: number;
}

/**
 * (assumed, group audio-to-text) One recognised line of the live transcript: who spoke (one of the
 * two loudest channels at the time), when (Unix seconds), in which language, and what was said.
 */
export interface TranscriptLine {
  /** per meeting, increasing */
  id: number;
  dtm: number;
  usr_id: string;
  /** the speaker's name when the line was recognised */
  name: string;
  lang: 'zh' | 'en';
  text: string;
}

/** (assumed, group audio-to-text) `GET transcript?after=<id>&limit=<n>`: the kept lines, oldest first. */
export interface TranscriptPage {
  cmdid: 'transcript';
  lines: TranscriptLine[];
  /** lines the meeting keeps in all (the oldest beyond the cap are gone) */
  total: number;
  /** id to ask after for the next page, absent on the last */
  next_after?: number;
}
