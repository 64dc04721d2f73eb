/**
 * Books the room's next meeting with the management session: `add_schedule` under the
 * management prefix (protocol-facts §7), signed as every call is, with the session named in the
 * `sessionid` header as the platform's management client names it (facts §1.2). Rejects with the
 * ApiError of a refusal (7002–7005, 1088, 556); the running meeting then hears of the booking
 * through its own feed (`schedule_info`), which is what "next booking" shows.
 */
import {
  ADD_SCHEDULE_SUFFIX,
  addScheduleBody,
  cmPath,
  scheduleIdOf,
  type BookingDraft,
  type ManagementSession,
} from '@protocol/management';
import type { Transport } from '#/api';

export async function bookMeeting(transport: Transport, mgmt: ManagementSession, draft: BookingDraft): Promise<{ scheduleId: number }> {
  const answer = await transport.request<unknown>({
    method: 'POST',
    path: cmPath(mgmt.ssid, ADD_SCHEDULE_SUFFIX),
    body: addScheduleBody(draft),
    session: { sessId: mgmt.ssid },
  });
  return { scheduleId: scheduleIdOf(answer) };
}
