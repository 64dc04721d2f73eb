/**
 * The result code the server answers each validation failure of protocol/validation.ts with.
 * Apart from the rules so that the console's login screen does not download the whole table.
 */
import { RC } from './codes';
import type { ValidationError } from './validation';

/** The result code the server answers each validation failure with. */
export const VALIDATION_RESULT_CODES: Record<ValidationError, number> = {
  'meetingNumber.required': RC.meetingNumberFormat,
  'meetingNumber.format': RC.meetingNumberFormat,
  'password.required': RC.controlPasswordEmpty,
  'verifyCode.required': RC.verifyCodeFormat,
  'verifyCode.format': RC.verifyCodeFormat,
  'mgmtLogin.required': RC.loginNameRequired,
  'mgmtLogin.codeDigits': RC.verifyCodeFormat,
  'overtime.format': RC.overtimeInvalid,
  'overtime.tooLong': RC.overtimeTooLong,
  'overtime.conflict': RC.overtimeConflictsBooking,
  'push.notSet': RC.pushAddressNotSet,
  'push.notRtmp': RC.pushAddressNotRtmp,
  'live.addressRequired': RC.pullAddressRequired,
  'live.addressFormat': RC.valueOutOfRange,
  'rename.required': RC.nameRequired,
  'rename.tooLong': RC.nameTooLong,
  'tab.nameRequired': RC.tabNameRequired,
  'tab.limit': RC.tabLimit,
  'tab.invalid': RC.valueOutOfRange,
  'tempCall.addressRequired': RC.callAddressRequired,
  'tempCall.addressFormat': RC.callAddressFormat,
  'tempCall.nameRequired': RC.displayNameRequired,
  'passwords.required': RC.hostPasswordEmpty,
  'passwords.digits': RC.passwordDigitsOnly,
  'passwords.differ': RC.passwordsMustDiffer,
  'passwords.tooLong': RC.passwordTooLong,
  'booking.tooShort': RC.bookingTooShort,
  'booking.startTooSoon': RC.bookingStartTooSoon,
  'booking.tooLong': RC.bookingTooLong,
  'micGain.autoAdjust': RC.micVolumeAutoAdjust,
  'micGain.range': RC.valueOutOfRange,
  'search.tooMany': RC.userSearchTooMany,
  'userNumber.required': RC.userNumberRequired,
  'userNumber.length': RC.userNumberLength,
  'cascade.pointsExist': RC.cascadePointsExist,
};
