/**
 * The booking dialog wired to the session: the server's clock and the running meeting's planned
 * end from the meeting actor, the booking sent by the platform actor with its management session
 * (`booking.submit`; its pending state and refusal read back through selectors). Once booked the
 * dialog closes; the meeting's feed (`schedule_info`) brings the booking to "next booking" and the
 * overtime rule, so nothing here keeps a copy of it.
 */
import { useEffect } from 'react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom, AnyActorRef } from 'xstate';
import { meetingSelectors, platformSelectors, type MeetingMachine, type PlatformMachine } from '@machines/index';
import { useSessionChild } from '#/session/useSessionChild';
import { useServerClockOffsetSec } from '#/session/serverClock';
import { BookingDialog } from './BookingDialog';

export interface BookNextMeetingProps {
  opened: boolean;
  /** the root session actor */
  session: AnyActorRef;
  mrId: string;
  onClose: () => void;
}

export function BookNextMeeting({ opened, session, mrId, onClose }: BookNextMeetingProps) {
  const meeting = useSessionChild<ActorRefFrom<MeetingMachine>>(session, 'meeting');
  const info = useSelector(meeting, (s) => (s ? meetingSelectors.selectMeetingInfo(s) : null));
  const scheduled = useSelector(meeting, (s) => (s ? meetingSelectors.selectScheduleInfo(s)?.next_start_dtm : 0));
  const nextBookingSec = scheduled || info?.next_booking_dtm || 0;
  const platform = useSessionChild<ActorRefFrom<PlatformMachine>>(session, 'platform');
  const pending = useSelector(platform, (s) => (s ? platformSelectors.selectBookingPending(s) : false)) ?? false;
  const refusal = useSelector(platform, (s) => (s ? platformSelectors.selectBookingRefusal(s) : undefined));
  // the §5 "10 minutes ahead" is the server's
  const offsetSec = useServerClockOffsetSec(session);
  const currentEndSec = info && info.duration > 0 && info.real_launch_dtm > 0 ? info.real_launch_dtm + info.duration : 0;
  const close = () => {
    platform?.send({ type: 'booking.dismiss' });
    onClose();
  };
  useEffect(() => {
    if (!platform) return;
    const sub = platform.on('booking.booked', () => {
      platform.send({ type: 'booking.dismiss' });
      onClose();
    });
    return () => sub.unsubscribe();
  }, [platform, onClose]);
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
      onSubmit={(b) => platform?.send({ type: 'booking.submit', draft: { roomId: info?.mr_id || mrId, ...b } })}
    />
  );
}
