/**
 * What became of a temporary call (issue 26 item 7: the host saw nothing after placing one):
 * calling until a participant matching the call comes online (joined), the `failed_call` event
 * names its address (failed, with the reason), or the bounded wait runs out (no answer). Matched
 * by address or display name, since the answer carries no usr_id; participants online before
 * the call do not count. Pure.
 */
import type { FailedCallMark } from './failedCalls';

/** How long the host is told "calling…" before the call counts as unanswered. */
export const TEMP_CALL_WAIT_SECS = 60;

export interface PlacedTempCall {
  address: string;
  name: string;
  /** Unix seconds when it was sent */
  sentAt: number;
  /** who was online when it was sent */
  onlineBefore: ReadonlySet<string>;
  /** a registered user invited by number: matched by usr_id, its address read from its roster row */
  usrId?: string;
}

export type TempCallOutcome =
  { state: 'calling' } | { state: 'joined'; usrId: string; name: string } | { state: 'failed'; reason: string } | { state: 'noAnswer' };

/** An address as both the call and the rows write it: no scheme, no case, `,` as `@`. */
export const plainAddress = (a: string): string =>
  a
    .trim()
    .toLowerCase()
    .replace(/^(sips?|h323|tel):/, '')
    .replace(',', '@');

export function tempCallOutcome(
  call: PlacedTempCall,
  rows: readonly { usrId: string; name: string; online: boolean; remoteAddr: string }[],
  failed: ReadonlyMap<string, FailedCallMark> | undefined,
  nowSecs: number,
): TempCallOutcome {
  const invitee = call.usrId === undefined ? undefined : rows.find((r) => r.usrId === call.usrId);
  const addr = plainAddress(invitee ? invitee.remoteAddr : call.address);
  const joined =
    call.usrId === undefined
      ? rows.find((r) => r.online && !call.onlineBefore.has(r.usrId) && (r.name === call.name || plainAddress(r.remoteAddr) === addr))
      : invitee?.online && !call.onlineBefore.has(invitee.usrId)
        ? invitee
        : undefined;
  if (joined) return { state: 'joined', usrId: joined.usrId, name: joined.name };
  for (const [at, mark] of failed ?? [])
    if (addr && plainAddress(at) === addr && mark.time >= call.sentAt - 1) return { state: 'failed', reason: mark.reason };
  return nowSecs - call.sentAt >= TEMP_CALL_WAIT_SECS ? { state: 'noAnswer' } : { state: 'calling' };
}
