/**
 * Result codes and reason tables of the wire protocol (spec §8, architecture decision 6).
 *
 * The server answers every refused request with a numeric result code ({@link ErrorBody} in
 * wire.ts); events carry reason codes (`failed_call.reason`, `left_call.reason`,
 * `force_logout.reason`). Each code has a fixed English and Chinese message here.
 *
 * Language decision: these texts are protocol data, not Lingui catalog entries, because the
 * server and the console must agree on them and the table is far too long for the translators
 * to re-key. The UI picks the language with {@link localize} from the **active Lingui locale**
 * (`i18n.locale`: anything starting with `en` gives English, everything else Chinese, the
 * product's default), so switching language re-renders them like every other text. Machines
 * and the server never pick a language: they carry the numeric code or the reason key.
 *
 * Families (spec §8): 1xxx users, accounts, login and request signing; 2xxx departments;
 * 4xxx meeting rooms and meeting control; 5xxx tenant configuration and resource templates;
 * 6xxx database; 7xxx bookings, meeting templates, live and recording; 8xxx history; 9xxx
 * system (9994 standby machine, 9996 too frequent, 9998 connection timeout, 9999 not
 * implemented, and (podium) 9990–9997 for malformed requests, 9989 internal error, 9988 platform unreachable, 9987 a platform call the reference server does not offer, which the spec leaves open).
 * No I/O here.
 *
 * Length (over 400 lines on purpose): the table of every result and reason code with its two
 * messages is data, kept whole so the server and the console read one table.
 */
import { LOGGED_OUT, localize, RC, unknownCodeMessage, type Localized, type ResultCode, type ResultCodeKey } from './resultCodes';

// the numbers, the language pick and the silent codes live in ./resultCodes.ts, without the texts:
// the console's first screen needs them, and the texts only once a request has failed
export { LOGGED_OUT, localize, RC, SILENT_RESULT_CODES, unknownCodeMessage } from './resultCodes';
export type { Locale, Localized, ResultCode, ResultCodeKey } from './resultCodes';

export type CodeFamily = 'users' | 'departments' | 'rooms' | 'tenant' | 'database' | 'booking' | 'history' | 'system';

export interface ResultCodeInfo extends Localized {
  code: number;
  family: CodeFamily;
  /** stable camelCase name, the key of {@link RC} */
  key: string;
}

