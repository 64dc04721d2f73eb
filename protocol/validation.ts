/**
 * The input rules of spec §5, shared by the console (form checks before sending) and the
 * server (the same checks on every request). Each rule returns `null` when the input is
 * acceptable, else a {@link ValidationError} code; `VALIDATION_RESULT_CODES`
 * (protocol/validationCodes.ts) maps the code to the numeric result code the server answers
 * with. The UI translates codes with Lingui; {@link SPEC_MESSAGES} holds the English wordings the
 * spec quotes, to be used verbatim as Lingui source texts. No I/O here.
 *
 * This file holds the limits, the codes and the login screen's rules; the rules of the other
 * screens are in protocol/fieldValidation.ts. The split is for the console's first download: the
 * login screen's script carries every export of a module it imports, so the address patterns and
 * the booking, call and password rules stay in the chunks of the screens that use them.
 */

/** Spec §9 limits. */
export const LIMITS = {
  meetingNumberMin: 4,
  meetingNumberMax: 20,
  maxOvertimeMinutes: 9999,
  maxNameLength: 64,
  maxTabs: 20,
  maxTabNameLength: 32,
  /** digits of a room password (join, host, supervisor; also `##password` of a call address) */
  maxPasswordDigits: 32,
  searchResultCeiling: 500,
  /** longest string field the server accepts (spec §9 "request data length limit") */
  maxFieldLength: 5000,
  minBookingMinutes: 5,
  minBookingLeadMinutes: 10,
  maxBookingMinutes: 7 * 24 * 60,
} as const;

/** English wordings quoted by spec §5; use them verbatim as Lingui source texts. */
export const SPEC_MESSAGES = {
  meetingNumberFormat: 'Meeting No. is not in the correct format',
  verifyCodeFormat: 'The verification code is not in the correct format',
  verifyCodeIncorrect: 'The verification code is incorrect or obsolete, please re-enter',
  tagNameRequired: 'Tag name cannot be empty',
  tabLimit: 'Up to 20 tabs supported',
  inputIncorrect: 'The input information is incorrect',
  callAddressRequired: 'The call address cannot be empty',
} as const;

export type ValidationError =
  | 'meetingNumber.required'
  | 'meetingNumber.format'
  | 'password.required'
  | 'verifyCode.required'
  | 'verifyCode.format'
  | 'mgmtLogin.required'
  | 'mgmtLogin.codeDigits'
  | 'overtime.format'
  | 'overtime.tooLong'
  | 'overtime.conflict'
  | 'push.notSet'
  | 'push.notRtmp'
  | 'live.addressRequired'
  | 'live.addressFormat'
  | 'rename.required'
  | 'rename.tooLong'
  | 'tab.nameRequired'
  | 'tab.limit'
  | 'tab.invalid'
  | 'tempCall.addressRequired'
  | 'tempCall.addressFormat'
  | 'tempCall.nameRequired'
  | 'passwords.required'
  | 'passwords.digits'
  | 'passwords.differ'
  | 'passwords.tooLong'
  | 'booking.tooShort'
  | 'booking.startTooSoon'
  | 'booking.tooLong'
  | 'micGain.autoAdjust'
  | 'micGain.range'
  | 'search.tooMany'
  | 'userNumber.required'
  | 'userNumber.length'
  | 'cascade.pointsExist';

/** Empty or only spaces (or not a string at all): what every "required" rule refuses. */
export function blank(v: unknown): boolean {
  return typeof v !== 'string' || v.trim() === '';
}

// ---------------------------------------------------------------------------------------------
// Login

/**
 * Meeting number: 4–20 digits. It stays a string so leading zeros survive (`0123` ≠ `123`).
 * @example validateMeetingNumber('0123') === null
 */
export function validateMeetingNumber(value: unknown): ValidationError | null {
  if (blank(value)) return 'meetingNumber.required';
  const re = new RegExp(`^\\d{${LIMITS.meetingNumberMin},${LIMITS.meetingNumberMax}}$`);
  return re.test((value as string).trim()) ? null : 'meetingNumber.format';
}

/** Host or supervisor password of the login form: required. */
export function validatePassword(value: unknown): ValidationError | null {
  return typeof value === 'string' && value.length > 0 ? null : 'password.required';
}

/** Picture verification code: required, exactly 4 letters or digits. */
export function validateVerifyCode(value: unknown): ValidationError | null {
  if (blank(value)) return 'verifyCode.required';
  return /^[A-Za-z0-9]{4}$/.test((value as string).trim()) ? null : 'verifyCode.format';
}

/** Management-platform login: name, password and code required; the code is digits only. */
export function validateManagementLogin(input: { loginName: unknown; password: unknown; code: unknown }): ValidationError | null {
  if (blank(input.loginName) || typeof input.password !== 'string' || input.password === '' || blank(input.code)) {
    return 'mgmtLogin.required';
  }
  return /^\d+$/.test((input.code as string).trim()) ? null : 'mgmtLogin.codeDigits';
}
