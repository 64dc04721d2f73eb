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
 * whom the roll call is on from `a_rx` 1 while `roll_call` is on, so the order matters. A next or
 * an end asked for while a recipe is still going out waits behind it (never dropped).
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
import { enqueueCommand, rollCallEndSteps, rollCallNextSteps, rollCallStartSteps, toSend, type WireStep } from '../commands/requests';
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
  /** steps not answered yet, each with its recipe's label (`rollCall.start|next|end`); the first is out */
  steps: { step: WireStep; label: string }[];
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
    .map(({ cur_mosic_id: _cur, miniMosicId: _mini, ...c }) => ({
      ...c,
      roles_lst: c.roles_lst.map((p) => p.map((tok) => (tok === '-2' ? '0' : tok))),
    }));
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
        calledUsrId: s.rollcall_usr_id || context.calledUsrId,
        view: s.rollcall_view ?? context.view,
        muteBinds: s.all_guests_mute === undefined ? context.muteBinds : s.all_guests_mute === 1,
      };
    }),
    clearCalled: assign({ calledUsrId: '', before: [] }),
    /** one step answered: the next goes out; a refused step stops everything queued (the panel shows why) */
    advance: enqueueActions(({ context, enqueue, event, system }) => {
      if (event.type !== 'command.settled' || !context.steps.length || event.label !== context.steps[0].label) return;
      const rest = event.ok ? context.steps.slice(1) : [];
      enqueue.assign({ steps: rest });
      if (rest.length) enqueueCommand(enqueue, system, stepCommand(rest[0]));
    }),
    /** the start recipe; the layouts in force now are kept to be put back at the end */
    runStart: enqueueActions(({ context, enqueue, event, system }) => {
      if (event.type !== 'rollCall.start') return;
      const meeting = system.get('meeting') as { getSnapshot: () => { context?: { mosaicConfigs?: MosicConfigEntry[] } } } | undefined;
      const { steps, first } = queueRecipe(context, rollCallStartSteps(event.usrId, event.view), 'rollCall.start');
      enqueue.assign({
        calledUsrId: event.usrId,
        view: event.view,
        before: layoutsToRestore(meeting?.getSnapshot().context?.mosaicConfigs),
        steps,
      });
      if (first) enqueueCommand(enqueue, system, stepCommand(first));
    }),
    runNext: enqueueActions(({ context, enqueue, event, system }) => {
      if (event.type !== 'rollCall.next') return;
      const view = event.view ?? context.view;
      const { steps, first } = queueRecipe(
        context,
        rollCallNextSteps(event.usrId, context.calledUsrId, view, context.muteBinds),
        'rollCall.next',
      );
      enqueue.assign({ calledUsrId: event.usrId, view, steps });
      if (first) enqueueCommand(enqueue, system, stepCommand(first));
    }),
    runEnd: enqueueActions(({ context, enqueue, system }) => {
      const { steps, first } = queueRecipe(
        context,
        rollCallEndSteps(context.calledUsrId, context.muteBinds, context.before),
        'rollCall.end',
      );
      enqueue.assign({ steps });
      if (first) enqueueCommand(enqueue, system, stepCommand(first));
    }),
  },
}).createMachine({
  id: 'rollCall',
  context: { calledUsrId: '', view: 'called_only', muteBinds: false, before: [], steps: [] },
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
        'rollCall.start': { guard: 'hasUsr', actions: 'runStart' },
      },
    },
    calling: {
      on: {
        'rollCall.next': { guard: 'hasUsr', actions: 'runNext' },
        'rollCall.end': { actions: 'runEnd' },
      },
    },
  },
});

/**
 * A recipe queued behind the steps still going out: the new queue, and its first step when nothing
 * was going out (that one is sent at once; the others follow one answer at a time).
 */
function queueRecipe(context: RollCallContext, recipe: readonly WireStep[], label: string) {
  const queued = recipe.map((step) => ({ step, label }));
  return { steps: [...context.steps, ...queued], first: context.steps.length ? undefined : queued[0] };
}

/** The `command.send` of one queued step, pending on the participants it names. */
function stepCommand({ step, label }: { step: WireStep; label: string }) {
  const ids = step.body.usr_ids;
  return toSend(step, { label, origin: 'rollCall', usrIds: Array.isArray(ids) ? (ids as string[]) : [] });
}

export type RollCallMachine = typeof rollCallMachine;
