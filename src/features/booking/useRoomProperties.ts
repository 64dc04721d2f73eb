/**
 * The room's `max_call` and `region_id` from the meeting status, with their fallbacks (a module of
 * its own: the sidebar reads it before the booking dialog is ever loaded).
 */
import { useSelector } from '@xstate/react';
import type { ActorRefFrom, AnyActorRef } from 'xstate';
import { meetingSelectors, type MeetingMachine } from '@machines/index';
import type { RoomProperties } from '@protocol/management';
import { useSessionChild } from '#/session/useSessionChild';

export function useRoomProperties(session: AnyActorRef): RoomProperties | undefined {
  const meeting = useSessionChild<ActorRefFrom<MeetingMachine>>(session, 'meeting');
  return useSelector(meeting, (s) => (s ? meetingSelectors.selectRoomProperties(s) : undefined), sameRoomProperties);
}

function sameRoomProperties(a: RoomProperties | undefined, b: RoomProperties | undefined): boolean {
  return (
    a?.maxCall === b?.maxCall && a?.regionId === b?.regionId && a?.told.maxCall === b?.told.maxCall && a?.told.regionId === b?.told.regionId
  );
}
