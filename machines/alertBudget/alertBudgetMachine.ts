/**
 * The alert budget (issue 26 item 1): which quality conditions become alerts, and which of those
 * may interrupt the host. Control rooms learned it the hard way (EEMUA 191, ISA-18.2): a host
 * shown an alert every ten seconds stops reading them, and misses the result of their own command
 * under the pile. So:
 *
 * - a condition (a participant's loss or jitter at its threshold, kept by the qualityHistory
 *   machine with its 80 % re-arm) becomes an alert only once it has lasted {@link ALERT_HOLD_MS};
 *   a participant is alerted once per condition while it lasts, again only after it cleared;
 * - at most one alert per {@link BUDGET_MS} interrupts (a toast): state `spent` until then, every
 *   other alert only joins the alert list the host opens;
 * - more than {@link FLOOD_COUNT} alerts within {@link FLOOD_WINDOW_MS} are a flood: ONE grouped
 *   alert whose count is updated in place (`alert.flood`), never a new toast per alert;
 * - a participant's alerts can be snoozed for {@link SNOOZE_MS}: they leave the list and raise
 *   nothing; who snoozed is told (`alert.snoozed`) so the console records it.
 *
 * Time is `now()` for the moments the list shows and the budget's `after` delay for the interrupt,
 * both the actor's clock in tests (SimulatedClock).
 */
import { assign, enqueueActions, setup, type AnyActorRef } from 'xstate';

/** how long a condition must last before it is an alert */
export const ALERT_HOLD_MS = 10_000;
/** one interrupting alert per this long, at most (ISA-18.2: one per 10 minutes in a steady plant) */
export const BUDGET_MS = 600_000;
/** more alerts than this within {@link FLOOD_WINDOW_MS} are a flood (EEMUA 191: more than 10 in 10 minutes) */
export const FLOOD_COUNT = 10;
export const FLOOD_WINDOW_MS = 600_000;
/** how long a snooze silences a participant's alerts */
export const SNOOZE_MS = 30 * 60_000;
/** the cmdid of a snooze in the console's own activity entries (no wire cmdid looks like it) */
export const ALERT_SNOOZE_CMDID = 'alert_snooze';

/** One abnormal condition of a participant, as the quality history sees it now. */
export interface AlertCondition {
  usrId: string;
  name: string;
  /** what is abnormal: 'loss' or 'jitter' (the UI words it) */
  metric: 'loss' | 'jitter';
  /** the figure now (percent or ms) */
  value: number;
  threshold: number;
}

/** A condition followed by the budget: pending until it lasted, then an alert. */
export interface TrackedCondition extends AlertCondition {
  /** when it was first seen, wall clock ms */
  since: number;
  /** when it became an alert; null while it has not lasted long enough (or its participant is snoozed) */
  alertedAt: number | null;
}

export interface Snooze {
  usrId: string;
  name: string;
  /** who snoozed: the console's own words for itself (its role) */
  by: string;
  until: number;
}

export interface AlertBudgetInput {
  /** wall clock ms (default `Date.now`) */
  now?: () => number;
  holdMs?: number;
}

export interface AlertBudgetContext {
  now: () => number;
  holdMs: number;
  /** by `usrId:metric` */
  conditions: ReadonlyMap<string, TrackedCondition>;
  /** the alert list: alerts not snoozed, oldest first (a new array only when it changed) */
  list: readonly TrackedCondition[];
  /** when each alert of the flood window was raised */
  raised: readonly number[];
  /** alerts in the flood window while it is a flood, else null */
  flood: number | null;
  /** by usrId */
  snoozed: ReadonlyMap<string, Snooze>;
  /** alerts raised by the last observation, not yet shown */
  fresh: readonly TrackedCondition[];
  /** interrupting alerts raised so far */
  interrupts: number;
}

export type AlertBudgetEvent =
  /** every condition abnormal now (the qualityHistory machine after each round) */
  | { type: 'alerts.observe'; conditions: readonly AlertCondition[] }
  | { type: 'alerts.snooze'; usrId: string; by: string }
  | { type: 'alerts.unsnooze'; usrId: string };

export type AlertBudgetEmitted =
  /** the one interrupting alert of the budget: `flood` counts the grouped alert's alerts, else null */
  | { type: 'alert.interrupt'; alerts: readonly TrackedCondition[]; flood: number | null }
  /** the grouped alert's count changed: updated in place, never a new toast */
  | { type: 'alert.flood'; count: number }
  | { type: 'alert.snoozed'; snooze: Snooze };

const keyOf = (c: AlertCondition) => `${c.usrId}:${c.metric}`;

function listOf(conditions: ReadonlyMap<string, TrackedCondition>, snoozed: ReadonlyMap<string, Snooze>): TrackedCondition[] {
  return [...conditions.values()]
    .filter((c) => c.alertedAt !== null && !snoozed.has(c.usrId))
    .sort((a, b) => a.since - b.since || a.usrId.localeCompare(b.usrId));
}

function sameList(a: readonly TrackedCondition[], b: readonly TrackedCondition[]): boolean {
  return a.length === b.length && a.every((c, i) => c === b[i]);
}

