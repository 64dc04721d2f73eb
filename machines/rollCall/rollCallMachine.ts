/**
 * Roll call (spec §4 "Roll call"): start with a participant and a view mode (the main venue sees
 * only the called person, or itself plus the called person), next, end. The state follows the
 * meeting status the server reports (`roll_call`, `rollcall_usr_id`, `rollcall_view`); the
 * user's actions are commands (`ctrl_mr_eps roll_call_start|next|end`).
 */
import { assign, setup } from 'xstate';
import type { OneMrStatusEvent } from '../../protocol/events';
import type { MrStatus } from '../../protocol/wire';
import { dispatchCommand, epsCommand } from '../commands/requests';
import type { MeetingSnapshot } from '../longPoll/longPollMachine';

export type RollCallView = MrStatus['rollcall_view'];

export type RollCallEvent =
  | { type: 'rollCall.start'; usrId: string; view: RollCallView }
  | { type: 'rollCall.next'; usrId: string }
  | { type: 'rollCall.end' }
  | { type: 'server.one_mr_status'; event: OneMrStatusEvent }
  | { type: 'server.meeting_snapshot'; snapshot: MeetingSnapshot };

export interface RollCallContext {
  calledUsrId: string;
  view: RollCallView;
}

function reported(event: RollCallEvent): Partial<MrStatus> {
  if (event.type === 'server.meeting_snapshot') return event.snapshot?.status ?? {};
  if (event.type === 'server.one_mr_status') return event.event ?? {};
  return {};
}

export const rollCallMachine = setup({
  types: {
    context: {} as RollCallContext,
    events: {} as RollCallEvent,
  },
  guards: {
    reportsCalling: ({ event }) => reported(event).roll_call === 1,
    reportsIdle: ({ event }) => reported(event).roll_call === 0,
    hasUsr: ({ event }) => 'usrId' in event && event.usrId !== '',
  },
  actions: {
    storeReport: assign(({ context, event }) => {
      const s = reported(event);
      return {
        calledUsrId: s.rollcall_usr_id ?? context.calledUsrId,
        view: s.rollcall_view ?? context.view,
      };
    }),
    clearCalled: assign({ calledUsrId: '' }),
    sendStart: ({ system, event }) => {
      if (event.type !== 'rollCall.start') return;
      dispatchCommand(system, epsCommand('roll_call_start', [event.usrId], { value: event.view, label: 'rollCall.start' }));
    },
    sendNext: ({ system, event }) => {
      if (event.type !== 'rollCall.next') return;
      dispatchCommand(system, epsCommand('roll_call_next', [event.usrId], { label: 'rollCall.next' }));
    },
    sendEnd: ({ system, context }) => {
      dispatchCommand(system, epsCommand('roll_call_end', context.calledUsrId ? [context.calledUsrId] : [], { label: 'rollCall.end' }));
    },
  },
}).createMachine({
  id: 'rollCall',
  context: { calledUsrId: '', view: 'called_only' },
  initial: 'idle',
  on: {
    'server.one_mr_status': [
      { guard: 'reportsCalling', target: '.calling', actions: 'storeReport' },
      { guard: 'reportsIdle', target: '.idle', actions: ['storeReport', 'clearCalled'] },
      { actions: 'storeReport' },
    ],
    'server.meeting_snapshot': [
      { guard: 'reportsCalling', target: '.calling', actions: 'storeReport' },
      { target: '.idle', actions: ['storeReport', 'clearCalled'] },
    ],
  },
  states: {
    idle: {
      on: { 'rollCall.start': { guard: 'hasUsr', actions: 'sendStart' } },
    },
    calling: {
      on: {
        'rollCall.next': { guard: 'hasUsr', actions: 'sendNext' },
        'rollCall.end': { actions: 'sendEnd' },
      },
    },
  },
});

export type RollCallMachine = typeof rollCallMachine;
