/**
 * Cascade mode of the meeting (spec §4 "Meeting modes"): non-cascade, parent or child, as the
 * meeting status reports it. Switching sends `mod_mr_status cascade_mode`; switching to
 * non-cascade while cascade points exist is refused here already (they must be deleted by hand
 * first) with the shared validation code, and a server refusal is reported the same way.
 */
import { assign, emit, setup } from 'xstate';
import type { OneMrStatusEvent } from '../../protocol/events';
import { checkCascadeSwitch, VALIDATION_RESULT_CODES } from '../../protocol/validation';
import type { CascadeMode, MrStatus } from '../../protocol/wire';
import type { CommandSettledEvent } from '../commands/commandsMachine';
import { dispatchCommand, statusCommand } from '../commands/requests';
import type { MeetingSnapshot } from '../longPoll/longPollMachine';

export type CascadeEvent =
  | { type: 'cascade.set'; mode: CascadeMode }
  | { type: 'server.one_mr_status'; event: OneMrStatusEvent }
  | { type: 'server.meeting_snapshot'; snapshot: MeetingSnapshot }
  | CommandSettledEvent;

export type CascadeEmitted = {
  type: 'cascade.refused';
  /** 'cascade.pointsExist' when refused locally, else the server's refusal */
  code: string;
  result?: number;
  status?: number;
};

export interface CascadeContext {
  cascadePoints: number;
}

const SWITCH_LABEL = 'cascade.switch';

function reported(event: CascadeEvent): Partial<MrStatus> {
  if (event.type === 'server.meeting_snapshot') return event.snapshot?.status ?? {};
  if (event.type === 'server.one_mr_status') return event.event ?? {};
  return {};
}

export const cascadeMachine = setup({
  types: {
    context: {} as CascadeContext,
    events: {} as CascadeEvent,
    emitted: {} as CascadeEmitted,
  },
  guards: {
    reportsMode: ({ event }, params: { mode: CascadeMode }) => reported(event).cascade_mode === params.mode,
    pointsBlockSwitch: ({ context, event }) =>
      event.type === 'cascade.set' && checkCascadeSwitch(event.mode, context.cascadePoints) !== null,
    switchRefused: ({ event }) => event.type === 'command.settled' && !event.ok && event.label === SWITCH_LABEL,
  },
  actions: {
    storePoints: assign({
      cascadePoints: ({ context, event }) => reported(event).cascade_points ?? context.cascadePoints,
    }),
    sendSwitch: ({ system, event }) => {
      if (event.type !== 'cascade.set') return;
      dispatchCommand(system, statusCommand('cascade_mode', event.mode, { origin: 'cascade', label: SWITCH_LABEL }));
    },
    emitPointsExist: emit({
      type: 'cascade.refused',
      code: 'cascade.pointsExist',
      result: VALIDATION_RESULT_CODES['cascade.pointsExist'],
    }),
    emitServerRefusal: emit(({ event }) => {
      const r = event.type === 'command.settled' ? event.refusal : undefined;
      // notOffered: the platform does not know cascade_mode; the control says so itself (issue 23)
      return { type: 'cascade.refused' as const, code: 'server', result: r?.result, status: r?.status, notOffered: r?.notOffered };
    }),
  },
}).createMachine({
  id: 'cascade',
  context: { cascadePoints: 0 },
  initial: 'nonCascade',
  on: {
    'server.*': [
      { guard: { type: 'reportsMode', params: { mode: '' } }, target: '.nonCascade', actions: 'storePoints' },
      { guard: { type: 'reportsMode', params: { mode: 'parent' } }, target: '.parent', actions: 'storePoints' },
      { guard: { type: 'reportsMode', params: { mode: 'child' } }, target: '.child', actions: 'storePoints' },
      { actions: 'storePoints' },
    ],
    'cascade.set': [
      { guard: 'pointsBlockSwitch', actions: 'emitPointsExist' },
      { actions: 'sendSwitch' },
    ],
    'command.settled': { guard: 'switchRefused', actions: 'emitServerRefusal' },
  },
  states: {
    nonCascade: {},
    parent: {},
    child: {},
  },
});

export type CascadeMachine = typeof cascadeMachine;
