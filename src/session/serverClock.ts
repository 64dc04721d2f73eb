/**
 * The server's clock as this console knows it: the meeting info carries the server's time
 * (`current_dtm`, seconds) when it was answered, so the difference to this computer's clock at
 * that moment is the offset every server time must be read against. Elapsed and remaining meeting
 * time, the booking rules' "10 minutes ahead" and how long a hand has been up all count on the
 * server's clock; a console whose clock is minutes off would otherwise say "just now" for a hand
 * raised five minutes ago.
 */
import { useMemo } from 'react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom, AnyActorRef } from 'xstate';
import { meetingSelectors, type MeetingMachine } from '@machines/index';
import type { MrInfo } from '@protocol/wire';
import { useSessionChild } from './useSessionChild';

/** Seconds to add to this computer's clock to get the server's, as of the info's arrival; 0 when not told. */
export function serverClockOffsetSec(info: Pick<MrInfo, 'current_dtm'> | null | undefined, nowMs = Date.now()): number {
  return info?.current_dtm ? info.current_dtm - nowMs / 1000 : 0;
}

/**
 * The session's server clock offset in seconds, measured when the server tells a new time. Keyed
 * on `current_dtm` itself, not the info object: a partial `one_mr_info` delta makes a new info that
 * still carries the old time, and measuring against it then would set the clock back by however
 * long ago that time was told.
 */
export function useServerClockOffsetSec(session: AnyActorRef | null): number {
  const meeting = useSessionChild<ActorRefFrom<MeetingMachine>>(session, 'meeting');
  const serverTime = useSelector(meeting, (s) => (s ? (meetingSelectors.selectMeetingInfo(s)?.current_dtm ?? 0) : 0)) ?? 0;
  return useMemo(() => serverClockOffsetSec({ current_dtm: serverTime }), [serverTime]);
}
