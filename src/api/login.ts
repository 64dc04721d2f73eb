/**
 * {@link LoginApi}: the verify code and the controller login. Both are signed in compat mode
 * whatever the platform's mode (no session key exists before the login answers).
 */
import type { LoginApi } from '@machines/api';
import { CMD } from '@protocol/cmdids';
import { decodeLoginResponse, decodeVerifyCodeResponse } from '@protocol/decode';
import type { LoginRequest, ResumeRequest } from '@protocol/wire';
import { createPlatformApi, type PlatformClient } from './platform';
import type { ClientOptions, PlatformSettings } from './transport';

/**
 * The login client. Signing settings come from `platform` (shared with the session clients),
 * else from `settings`, else from getPlatform on first use.
 * @example const login = createLoginApi({ baseUrl: server.url }); const code = await login.getVerifyCode();
 */
export function createLoginApi(options: ClientOptions & { platform?: PlatformClient; settings?: PlatformSettings } = {}): LoginApi {
  const t = (options.platform ?? createPlatformApi(options)).transport;
  // login and resume open a session on the same path and get the same answer
  const openSession = (mrId: string, body: LoginRequest | ResumeRequest, signal?: AbortSignal) =>
    t.request({
      method: 'POST',
      path: `/rest/v1/meetings/${encodeURIComponent(mrId)}/sessions/`,
      body,
      signal,
      decode: decodeLoginResponse,
    });
  return {
    getVerifyCode: (signal) =>
      t.request({ method: 'GET', path: '/rest/v1/meetings/verify-code', signal, decode: decodeVerifyCodeResponse }),
    getTextVerifyCode: (signal) =>
      t.request({ method: 'GET', path: '/rest/v1/meetings/temp-verify-code', signal, decode: decodeVerifyCodeResponse }),
    login: ({ mrId, password, code, codeId }, signal) => {
      // a verify code without `code_id` (the platform's) is answered with `cert_code` alone
      const body: LoginRequest = {
        cmdid: CMD.ctrlMrReq,
        mr_id: mrId,
        ctrl_pwd: password,
        cert_code: code,
        ...(codeId ? { code_id: codeId } : {}),
      };
      return openSession(mrId, body, signal);
    },
    // (podium) docs/protocol.md "Session resume": the same path, a token instead of password and code
    resume: ({ mrId, resumeToken }, signal) => {
      const body: ResumeRequest = { cmdid: CMD.ctrlMrReq, mr_id: mrId, resume_token: resumeToken };
      return openSession(mrId, body, signal);
    },
  };
}
