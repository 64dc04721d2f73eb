/**
 * The meeting actor's two queries about one participant (issue 30):
 *
 * - `get_call_qa` (spec §7, `POST get_call_qa`; assumed group call-quality): asks the server for
 *   a participant's call quality. The reference server answers through the feed
 *   (`get_call_qa_rsp`, to the asking session only); an answer in the reply body itself is taken
 *   as well, as a platform may give it there.
 * - `get_user_infos` (facts §2 #14, `POST user-infos`): a participant's details (nick name, type,
 *   phone, call address), asked when they are shown and again when a `usr_ids` event says those
 *   users changed. The reply is `user_infos`.
 *
 * Each runs as a callback actor that reports back to the meeting actor; an abort (the actor
 * stopped) reports nothing.
 */
import { fromCallback, type EventObject } from 'xstate';
import type { SessionApi } from '../api';
import { CMD } from '../../protocol/cmdids';
import { isApiError } from '../../protocol/errors';
import type { GetCallQaRspEvent, UserInfosEvent } from '../../protocol/events';
import { decodeUserInfos } from '../../protocol/decodeSession';

/** At most this many ids go in one get_user_infos (a usr_ids event may name a whole department). */
export const USER_INFOS_BATCH = 200;

/** How a call-quality question stands for one participant; absent once answered. */
export type CallQaAsk = { state: 'pending' } | { state: 'failed'; status: number; result?: number };

export type QueryReport =
  | { type: 'meeting.callQaAnswer'; usrId: string; answer: GetCallQaRspEvent | null }
  | { type: 'meeting.callQaFailed'; usrId: string; status: number; result?: number }
  | { type: 'meeting.userInfosAnswer'; answer: UserInfosEvent };

/** The answer in a reply body, when the reply is one (`cmdid: get_call_qa_rsp` with figures). */
export function callQaInReply(reply: unknown): GetCallQaRspEvent | null {
  const r = reply as Partial<GetCallQaRspEvent> | null;
  if (!r || typeof r !== 'object' || r.cmdid !== CMD.getCallQaRsp || !r.qa || typeof r.qa !== 'object') return null;
  const qa: Record<string, number> = {};
  for (const [k, v] of Object.entries(r.qa)) if (typeof v === 'number' && Number.isFinite(v)) qa[k] = v;
  return { cmdid: CMD.getCallQaRsp, seq: 0, ep_id: Number(r.ep_id) || 0, usr_id: String(r.usr_id ?? ''), qa };
}

export const askCallQa = fromCallback<EventObject, { api: SessionApi; usrId: string }>(({ input, sendBack }) => {
  const abort = new AbortController();
  input.api.post(CMD.getCallQa, { cmdid: CMD.getCallQa, usr_id: input.usrId }, abort.signal).then(
    (reply) => sendBack({ type: 'meeting.callQaAnswer', usrId: input.usrId, answer: callQaInReply(reply) } satisfies QueryReport),
    (error: unknown) => {
      if (abort.signal.aborted) return;
      const status = isApiError(error) ? error.status : 0;
      const result = isApiError(error) ? error.result : undefined;
      sendBack({
        type: 'meeting.callQaFailed',
        usrId: input.usrId,
        status,
        ...(result !== undefined ? { result } : {}),
      } satisfies QueryReport);
    },
  );
  return () => abort.abort();
});

export const askUserInfos = fromCallback<EventObject, { api: SessionApi; usrIds: readonly string[] }>(({ input, sendBack }) => {
  const abort = new AbortController();
  input.api.post('user-infos', { cmdid: CMD.getUserInfos, usr_ids: [...input.usrIds] }, abort.signal).then(
    (reply) => {
      try {
        sendBack({ type: 'meeting.userInfosAnswer', answer: decodeUserInfos(reply) } satisfies QueryReport);
      } catch {
        // an answer of another shape says nothing we can show; the details stay as they were
      }
    },
    // details are extra: a refusal leaves them as they were (the request failure is reported centrally)
    () => undefined,
  );
  return () => abort.abort();
});

/** `ids` in batches of {@link USER_INFOS_BATCH}, without repeats or empty ids. */
export function userInfoBatches(ids: readonly string[]): string[][] {
  const unique = [...new Set(ids.filter((id) => id !== ''))];
  const out: string[][] = [];
  for (let i = 0; i < unique.length; i += USER_INFOS_BATCH) out.push(unique.slice(i, i + USER_INFOS_BATCH));
  return out;
}

/** One participant's details as `user_infos` gives them. */
export interface UserInfo {
  usr_id: string;
  nick_name: string;
  usr_type: number;
  phone_no: string;
  /** the address it is called at (facts §5.2), '' when not given */
  call_addr: string;
}

/** `known` with the details `answer` gives, one entry per usr_id. */
export function withUserInfos(
  known: Readonly<Record<string, UserInfo>>,
  answer: Omit<UserInfosEvent, 'cmdid' | 'seq'>,
): Record<string, UserInfo> {
  const next = { ...known };
  answer.usr_ids.forEach((id, i) => {
    next[id] = {
      usr_id: id,
      nick_name: answer.nick_names[i] ?? '',
      usr_type: answer.usr_types[i] ?? 0,
      phone_no: answer.phone_nos[i] ?? '',
      call_addr: answer.call_addrs?.[i] ?? '',
    };
  });
  return next;
}
