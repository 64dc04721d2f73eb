/**
 * The one interrupting alert of the alert budget as a toast (issue 26 item 1). It has one id: a
 * flood's grouped alert updates the toast in place (its count), never adds one, and a toast
 * already gone is not brought back by a count — the alert list's button carries it.
 */
import { useEffect } from 'react';
import type { ActorRefFrom } from 'xstate';
import { notifications, notificationsStore, type NotificationData } from '@mantine/notifications';
import { useLingui } from '@lingui/react/macro';
import type { AlertBudgetMachine, TrackedCondition } from '@machines/index';
import { useConditionText } from './AlertList';

export type AlertBudgetRef = ActorRefFrom<AlertBudgetMachine>;

/** Marks the quality alert among the toasts: it arrives on its own schedule, apart from any command. */
export const QUALITY_ALERT_CLASS = 'podium-quality-alert';
/**
 * Below every other toast (Mantine's default priority is 0): the result of a host's own command
 * is never held back behind an alert.
 */
export const QUALITY_ALERT_PRIORITY = -1;
/** the id of the one quality alert toast */
export const QUALITY_ALERT_ID = 'podium-quality-alert';

const isShown = () => {
  const { notifications: shown, queue } = notificationsStore.getState();
  return [...shown, ...queue].some((n) => n.id === QUALITY_ALERT_ID);
};

/** Shows the budget's interrupting alert and keeps a shown grouped alert's count up to date. */
export function useAlertToasts(budget: AlertBudgetRef | undefined): void {
  const { t } = useLingui();
  const condition = useConditionText();
  useEffect(() => {
    if (!budget) return;
    const floodText = (count: number) => t`${count} quality alerts in the last 10 minutes: see Alerts`;
    const base = {
      id: QUALITY_ALERT_ID,
      color: 'orange',
      title: t`Quality alert`,
      autoClose: 10_000,
      className: QUALITY_ALERT_CLASS,
      priority: QUALITY_ALERT_PRIORITY,
    };
    const describe = (alerts: readonly TrackedCondition[]) => {
      // one participant (loss and jitter at once, say) is named with every condition
      if (new Set(alerts.map((a) => a.usrId)).size === 1) {
        const name = alerts[0].name;
        const what = alerts.map(condition).join('; ');
        return t`${name}: ${what}`;
      }
      const count = new Set(alerts.map((a) => a.usrId)).size;
      const names = [...new Set(alerts.map((a) => a.name))].slice(0, 3).join(', ');
      return t`${count} participants crossed a quality threshold: ${names}…`;
    };
    const put = (data: NotificationData) => (isShown() ? notifications.update(data) : notifications.show(data));
    const subs = [
      budget.on('alert.interrupt', (e) => put({ ...base, message: e.flood !== null ? floodText(e.flood) : describe(e.alerts) })),
      // in place only: a count never raises a new toast
      budget.on('alert.flood', (e) => {
        if (isShown()) notifications.update({ ...base, message: floodText(e.count) });
      }),
    ];
    return () => subs.forEach((s) => s.unsubscribe());
    // eslint-disable-next-line react-hooks/exhaustive-deps -- condition() words by the current language, as t does: `t` is the dependency
  }, [budget, t]);
}
