/**
 * Login form validation (spec §5 "Login"). Returns one code per invalid field; the UI translates
 * the codes. Pure: no I/O.
 */
export interface LoginFields {
  mrId: string;
  password: string;
  code: string;
}

export type LoginFieldError = 'required' | 'format';
export type LoginFieldErrors = Partial<Record<keyof LoginFields, LoginFieldError>>;

/** Meeting numbers are digit strings; a leading zero is significant (`0123` stays `0123`). */
const MEETING_NUMBER = /^\d{1,32}$/;
/** Picture codes are short letters and digits. */
const VERIFY_CODE = /^[A-Za-z0-9]{4,8}$/;

/**
 * Validates the three login fields.
 * @example validateLoginForm({ mrId: 'x1', password: '', code: '12' })
 *   // → { mrId: 'format', password: 'required', code: 'format' }
 */
export function validateLoginForm(fields: LoginFields): LoginFieldErrors {
  const errors: LoginFieldErrors = {};
  const mrId = fields.mrId.trim();
  if (!mrId) errors.mrId = 'required';
  else if (!MEETING_NUMBER.test(mrId)) errors.mrId = 'format';
  if (!fields.password) errors.password = 'required';
  const code = fields.code.trim();
  if (!code) errors.code = 'required';
  else if (!VERIFY_CODE.test(code)) errors.code = 'format';
  return errors;
}
