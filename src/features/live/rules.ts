/**
 * The spec §5 rules of protocol/validation.ts (shared with the server) as the result codes the
 * meeting-wide forms show. No rule is decided here.
 */
import { RC } from '@protocol/codes';
import { validateManagementLogin, type ValidationError } from '@protocol/validation';
import {
  checkCascadeSwitch,
  validateLiveAddresses,
  validateRoomPasswordChange,
  validateRoomPasswords,
  validateRtmpPushAddress,
} from '@protocol/fieldValidation';
import { VALIDATION_RESULT_CODES } from '@protocol/validationCodes';

function code(error: ValidationError | null): number | undefined {
  return error === null ? undefined : VALIDATION_RESULT_CODES[error];
}

/** Push (bypass) address: set and `rtmp://host/live/stream`. */
export const checkPushAddress = (url: string): number | undefined => code(validateRtmpPushAddress(url));

/** Built-in live push and pull addresses: both required and well-formed. */
export const checkLiveAddresses = (pushUrl: string, pullUrl: string): number | undefined =>
  code(validateLiveAddresses({ pushUrl, pullUrl }));

/** Management login form: all required, code digits only. */
export const checkManagementLogin = (form: { loginId: string; password: string; code: string }): number | undefined =>
  code(validateManagementLogin({ loginName: form.loginId, password: form.password, code: form.code }));

/** Meeting passwords: host and supervisor required, digits, all different. */
export const checkRoomPasswords = (p: { join: string; host: string; supervisor: string }): number | undefined =>
  code(validateRoomPasswords(p));

/** A change of some meeting passwords (empty = unchanged): the typed ones digits and different. */
export const checkPasswordChange = (c: { join: string; host: string; supervisor: string; removeJoin: boolean }): number | undefined =>
  code(
    validateRoomPasswordChange({ join: c.removeJoin ? undefined : c.join.trim(), host: c.host.trim(), supervisor: c.supervisor.trim() }),
  );

/** Leaving cascade while cascade points exist. */
export const checkCascade = (target: '' | 'parent' | 'child', points: number): number | undefined =>
  code(checkCascadeSwitch(target, points));

/**
 * Live may be turned on (spec §5: "the push address must be set before enabling"; built-in live
 * streams from its push address to its pull address): a result code when an address the server
 * reports is empty, undefined when it may. Addresses the server does not report are not judged
 * (the server decides), nor are they with live that is not built-in (not the console's to set).
 */
export function checkLiveStart(pushUrl: string | undefined, pullUrl: string | undefined, builtin: boolean): number | undefined {
  if (!builtin) return undefined;
  if (pushUrl !== undefined && !pushUrl.trim()) return RC.pushAddressNotSet;
  if (pullUrl !== undefined && !pullUrl.trim()) return RC.pullAddressRequired;
  return undefined;
}
