/**
 * The booking-conflict warning flagged as a toast (`show_warning_info` `is_toast` 1, spec §4 "A
 * warning flagged as toast is shown as a toast, otherwise as an alert"): the same words as the
 * "Room reserved" reminder, in one toast that a later mark updates in place.
 */
import { msg } from '@lingui/core/macro';
import { notifications, notificationsStore, type NotificationData } from '@mantine/notifications';
import { toastText } from '#/components/toastText';

export const BOOKING_CONFLICT_TOAST_ID = 'booking-conflict';

/** The toast words itself in the language shown, now and after a switch (toastText). */
export function showBookingConflictToast(minutes: number, scene: 'conference' | 'class'): void {
  const message = toastText((i18n) =>
    scene === 'class'
      ? i18n._(msg`This room is reserved for a following booking. Please finish the class and leave within ${minutes} minutes.`)
      : i18n._(msg`This room is reserved for a following booking. Please leave the meeting within ${minutes} minutes.`),
  );
  const toast: NotificationData = {
    id: BOOKING_CONFLICT_TOAST_ID,
    color: 'orange',
    title: toastText((i18n) => i18n._(msg`Room reserved`)),
    message,
    autoClose: 15_000,
    'data-booking-minutes': minutes,
  } as NotificationData;
  // shown: a later mark (10, 5 minutes) replaces the words in place instead of stacking
  const { notifications: shown, queue } = notificationsStore.getState();
  if ([...shown, ...queue].some((n) => n.id === BOOKING_CONFLICT_TOAST_ID)) notifications.update(toast);
  else notifications.show(toast);
}
