/**
 * The one interrupting alert of the alert budget as a toast (issue 26 item 1). It has one id: a
 * flood's grouped alert updates the toast in place (its count), never adds one, and a toast
 * already gone is not brought back by a count — the alert list's button carries it.
 */
import { useEffect } from 'react';
import type { ActorRefFrom } from 'xstate';
import { notifications, notificationsStore, type NotificationData } from '@mantine/notifications';
import { Trans, useLingui } from '@lingui/react/macro';
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

/** What the toast says: the grouped alert's count, or who crossed which threshold. */
type AlertWords = { flood: number } | { alerts: readonly TrackedCondition[] };

/**
 * The toast's message, rendered by the toast in the language shown now: a language switch while
 * it is up re-words it, as it does every other text on screen.
 */
function AlertToastText({ words }: { words: AlertWords }) {
  const { t } = useLingui();
  const condition = useConditionText();
  if ('flood' in words) {
    const count = words.flood;
    return t`${count} quality alerts in the last 10 minutes: see Alerts`;
  }
  const { alerts } = words;
  // one participant (loss and jitter at once, say) is named with every condition
  if (new Set(alerts.map((a) => a.usrId)).size === 1) {
    const name = alerts[0].name;
    const what = alerts.map(condition).join('; ');
    return t`${name}: ${what}`;
  }
  const count = new Set(alerts.map((a) => a.usrId)).size;
  const names = [...new Set(alerts.map((a) => a.name))].slice(0, 3).join(', ');
  return t`${count} participants crossed a quality threshold: ${names}…`;
}

/** Shows the budget's interrupting alert and keeps a shown grouped alert's count up to date. */
export function useAlertToasts(budget: AlertBudgetRef | undefined): void {
  useEffect(() => {
    if (!budget) return;
    const toast = (words: AlertWords): NotificationData => ({
      id: QUALITY_ALERT_ID,
      color: 'orange',
      title: <Trans>Quality alert</Trans>,
      message: <AlertToastText words={words} />,
      autoClose: 10_000,
      className: QUALITY_ALERT_CLASS,
      priority: QUALITY_ALERT_PRIORITY,
    });
    const put = (data: NotificationData) => (isShown() ? notifications.update(data) : notifications.show(data));
    const subs = [
      budget.on('alert.interrupt', (e) => put(toast(e.flood !== null ? { flood: e.flood } : { alerts: e.alerts }))),
      // in place only: a count never raises a new toast
      budget.on('alert.flood', (e) => {
        if (isShown()) notifications.update(toast({ flood: e.count }));
      }),
    ];
    return () => subs.forEach((s) => s.unsubscribe());
  }, [budget]);
}
