/**
 * Cascade mode of the meeting (spec §4 "Meeting modes"): non-cascade, parent or child, as the
 * meeting status reports it. Switching sends `mod_mr_status cascade_mode`; switching to
 * non-cascade while cascade points exist is refused here already (they must be deleted by hand
 * first) with the shared validation code, and a server refusal is reported the same way.
 *
 * Sub-sites (the cascade points, subSites.ts) are deleted here by hand (issue 30): a Delete waits
 * the spec's 200 ms removal delay, during which Undo takes it back and nothing is sent; then the
 * leg is removed like any participant (protocol-facts §3.1: `drop` while online, then
 * `del_participants`). Cascade points are counted from the participant list (the `dev_type`
 * every wire mode reports) once it has loaded, before that from Podium's `cascade_points`.
 *
 * Hiding a sub-site (spec "Sub-site entry: … hide") is this console's view choice, never sent:
 * a hidden sub-site is left out of the participant table and its counts (a relay leg is not a
 * person the host manages row by row) and stays in the sub-site list, marked, to be shown again.
 * It lasts for the console session.
 */
import { assign, emit, enqueueActions, setup } from 'xstate';
import type { OneMrStatusEvent } from '../../protocol/events';
import { checkCascadeSwitch } from '../../protocol/fieldValidation';
import { VALIDATION_RESULT_CODES } from '../../protocol/validationCodes';
import type { CascadeMode, MrStatus } from '../../protocol/wire';
import type { CommandSettledEvent } from '../commands/commandsMachine';
import { enqueueCommand, epsCommand, statusCommand } from '../commands/requests';
import type { MeetingSnapshot } from '../longPoll/longPollMachine';
import type { Participant } from '../participants/participantStore';
import { isSubSite, SUB_SITE_REMOVAL_DELAY_MS } from './subSites';

export type CascadeEvent =
  | { type: 'cascade.set'; mode: CascadeMode }
  | { type: 'server.one_mr_status'; event: OneMrStatusEvent }
  | { type: 'server.meeting_snapshot'; snapshot: MeetingSnapshot }
  /** Delete a sub-site: sent after SUB_SITE_REMOVAL_DELAY_MS unless undone; `online` adds the hang-up */
  | { type: 'subSite.delete'; usrId: string; online: boolean }
  /** take back a Delete still inside its delay */
  | { type: 'subSite.undo'; usrId: string }
  /** internal: the delay of a Delete is over */
  | { type: 'subSite.apply'; usrId: string; online: boolean }
  | { type: 'subSite.hide'; usrId: string; hidden: boolean }
  /** the sub-sites the participant list holds now: forgets removals the list has caught up with */
  | { type: 'subSites.listed'; usrIds: readonly string[] }
  | CommandSettledEvent;

export type CascadeEmitted =
  | {
      type: 'cascade.refused';
      /** 'cascade.pointsExist' when refused locally, else the server's refusal */
      code: string;
      result?: number;
      status?: number;
    }
  | { type: 'subSite.refused'; usrId: string; result?: number; status?: number };

/** where a sub-site's Delete is: inside the Undo window, or sent and not answered yet */
export type SubSiteRemoval = 'undoable' | 'sending';

export interface CascadeContext {
  cascadePoints: number;
  removals: Readonly<Record<string, SubSiteRemoval>>;
  /** usr_ids of the sub-sites hidden from the participant table */
  hidden: readonly string[];
  /**
   * usr_ids removed on the server that the participant list may still hold: the leg's hang-up
   * reaches the list in the server's next batch, after the removal's answer. Neither listed nor
   * counted as cascade points, or non-cascade clicked right after the last Delete is refused.
   */
  removed: readonly string[];
}

const SWITCH_LABEL = 'cascade.switch';
const DROP_LABEL = 'subSite.drop:';
const REMOVE_LABEL = 'subSite.remove:';
const timerId = (usrId: string) => `subSite.removal:${usrId}`;

interface SystemLike {
  get: (id: string) => { getSnapshot: () => unknown } | undefined;
}

/**
 * Cascade points as the participant list shows them (every wire mode reports `dev_type`), or
 * undefined before the list has loaded.
 */
function listedCascadePoints(system: SystemLike, removed: readonly string[]): number | undefined {
  const snap = system.get('participants')?.getSnapshot() as
    { matches?: (v: string) => boolean; context?: { store?: { subSites: () => readonly Participant[] } } } | undefined;
  if (!snap?.matches?.('ready') || !snap.context?.store) return undefined;
  let n = 0;
  // the store's sub-site records, not a pass over every participant
  for (const p of snap.context.store.subSites()) if (isSubSite(p) && !removed.includes(p.usr_id)) n++;
  return n;
}

function withoutKey<T>(record: Readonly<Record<string, T>>, key: string): Record<string, T> {
  const { [key]: _gone, ...rest } = record;
  return rest;
}

