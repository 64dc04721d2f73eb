/**
 * The management-platform (CM) login as the dialog performs it: a digits-only picture code from
 * `web-verify-code`, then `login_req` with the MD5 of the password (protocol-facts §1.6), then
 * the management session handed to the meeting session (`set-confmgr-ssid`), whose answer tells
 * the admin flag, the management platform's address and this console's address; the session is
 * kept with those (protocol/management.ts) for the calls made with it (booking).
 */
import { md5 } from '@noble/hashes/legacy.js';
import type { SessionApi } from '@machines/index';
import { managementSessionOf, type ManagementSession } from '@protocol/management';
import { toHex, utf8 } from '@protocol/bytes';
import type { Transport } from '#/api';

export interface ManagementCode {
  image: string;
  codeId: string;
}

/** Fetches a new picture code; the image is a data: URL. */
export async function fetchManagementCode(transport: Transport): Promise<ManagementCode> {
  const rsp = await transport.request<{ base64: string; code_id: string }>({
    method: 'GET',
    path: '/rest/v1/app1/manager/sessions/web-verify-code/',
  });
  return { image: `data:image/png;base64,${rsp.base64}`, codeId: rsp.code_id };
}

/**
 * Logs in to the management platform and hands the management session to this meeting session.
 * Rejects with the ApiError of the refused step (1003 wrong or expired code, 1001 wrong password);
 * resolves with the session as the console keeps it.
 */
export async function managementLogin(
  transport: Transport,
  session: SessionApi,
  form: { loginId: string; password: string; code: string; codeId: string },
): Promise<ManagementSession> {
  const rsp = await transport.request<Record<string, unknown>>({
    method: 'POST',
    path: '/rest/v1/app1/manager/sessions/login_req/',
    body: {
      cmdid: 'login_req',
      login_id: form.loginId,
      login_pwd: toHex(md5(utf8(form.password))),
      login_type: 1,
      cert_code: form.code,
      code_id: form.codeId,
    },
  });
  const ssid = typeof rsp.session_id === 'string' ? rsp.session_id : '';
  const handOver = await session.post('set-confmgr-ssid', { cmdid: 'set_confmgr_ssid', ssid });
  return managementSessionOf(rsp, handOver, form.loginId);
}
