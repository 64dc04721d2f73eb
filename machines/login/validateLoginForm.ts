/**
 * Login form validation (spec §5 "Login") on the shared rules of protocol/validation, reshaped
 * per field: one code per invalid field, which the UI translates. Pure: no I/O.
 */
import { validateMeetingNumber, validatePassword, validateVerifyCode } from '../../protocol/validation';

export interface LoginFields {
  mrId: string;
  password: string;
  code: string;
}

export type LoginFieldError = 'required' | 'format';
export type LoginFieldErrors = Partial<Record<keyof LoginFields, LoginFieldError>>;

function fieldError(code: string | null): LoginFieldError | undefined {
  if (!code) return undefined;
  return code.endsWith('.format') ? 'format' : 'required';
}

/**
 * Validates the three login fields.
 * @example validateLoginForm({ mrId: 'x1', password: '', code: '12' })
 *   // → { mrId: 'format', password: 'required', code: 'format' }
 */
export function validateLoginForm(fields: LoginFields): LoginFieldErrors {
  const errors: LoginFieldErrors = {};
  const mrId = fieldError(validateMeetingNumber(fields.mrId));
  const password = fieldError(validatePassword(fields.password));
  const code = fieldError(validateVerifyCode(fields.code));
  if (mrId) errors.mrId = mrId;
  if (password) errors.password = password;
  if (code) errors.code = code;
  return errors;
}