/** the usr_id a sub-site command's label names, '' for other labels */
function labelledSubSite(label: string, prefix: string): string {
  return label.startsWith(prefix) ? label.slice(prefix.length) : '';
}

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
  delays: {
    subSiteRemoval: SUB_SITE_REMOVAL_DELAY_MS,
  },
  guards: {
    reportsMode: ({ event }, params: { mode: CascadeMode }) => reported(event).cascade_mode === params.mode,
    switchRefused: ({ event }) => event.type === 'command.settled' && !event.ok && event.label === SWITCH_LABEL,
  },
  actions: {
    storePoints: assign({
      cascadePoints: ({ context, event }) => reported(event).cascade_points ?? context.cascadePoints,
    }),
    /** refused here while cascade points exist (spec §4), else `mod_mr_status cascade_mode` */
    switchMode: enqueueActions(({ context, system, event, enqueue }) => {
      if (event.type !== 'cascade.set') return;
      // the list once loaded: it follows every join and removal, in every wire mode
      const points = listedCascadePoints(system, context.removed) ?? context.cascadePoints;
      if (checkCascadeSwitch(event.mode, points) !== null) {
        enqueue.emit({ type: 'cascade.refused', code: 'cascade.pointsExist', result: VALIDATION_RESULT_CODES['cascade.pointsExist'] });
        return;
      }
      enqueueCommand(enqueue, system, statusCommand('cascade_mode', event.mode, { origin: 'cascade', label: SWITCH_LABEL }));
    }),
    scheduleRemoval: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'subSite.delete' || context.removals[event.usrId]) return;
      enqueue.assign({ removals: { ...context.removals, [event.usrId]: 'undoable' } });
      enqueue.raise(
        { type: 'subSite.apply', usrId: event.usrId, online: event.online },
        { delay: 'subSiteRemoval', id: timerId(event.usrId) },
      );
    }),
    undoRemoval: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'subSite.undo' || context.removals[event.usrId] !== 'undoable') return;
      enqueue.cancel(timerId(event.usrId));
      enqueue.assign({ removals: withoutKey(context.removals, event.usrId) });
    }),
    /** removed like any participant: hang up an online leg, then take it off the list */
    applyRemoval: enqueueActions(({ context, system, event, enqueue }) => {
      if (event.type !== 'subSite.apply' || context.removals[event.usrId] !== 'undoable') return;
      enqueue.assign({ removals: { ...context.removals, [event.usrId]: 'sending' } });
      const ids = [event.usrId];
      const step = event.online
        ? epsCommand('drop', ids, { origin: 'cascade', label: DROP_LABEL + event.usrId })
        : epsCommand('del_participants', ids, { origin: 'cascade', label: REMOVE_LABEL + event.usrId });
      enqueueCommand(enqueue, system, step);
    }),
    /** the answers of a removal: the hang-up leads to the list removal; a refusal ends it */
    settleRemoval: enqueueActions(({ context, system, event, enqueue }) => {
      if (event.type !== 'command.settled') return;
      const dropped = labelledSubSite(event.label, DROP_LABEL);
      const removed = labelledSubSite(event.label, REMOVE_LABEL);
      const usrId = dropped || removed;
      if (!usrId || context.removals[usrId] !== 'sending') return;
      if (event.ok && dropped) {
        enqueueCommand(enqueue, system, epsCommand('del_participants', [usrId], { origin: 'cascade', label: REMOVE_LABEL + usrId }));
        return;
      }
      enqueue.assign({
        removals: withoutKey(context.removals, usrId),
        hidden: context.hidden.filter((id) => id !== usrId || !event.ok),
        removed: event.ok ? [...context.removed.filter((id) => id !== usrId), usrId] : context.removed,
      });
      if (!event.ok) enqueue.emit({ type: 'subSite.refused', usrId, result: event.refusal?.result, status: event.refusal?.status });
    }),
    setHidden: assign({
      hidden: ({ context, event }) => {
        if (event.type !== 'subSite.hide') return context.hidden;
        const others = context.hidden.filter((id) => id !== event.usrId);
        return event.hidden ? [...others, event.usrId] : others;
      },
    }),
    /** a removed sub-site the list no longer holds is forgotten: the same usr_id may be invited again */
    forgetListedRemovals: assign({
      removed: ({ context, event }) => {
        if (event.type !== 'subSites.listed' || context.removed.length === 0) return context.removed;
        const kept = context.removed.filter((id) => event.usrIds.includes(id));
        return kept.length === context.removed.length ? context.removed : kept;
      },
    }),
    emitServerRefusal: emit(({ event }) => {
      const r = event.type === 'command.settled' ? event.refusal : undefined;
      // notOffered: the platform does not know cascade_mode; the control says so itself (issue 23)
      return { type: 'cascade.refused' as const, code: 'server', result: r?.result, status: r?.status, notOffered: r?.notOffered };
    }),
  },
}).createMachine({
  id: 'cascade',
  context: { cascadePoints: 0, removals: {}, hidden: [], removed: [] },
  initial: 'nonCascade',
  on: {
    'server.*': [
      { guard: { type: 'reportsMode', params: { mode: '' } }, target: '.nonCascade', actions: 'storePoints' },
      { guard: { type: 'reportsMode', params: { mode: 'parent' } }, target: '.parent', actions: 'storePoints' },
      { guard: { type: 'reportsMode', params: { mode: 'child' } }, target: '.child', actions: 'storePoints' },
      { actions: 'storePoints' },
    ],
    'cascade.set': { actions: 'switchMode' },
    'command.settled': [{ guard: 'switchRefused', actions: 'emitServerRefusal' }, { actions: 'settleRemoval' }],
    'subSite.delete': { actions: 'scheduleRemoval' },
    'subSite.undo': { actions: 'undoRemoval' },
    'subSite.apply': { actions: 'applyRemoval' },
    'subSite.hide': { actions: 'setHidden' },
    'subSites.listed': { actions: 'forgetListedRemovals' },
  },
  states: {
    nonCascade: {},
    parent: {},
    child: {},
  },
});

export type CascadeMachine = typeof cascadeMachine;