const MESSAGES: Record<ResultCodeKey, Localized> = {
  wrongUserPassword: { en: 'Incorrect login name or password', zh: '登录名或密码错误' },
  loginNameRequired: { en: 'Login name, password and verification code are required', zh: '登录名、密码和验证码不能为空' },
  verifyCodeIncorrect: {
    en: 'The verification code is incorrect or obsolete, please re-enter',
    zh: '验证码错误或已过期，请重新输入',
  },
  verifyCodeFormat: { en: 'The verification code is not in the correct format', zh: '验证码格式不正确' },
  tooManyLoginAttempts: { en: 'Too many login attempts, please try again later', zh: '登录尝试次数过多，请稍后再试' },
  sessionExpired: { en: 'Login has expired, please log in again', zh: '登录已过期，请重新登录' },
  sessionNotFound: { en: 'Invalid login session, please log in again', zh: '无效的登录会话，请重新登录' },
  badSignature: { en: 'Request signature is invalid', zh: '请求签名无效' },
  timestampExpired: { en: 'Request time stamp is out of range, check the clock', zh: '请求时间戳超出范围，请检查时钟' },
  nonceReplayed: { en: 'Duplicate request rejected', zh: '重复的请求已被拒绝' },
  signatureMissing: { en: 'Request signature headers are missing', zh: '缺少请求签名头' },
  resumeRefused: { en: 'Your session has expired; please log in again', zh: '您的会话已过期，请重新登录' },
  unknownDevid: { en: 'Unknown developer id', zh: '未知的开发者ID' },
  supervisorForbidden: { en: 'Supervisors may not perform this operation', zh: '监管员无权执行此操作' },
  hostForbidden: { en: 'Only a supervisor may perform this operation', zh: '仅监管员可执行此操作' },
  userNotFound: { en: 'User does not exist', zh: '用户不存在' },
  userNumberRequired: { en: 'Please enter the user number', zh: '请输入用户号码' },
  userSearchTooMany: {
    en: 'More than 500 results, please narrow the search criteria',
    zh: '搜索结果超过500条，请缩小搜索范围',
  },
  userNumberLength: {
    en: 'The user number does not have the configured number of digits',
    zh: '用户号码的位数与配置的位数不符',
  },
  loginAsAdministrator: { en: 'Please log in as administrator', zh: '请以管理员身份登录' },
  noAccessRights: { en: 'No access rights, please contact the administrator', zh: '没有访问权限，请联系管理员' },
  departmentNotFound: { en: 'Department does not exist', zh: '部门不存在' },
  departmentSearchTooMany: {
    en: 'More than 500 departments found, please narrow the search criteria',
    zh: '部门搜索结果超过500条，请缩小搜索范围',
  },
  departmentNameRequired: { en: 'Department name cannot be empty', zh: '部门名称不能为空' },
  meetingNotFound: { en: 'The meeting does not exist', zh: '会议不存在' },
  wrongMeetingPassword: { en: 'Incorrect host or supervisor password', zh: '主持人或监管员密码错误' },
  meetingNumberFormat: { en: 'Meeting No. is not in the correct format', zh: '会议号格式不正确' },
  controlPasswordEmpty: { en: 'Control password cannot be empty', zh: '控制密码不能为空' },
  adhocDisabled: { en: 'Instant meetings are disabled for this room', zh: '该会议室已禁用即时会议' },
  scheduledNotStarted: { en: 'The scheduled meeting has not started', zh: '预约会议尚未开始' },
  meetingEnded: { en: 'The meeting has ended', zh: '会议已结束' },
  meetingLocked: { en: 'The meeting is locked', zh: '会议已锁定' },
  overtimeInvalid: { en: 'Overtime must be a whole number of minutes from 1 to 9999', zh: '延时必须为1至9999之间的整数分钟' },
  overtimeTooLong: { en: 'Overtime cannot exceed 9999 minutes', zh: '延时不能超过9999分钟' },
  overtimeConflictsBooking: {
    en: 'The extension conflicts with the next booked meeting',
    zh: '延时与下一个预约会议时间冲突',
  },
  participantNotFound: { en: 'Participant does not exist', zh: '参会者不存在' },
  endpointOffline: { en: 'The participant is not online', zh: '参会者不在线' },
  cascadePointsExist: {
    en: 'Cascade points exist; delete them manually before switching to non-cascade',
    zh: '存在级联点，请先手动删除后再切换为非级联',
  },
  micVolumeAutoAdjust: {
    en: 'Manual volume is invalid while the platform adjusts volume automatically',
    zh: '平台自动调节音量时，手动音量无效',
  },
  nameRequired: { en: 'Name cannot be empty', zh: '名称不能为空' },
  nameTooLong: { en: 'Name cannot exceed 64 characters', zh: '名称不能超过64个字符' },
  displayNameRequired: { en: 'Display name cannot be empty', zh: '显示名称不能为空' },
  callAddressRequired: { en: 'The call address cannot be empty', zh: '呼叫地址不能为空' },
  callAddressFormat: { en: 'The call address is not in the correct format', zh: '呼叫地址格式不正确' },
  traditionalMosaicUnsupported: { en: 'Traditional mosaic is not supported', zh: '不支持传统分屏' },
  invalidMosaicId: { en: 'Unknown screen layout', zh: '未知的分屏布局' },
  invalidPaneToken: { en: 'Invalid video source in the screen layout', zh: '分屏布局中的视频源无效' },
  rollCallNotRunning: { en: 'No roll call is in progress', zh: '当前没有进行中的点名' },
  waitingRoomDisabled: { en: 'The waiting room is not enabled', zh: '等候室未开启' },
  hostPasswordEmpty: { en: 'Host password and supervisor password cannot be empty', zh: '主持人密码和监管员密码不能为空' },
  passwordsMustDiffer: {
    en: 'Join, host and supervisor passwords must be different',
    zh: '入会密码、主持人密码和监管员密码不能相同',
  },
  passwordDigitsOnly: { en: 'Passwords must consist of digits', zh: '密码必须为数字' },
  passwordTooLong: { en: 'A password can have at most 32 digits', zh: '密码最多 32 位数字' },
  tabNameRequired: { en: 'Tag name cannot be empty', zh: '标签名称不能为空' },
  tabLimit: { en: 'Up to 20 tabs supported', zh: '最多支持20个标签' },
  titleTooLong: { en: 'Subtitle text is too long', zh: '字幕内容过长' },
  tenantNotFound: { en: 'Tenant does not exist', zh: '租户不存在' },
  serviceExpired: { en: 'The service has expired', zh: '服务已过期' },
  resourceTemplateNotFound: { en: 'Resource template does not exist', zh: '资源模板不存在' },
  insufficientResources: { en: 'Insufficient resources', zh: '资源不足' },
  statisticsDisabled: { en: 'Meeting statistics function is not enabled', zh: '会议统计功能未开启' },
  mosaicOverTemplate: { en: 'The layout has more panes than the resource template allows', zh: '分屏数超过资源模板允许的上限' },
  recordingNotInTemplate: { en: 'The resource template does not allow recording', zh: '资源模板不允许录制' },
  databaseError: { en: 'Database error', zh: '数据库错误' },
  databaseWriteFailed: { en: 'Failed to save data', zh: '数据保存失败' },
  recordConflict: { en: 'The data was changed by someone else, please retry', zh: '数据已被他人修改，请重试' },
  bookingNotFound: { en: 'Booking does not exist', zh: '预约不存在' },
  bookingTooShort: { en: 'A booking lasts at least 5 minutes', zh: '预约时长至少为5分钟' },
  bookingStartTooSoon: { en: 'A booking must start more than 10 minutes from now', zh: '预约开始时间必须晚于当前时间10分钟以上' },
  bookingTooLong: { en: 'A meeting period cannot exceed one week', zh: '会议时长不能超过一周' },
  bookingConflict: { en: 'The booking conflicts with another booking of this room', zh: '与该会议室的其他预约时间冲突' },
  meetingTemplateNotFound: { en: 'Meeting template does not exist', zh: '会议模板不存在' },
  pushAddressNotSet: { en: 'Push address is not set', zh: '推流地址未设置' },
  pushAddressNotRtmp: { en: 'The push address must be an RTMP address', zh: '推流地址必须为RTMP地址' },
  liveAddressWhileLiveOn: {
    en: 'Live addresses can only be changed while live is off',
    zh: '只能在直播关闭时修改直播地址',
  },
  liveAddressBuiltinOnly: {
    en: 'Live addresses can only be changed with built-in live',
    zh: '仅内置直播可以修改直播地址',
  },
  pullAddressRequired: { en: 'Push and pull addresses cannot be empty', zh: '推流和拉流地址不能为空' },
  recordingAlreadyRunning: { en: 'Recording is already in progress', zh: '录制已在进行中' },
  recordingNotRunning: { en: 'Recording is not in progress', zh: '当前未在录制' },
  recorderUnavailable: { en: 'The recording service is unavailable', zh: '录制服务不可用' },
  historyNotFound: { en: 'History record does not exist', zh: '历史记录不存在' },
  historyRangeInvalid: { en: 'Invalid history time range', zh: '历史记录时间范围无效' },
  upstreamUnreachable: { en: 'The meeting platform cannot be reached, please try again later', zh: '无法连接会议平台，请稍后再试' },
  internalError: { en: 'Internal server error, please try again later', zh: '服务器内部错误，请稍后再试' },
  malformedJson: { en: 'Malformed request body', zh: '请求数据格式错误' },
  fieldMissing: { en: 'A required field is missing', zh: '缺少必填字段' },
  fieldWrongType: { en: 'A field has the wrong type', zh: '字段类型错误' },
  fieldTooLong: { en: 'Request data exceeds 5000 characters', zh: '请求数据长度超过5000' },
  standbyMachine: { en: 'This is a standby machine, please use the active server', zh: '当前为备用机，请访问主用服务器' },
  unknownAction: { en: 'Unknown operation', zh: '未知的操作' },
  tooFrequent: { en: 'Operation too frequent, please try again later', zh: '操作过于频繁，请稍后再试' },
  valueOutOfRange: { en: 'The input information is incorrect', zh: '输入信息有误' },
  connectionTimeout: { en: 'Connection timed out', zh: '连接超时' },
  notImplemented: { en: 'Function not implemented', zh: '功能未实现' },
  notOfferedByReference: {
    en: 'The platform offers this call; the reference server does not',
    zh: '该接口由会议平台提供，参考服务器不提供',
  },
};

