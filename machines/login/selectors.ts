/**
 * Named selectors for the login actor (`useSelector(loginRef, selectX)`); each returns a
 * primitive or a stable object so React re-renders only when it changes.
 */
import type { SnapshotFrom } from 'xstate';
import type { LoginFailure, LoginMachine } from './loginMachine';
import type { LoginFieldError } from './validateLoginForm';

type LoginSnapshot = SnapshotFrom<LoginMachine>;

export const selectMrId = (s: LoginSnapshot): string => s.context.mrId;
export const selectPassword = (s: LoginSnapshot): string => s.context.password;
export const selectCode = (s: LoginSnapshot): string => s.context.code;

/** base64 PNG of the picture code, '' while loading or failed */
export const selectCodeImage = (s: LoginSnapshot): string => s.context.codeImage;
/** the code as text to type, when the platform refused the picture ('' with a picture) */
export const selectCodeText = (s: LoginSnapshot): string => s.context.codeText;
/** why the picture is not offered, null with a picture */
export const selectPictureRefused = (s: LoginSnapshot) => s.context.pictureRefused;
export type CaptchaStatus = 'loading' | 'ready' | 'failed';
export const selectCaptchaStatus = (s: LoginSnapshot): CaptchaStatus =>
  s.matches({ active: { captcha: 'ready' } }) ? 'ready' : s.matches({ active: { captcha: 'failed' } }) ? 'failed' : 'loading';

export const selectIsSubmitting = (s: LoginSnapshot): boolean => s.matches({ active: { form: 'submitting' } });
export const selectIsLocked = (s: LoginSnapshot): boolean => s.matches({ active: { form: 'locked' } });
/** seconds until the next attempt is allowed; 0 when not locked */
export const selectLockRemaining = (s: LoginSnapshot): number => (s.matches({ active: { form: 'locked' } }) ? s.context.lockRemaining : 0);
/** the submit button is usable: editing (not submitting/locked) and a picture is shown */
export const selectCanSubmit = (s: LoginSnapshot): boolean =>
  s.matches({ active: { form: 'editing' } }) && s.matches({ active: { captcha: 'ready' } });

export const selectFailure = (s: LoginSnapshot): LoginFailure | null => s.context.failure;
export const selectFieldError =
  (field: 'mrId' | 'password' | 'code') =>
  (s: LoginSnapshot): LoginFieldError | undefined =>
    s.context.fieldErrors[field];

export const selectIsLoggedIn = (s: LoginSnapshot): boolean => s.status === 'done';
/** the login result once done (also the actor's `output`) */
export const selectLoginResult = (s: LoginSnapshot) => s.context.result;
