/**
 * Feeds the sidebar information from the session: meeting info and schedule from the meeting
 * actor, member counts from the participants actor; the overtime request goes through the
 * commands actor (its refusal, e.g. a collision with the next booking, is reported by the
 * participant panel's refusal notifications, which share the command label prefix).
 */
import { useSelector } from '@xstate/react';
import type { ActorRefFrom, AnyActorRef } from 'xstate';
import type { MrScene } from '@protocol/wire';
import {
  commandsSelectors,
  meetingSelectors,
  participantsSelectors,
  type CommandsMachine,
  type MeetingMachine,
  type ParticipantsMachine,
} from '@machines/index';
import { useSessionChild } from '#/session/useSessionChild';
import { useServerClockOffsetSec } from '#/session/serverClock';
import { PARTICIPANT_LABEL_PREFIX } from '#/session/controlRequests';
import { overtimeStep, toSend } from '@machines/commands/requests';
import { SidebarInfo } from './SidebarInfo';

const { selectMeetingInfo, selectScheduleInfo } = meetingSelectors;
const { selectOnlineCount, selectTotalCount } = participantsSelectors;
const { selectIsLabelPending } = commandsSelectors;

const OVERTIME_LABEL = `${PARTICIPANT_LABEL_PREFIX}overtime`;
const overtimePending = selectIsLabelPending(OVERTIME_LABEL);

export interface SidebarInfoPanelProps {
  /** the root session actor */
  session: AnyActorRef;
  /** meeting number of the login */
  mrId: string;
  /** scene from the login, until the meeting info arrives */
  scene: MrScene;
  /** supervisors may not ask for overtime */
  role: 'host' | 'supervisor';
}

export function SidebarInfoPanel({ session, mrId, scene, role }: SidebarInfoPanelProps) {
  const meeting = useSessionChild<ActorRefFrom<MeetingMachine>>(session, 'meeting');
  const participants = useSessionChild<ActorRefFrom<ParticipantsMachine>>(session, 'participants');
  const commands = useSessionChild<ActorRefFrom<CommandsMachine>>(session, 'commands');
  const info = useSelector(meeting, (s) => (s ? selectMeetingInfo(s) : null));
  const schedule = useSelector(meeting, (s) => (s ? selectScheduleInfo(s) : null));
  const online = useSelector(participants, (s) => (s ? selectOnlineCount(s) : 0)) ?? 0;
  const total = useSelector(participants, (s) => (s ? selectTotalCount(s) : 0)) ?? 0;
  const pending = useSelector(commands, (s) => (s ? overtimePending(s) : false)) ?? false;
  // elapsed and remaining tick from the server's clock
  const clockOffsetSec = useServerClockOffsetSec(session);

  return (
    <SidebarInfo
      mrId={info?.mr_id || mrId}
      scene={info?.mr_scene ?? scene}
      bandwidth={info?.bandwidth ?? 0}
      startSec={info?.real_launch_dtm ?? 0}
      durationSec={info?.duration ?? 0}
      nextBookingSec={schedule?.next_start_dtm || info?.next_booking_dtm || 0}
      clockOffsetSec={clockOffsetSec}
      onlineCount={online}
      totalCount={total}
      overtimePending={pending}
      canRequestOvertime={role === 'host'}
      onOvertime={(minutes) => {
        commands?.send(toSend(overtimeStep(minutes * 60), { label: OVERTIME_LABEL }));
      }}
    />
  );
}
