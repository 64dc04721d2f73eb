/**
 * Codes → translated text. Machines and the server carry codes; this is the one place the UI turns
 * them into words. Result codes and reason tables carry their own en/zh texts (protocol/codes.ts);
 * they are picked by the active Lingui locale so a language switch re-renders them too. Those
 * texts are loaded before they can be needed (./codeTexts.ts says when).
 */
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { LOGGED_OUT, localize, SILENT_RESULT_CODES, unknownCodeMessage } from '@protocol/resultCodes';
import type { MrScene } from '@protocol/wire';
import type { ValidationError } from '@protocol/validation';
import type { LoginFailure, LoginField, LoginFieldError, SessionEnd } from '@machines/index';
import { sceneText } from './scene';
import { codeTexts } from './codeTexts';
import type { FailureClass } from '#/api/classify';

/** The spec §5 codes the login form can show. */
export type LoginValidationError = Extract<
  ValidationError,
  'meetingNumber.required' | 'meetingNumber.format' | 'password.required' | 'verifyCode.required' | 'verifyCode.format'
>;

/**
 * The login form's spec §5 rules → text. The other screens word their own rules' codes beside their
 * fields (the participant dialogs, overtime, live, booking…). The English source texts the spec
 * quotes are used verbatim (protocol/validation `SPEC_MESSAGES`; messages.test.ts keeps them in step).
 */
export const LOGIN_VALIDATION_MESSAGES: Record<LoginValidationError, MessageDescriptor> = {
  'meetingNumber.required': msg`Please enter the Meeting No.`,
  'meetingNumber.format': msg`Meeting No. is not in the correct format`,
  'password.required': msg`Please enter the password`,
  'verifyCode.required': msg`Please enter the verification code`,
  'verifyCode.format': msg`The verification code is not in the correct format`,
};

const LOGIN_FIELD_RULES: Record<LoginField, Record<LoginFieldError, LoginValidationError>> = {
  mrId: { required: 'meetingNumber.required', format: 'meetingNumber.format' },
  password: { required: 'password.required', format: 'password.required' },
  code: { required: 'verifyCode.required', format: 'verifyCode.format' },
};

/** The message of a login form field error. */
export function loginFieldErrorText(i18n: I18n, field: LoginField, error: LoginFieldError): string {
  return i18n._(LOGIN_VALIDATION_MESSAGES[LOGIN_FIELD_RULES[field][error]]);
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
      const reason = codeTexts()?.loginFailureMessage(failure.detail);
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
  return codeTexts()?.codeMessage(code, i18n.locale) ?? unknownCodeMessage(code, i18n.locale);
}

/**
 * The text of a classified request failure (spec §8 "HTTP handling"), or null when the failure is
 * shown silently. Result codes take the protocol table's text in the active language.
 */
export function failureText(i18n: I18n, failure: FailureClass): string | null {
  if (failure.kind === 'none' || failure.kind === 'silent') return null;
  const url = 'url' in failure && failure.url ? failure.url : '';
  switch (failure.message) {
    case 'result':
      return failure.kind === 'message' && failure.result !== undefined ? resultCodeText(i18n, failure.result) : null;
    case 'login.badCode':
      return i18n._(msg`The verification code is incorrect or obsolete, please re-enter`);
    case 'aborted':
    case 'http.304':
    case 'http.405':
      return null;
    case 'http.401':
      return i18n._(msg`Login permission is invalid, please log in again`);
    case 'http.403':
      return i18n._(msg`You have no permission for this operation`);
    case 'http.404':
      return i18n._(msg`Request link does not exist: ${url}`);
    case 'http.500':
      return i18n._(msg`Server error: ${url}`);
    case 'http.556':
      return i18n._(msg`No access rights, please contact the administrator`);
    case 'http.502':
      return i18n._(msg`Services are temporarily inaccessible`);
    case 'http.555':
      return i18n._(msg`Invalid request URL, please log in again`);
    // §8's words: a client-side time-out is worded as 504, a network failure and 503 as any other
    // status; each still replaces the wording of the failure before it (issue 26 item 5)
    case 'http.504':
    case 'timeout':
      return i18n._(msg`The request timed out, please log in again`);
    case 'http.499':
      return i18n._(msg`Login timed out, please log in again`);
    case 'http.other':
    case 'http.503':
    case 'network':
      return i18n._(msg`Request to the server failed, please log in again`);
    case 'http.statisticsDisabled':
      return i18n._(msg`The meeting statistics function is not enabled`);
  }
}

/**
 * The warning shown when the server ends the session (spec §4): meeting ended or deleted,
 * forced logout with its mapped reason, a non-RPC-server error, or a lost session.
 * Null for the user's own logout.
 */
export function sessionEndText(i18n: I18n, end: SessionEnd, scene: MrScene): string | null {
  // a session ends on a screen that loaded the texts before it drew (codeTexts.ts)
  const codes = codeTexts();
  switch (end.code) {
    case 'logout':
      return null;
    case 'meetingEnded':
      return i18n._(sceneText('ended', end.detail === 'class_ended' ? 'class' : scene));
    case 'meetingDeleted':
      return localize(codes ? codes.forceLogoutMessage('meeting_deleted') : LOGGED_OUT, i18n.locale);
    case 'forcedLogout':
      return localize(codes ? codes.forceLogoutMessage(end.detail ?? '') : LOGGED_OUT, i18n.locale);
    case 'notRpcServer':
      return end.result !== undefined && codes?.codeInfo(end.result)
        ? i18n._(msg`The meeting control service failed: ${codes.codeMessage(end.result, i18n.locale)}`)
        : i18n._(msg`The meeting control service is unavailable`);
    case 'sessionLost':
      return i18n._(msg`Login timed out, please log in again`);
  }
}
