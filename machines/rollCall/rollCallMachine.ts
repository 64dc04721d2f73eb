/**
 * Roll call (spec §4 "Roll call") with the platform's own recipe (protocol-facts §3.1, §3.2,
 * §5.6; issue 23), in both wire modes:
 * - start: `mod_mr_status roll_call 1`, `a_rx` 1 for the called, the roll-call layout (speaker
 *   `"1"` `[[called]]`; guest `"1*1"` `[["1010"],[called]]`, or `"1"` `[[called]]` for the
 *   "called only" view);
 * - next: `a_rx` 1 for the next, `a_rx` 0 for the previous when the meeting's mute binds
 *   (`all_guests_mute`), the layout;
 * - end: the last called muted again when the mute binds, the layouts in force before the roll
 *   call put back, `roll_call 0`.
 * The steps go out one after the other (each once the previous is answered): the server learns
 * whom the roll call is on from `a_rx` 1 while `roll_call` is on, so the order matters.
 *
 * The state follows the meeting status the server reports (`roll_call`; Podium also reports
 * `rollcall_usr_id` and `rollcall_view`). The layouts to restore are those of the meeting actor
 * (system id `meeting`) when this console started the roll call; a roll call started elsewhere,
 * or before a reload, ends without restoring any (this console never saw them).
 */
import { assign, enqueueActions, setup } from 'xstate';
import type { OneMrStatusEvent } from '../../protocol/events';
import type { MosicConfigEntry, MrStatus } from '../../protocol/wire';
import type { CommandSettledEvent } from '../commands/commandsMachine';
import {
  dispatchCommand,
  rollCallEndSteps,
  rollCallNextSteps,
  rollCallStartSteps,
  toSend,
  type WireStep,
} from '../commands/requests';
import type { MeetingSnapshot } from '../longPoll/longPollMachine';

export type RollCallView = MrStatus['rollcall_view'];

export type RollCallEvent =
  | { type: 'rollCall.start'; usrId: string; view: RollCallView }
  | { type: 'rollCall.next'; usrId: string; view?: RollCallView }
  | { type: 'rollCall.end' }
  | CommandSettledEvent
  | { type: 'server.one_mr_status'; event: OneMrStatusEvent }
  | { type: 'server.meeting_snapshot'; snapshot: MeetingSnapshot };

export interface RollCallContext {
  calledUsrId: string;
  view: RollCallView;
  /** `all_guests_mute` is on: a called participant goes back under it once done */
  muteBinds: boolean;
  /** speaker and guest layouts in force when this console started the roll call ([] = unknown) */
  before: MosicConfigEntry[];
  /** steps of the recipe under way not sent yet; the first is waiting for its answer */
  steps: WireStep[];
  /** label of the recipe under way (`rollCall.start|next|end`), echoed by the commands actor */
  label: string;
}

function reported(event: RollCallEvent): Partial<MrStatus> {
  if (event.type === 'server.meeting_snapshot') return event.snapshot?.status ?? {};
  if (event.type === 'server.one_mr_status') return event.event ?? {};
  return {};
}

/** The roles the recipe changes, as they were: read-only fields dropped, podium's old "-2" as "0". */
function layoutsToRestore(configs: readonly MosicConfigEntry[] | undefined): MosicConfigEntry[] {
  return (configs ?? [])
    .filter((c) => c.role === 'speaker' || c.role === 'guest')
    .map(({ cur_mosic_id: _cur, miniMosicId: _mini, ...c }) => ({ ...c, roles_lst: c.roles_lst.map((p) => p.map((tok) => (tok === '-2' ? '0' : tok))) }));
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
    free: ({ context }) => context.steps.length === 0,
  },
  actions: {
    storeReport: assign(({ context, event }) => {
      const s = reported(event);
      return {
        calledUsrId: s.rollcall_usr_id || context.calledUsrId,
        view: s.rollcall_view ?? context.view,
        muteBinds: s.all_guests_mute === undefined ? context.muteBinds : s.all_guests_mute === 1,
      };
    }),
    clearCalled: assign({ calledUsrId: '', before: [] }),
    /** starts a recipe: its first step goes out, the rest waits for the answers */
    run: enqueueActions(({ enqueue, system }, params: { steps: WireStep[]; label: string; assign?: Partial<RollCallContext> }) => {
      if (!params.steps.length) return;
      enqueue.assign({ ...params.assign, steps: params.steps, label: params.label });
      enqueue(() => dispatchCommand(system, toSend(params.steps[0], { label: params.label, origin: 'rollCall', usrIds: usrIdsOf(params.steps[0]) })));
    }),
    /** one step answered: the next goes out; a refused step stops the recipe (the panel shows why) */
    advance: enqueueActions(({ context, enqueue, event, system }) => {
      if (event.type !== 'command.settled' || event.label !== context.label || !context.steps.length) return;
      const rest = event.ok ? context.steps.slice(1) : [];
      enqueue.assign({ steps: rest });
      if (rest.length) enqueue(() => dispatchCommand(system, toSend(rest[0], { label: context.label, origin: 'rollCall', usrIds: usrIdsOf(rest[0]) })));
    }),
  },
}).createMachine({
  id: 'rollCall',
  context: { calledUsrId: '', view: 'called_only', muteBinds: false, before: [], steps: [], label: '' },
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
    'command.settled': { actions: 'advance' },
  },
  states: {
    idle: {
      on: {
        'rollCall.start': {
          guard: { type: 'free' },
          actions: enqueueActions(({ enqueue, event, system, check }) => {
            if (!check('hasUsr')) return;
            const meeting = system.get('meeting') as { getSnapshot: () => { context?: { mosaicConfigs?: MosicConfigEntry[] } } } | undefined;
            enqueue({
              type: 'run',
              params: {
                steps: rollCallStartSteps(event.usrId, event.view),
                label: 'rollCall.start',
                assign: { calledUsrId: event.usrId, view: event.view, before: layoutsToRestore(meeting?.getSnapshot().context?.mosaicConfigs) },
              },
            });
          }),
        },
      },
    },
    calling: {
      on: {
        'rollCall.next': {
          guard: { type: 'free' },
          actions: enqueueActions(({ enqueue, event, context, check }) => {
            if (!check('hasUsr')) return;
            const view = event.view ?? context.view;
            enqueue({
              type: 'run',
              params: {
                steps: rollCallNextSteps(event.usrId, context.calledUsrId, view, context.muteBinds),
                label: 'rollCall.next',
                assign: { calledUsrId: event.usrId, view },
              },
            });
          }),
        },
        'rollCall.end': {
          guard: { type: 'free' },
          actions: enqueueActions(({ enqueue, context }) => {
            enqueue({ type: 'run', params: { steps: rollCallEndSteps(context.calledUsrId, context.muteBinds, context.before), label: 'rollCall.end' } });
          }),
        },
      },
    },
  },
});

function usrIdsOf(step: WireStep): string[] {
  const ids = step.body.usr_ids;
  return Array.isArray(ids) ? (ids as string[]) : [];
}

export type RollCallMachine = typeof rollCallMachine;
