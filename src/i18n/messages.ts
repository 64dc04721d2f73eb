/**
 * Codes → translated text. Machines and the server carry codes; this is the one place the UI turns
 * them into words. Result codes and reason tables carry their own en/zh texts (protocol/codes.ts);
 * they are picked by the active Lingui locale so a language switch re-renders them too.
 */
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { codeMessage, localize, loginFailureMessage, SILENT_RESULT_CODES } from '@protocol/codes';
import type { LoginFailure } from '@machines/login/loginMachine';
import type { LoginField } from '@machines/login/loginMachine';
import type { LoginFieldError } from '@machines/login/validateLoginForm';

/** Spec §5 "Login": one message per field and rule. */
const LOGIN_FIELD_ERRORS: Record<LoginField, Record<LoginFieldError, MessageDescriptor>> = {
  mrId: {
    required: msg`Please enter the Meeting No.`,
    format: msg`Meeting No. is not in the correct format`,
  },
  password: {
    required: msg`Please enter the password`,
    format: msg`Please enter the password`,
  },
  code: {
    required: msg`Please enter the verification code`,
    format: msg`The verification code is not in the correct format`,
  },
};

/** The message of a login form field error. */
export function loginFieldErrorText(i18n: I18n, field: LoginField, error: LoginFieldError): string {
  return i18n._(LOGIN_FIELD_ERRORS[field][error]);
}

/**
 * The message of a failed login (spec §4, §8 "Login outcomes"): 403 wrong password; 404 the
 * server's reason when it names one; too many attempts with the wait; anything else a wrong code.
 */
export function loginFailureText(i18n: I18n, failure: LoginFailure, lockRemaining: number): string {
  switch (failure.code) {
    case 'wrongPassword':
      return i18n._(msg`Wrong host or supervisor password`);
    case 'meetingNotFound': {
      const reason = loginFailureMessage(failure.detail);
      return reason ? localize(reason, i18n.locale) : i18n._(msg`The meeting does not exist`);
    }
    case 'locked':
      return lockRemaining > 0
        ? i18n._(msg`Too many attempts. Try again in ${lockRemaining} seconds.`)
        : i18n._(msg`Too many attempts. You can try again now.`);
    case 'network':
      return i18n._(msg`The server cannot be reached. Check the network and try again.`);
    case 'wrongCode':
      return i18n._(msg`The verification code is incorrect or obsolete, please re-enter`);
  }
}

/**
 * The message of a result code in the active language, or null for codes shown silently
 * (spec §6: 1088).
 */
export function resultCodeText(i18n: I18n, code: number): string | null {
  if (SILENT_RESULT_CODES.has(code)) return null;
  return codeMessage(code, i18n.locale);
}
