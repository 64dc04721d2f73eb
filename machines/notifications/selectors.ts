/**
 * Named selectors for the notifications actor (system id `notifications`).
 */
import type { SnapshotFrom } from 'xstate';
import type { FailedCall, LeftCall, NotificationsMachine } from './notificationsMachine';

type NotificationsSnapshot = SnapshotFrom<NotificationsMachine>;

export const selectFailedCalls = (s: NotificationsSnapshot): readonly FailedCall[] => s.context.failedCalls;
export const selectLeftCalls = (s: NotificationsSnapshot): readonly LeftCall[] => s.context.leftCalls;
export const selectFailedUnread = (s: NotificationsSnapshot): number => s.context.failedUnread;
export const selectLeftUnread = (s: NotificationsSnapshot): number => s.context.leftUnread;
export const selectServiceExpiry = (s: NotificationsSnapshot) => s.context.serviceExpiry;
