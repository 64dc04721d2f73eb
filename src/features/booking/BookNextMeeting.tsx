/**
 * The booking dialog wired to the session: the server's clock and the running meeting's planned
 * end from the meeting actor, the booking sent with the management session. Once booked the
 * dialog closes; the meeting's feed (`schedule_info`) brings the booking to "next booking" and the
 * overtime rule, so nothing here keeps a copy of it.
 */
import { useMemo, useState } from 'react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom, AnyActorRef } from 'xstate';
import { meetingSelectors, type MeetingMachine } from '@machines/index';
import type { ManagementSession } from '@protocol/management';
import type { Transport } from '#/api';
import { useSessionChild } from '#/session/useSessionChild';
import { bookMeeting } from './bookMeeting';
import { BookingDialog } from './BookingDialog';

export interface BookNextMeetingProps {
  opened: boolean;
  /** the root session actor */
  session: AnyActorRef;
  mrId: string;
  mgmt: ManagementSession;
  transport: Transport;
  onClose: () => void;
}

export function BookNextMeeting({ opened, session, mrId, mgmt, transport, onClose }: BookNextMeetingProps) {
  const meeting = useSessionChild<ActorRefFrom<MeetingMachine>>(session, 'meeting');
  const info = useSelector(meeting, (s) => (s ? meetingSelectors.selectMeetingInfo(s) : null));
  const scheduled = useSelector(meeting, (s) => (s ? meetingSelectors.selectScheduleInfo(s)?.next_start_dtm : 0));
  const nextBookingSec = scheduled || info?.next_booking_dtm || 0;
  const [pending, setPending] = useState(false);
  const [refusal, setRefusal] = useState<unknown>(undefined);
  // the server's clock as of the info's arrival (the §5 "10 minutes ahead" is the server's)
  const offsetSec = useMemo(() => (info?.current_dtm ? info.current_dtm - Date.now() / 1000 : 0), [info]);
  const currentEndSec = info && info.duration > 0 && info.real_launch_dtm > 0 ? info.real_launch_dtm + info.duration : 0;
  const close = () => {
    setRefusal(undefined);
    onClose();
  };
  return (
    <BookingDialog
      opened={opened}
      defaultName={info?.mr_name || info?.room_name || ''}
      nowSec={() => Math.floor(Date.now() / 1000 + offsetSec)}
      currentEndSec={currentEndSec}
      nextBookingSec={nextBookingSec}
      pending={pending}
      refusal={refusal}
      onClose={close}
      onSubmit={(b) => {
        setPending(true);
        setRefusal(undefined);
        bookMeeting(transport, mgmt, { roomId: info?.mr_id || mrId, ...b }).then(
          () => {
            setPending(false);
            close();
          },
          (e) => {
            setPending(false);
            setRefusal(e);
          },
        );
      }}
    />
  );
}
