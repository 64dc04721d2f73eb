/**
 * The login screen's first verify code, asked for as the console starts (issue 27 item 3). The
 * login screen asked for it only once it had drawn, after the platform's branding had come: on a
 * slow link the code came three round trips after the script. Asked for at boot, its request goes
 * out as soon as getPlatform has said how to sign, beside the branding's calls.
 *
 * The code is handed out once, to the first asker, and only while it is fresh: a code is single
 * use, and one asked for long before (the screen opened later, or a second visit) would expire
 * before the screen's own timer says so.
 */
import type { LoginApi } from '@machines/api';
import type { VerifyCodeResponse } from '@protocol/wire';

/** How long after its request a code fetched ahead is still handed out. */
export const CODE_AHEAD_MAX_AGE_MS = 10_000;

export interface CodeAhead {
  /** the code fetched ahead, once, while fresh; undefined after that */
  take(): Promise<VerifyCodeResponse> | undefined;
}

/** Asks `api` for a verify code now, to be taken by the screen that needs one. */
export function fetchCodeAhead(api: Pick<LoginApi, 'getVerifyCode'>, now: () => number = Date.now): CodeAhead {
  const askedAt = now();
  let pending: Promise<VerifyCodeResponse> | undefined = api.getVerifyCode();
  // nobody may take it: its failure is then nobody's to report
  pending.catch(() => {});
  return {
    take() {
      const code = pending;
      pending = undefined;
      return code && now() - askedAt <= CODE_AHEAD_MAX_AGE_MS ? code : undefined;
    },
  };
}

/** `api`, whose first verify code is the one fetched ahead when there is one to take. */
export function withCodeAhead(api: LoginApi, ahead: CodeAhead): LoginApi {
  return {
    ...api,
    getVerifyCode: (signal) => ahead.take() ?? api.getVerifyCode(signal),
  };
}