/** The console's own activity (system id `activity`) says who snoozed whom; absent when the budget runs alone. */
function recordSnooze(activity: AnyActorRef | undefined, snooze: Snooze): void {
  activity?.send({
    type: 'activity.console',
    note: {
      cmdid: ALERT_SNOOZE_CMDID,
      targets: [{ usr_id: snooze.usrId, name: snooze.name }],
      values: { minutes: SNOOZE_MS / 60_000, by: snooze.by },
    },
  });
}

export const alertBudgetMachine = setup({
  types: {
    context: {} as AlertBudgetContext,
    events: {} as AlertBudgetEvent,
    input: {} as AlertBudgetInput,
    emitted: {} as AlertBudgetEmitted,
  },
  delays: { budget: BUDGET_MS },
  guards: {
    hasFresh: ({ context }) => context.fresh.length > 0,
  },
  actions: {
    observe: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'alerts.observe') return;
      const now = context.now();
      // snoozes that ran out: their participant's conditions are alerts again, not new ones
      const snoozed = new Map([...context.snoozed].filter(([, s]) => s.until > now));
      const conditions = new Map<string, TrackedCondition>();
      const fresh: TrackedCondition[] = [];
      for (const c of event.conditions) {
        const key = keyOf(c);
        const before = context.conditions.get(key);
        const since = before?.since ?? now;
        const lasted = (before?.alertedAt ?? null) === null && now - since >= context.holdMs;
        const alertedAt = lasted ? now : (before?.alertedAt ?? null);
        const kept =
          before && before.alertedAt === alertedAt && before.value === c.value && before.name === c.name && before.threshold === c.threshold
            ? before
            : { ...c, since, alertedAt };
        conditions.set(key, kept);
        // a snoozed participant's alert is raised silently: listed once the snooze ends, never an interrupt then
        if (lasted && !snoozed.has(c.usrId)) fresh.push(kept);
      }
      // a condition missing from the observation has cleared: it may alert again when it returns
      const raised = [...context.raised.filter((t) => now - t < FLOOD_WINDOW_MS), ...fresh.map(() => now)];
      const flood = raised.length > FLOOD_COUNT ? raised.length : null;
      const list = listOf(conditions, snoozed);
      enqueue.assign({ conditions, snoozed, raised, flood, fresh, list: sameList(list, context.list) ? context.list : list });
      // a flood already announced grows in place; the budget decides whether anything interrupts
      if (flood !== null && flood !== context.flood) enqueue.emit({ type: 'alert.flood', count: flood });
    }),
    interrupt: enqueueActions(({ context, enqueue }) => {
      enqueue.emit({ type: 'alert.interrupt', alerts: context.fresh, flood: context.flood });
      enqueue.assign({ fresh: [], interrupts: context.interrupts + 1 });
    }),
    snooze: enqueueActions(({ context, event, enqueue, system }) => {
      if (event.type !== 'alerts.snooze') return;
      const name = [...context.conditions.values()].find((c) => c.usrId === event.usrId)?.name ?? event.usrId;
      const snooze: Snooze = { usrId: event.usrId, name, by: event.by, until: context.now() + SNOOZE_MS };
      const snoozed = new Map(context.snoozed).set(event.usrId, snooze);
      enqueue.assign({ snoozed, list: listOf(context.conditions, snoozed), fresh: context.fresh.filter((c) => c.usrId !== event.usrId) });
      enqueue.emit({ type: 'alert.snoozed', snooze });
      enqueue(() => recordSnooze(system.get('activity'), snooze));
    }),
    // alerts raised while the budget is spent are in the list already; nothing is held back to interrupt later
    dropFresh: assign({ fresh: [] }),
    unsnooze: assign(({ context, event }) => {
      if (event.type !== 'alerts.unsnooze') return {};
      const snoozed = new Map(context.snoozed);
      snoozed.delete(event.usrId);
      return { snoozed, list: listOf(context.conditions, snoozed) };
    }),
  },
}).createMachine({
  id: 'alertBudget',
  context: ({ input }) => ({
    now: input.now ?? Date.now,
    holdMs: input.holdMs ?? ALERT_HOLD_MS,
    conditions: new Map(),
    list: [],
    raised: [],
    flood: null,
    snoozed: new Map(),
    fresh: [],
    interrupts: 0,
  }),
  on: {
    'alerts.observe': { actions: 'observe' },
    'alerts.snooze': { actions: 'snooze' },
    'alerts.unsnooze': { actions: 'unsnooze' },
  },
  initial: 'ready',
  states: {
    /** the budget is there: the next alert interrupts */
    ready: {
      always: { guard: 'hasFresh', target: 'spent', actions: 'interrupt' },
    },
    /** an alert interrupted less than {@link BUDGET_MS} ago: alerts only join the list */
    spent: {
      entry: 'dropFresh',
      on: { 'alerts.observe': { actions: ['observe', 'dropFresh'] } },
      after: { budget: 'ready' },
    },
  },
});

export type AlertBudgetMachine = typeof alertBudgetMachine;
