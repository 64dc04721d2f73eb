/** Named selectors for the alert budget (system id `alertBudget`). */
import type { SnapshotFrom } from 'xstate';
import type { AlertBudgetMachine, TrackedCondition } from './alertBudgetMachine';

type AlertBudgetSnapshot = SnapshotFrom<AlertBudgetMachine>;

/** the alert list: current alerts not snoozed, oldest first (same array until it changes) */
export const selectAlertList = (s: AlertBudgetSnapshot): readonly TrackedCondition[] => s.context.list;
/** how many alerts the list holds */
export const selectAlertCount = (s: AlertBudgetSnapshot): number => s.context.list.length;
/** alerts of the last 10 minutes while that is a flood, else null */
export const selectFlood = (s: AlertBudgetSnapshot): number | null => s.context.flood;
/** interrupting alerts raised so far */
export const selectInterrupts = (s: AlertBudgetSnapshot): number => s.context.interrupts;
/** the interrupt of the budget was used less than 10 minutes ago */
