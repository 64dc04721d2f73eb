/**
 * The result codes' numbers and the language pick of protocol/codes.ts, without the texts: what
 * the console's first screen needs of them (the signing, the failure classification and the
 * login's machines name codes; the texts are needed only once a request has failed, and the
 * console loads them then: src/i18n/codeTexts.ts). protocol/codes.ts re-exports all of it, so
 * the server and the tests read one table. No I/O here.
 */

/** A message in both product languages. */
export interface Localized {
  en: string;
  zh: string;
}

/**
 * Named result codes for code that produces or branches on them (server validation, machines).
 * @example if (err.result === RC.overtimeConflictsBooking) ...
 */
export const RC = {
  // 1xxx users, login, signing, sessions
  wrongUserPassword: 1001,
  loginNameRequired: 1002,
  verifyCodeIncorrect: 1003,
  verifyCodeFormat: 1004,
  tooManyLoginAttempts: 1005,
  sessionExpired: 1006,
  sessionNotFound: 1007,
  badSignature: 1008,
  timestampExpired: 1009,
  nonceReplayed: 1010,
  signatureMissing: 1011,
  unknownDevid: 1012,
  resumeRefused: 1013,
  supervisorForbidden: 1020,
  hostForbidden: 1021,
  userNotFound: 1030,
  userNumberRequired: 1031,
  userSearchTooMany: 1032,
  userNumberLength: 1033,
  loginAsAdministrator: 1088,
  noAccessRights: 1556,
  // 2xxx departments
  departmentNotFound: 2001,
  departmentSearchTooMany: 2002,
  departmentNameRequired: 2003,
  // 4xxx meeting rooms and meeting control
  meetingNotFound: 4001,
  wrongMeetingPassword: 4002,
  meetingNumberFormat: 4003,
  controlPasswordEmpty: 4004,
  adhocDisabled: 4005,
  scheduledNotStarted: 4006,
  meetingEnded: 4007,
  meetingLocked: 4008,
  overtimeInvalid: 4010,
  overtimeTooLong: 4011,
  overtimeConflictsBooking: 4012,
  participantNotFound: 4020,
  endpointOffline: 4021,
  cascadePointsExist: 4022,
  micVolumeAutoAdjust: 4023,
  nameRequired: 4024,
  nameTooLong: 4025,
  displayNameRequired: 4026,
  callAddressRequired: 4027,
  callAddressFormat: 4028,
  traditionalMosaicUnsupported: 4030,
  invalidMosaicId: 4031,
  invalidPaneToken: 4032,
  rollCallNotRunning: 4033,
  waitingRoomDisabled: 4034,
  hostPasswordEmpty: 4035,
  passwordsMustDiffer: 4036,
  passwordDigitsOnly: 4037,
  passwordTooLong: 4038,
  tabNameRequired: 4040,
  tabLimit: 4041,
  titleTooLong: 4042,
  // 5xxx tenant configuration and resource templates
  tenantNotFound: 5001,
  serviceExpired: 5002,
  resourceTemplateNotFound: 5003,
  insufficientResources: 5004,
  statisticsDisabled: 5005,
  mosaicOverTemplate: 5006,
  recordingNotInTemplate: 5007,
  // 6xxx database
  databaseError: 6001,
  databaseWriteFailed: 6002,
  recordConflict: 6003,
  // 7xxx bookings, templates, live, recording
  bookingNotFound: 7001,
  bookingTooShort: 7002,
  bookingStartTooSoon: 7003,
  bookingTooLong: 7004,
  bookingConflict: 7005,
  meetingTemplateNotFound: 7010,
  pushAddressNotSet: 7020,
  pushAddressNotRtmp: 7021,
  liveAddressWhileLiveOn: 7022,
  liveAddressBuiltinOnly: 7023,
  pullAddressRequired: 7024,
  recordingAlreadyRunning: 7030,
  recordingNotRunning: 7031,
  recorderUnavailable: 7032,
  // 8xxx history
  historyNotFound: 8001,
  historyRangeInvalid: 8002,
  // 9xxx system
  /** (podium) the console's server forwards the API to a platform (`--upstream`) it cannot reach */
  upstreamUnreachable: 9988,
  /** (podium) the server failed unexpectedly; the request may not have been applied */
  notOfferedByReference: 9987,
  internalError: 9989,
  malformedJson: 9990,
  fieldMissing: 9991,
  fieldWrongType: 9992,
  fieldTooLong: 9993,
  standbyMachine: 9994,
  unknownAction: 9995,
  tooFrequent: 9996,
  valueOutOfRange: 9997,
  connectionTimeout: 9998,
  notImplemented: 9999,
} as const;

export type ResultCodeKey = keyof typeof RC;
export type ResultCode = (typeof RC)[ResultCodeKey];

/** Result codes the console shows no message for (spec §6: 1088 is silent). */
export const SILENT_RESULT_CODES: ReadonlySet<number> = new Set([RC.loginAsAdministrator]);

export type Locale = 'en' | 'zh';

/**
 * Picks the message of the active locale. Pass the Lingui locale (`i18n.locale`) unchanged:
 * `en`, `en-US`… give English, anything else Chinese.
 * @example localize(CALL_FAILURE_REASONS.busy, i18n.locale) // '对方忙' under zh
 */
export function localize(message: Localized, locale: string): string {
  return locale.toLowerCase().startsWith('en') ? message.en : message.zh;
}

/**
 * The message of a code the table does not hold: a generic text carrying the number, so a user
 * can still report it (also what the console shows for a code whose texts could not be loaded).
 */
export function unknownCodeMessage(code: number, locale: string): string {
  return localize({ en: `Request failed (code ${code})`, zh: `请求失败（错误码 ${code}）` }, locale);
}

/** The generic text of a forced logout whose reason is unknown (codes.ts forceLogoutMessage). */
export const LOGGED_OUT: Localized = { en: 'You have been logged out', zh: '您已退出登录' };
