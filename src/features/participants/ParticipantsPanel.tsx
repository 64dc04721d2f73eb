/**
 * The container of the participant half: reads the session's participants, meeting status and
 * pending commands through named selectors, hands the view its data, and turns the view's
 * commands into `command.send` events for the commands actor. A refused command shows the
 * message of its result code; the rows keep showing the server's state, so nothing rolls back.
 */
import { useCallback, useEffect, useMemo } from 'react';
import { useSelector } from '@xstate/react';
import type { AnyActorRef } from 'xstate';
import { notifications } from '@mantine/notifications';
import { useLingui } from '@lingui/react/macro';
import {
  commandsSelectors,
  participantsSelectors,
  type CommandsEmitted,
  type CommandsMachine,
  type ParticipantsMachine,
  type RollCallMachine,
  type RollCallView,
} from '@machines/index';
import type { ActorRefFrom } from 'xstate';
import { resultCodeText } from '#/i18n/messages';
import { shownInPlace } from '#/api/failureReports';
import { ParticipantsView } from './ParticipantsView';
import { toRows } from './toRows';
import { commandTargets, toWireRequest, type ParticipantCommand } from './commands';
import { customTabsKey } from './customTabsStore';
import { useSessionChild } from '#/session/useSessionChild';
import { useMeetingStatusView } from './useMeetingStatusView';
import { ParticipantDialogs } from './ParticipantDialogs';

type ParticipantsRef = ActorRefFrom<ParticipantsMachine>;
type CommandsRef = ActorRefFrom<CommandsMachine>;

const { selectParticipantList, selectParticipantsVersion, selectWaitingList } = participantsSelectors;
const { selectAnyPending, selectPendingByUsr } = commandsSelectors;

const NO_PENDING: ReadonlyMap<string, number> = new Map();

/** Labels of the commands this half sends: its refusals are the ones it reports. */
export const LABEL_PREFIX = 'participants:';

export interface ParticipantsPanelProps {
  /** the root session actor */
  session: AnyActorRef;
  /** meeting id and controller role: whose filter tabs to show */
  mrId: string;
  role: string;
  /** height of the table body in px */
  tableHeight?: number;
}

export function ParticipantsPanel({ session, mrId, role, tableHeight }: ParticipantsPanelProps) {
  const { t, i18n } = useLingui();
  const participants = useSessionChild<ParticipantsRef>(session, 'participants');
  const commands = useSessionChild<CommandsRef>(session, 'commands');
  const rollCall = useSessionChild<ActorRefFrom<RollCallMachine>>(session, 'rollCall');

  const version = useSelector(participants, (s) => (s ? selectParticipantsVersion(s) : -1));
  const list = useSelector(participants, (s) => (s ? selectParticipantList(s) : undefined));
  const waitingList = useSelector(participants, (s) => (s ? selectWaitingList(s) : undefined));
  const pending = useSelector(commands, (s) => (s ? selectPendingByUsr(s) : NO_PENDING)) ?? NO_PENDING;
  const busy = useSelector(commands, (s) => (s ? selectAnyPending(s) : false)) ?? false;
  const meeting = useMeetingStatusView(session);

  const rows = useMemo(() => {
    if (!participants || !list) return [];
    const store = participants.getSnapshot().context.store;
    return toRows(list, waitingList ?? [], (id) => store.isWaiting(id));
    // version moves whenever the store changed
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [participants, list, waitingList, version]);

  const onlineCount = useMemo(() => rows.reduce((n, r) => n + (r.online && !r.waiting ? 1 : 0), 0), [rows]);

  // a refusal is one-shot feedback: emitted by the commands actor, shown as a notification
  useEffect(() => {
    if (!commands) return;
    const sub = commands.on('command.refused', (e: Extract<CommandsEmitted, { type: 'command.refused' }>) => {
      // other panels report their own commands; roll call is this half's, sent by its actor
      if (!e.label.startsWith(LABEL_PREFIX) && !e.label.startsWith('rollCall.')) return;
      // the other failures (no result code, 404, 5xx, 502…) are on screen already as §8 words them
      if (e.result === undefined || !shownInPlace(e)) return;
      const text = resultCodeText(i18n, e.result);
      if (text === null) return;
      notifications.show({ color: 'red', title: t`The command was refused`, message: text, autoClose: 6000 });
    });
    return () => sub.unsubscribe();
  }, [commands, i18n, t]);

  const onCommand = useCallback(
    (cmd: ParticipantCommand) => {
      // roll call has its own actor, which follows the server's roll-call state
      if (rollCall && cmd.type === 'eps' && cmd.action.startsWith('roll_call_')) {
        if (cmd.action === 'roll_call_start') rollCall.send({ type: 'rollCall.start', usrId: cmd.usrIds[0], view: cmd.value as RollCallView });
        else if (cmd.action === 'roll_call_next') rollCall.send({ type: 'rollCall.next', usrId: cmd.usrIds[0] });
        else rollCall.send({ type: 'rollCall.end' });
        return;
      }
      if (!commands) return;
      const { suffix, body } = toWireRequest(cmd);
      commands.send({
        type: 'command.send',
        suffix,
        body: body as unknown as Record<string, unknown>,
        usrIds: commandTargets(cmd),
        label: LABEL_PREFIX + (cmd.type === 'eps' ? cmd.action : cmd.type === 'status' ? cmd.key : cmd.type),
      });
    },
    [commands, rollCall],
  );

  return (
    <ParticipantsView
      rows={rows}
      flags={{
        allGuestsMute: meeting.allGuestsMute,
        audienceListenRestricted: meeting.atxMode,
        audienceWatchRestricted: meeting.vtxMode,
        onlineCount,
        waitingRoomOn: meeting.waitingRoomOn,
      }}
      rollCall={meeting.rollCall}
      pending={pending}
      busy={busy}
      customTabsKey={customTabsKey(mrId, role)}
      onCommand={onCommand}
      tableHeight={tableHeight}
      renderRowDialog={(dialog, row, close) => (
        <ParticipantDialogs
          dialog={dialog}
          row={row}
          session={session}
          micGainAuto={meeting.micGainAuto}
          onCommand={onCommand}
          onClose={close}
        />
      )}
      renderAddressBook={(close) => <ParticipantDialogs dialog="addressBook" session={session} onCommand={onCommand} onClose={close} />}
    />
  );
}