/**
 * The family a code belongs to by its thousands digit; `undefined` for 3xxx and out-of-range
 * numbers, which the protocol does not use.
 */
export function familyOf(code: number): CodeFamily | undefined {
  if (!Number.isInteger(code) || code < 1000 || code > 9999) return undefined;
  switch (Math.floor(code / 1000)) {
    case 1:
      return 'users';
    case 2:
      return 'departments';
    case 4:
      return 'rooms';
    case 5:
      return 'tenant';
    case 6:
      return 'database';
    case 7:
      return 'booking';
    case 8:
      return 'history';
    case 9:
      return 'system';
    default:
      return undefined;
  }
}

/** Every result code with its family and both messages, ascending by code. */
export const RESULT_CODES: readonly ResultCodeInfo[] = (Object.keys(RC) as ResultCodeKey[])
  .map((key) => ({ code: RC[key], family: familyOf(RC[key]) as CodeFamily, key, ...MESSAGES[key] }))
  .sort((a, b) => a.code - b.code);

const byCode = new Map<number, ResultCodeInfo>(RESULT_CODES.map((c) => [c.code, c]));

/** The table entry of a code, `undefined` when the code is unknown. */
export function codeInfo(code: number): ResultCodeInfo | undefined {
  return byCode.get(code);
}

