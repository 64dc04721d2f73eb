/**
 * The few meeting-status fields the participant half shows (guest mute, audience listen/watch
 * restrictions, roll call, automatic microphone volume), read from the session's meeting state.
 * One place adapts to where the session machines keep `mr-status`.
 */
import { useSelector } from '@xstate/react';
import type { AnyActorRef } from 'xstate';
import type { MrStatus } from '@protocol/wire';
import type { RollCallView } from './RollCallDialog';

export interface MeetingStatusView {
  allGuestsMute: boolean;
  atxMode: boolean;
  vtxMode: boolean;
  micGainAuto: boolean;
  rollCall: { usrId: string; view: RollCallView } | null;
}

/** Picks the status out of a session snapshot (root context or a `meeting` child). */
function statusOf(session: AnyActorRef): Partial<MrStatus> | undefined {
  const meeting = session.system.get('meeting') as AnyActorRef | undefined;
  const ctx = (meeting ?? session).getSnapshot()?.context as { status?: Partial<MrStatus>; mrStatus?: Partial<MrStatus> } | undefined;
  return ctx?.status ?? ctx?.mrStatus;
}

const key = (s: Partial<MrStatus> | undefined) =>
  [s?.all_guests_mute, s?.mr_atx_mode, s?.mr_vtx_mode, s?.mic_gain_auto, s?.roll_call, s?.rollcall_usr_id, s?.rollcall_view].join('|');

export function useMeetingStatusView(session: AnyActorRef): MeetingStatusView {
  const meeting = useSelector(session, () => session.system.get('meeting') as AnyActorRef | undefined);
  // re-read whenever the meeting actor (or the root) changes; the key keeps re-renders to real changes
  useSelector(meeting ?? session, () => key(statusOf(session)));
  const s = statusOf(session);
  return {
    allGuestsMute: s?.all_guests_mute === 1,
    atxMode: s?.mr_atx_mode === 1,
    vtxMode: s?.mr_vtx_mode === 1,
    micGainAuto: s?.mic_gain_auto === 1,
    rollCall: s?.roll_call === 1 && s.rollcall_usr_id ? { usrId: s.rollcall_usr_id, view: s.rollcall_view ?? 'with_speaker' } : null,
  };
}
