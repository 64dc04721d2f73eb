/**
 * The spec §5 rules of protocol/validation.ts (shared with the server) as the result codes the
 * meeting-wide forms show. No rule is decided here.
 */
import {
  VALIDATION_RESULT_CODES,
  checkCascadeSwitch,
  validateLiveAddresses,
  validateManagementLogin,
  validateRoomPasswords,
  validateRtmpPushAddress,
  type ValidationError,
} from '@protocol/validation';

function code(error: ValidationError | null): number | undefined {
  return error === null ? undefined : VALIDATION_RESULT_CODES[error];
}

/** Push (bypass) address: set and `rtmp://host/live/stream`. */
export const checkPushAddress = (url: string): number | undefined => code(validateRtmpPushAddress(url));

/** Built-in live push and pull addresses: both required and well-formed. */
export const checkLiveAddresses = (pushUrl: string, pullUrl: string): number | undefined => code(validateLiveAddresses({ pushUrl, pullUrl }));

/** Management login form: all required, code digits only. */
export const checkManagementLogin = (form: { loginId: string; password: string; code: string }): number | undefined =>
  code(validateManagementLogin({ loginName: form.loginId, password: form.password, code: form.code }));

/** Meeting passwords: host and supervisor required, digits, all different. */
export const checkRoomPasswords = (p: { join: string; host: string; supervisor: string }): number | undefined => code(validateRoomPasswords(p));

/** Leaving cascade while cascade points exist. */
export const checkCascade = (target: '' | 'parent' | 'child', points: number): number | undefined => code(checkCascadeSwitch(target, points));
