/**
 * The messages the static shell of index.html shows before the app's script runs
 * (scripts/build/loginShell.ts reads their translations from the catalogs at build time). They
 * are the login form's and header's own source texts (the catalogs' msgids);
 * shellMessages.test.ts checks the shell says what the app says in both languages.
 */
export const SHELL_MESSAGES = {
  links: 'Platform links',
  title: 'Meeting control',
  form: 'Meeting control login',
  mrId: 'Meeting No.',
  password: 'Password',
  passwordHint: 'Host or supervisor password',
  code: 'Verification code',
  codeLoading: 'Loading the verification code',
  submit: 'Log in',
  loading: 'Loading…',
} as const;

export type ShellKey = keyof typeof SHELL_MESSAGES;
