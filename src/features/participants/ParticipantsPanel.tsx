/**
 * The container of the participant half: reads the session's participants, meeting status and
 * pending commands through named selectors, hands the view its data, and turns the view's
 * commands into `command.send` events for the commands actor. A refused command shows the
 * message of its result code; the rows keep showing the server's state, so nothing rolls back.
 */
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useSelector } from '@xstate/react';
import type { AnyActorRef } from 'xstate';
import { notifications } from '@mantine/notifications';
import { useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import {
  cascadeSelectors,
  commandsSelectors,
  meetingSelectors,
  type MeetingMachine,
  participantsSelectors,
  rollCallSelectors,
  type CommandsEmitted,
  type CommandsMachine,
  type Participant,
  type WaitingEntry,
  type ParticipantsMachine,
  type RollCallMachine,
  type RollCallView,
} from '@machines/index';
import type { ActorRefFrom } from 'xstate';
import { resultCodeText } from '#/i18n/messages';
import { shownInPlace } from '#/api/failureReports';
import { toastText } from '#/components/toastText';
import { ParticipantsView } from './ParticipantsView';
import { RowMaker, rosterNumbers } from './toRows';
import { commandTargets, toWireRequests, type CommandMeta, type ParticipantCommand } from './commands';
import { customTabsKey } from './customTabsStore';
import { useSessionChild } from '#/session/useSessionChild';
import { useServerClockOffsetSec } from '#/session/serverClock';
import { useMeetingStatusView } from './useMeetingStatusView';
import type { ParticipantDialogsSlot } from './dialogSlot';
import { PARTICIPANT_LABEL_PREFIX } from '#/session/controlRequests';
import { outcomeOf, type Outcome } from './commandOutcome';
import { showOutcome } from './OutcomeToast';
import { useFeedLost } from '#/session/useFeedView';
import { flag, type ParticipantRow } from './participantModel';
import { QualityProvider } from '#/quality/QualityContext';
import { useFailedCalls } from './failedCalls';
import { useVocabulary } from '#/session/useVocabulary';
import { callLimit } from '@protocol/callLimit';
import type { RoomProperties } from '@protocol/management';

type ParticipantsRef = ActorRefFrom<ParticipantsMachine>;
type CommandsRef = ActorRefFrom<CommandsMachine>;

const { selectParticipantList, selectParticipantStore, selectParticipantsVersion, selectWaitingList } = participantsSelectors;
const NO_HIDDEN: readonly string[] = [];
const { selectAnyPending, selectPendingByUsr } = commandsSelectors;

const NO_PENDING: ReadonlyMap<string, number> = new Map();
const NO_ROWS: ParticipantRow[] = [];
const NO_LIST: readonly Participant[] = [];
const NO_WAITING: readonly WaitingEntry[] = [];

let reqSeq = 0;
/** A req_id of the console's own making: the toast of its answer is found by it. */
function newReqId(): string {
  reqSeq += 1;
  return `p-${Date.now().toString(36)}-${reqSeq}-${Math.random().toString(36).slice(2, 8)}`;
}

/** Labels of the commands this half sends: its refusals are the ones it reports. */
const LABEL_PREFIX = PARTICIPANT_LABEL_PREFIX;

export interface ParticipantsPanelProps {
  /** the root session actor */
  session: AnyActorRef;
  /** meeting id and controller role: whose filter tabs to show */
  mrId: string;
  role: string;
  /** height of the table body in px */
  tableHeight?: number;
  /** the dialogs of other features (camera, microphone, statistics, address book), composed by the screen; none when absent */
  dialogs?: ParticipantDialogsSlot;
}

export function ParticipantsPanel({ session, mrId, role, tableHeight, dialogs: Dialogs }: ParticipantsPanelProps) {
  const { i18n } = useLingui();
  const participants = useSessionChild<ParticipantsRef>(session, 'participants');
  const clockOffsetSec = useServerClockOffsetSec(session);
  const commands = useSessionChild<CommandsRef>(session, 'commands');
  const rollCall = useSessionChild<ActorRefFrom<RollCallMachine>>(session, 'rollCall');
  const failedCalls = useFailedCalls(session);

  const version = useSelector(participants, (s) => (s ? selectParticipantsVersion(s) : -1));
  const list = useSelector(participants, (s) => (s ? selectParticipantList(s) : undefined));
  const waitingList = useSelector(participants, (s) => (s ? selectWaitingList(s) : undefined));
  // the same store for the actor's life: this selection never re-renders, the version above does
  const store = useSelector(participants, (s) => (s ? selectParticipantStore(s) : undefined));
  const pending = useSelector(commands, (s) => (s ? selectPendingByUsr(s) : NO_PENDING)) ?? NO_PENDING;
  const busy = useSelector(commands, (s) => (s ? selectAnyPending(s) : false)) ?? false;
  const meeting = useMeetingStatusView(session);

  // sub-sites the host hid in the cascade control (issue 30) are left out of the table and its counts
  const cascade = useSessionChild<AnyActorRef>(session, 'cascade');
  const hiddenSubSites = useSelector(cascade, (s) => (s ? cascadeSelectors.selectHiddenSubSites(s) : NO_HIDDEN)) ?? NO_HIDDEN;

  const maker = useRef<RowMaker>(null);
  maker.current ??= new RowMaker();
  const allRows = useMemo(() => {
    if (!store || !list) return NO_ROWS;
    // the rows a batch changed, found in the store's journal (toRows.ts)
    return maker.current!.fromStore(store, list, waitingList ?? NO_WAITING);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the store is updated in place: `version` moves whenever it changed
  }, [store, list, waitingList, version]);
  // the list array stays the same until someone joins or leaves (records change in place); the
  // store knows each record's place, so no map of 10,000 numbers is built per join or leave
  const numberOf = useMemo(
    () => rosterNumbers(list ?? NO_LIST, waitingList ?? NO_WAITING, store ? (id) => store.position(id) : undefined),
    [list, waitingList, store],
  );
  const rows = useMemo(() => {
    if (hiddenSubSites.length === 0) return allRows;
    const hidden = new Set(hiddenSubSites);
    return allRows.filter((r) => !hidden.has(r.usrId));
  }, [allRows, hiddenSubSites]);

  // the room's max_call against one more temporary call: every endpoint on the server counts,
  // hidden sub-sites and the waiting room too (the server's `max_calls` counts them)
  const meetingActor = useSessionChild<ActorRefFrom<MeetingMachine>>(session, 'meeting');
  const room = useSelector(meetingActor, (s) => (s ? meetingSelectors.selectRoomProperties(s) : undefined), sameRoom);
  const inMeeting = useMemo(() => allRows.reduce((n, r) => n + (r.online ? 1 : 0), 0), [allRows]);
  const tempCallLimit = useMemo(() => callLimit(room, inMeeting, 1), [room, inMeeting]);

  const onlineCount = useMemo(() => rows.reduce((n, r) => n + (r.online && !r.waiting ? 1 : 0), 0), [rows]);
  const stale = useFeedLost(session);
  const podium = useVocabulary(session) === 'podium';
  // the roll call as its actor knows it: the server's `roll_call`, and whom this console called
  // when the server does not say (`rollcall_usr_id` is Podium's; the platform reports the flag)
  const calling = useSelector(rollCall, (s) => (s ? rollCallSelectors.selectRollCallActive(s) : false));
  const calledUsrId = useSelector(rollCall, (s) => (s ? rollCallSelectors.selectCalledUsrId(s) : ''));
  const calledView = useSelector(rollCall, (s) => (s ? rollCallSelectors.selectRollCallView(s) : 'with_speaker'));
  const rollCallNow = rollCall ? (calling ? { usrId: calledUsrId ?? '', view: calledView ?? 'with_speaker' } : null) : meeting.rollCall;

  // what each command sent from here will report once answered (issue 13 §3), by req_id
  const outcomes = useRef(new Map<string, Outcome>());
  const latest = useRef({ rows, onlineCount });
  latest.current = { rows, onlineCount };

  // a refusal is one-shot feedback: emitted by the commands actor, shown as a notification
  useEffect(() => {
    if (!commands) return;
    const sub = commands.on('command.refused', (e: Extract<CommandsEmitted, { type: 'command.refused' }>) => {
      // other panels report their own commands; roll call is this half's, sent by its actor
      if (!e.label.startsWith(LABEL_PREFIX) && !e.label.startsWith('rollCall.')) return;
      outcomes.current.delete(e.reqId);
      // the other failures (no result code, 404, 5xx, 502…) are on screen already as §8 words them
      if (e.result === undefined || !shownInPlace(e)) return;
      const result = e.result;
      if (resultCodeText(i18n, result) === null) return;
      notifications.show({
        color: 'red',
        title: toastText((now) => now._(msg`The command was refused`)),
        message: toastText((now) => resultCodeText(now, result)),
        autoClose: 6000,
      });
    });
    return () => sub.unsubscribe();
  }, [commands, i18n]);

  const onCommand = useCallback(
    (cmd: ParticipantCommand, meta?: CommandMeta) => {
      // roll call has its own actor, which sends the recipe and follows the server's roll-call state
      if (cmd.type === 'rollCall') {
        if (!rollCall) return;
        if (cmd.step === 'start' && cmd.usrId)
          rollCall.send({ type: 'rollCall.start', usrId: cmd.usrId, view: (cmd.view ?? 'with_speaker') as RollCallView });
        else if (cmd.step === 'next' && cmd.usrId)
          rollCall.send({ type: 'rollCall.next', usrId: cmd.usrId, view: cmd.view as RollCallView | undefined });
        else if (cmd.step === 'end') rollCall.send({ type: 'rollCall.end' });
        return;
      }
      if (!commands) return;
      const { rows: now, onlineCount: online } = latest.current;
      const requests = toWireRequests(cmd, { onlineIds: now.filter((r) => r.online && !r.waiting).map((r) => r.usrId) });
      if (!requests.length) return;
      const outcome = outcomeOf(cmd, {
        onlineCount: online,
        handCount: now.reduce((n, r) => n + (r.online && !r.waiting && flag(r, 'hand') ? 1 : 0), 0),
        nameOf: (id) => now.find((r) => r.usrId === id)?.name,
        bulk: meta?.bulk === true,
      });
      const label = LABEL_PREFIX + (cmd.type === 'eps' ? cmd.action : cmd.type === 'status' ? cmd.key : cmd.type);
      // a recipe's requests go out together; its toast comes with the answer to the last one
      requests.forEach(({ suffix, body }, i) => {
        const reqId = newReqId();
        if (outcome && i === requests.length - 1) outcomes.current.set(reqId, outcome);
        commands.send({
          type: 'command.send',
          reqId,
          suffix,
          body: body as unknown as Record<string, unknown>,
          usrIds: commandTargets(cmd),
          label,
        });
      });
    },
    [commands, rollCall],
  );

  // the result toast of a command this half sent, once the server accepted it
  useEffect(() => {
    if (!commands) return;
    const sub = commands.on('command.succeeded', (e: Extract<CommandsEmitted, { type: 'command.succeeded' }>) => {
      const outcome = outcomes.current.get(e.reqId);
      if (!outcome) return;
      outcomes.current.delete(e.reqId);
      showOutcome(outcome, onCommand);
    });
    return () => sub.unsubscribe();
  }, [commands, onCommand]);

  const view = (
    <ParticipantsView
      rows={rows}
      numberOf={numberOf}
      flags={{
        allGuestsMute: meeting.allGuestsMute,
        muteAllOn: meeting.muteAllOn,
        audienceListenRestricted: meeting.atxMode,
        audienceWatchRestricted: meeting.vtxMode,
        onlineCount,
        waitingRoomOn: meeting.waitingRoomOn,
        focus: meeting.focus,
      }}
      rollCall={rollCallNow}
      pending={pending}
      busy={busy}
      customTabsKey={customTabsKey(mrId, role)}
      onCommand={onCommand}
      tableHeight={tableHeight}
      stale={stale}
      privateTalk={{ usrId: meeting.privateTalkUsrId, canStart: role === 'supervisor' }}
      failedCalls={failedCalls}
      callLimit={tempCallLimit}
      serverClockOffsetSec={clockOffsetSec}
      podium={podium}
      renderRowDialog={
        Dialogs &&
        ((dialog, row, close) => (
          <Dialogs dialog={dialog} row={row} session={session} micGainAuto={meeting.micGainAuto} onCommand={onCommand} onClose={close} />
        ))
      }
      renderAddressBook={Dialogs && ((close) => <Dialogs dialog="addressBook" session={session} onCommand={onCommand} onClose={close} />)}
    />
  );
  // the quality column's history, order and alerts (issue 16.3)
  return <QualityProvider session={session}>{view}</QualityProvider>;
}

function sameRoom(a: RoomProperties | undefined, b: RoomProperties | undefined): boolean {
  return a?.maxCall === b?.maxCall && a?.told.maxCall === b?.told.maxCall;
}
