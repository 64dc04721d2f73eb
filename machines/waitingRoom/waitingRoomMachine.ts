/**
 * The waiting room (spec §4 "Waiting room"): enabled or disabled as the meeting status says, and
 * the host's actions on the people waiting: admit (permit) or refuse one or many, move
 * participants into the waiting room. Who is waiting lives in the participants actor (its
 * waiting map); this machine owns the mode and the commands.
 *
 * Switching sends `mod_mr_status waiting_room` and waits in `switching` until the feed reports
 * the new mode; a refusal returns to where it was and emits `waitingRoom.refused`.
 */
import { emit, enqueueActions, setup } from 'xstate';
import type { OneMrStatusEvent } from '../../protocol/events';
import type { CommandRefusal, CommandSettledEvent } from '../commands/commandsMachine';
import { enqueueCommand, epsCommand, statusCommand } from '../commands/requests';
import type { MeetingSnapshot } from '../longPoll/longPollMachine';

export type WaitingRoomEvent =
  | { type: 'waitingRoom.enable' }
  | { type: 'waitingRoom.disable' }
  | { type: 'waitingRoom.admit'; usrIds: readonly string[] }
  | { type: 'waitingRoom.refuse'; usrIds: readonly string[] }
  | { type: 'waitingRoom.move'; usrIds: readonly string[] }
  | { type: 'server.one_mr_status'; event: OneMrStatusEvent }
  | { type: 'server.meeting_snapshot'; snapshot: MeetingSnapshot }
  | CommandSettledEvent;

export type WaitingRoomEmitted = { type: 'waitingRoom.refused'; label: string } & Partial<
  Pick<CommandRefusal, 'status' | 'result' | 'detail'>
>;

const SWITCH_LABEL = 'waitingRoom.switch';

function reportedMode(event: WaitingRoomEvent): 0 | 1 | null {
  const status =
    event.type === 'server.meeting_snapshot' ? event.snapshot?.status : event.type === 'server.one_mr_status' ? event.event : undefined;
  const v = status?.waiting_room;
  return v === 0 || v === 1 ? v : null;
}

function usrIdsOf(event: WaitingRoomEvent): readonly string[] {
  return 'usrIds' in event ? event.usrIds : [];
}

export const waitingRoomMachine = setup({
  types: {
    events: {} as WaitingRoomEvent,
    emitted: {} as WaitingRoomEmitted,
  },
  guards: {
    reportsEnabled: ({ event }) => reportedMode(event) === 1,
    reportsDisabled: ({ event }) => reportedMode(event) === 0,
    hasUsers: ({ event }) => 'usrIds' in event && event.usrIds.length > 0,
    switchRefused: ({ event }) => event.type === 'command.settled' && !event.ok && event.label === SWITCH_LABEL,
  },
  actions: {
    sendEnable: enqueueActions(
      ({ enqueue, system }) =>
        void enqueueCommand(enqueue, system, statusCommand('waiting_room', 1, { origin: 'waitingRoom', label: SWITCH_LABEL })),
    ),
    sendDisable: enqueueActions(
      ({ enqueue, system }) =>
        void enqueueCommand(enqueue, system, statusCommand('waiting_room', 0, { origin: 'waitingRoom', label: SWITCH_LABEL })),
    ),
    sendAdmit: enqueueActions(
      ({ enqueue, system, event }) =>
        void enqueueCommand(enqueue, system, epsCommand('waiting_permit', usrIdsOf(event), { label: 'waitingRoom.admit' })),
    ),
    sendRefuse: enqueueActions(
      ({ enqueue, system, event }) =>
        void enqueueCommand(enqueue, system, epsCommand('waiting_refuse', usrIdsOf(event), { label: 'waitingRoom.refuse' })),
    ),
    sendMove: enqueueActions(
      ({ enqueue, system, event }) =>
        void enqueueCommand(enqueue, system, epsCommand('waiting_move', usrIdsOf(event), { label: 'waitingRoom.move' })),
    ),
    emitRefused: emit(({ event }) => {
      const r = event.type === 'command.settled' ? event.refusal : undefined;
      return { type: 'waitingRoom.refused' as const, label: SWITCH_LABEL, status: r?.status, result: r?.result, detail: r?.detail };
    }),
  },
}).createMachine({
  id: 'waitingRoom',
  initial: 'disabled',
  on: {
    'server.one_mr_status': [
      { guard: 'reportsEnabled', target: '.enabled' },
      { guard: 'reportsDisabled', target: '.disabled' },
    ],
    'server.meeting_snapshot': [
      { guard: 'reportsEnabled', target: '.enabled' },
      { guard: 'reportsDisabled', target: '.disabled' },
    ],
    // people can be admitted or refused whatever the mode (someone may still be waiting after it was switched off)
    'waitingRoom.admit': { guard: 'hasUsers', actions: 'sendAdmit' },
    'waitingRoom.refuse': { guard: 'hasUsers', actions: 'sendRefuse' },
  },
  states: {
    disabled: {
      initial: 'idle',
      states: {
        idle: { on: { 'waitingRoom.enable': { target: 'switching', actions: 'sendEnable' } } },
        switching: {
          tags: ['busy'],
          on: { 'command.settled': { guard: 'switchRefused', target: 'idle', actions: 'emitRefused' } },
        },
      },
    },
    enabled: {
      initial: 'idle',
      on: { 'waitingRoom.move': { guard: 'hasUsers', actions: 'sendMove' } },
      states: {
        idle: { on: { 'waitingRoom.disable': { target: 'switching', actions: 'sendDisable' } } },
        switching: {
          tags: ['busy'],
          on: { 'command.settled': { guard: 'switchRefused', target: 'idle', actions: 'emitRefused' } },
        },
      },
    },
  },
});

export type WaitingRoomMachine = typeof waitingRoomMachine;
