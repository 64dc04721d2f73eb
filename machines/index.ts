/**
 * Public API of the console's machines. `src/` imports machines only through this file.
 */
export * from './login/loginMachine';
export * as loginSelectors from './login/selectors';
export { validateLoginForm } from './login/validateLoginForm';
export type { LoginFieldError, LoginFieldErrors, LoginFields } from './login/validateLoginForm';
export type { LoginApi, SessionApi } from './api';
