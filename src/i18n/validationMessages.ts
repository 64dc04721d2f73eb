/**
 * Spec §5 rules → text: the words of every validation code of protocol/validation.ts, the login
 * form's (./messages.ts) and the rest. The English source texts the spec quotes are used verbatim
 * (protocol/validation `SPEC_MESSAGES`; messages.test.ts keeps them in step).
 */
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { LIMITS, type ValidationError } from '@protocol/validation';
import { LOGIN_VALIDATION_MESSAGES } from './messages';

export const VALIDATION_MESSAGES: Record<ValidationError, MessageDescriptor> = {
  ...LOGIN_VALIDATION_MESSAGES,
  'mgmtLogin.required': msg`Login name, password and verification code are required`,
  'mgmtLogin.codeDigits': msg`The verification code must be digits`,
  'overtime.format': msg`The delay must be a number of minutes`,
  'overtime.tooLong': msg`The delay is at most ${LIMITS.maxOvertimeMinutes} minutes`,
  'overtime.conflict': msg`The delay conflicts with the next booked meeting`,
  'push.notSet': msg`The push address is not set`,
  'push.notRtmp': msg`The push address must be an RTMP address (rtmp://host/live/stream)`,
  'live.addressRequired': msg`Live push and pull addresses are required`,
  'live.addressFormat': msg`The live pull address is not in the correct format`,
  'rename.required': msg`The name cannot be empty`,
  'rename.tooLong': msg`The name is at most ${LIMITS.maxNameLength} characters`,
  'tab.nameRequired': msg`Tag name cannot be empty`,
  'tab.limit': msg`Up to 20 tabs supported`,
  'tab.invalid': msg`The input information is incorrect`,
  'tempCall.addressRequired': msg`The call address cannot be empty`,
  'tempCall.addressFormat': msg`The call address is not in the correct format`,
  'tempCall.nameRequired': msg`The display name cannot be empty`,
  'passwords.required': msg`Host password and supervisor password cannot be empty`,
  'passwords.digits': msg`Passwords must be digits`,
  'passwords.differ': msg`Join, host and supervisor passwords must be different`,
  'passwords.tooLong': msg`A password can have at most ${LIMITS.maxPasswordDigits} digits`,
  'booking.tooShort': msg`A booking lasts at least ${LIMITS.minBookingMinutes} minutes`,
  'booking.startTooSoon': msg`The start must be more than ${LIMITS.minBookingLeadMinutes} minutes from now`,
  'booking.tooLong': msg`A meeting period cannot exceed one week`,
  'micGain.autoAdjust': msg`Manual volume is not available while the platform adjusts volume automatically`,
  'micGain.range': msg`The volume must be a whole number from 0 to 9`,
  'search.tooMany': msg`More than ${LIMITS.searchResultCeiling} results: please narrow the search`,
  'userNumber.required': msg`Please enter the user number`,
  'userNumber.length': msg`The user number does not have the configured number of digits`,
  'cascade.pointsExist': msg`Delete the cascade points before switching to non-cascade`,
};

/** The message of a spec §5 validation code. */
export function validationText(i18n: I18n, error: ValidationError): string {
  return i18n._(VALIDATION_MESSAGES[error]);
}
