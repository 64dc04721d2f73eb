/**
 * The management-platform (CM) calls as the console makes them, built in one place: a digits-only
 * picture code from `web-verify-code`, then `login_req` with the MD5 of the password
 * (protocol-facts §1.6), then the management session handed to the meeting session
 * (`set-confmgr-ssid`), whose answer tells the admin flag, the management platform's address and
 * this console's address; and the booking of the room's next meeting (`add_schedule`, facts §7)
 * with that session named in the `sessionid` header as the platform's management client names it
 * (facts §1.2). Each rejects with the ApiError of the refused step (1003 wrong or expired code,
 * 1001 wrong password; 7002–7005, 1088, 556 for a booking).
 */
import { md5 } from '@noble/hashes/legacy.js';
import type { PlatformPort, SessionApi } from '../api';
import { toHex, utf8 } from '../../protocol/bytes';
import {
  ADD_SCHEDULE_SUFFIX,
  addScheduleBody,
  CM_ROOT,
  cmPath,
  managementSessionOf,
  scheduleIdOf,
  type BookingDraft,
  type ManagementSession,
} from '../../protocol/management';

export interface ManagementCode {
  /** the picture as a data: URL */
  image: string;
  codeId: string;
}

export interface ManagementLoginForm {
  loginId: string;
  password: string;
  code: string;
}

/** Fetches a new picture code. */
export async function fetchManagementCode(platform: PlatformPort, signal?: AbortSignal): Promise<ManagementCode> {
  const rsp = await platform.request<{ base64: string; code_id: string }>('GET', `${CM_ROOT}web-verify-code/`, undefined, { signal });
  return { image: `data:image/png;base64,${rsp.base64}`, codeId: rsp.code_id };
}

/** The `login_req` body: the password goes as its MD5 only. */
export function managementLoginBody(form: ManagementLoginForm & { codeId: string }): Record<string, unknown> {
  return {
    cmdid: 'login_req',
    login_id: form.loginId,
    login_pwd: toHex(md5(utf8(form.password))),
    login_type: 1,
    cert_code: form.code,
    code_id: form.codeId,
  };
}

/** Logs in to the management platform and hands the management session to this meeting session. */
export async function managementLogin(
  platform: PlatformPort,
  session: SessionApi,
  form: ManagementLoginForm & { codeId: string },
  signal?: AbortSignal,
): Promise<ManagementSession> {
  const rsp = await platform.request<Record<string, unknown>>('POST', `${CM_ROOT}login_req/`, managementLoginBody(form), { signal });
  const ssid = typeof rsp.session_id === 'string' ? rsp.session_id : '';
  const handOver = await session.post('set-confmgr-ssid', { cmdid: 'set_confmgr_ssid', ssid }, signal);
  return managementSessionOf(rsp, handOver, form.loginId);
}

/**
 * Books the room's next meeting with the management session; the running meeting hears of the
 * booking through its own feed (`schedule_info`), which is what "next booking" shows.
 */
export async function bookMeeting(
  platform: PlatformPort,
  mgmt: ManagementSession,
  draft: BookingDraft,
  signal?: AbortSignal,
): Promise<{ scheduleId: number }> {
  const answer = await platform.request<unknown>('POST', cmPath(mgmt.ssid, ADD_SCHEDULE_SUFFIX), addScheduleBody(draft), {
    sessionId: mgmt.ssid,
    signal,
  });
  return { scheduleId: scheduleIdOf(answer) };
}
