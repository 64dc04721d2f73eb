/**
 * The room's `max_call` applied to a call about to be placed (issue 30): whether adding `adding`
 * more endpoints to the `inMeeting` already there passes the most the room takes at once, and how
 * many may still be called. The server refuses the rest with `max_calls` (spec §8 "maximum calls
 * reached"); the console says so before sending. When the platform does not tell `max_call`
 * (assumption group `room-properties`), nothing is known and nothing is held back. Pure.
 */
import { callsAllowed, type RoomProperties } from './management';

export type CallLimit =
  /** the platform did not tell max_call: say nothing, allow */
  | { state: 'unknown' }
  /** every call asked for fits */
  | { state: 'fits'; remaining: number }
  /** adding them would pass max_call: only `remaining` (maybe 0) may still be called */
  | { state: 'over'; maxCall: number; inMeeting: number; remaining: number };

/**
 * @example callLimit({ maxCall: 6, regionId: '-1', told: { maxCall: true, regionId: false } }, 6, 1) // { state: 'over', maxCall: 6, inMeeting: 6, remaining: 0 }
 */
export function callLimit(room: RoomProperties | undefined, inMeeting: number, adding: number): CallLimit {
  if (!room || !room.told.maxCall) return { state: 'unknown' };
  const remaining = Math.max(0, room.maxCall - inMeeting);
  if (callsAllowed(room.maxCall, inMeeting, adding) >= adding) return { state: 'fits', remaining };
  return { state: 'over', maxCall: room.maxCall, inMeeting, remaining };
}

/** Whether a send of that many calls is held back (only when max_call is known and none fits). */
export const callBlocked = (limit: CallLimit): boolean => limit.state === 'over' && limit.remaining === 0;