/** Whether `code` is a result code of this table. */
export function isResultCode(code: unknown): code is ResultCode {
  return typeof code === 'number' && byCode.has(code);
}

/**
 * Message of a result code in the given locale; unknown codes give a generic text carrying the
 * number so a user can still report it.
 */
export function codeMessage(code: number, locale: string): string {
  const info = byCode.get(code);
  if (info) return localize(info, locale);
  return unknownCodeMessage(code, locale);
}

// ---------------------------------------------------------------------------------------------
// Reason tables carried by events and login failures

/** `failed_call.reason`: why an outgoing call failed (spec §8, 12 reasons). */
export const CALL_FAILURE_REASONS = {
  busy: { en: 'The peer is busy', zh: '对方忙' },
  refused: { en: 'The peer refused the call', zh: '对方拒绝' },
  timeout: { en: 'No answer (timed out)', zh: '呼叫超时' },
  offline: { en: 'The user is offline', zh: '用户不在线' },
  capability_mismatch: { en: 'Capabilities do not match', zh: '能力不匹配' },
  max_calls: { en: 'Maximum number of calls reached', zh: '已达到最大呼叫数' },
  room_locked: { en: 'The meeting room is locked', zh: '会议室已锁定' },
  bookings_only: { en: 'The room is for bookings only', zh: '该会议室仅用于预约会议' },
  insufficient_resources: { en: 'Insufficient resources', zh: '资源不足' },
  meeting_ending: { en: 'The meeting is ending', zh: '会议即将结束' },
  guests_not_allowed: { en: 'Guests are not allowed', zh: '不允许访客入会' },
  private_room_unavailable: { en: 'The private room is unavailable', zh: '私人会议室不可用' },
} as const satisfies Record<string, Localized>;

export type CallFailureReason = keyof typeof CALL_FAILURE_REASONS;

/** `left_call.reason`: why a participant left (spec §8, 12 reasons). */
export const LEAVE_REASONS = {
  host_hangup: { en: 'Hung up by the host', zh: '被主持人挂断' },
  user_hangup: { en: 'The user hung up', zh: '用户挂断' },
  media_timeout: { en: 'Media timed out', zh: '媒体超时' },
  signalling_disconnected: { en: 'Signalling disconnected', zh: '信令断开' },
  rejoin: { en: 'Rejoined the meeting', zh: '重新入会' },
  license_expired: { en: 'License expired', zh: '授权已过期' },
  schedule_ended: { en: 'The scheduled meeting ended', zh: '预约会议已结束' },
  idle_too_long: { en: 'Idle too long', zh: '空闲时间过长' },
  only_one_left: { en: 'Only one participant left', zh: '会议中仅剩一人' },
  maintenance: { en: 'System maintenance', zh: '系统维护' },
  room_taken: { en: 'The room is taken by another booking', zh: '会议室已被其他预约占用' },
  locked_host_timeout: { en: 'Host of the locked meeting timed out', zh: '锁定会议的主持人超时' },
  /** (podium) attendance: a stay the reference server's run before a restart left open (issue 29) */
  server_restart: { en: 'The server restarted', zh: '服务器已重启' },
} as const satisfies Record<string, Localized>;

