/**
 * Message lists and notices the feed carries (spec §4 "Message lists", "Meeting ended...",
 * "Booking conflicts"): failed calls (newest first, at most 200) and left calls with unread
 * counters; `show_warning_info` as a toast or an alert per its flag, with the booking-conflict
 * and service-expiry warnings recognised by their codes. Text stays in the UI: notices carry the
 * warning code and its parameters.
 */
import { assign, enqueueActions, setup } from 'xstate';
import type { FailedCallEvent, LeftCallEvent, ShowWarningInfoEvent } from '../../protocol/events';

export const FAILED_CALL_CAP = 200;
export const LEFT_CALL_CAP = 500;

export type FailedCall = Omit<FailedCallEvent, 'cmdid' | 'seq'>;
export type LeftCall = Omit<LeftCallEvent, 'cmdid' | 'seq'>;

export interface ServiceExpiry {
  params: Record<string, string | number>;
}

export interface NotificationsContext {
  /** newest first */
  failedCalls: readonly FailedCall[];
  leftCalls: readonly LeftCall[];
  failedUnread: number;
  leftUnread: number;
  /** the last service-expiry reminder (days left, expiry time), for its dialog */
  serviceExpiry: ServiceExpiry | null;
  /**
   * the expiry date (Unix s) of the reminder the user acknowledged: a new session of this console
   * (a re-login, a resume) is reminded by the server again, and the same reminder must not reopen
   */
  acknowledgedExpiry: number | null;
}

export type NotificationsEvent =
  | { type: 'server.failed_call'; event: FailedCallEvent }
  | { type: 'server.left_call'; event: LeftCallEvent }
  | { type: 'server.show_warning_info'; event: ShowWarningInfoEvent }
  | { type: 'notifications.markFailedRead' }
  | { type: 'notifications.markLeftRead' }
  | { type: 'notifications.clearFailed' }
  | { type: 'notifications.clearLeft' }
  | { type: 'notifications.dismissServiceExpiry' };

export type NoticeDisplay = 'toast' | 'alert';

export type NotificationsEmitted =
  | { type: 'notice.warning'; code: string; display: NoticeDisplay; params: Record<string, string | number> }
  | { type: 'notice.bookingConflict'; display: NoticeDisplay; params: Record<string, string | number> }
  | { type: 'notice.serviceExpiry'; display: NoticeDisplay; params: Record<string, string | number> }
  | { type: 'notice.failedCall'; call: FailedCall }
  | { type: 'notice.leftCall'; call: LeftCall };

function strip<T extends { cmdid: unknown; seq: unknown }>(e: T): Omit<T, 'cmdid' | 'seq'> {
  const { cmdid: _c, seq: _s, ...rest } = e;
  return rest;
}

export const notificationsMachine = setup({
  types: {
    context: {} as NotificationsContext,
    events: {} as NotificationsEvent,
    emitted: {} as NotificationsEmitted,
  },
  actions: {
    addFailed: enqueueActions(({ context, enqueue }, p: { event: FailedCallEvent }) => {
      const call = strip(p.event);
      // prepend; past the cap the oldest falls off
      const failedCalls = [call, ...context.failedCalls];
      if (failedCalls.length > FAILED_CALL_CAP) failedCalls.length = FAILED_CALL_CAP;
      enqueue.assign({ failedCalls, failedUnread: context.failedUnread + 1 });
      enqueue.emit({ type: 'notice.failedCall', call });
    }),
    addLeft: enqueueActions(({ context, enqueue }, p: { event: LeftCallEvent }) => {
      const call = strip(p.event);
      const leftCalls = [call, ...context.leftCalls];
      if (leftCalls.length > LEFT_CALL_CAP) leftCalls.length = LEFT_CALL_CAP;
      enqueue.assign({ leftCalls, leftUnread: context.leftUnread + 1 });
      enqueue.emit({ type: 'notice.leftCall', call });
    }),
    warn: enqueueActions(({ context, enqueue }, p: { event: ShowWarningInfoEvent }) => {
      const e = p.event;
      const display: NoticeDisplay = e.is_toast ? 'toast' : 'alert';
      const params = e.params ?? {};
      if (e.warn_info === 'booking_conflict') enqueue.emit({ type: 'notice.bookingConflict', display, params });
      else if (e.warn_info === 'service_expiry') {
        if (context.acknowledgedExpiry !== null && Number(params.expiry_dtm) === context.acknowledgedExpiry) return;
        enqueue.assign({ serviceExpiry: { params } });
        enqueue.emit({ type: 'notice.serviceExpiry', display, params });
      } else enqueue.emit({ type: 'notice.warning', code: e.warn_info, display, params });
    }),
    markFailedRead: assign({ failedUnread: 0 }),
    markLeftRead: assign({ leftUnread: 0 }),
    clearFailed: assign({ failedCalls: [], failedUnread: 0 }),
    clearLeft: assign({ leftCalls: [], leftUnread: 0 }),
    /** the dismissed expiry stays acknowledged: the same warning repeated by the feed is not shown again */
    dismissServiceExpiry: assign(({ context }) => ({
      serviceExpiry: null,
      acknowledgedExpiry: context.serviceExpiry ? Number(context.serviceExpiry.params.expiry_dtm) || null : context.acknowledgedExpiry,
    })),
  },
}).createMachine({
  id: 'notifications',
  context: { failedCalls: [], leftCalls: [], failedUnread: 0, leftUnread: 0, serviceExpiry: null, acknowledgedExpiry: null },
  on: {
    'server.failed_call': { actions: { type: 'addFailed', params: ({ event }) => ({ event: event.event }) } },
    'server.left_call': { actions: { type: 'addLeft', params: ({ event }) => ({ event: event.event }) } },
    'server.show_warning_info': { actions: { type: 'warn', params: ({ event }) => ({ event: event.event }) } },
    'notifications.markFailedRead': { actions: 'markFailedRead' },
    'notifications.markLeftRead': { actions: 'markLeftRead' },
    'notifications.clearFailed': { actions: 'clearFailed' },
    'notifications.clearLeft': { actions: 'clearLeft' },
    'notifications.dismissServiceExpiry': { actions: 'dismissServiceExpiry' },
  },
});

export type NotificationsMachine = typeof notificationsMachine;
