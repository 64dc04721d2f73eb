/**
 * The session's alert budget (system id `alertBudget`, spawned by the quality history) in the
 * notification bar: the alert list's button, and the one interrupting toast the budget allows.
 * A snooze names this console's role as who snoozed; the budget records it in the activity.
 */
import type { AnyActorRef } from 'xstate';
import { useSelector } from '@xstate/react';
import { alertBudgetSelectors, sessionSelectors, type TrackedCondition } from '@machines/index';
import { useSessionChild } from '#/session/useSessionChild';
import { AlertList } from './AlertList';
import { useAlertToasts, type AlertBudgetRef } from './alertToasts';

const NONE: readonly TrackedCondition[] = [];

export function QualityAlerts({
  session,
}: {
  /** the root session actor */
  session: AnyActorRef;
}) {
  const budget = useSessionChild<AlertBudgetRef>(session, 'alertBudget');
  const role = useSelector(session, (s) => sessionSelectors.selectRole(s)) as string;
  const alerts = useSelector(budget, (s) => (s ? alertBudgetSelectors.selectAlertList(s) : NONE)) ?? NONE;
  const flood = useSelector(budget, (s) => (s ? alertBudgetSelectors.selectFlood(s) : null)) ?? null;
  useAlertToasts(budget);
  return <AlertList alerts={alerts} flood={flood} onSnooze={(a) => budget?.send({ type: 'alerts.snooze', usrId: a.usrId, by: role })} />;
}
