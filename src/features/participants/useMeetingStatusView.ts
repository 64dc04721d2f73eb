/**
 * The few meeting-status fields the participant half shows (guest mute, audience listen/watch
 * restrictions, roll call, automatic microphone volume), read from the meeting actor.
 */
import { useMemo } from 'react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom, AnyActorRef } from 'xstate';
import { meetingSelectors, type MeetingMachine } from '@machines/index';
import type { RollCallView } from './RollCallDialog';
import { useSessionChild } from '#/session/useSessionChild';
import { focusStateOf, type FocusState } from '@machines/commands/focusMode';

export interface MeetingStatusView {
  allGuestsMute: boolean;
  /** (podium) Mute all is in force: everyone is muted, later joiners too (the platform does not say) */
  muteAllOn: boolean;
  atxMode: boolean;
  vtxMode: boolean;
  micGainAuto: boolean;
  rollCall: { usrId: string; view: RollCallView } | null;
  /** the waiting room is on: moving participants into the waiting room can succeed */
  waitingRoomOn: boolean | undefined;
  /** usr_id of the participant in a supervisor's private talk, '' when none */
  privateTalkUsrId: string;
  /** the focus mode (specified, auto, none) and who is in focus */
  focus: FocusState;
}

const { selectStatusField } = meetingSelectors;
const allGuestsMute = selectStatusField('all_guests_mute');
const muteScope = selectStatusField('mute_scope');
const atxMode = selectStatusField('mr_atx_mode');
const vtxMode = selectStatusField('mr_vtx_mode');
const micGainAuto = selectStatusField('mic_gain_auto');
const rollCall = selectStatusField('roll_call');
const rollCallUsr = selectStatusField('rollcall_usr_id');
const rollCallView = selectStatusField('rollcall_view');
const waitingRoom = selectStatusField('waiting_room');
const privateTalk = selectStatusField('private_talk_usr_id');
const focusSpeaker = selectStatusField('focus_speaker');
const autoFocus = selectStatusField('auto_focus_usr_id');
const specFocus = selectStatusField('spec_focus_usr_ids');

export function useMeetingStatusView(session: AnyActorRef): MeetingStatusView {
  const meeting = useSessionChild<ActorRefFrom<MeetingMachine>>(session, 'meeting');
  const guests = useSelector(meeting, (s) => (s ? allGuestsMute(s) : undefined));
  const scope = useSelector(meeting, (s) => (s ? muteScope(s) : undefined));
  const atx = useSelector(meeting, (s) => (s ? atxMode(s) : undefined));
  const vtx = useSelector(meeting, (s) => (s ? vtxMode(s) : undefined));
  const micAuto = useSelector(meeting, (s) => (s ? micGainAuto(s) : undefined));
  const calling = useSelector(meeting, (s) => (s ? rollCall(s) : undefined));
  const called = useSelector(meeting, (s) => (s ? rollCallUsr(s) : undefined));
  const view = useSelector(meeting, (s) => (s ? rollCallView(s) : undefined));
  const waiting = useSelector(meeting, (s) => (s ? waitingRoom(s) : undefined));
  const talking = useSelector(meeting, (s) => (s ? privateTalk(s) : undefined));
  const focusOn = useSelector(meeting, (s) => (s ? focusSpeaker(s) : undefined));
  const autoUsr = useSelector(meeting, (s) => (s ? autoFocus(s) : undefined));
  const specIds = useSelector(meeting, (s) => (s ? specFocus(s) : undefined));
  const focus = useMemo(
    () => focusStateOf({ focus_speaker: focusOn, auto_focus_usr_id: autoUsr, spec_focus_usr_ids: specIds }),
    [focusOn, autoUsr, specIds],
  );
  return {
    allGuestsMute: guests === 1,
    muteAllOn: scope === 'all',
    atxMode: atx === 1,
    vtxMode: vtx === 1,
    micGainAuto: micAuto === 1,
    rollCall: calling === 1 && called ? { usrId: called, view: view ?? 'with_speaker' } : null,
    waitingRoomOn: waiting === undefined ? undefined : waiting === 1,
    privateTalkUsrId: talking ?? '',
    focus,
  };
}
