/**
 * The header's meeting state at a glance (issue 13 §5, issue 14 §2): a chip for each state that is
 * on — REC with its elapsed time, LIVE, LOCKED, the waiting room's count, raised hands, the roll
 * call, the private talk and the other controllers online — each opening its control, on one line
 * with the rest behind "+N" (ChipOverflow, issue 26 item 3). Reads the session's actors through
 * named selectors; what to show is `meetingChips`.
 */
import { useEffect, useMemo } from 'react';
import type { AnyActorRef, SnapshotFrom } from 'xstate';
import { useSelector } from '@xstate/react';
import {
  controllersSelectors,
  meetingSelectors,
  recordingSelectors,
  type ControllersMachine,
  type MeetingMachine,
  type RecordingMachine,
} from '@machines/index';
import { useSessionChild } from '#/session/useSessionChild';
import { useNotOffered } from '#/session/notOffered';
import { onPrivateTalkRequest, sendPrivateTalk } from '#/session/privateTalk';
import { elapsedSeconds, meetingChips } from './meetingStateModel';
import { StateChip } from './StateChip';
import { ControllersChip, PrivateTalkChip } from './PopoverChips';
import { useNow, useSeenAt } from './clock';
import { ChipOverflow, type ChipPlace, type OverflowChip } from './ChipOverflow';
import { FocusChip } from './FocusChip';
import { nameOf, namesOf, sameNames, selectHands, selectWaiting } from './participantChips';
import { focusModeSteps, focusStateOf } from '@machines/commands/focusMode';
import { toSend } from '@machines/commands/requests';

const NO_CONTROLLERS: readonly never[] = [];

type MeetingSnap = SnapshotFrom<MeetingMachine> | undefined;

const field =
  <K extends string>(key: K) =>
  (s: MeetingSnap) =>
    s ? (meetingSelectors.selectMeetingStatus(s) as Record<string, unknown> | null)?.[key] : undefined;

const NO_IDS: readonly string[] = [];

export function MeetingStateBar({
  session,
  role,
}: {
  /** the root session actor */
  session: AnyActorRef;
  /** this console's role: only a supervisor steers a private talk */
  role: string;
}) {
  const meeting = useSessionChild<AnyActorRef>(session, 'meeting');
  const controllersNotOffered = useNotOffered(session, 'controllers');
  const participants = useSessionChild<AnyActorRef>(session, 'participants');
  const recording = useSessionChild<AnyActorRef>(session, 'recording');
  const controllers = useSessionChild<AnyActorRef>(session, 'controllers');

  const recState = useSelector(recording, (s: SnapshotFrom<RecordingMachine> | undefined) =>
    s ? recordingSelectors.selectRecordingState(s) : undefined,
  );
  const statusRecState = useSelector(meeting, field('rec_state')) as string | undefined;
  const recStartDtm = useSelector(meeting, field('rec_start_dtm')) as number | undefined;
  const live = useSelector(meeting, field('live_enabled')) === 1;
  const locked = useSelector(meeting, field('mr_locked')) === 1;
  const rollCallUsrId = (useSelector(meeting, field('rollcall_usr_id')) as string | undefined) ?? '';
  const talkUsrId = (useSelector(meeting, field('private_talk_usr_id')) as string | undefined) ?? '';
  const talkStartDtm = useSelector(meeting, field('private_talk_start_dtm')) as number | undefined;
  const waiting = useSelector(participants, selectWaiting) ?? 0;
  const hands = useSelector(participants, selectHands) ?? 0;
  const rollCallName =
    useSelector(
      participants,
      useMemo(() => nameOf(rollCallUsrId), [rollCallUsrId]),
    ) ?? '';
  const talkName =
    useSelector(
      participants,
      useMemo(() => nameOf(talkUsrId), [talkUsrId]),
    ) ?? '';
  const focusSpeaker = useSelector(meeting, field('focus_speaker')) as 0 | 1 | undefined;
  const autoFocusUsrId = (useSelector(meeting, field('auto_focus_usr_id')) as string | undefined) ?? '';
  const specFocusIds = (useSelector(meeting, field('spec_focus_usr_ids')) as string[] | undefined) ?? NO_IDS;
  const focus = useMemo(
    () => focusStateOf({ focus_speaker: focusSpeaker, auto_focus_usr_id: autoFocusUsrId, spec_focus_usr_ids: [...specFocusIds] }),
    [focusSpeaker, autoFocusUsrId, specFocusIds],
  );
  // one array per focus state: a fresh one each render would give useSelector a new selector each time
  const focusIds = useMemo(() => (focus.mode === 'auto' ? (focus.autoUsrId ? [focus.autoUsrId] : NO_IDS) : focus.specIds), [focus]);
  const focusNames =
    useSelector(
      participants,
      useMemo(() => namesOf(focusIds), [focusIds]),
      sameNames,
    ) ?? NO_IDS;
  const autoFocusOff = useNotOffered(session, 'focus-modes');
  const online = useSelector(controllers, (s: SnapshotFrom<ControllersMachine> | undefined) =>
    s ? controllersSelectors.selectControllersOnline(s).list : undefined,
  );

  const chips = meetingChips({
    recState: recState ?? statusRecState,
    recStartDtm,
    live,
    locked,
    waiting,
    hands,
    // the called participant's name, or the usr_id while the roster does not know it yet
    rollCallName: rollCallUsrId ? rollCallName || rollCallUsrId : '',
    privateTalkUsrId: talkUsrId,
    privateTalkName: talkName,
    privateTalkStartDtm: talkStartDtm,
    controllers: online ?? NO_CONTROLLERS,
    focus: { mode: focus.mode, names: focusNames },
  });

  const timed = chips.some((c) => c.kind === 'rec' || c.kind === 'privateTalk');
  const now = useNow(timed);
  const recSeen = useSeenAt(chips.some((c) => c.kind === 'rec') ? 'rec' : '');
  const talkSeen = useSeenAt(talkUsrId);

  // "Talk privately" in a participant's row operations: the header owns the talk
  const supervisor = role === 'supervisor';
  useEffect(() => (supervisor ? onPrivateTalkRequest((r) => sendPrivateTalk(session, r.usrId, true)) : undefined), [session, supervisor]);

  if (chips.length === 0) return null;
  const items: OverflowChip[] = chips.map((chip) => ({
    kind: chip.kind,
    render: (place: ChipPlace) => {
      switch (chip.kind) {
        case 'privateTalk':
          return (
            <PrivateTalkChip
              name={chip.name}
              seconds={elapsedSeconds(chip.startDtm, talkSeen, now)}
              canSteer={supervisor}
              onEnd={() => sendPrivateTalk(session, chip.usrId, false)}
              nested={place === 'overflow'}
            />
          );
        case 'focus':
          return (
            <FocusChip
              mode={chip.mode}
              names={chip.names}
              autoOff={autoFocusOff}
              nested={place === 'overflow'}
              onMode={(mode) => {
                const commands = session.system.get('commands') as AnyActorRef | undefined;
                for (const step of focusModeSteps(mode, focus)) commands?.send(toSend(step, { label: 'focus_mode' }));
              }}
            />
          );
        case 'controllers':
          return <ControllersChip others={chip.others} notOffered={controllersNotOffered} nested={place === 'overflow'} />;
        default:
          return <StateChip chip={chip} seconds={chip.kind === 'rec' ? elapsedSeconds(chip.startDtm, recSeen, now) : 0} />;
      }
    },
  }));
  return <ChipOverflow chips={items} />;
}