export type LeaveReason = keyof typeof LEAVE_REASONS;

/**
 * Free-text hang-up strings real platforms send in `left_call.reason` (protocol-facts §6.6),
 * mapped to our keys. Matching ignores case and a leading "<digits>/" prefix.
 */
const PLATFORM_LEAVE_TEXTS: Record<string, LeaveReason> = {
  'user hangup': 'user_hangup',
  'user hungup': 'user_hangup',
  'android normal quit': 'user_hangup',
  'remote disconnect': 'signalling_disconnected',
  'call disconnected': 'signalling_disconnected',
  h323_reason_unknownerror: 'signalling_disconnected',
  h323_reason_resetbypeer: 'signalling_disconnected',
  h323_reason_dropbypeer: 'user_hangup',
  'idle too long': 'idle_too_long',
};

/**
 * Resolves a `left_call.reason` to a {@link LeaveReason}: our keys pass through, known platform
 * texts are mapped, anything else gives `undefined` (show the raw text).
 * @example leaveReasonOf('3/user hungup') === 'user_hangup'
 */
export function leaveReasonOf(reason: string): LeaveReason | undefined {
  if (Object.hasOwn(LEAVE_REASONS, reason)) return reason as LeaveReason;
  const text = reason
    .trim()
    .replace(/^\d+\//, '')
    .toLowerCase();
  return PLATFORM_LEAVE_TEXTS[text];
}

/** The `extra` strings of a login refused with HTTP 404 (spec §8 "Login outcomes"). */
export const LOGIN_404_REASONS = {
  'meeting not found': { en: 'The meeting does not exist', zh: '会议不存在' },
  'adhoc disabled': { en: 'Instant meetings are disabled for this room', zh: '该会议室已禁用即时会议' },
  'the scheduled meeting did not start': { en: 'The scheduled meeting has not started', zh: '预约会议尚未开始' },
  'control password cannot be empty': { en: 'Control password cannot be empty', zh: '控制密码不能为空' },
} as const satisfies Record<string, Localized>;

export type Login404Reason = keyof typeof LOGIN_404_REASONS;

/**
 * The message of a login 404 `extra`: one of {@link LOGIN_404_REASONS}, a call-failure reason,
 * or a numeric result code (spec §8); `undefined` when it is none of them.
 */
export function loginFailureMessage(extra: string | undefined): Localized | undefined {
  if (!extra) return undefined;
  if (Object.hasOwn(LOGIN_404_REASONS, extra)) return LOGIN_404_REASONS[extra as Login404Reason];
  if (Object.hasOwn(CALL_FAILURE_REASONS, extra)) return CALL_FAILURE_REASONS[extra as CallFailureReason];
  if (/^\d{4}$/.test(extra)) return codeInfo(Number(extra));
  return undefined;
}

/** `force_logout.reason` (and `mr_ctrl_out.reason` 'forced'): why the server ended a session. */
export const FORCE_LOGOUT_REASONS = {
  meeting_ended: { en: 'The meeting has ended, exiting control', zh: '会议已结束，退出控制' },
  class_ended: { en: 'The class has ended, exiting control', zh: '课堂已结束，退出控制' },
  meeting_deleted: { en: 'The meeting room was deleted', zh: '会议室已被删除' },
  session_expired: { en: 'Login timed out, please log in again', zh: '登录超时，请重新登录' },
  password_changed: { en: 'The control password was changed, please log in again', zh: '控制密码已修改，请重新登录' },
  kicked: { en: 'You were logged out by an administrator', zh: '您已被管理员强制退出' },
  replaced: { en: 'Too many controllers; this login was replaced', zh: '控制者过多，本次登录已被替换' },
  server_restart: { en: 'The server restarted, please log in again', zh: '服务器已重启，请重新登录' },
} as const satisfies Record<string, Localized>;

export type ForceLogoutReason = keyof typeof FORCE_LOGOUT_REASONS;

/**
 * Message of a `force_logout.reason`: a reason key of {@link FORCE_LOGOUT_REASONS}; a result code
 * of the catalogue (platforms send e.g. `4001`), or a leave reason, behind "You have been logged
 * out"; an unknown number keeps the number, so a user can still report it; anything else the
 * generic text.
 * @example forceLogoutMessage('4001').en // 'You have been logged out: The meeting does not exist'
 */
export function forceLogoutMessage(reason: string): Localized {
  if (Object.hasOwn(FORCE_LOGOUT_REASONS, reason)) return FORCE_LOGOUT_REASONS[reason as ForceLogoutReason];
  const loggedOut = LOGGED_OUT;
  const trimmed = reason.trim();
  const because = (why: Localized): Localized => ({ en: `${loggedOut.en}: ${why.en}`, zh: `${loggedOut.zh}：${why.zh}` });
  if (/^\d{1,6}$/.test(trimmed)) {
    const info = codeInfo(Number(trimmed));
    return info ? because(info) : { en: `${loggedOut.en} (code ${trimmed})`, zh: `${loggedOut.zh}（原因码 ${trimmed}）` };
  }
  const leave = leaveReasonOf(trimmed);
  if (leave) return because(LEAVE_REASONS[leave]);
  return loggedOut;
}

/**
 * `show_warning_info.warn_info` keys of the catalogue's "other messages" (spec §8) other than
 * `booking_conflict` and `service_expiry`, which have dialogs of their own.
 */
export const WARNING_MESSAGES = {
  login_timeout: { en: 'Login timed out, please log in again', zh: '登录超时，请重新登录' },
  meeting_ended: { en: 'The meeting has ended, exiting control', zh: '会议已结束，退出控制' },
  class_ended: { en: 'The class has ended, exiting control', zh: '课堂已结束，退出控制' },
  browser_unsupported: {
    en: 'This browser is not supported, please use Chrome 70 or later',
    zh: '不支持此浏览器，请使用 Chrome 70 及以上版本',
  },
  share_link_failed: { en: 'Failed to get the share link', zh: '获取分享链接失败' },
  app_qr_failed: { en: 'Failed to get the app QR code', zh: '获取 App 二维码失败' },
  mini_program_qr_failed: { en: 'Failed to get the mini-program QR code', zh: '获取小程序二维码失败' },
  meeting_address_failed: { en: 'Failed to get the meeting address', zh: '获取会议地址失败' },
  server_address_failed: { en: 'Failed to get the accessible server address', zh: '获取可访问的服务器地址失败' },
  config_failed: { en: 'Failed to retrieve the configuration', zh: '获取配置失败' },
  push_address_not_set: { en: 'The push address is not set', zh: '未设置推流地址' },
  push_address_not_rtmp: { en: 'The push address must be an RTMP address', zh: '推流地址必须是 RTMP 地址' },
  traditional_mosaic_unsupported: { en: 'The traditional mosaic is not supported', zh: '不支持传统分屏' },
  statistics_disabled: { en: 'The conference statistics function is not enabled', zh: '会议统计功能未开启' },
} as const satisfies Record<string, Localized>;

export type WarningKey = keyof typeof WARNING_MESSAGES;

/**
 * The catalogue text of a `show_warning_info` code: a key of {@link WARNING_MESSAGES}, or a
 * result code (`'5002'` or `5002`) of the catalogue; undefined for a code the catalogue lacks
 * (the UI words its own fallback naming the code).
 * @example warningMessage('5002')?.en // 'The service has expired'
 */
export function warningMessage(code: string): Localized | undefined {
  const key = code.trim();
  if (Object.hasOwn(WARNING_MESSAGES, key)) return WARNING_MESSAGES[key as WarningKey];
  if (/^\d{1,6}$/.test(key)) return codeInfo(Number(key));
  return undefined;
}
