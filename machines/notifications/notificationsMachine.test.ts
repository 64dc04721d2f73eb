import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { FAILED_CALL_CAP, notificationsMachine, type NotificationsEmitted } from './notificationsMachine';
import { selectFailedCalls, selectFailedUnread, selectLeftCalls, selectLeftUnread, selectServiceExpiry } from './selectors';

const failed = (n: number) =>
  ({
    type: 'server.failed_call',
    event: { cmdid: 'failed_call', seq: n, time: n, reason: 'busy', ep_type: 'sip', nick_name: `n${n}`, peer_addr: 'a' },
  }) as never;
const warning = (warn_info: string, is_toast: 0 | 1, params = {}) =>
  ({ type: 'server.show_warning_info', event: { cmdid: 'show_warning_info', seq: 1, warn_info, is_toast, params } }) as never;

function started() {
  const actor = createActor(notificationsMachine).start();
  const emitted: NotificationsEmitted[] = [];
  actor.on('*', (e) => emitted.push(e));
  return { actor, emitted, snap: () => actor.getSnapshot() };
}

describe('message lists', () => {
  it('failed calls are prepended with a counter and capped at 200, oldest dropped', () => {
    const h = started();
    for (let i = 1; i <= FAILED_CALL_CAP + 5; i++) h.actor.send(failed(i));
    const list = selectFailedCalls(h.snap());
    expect(list).toHaveLength(FAILED_CALL_CAP);
    expect(list[0].time).toBe(FAILED_CALL_CAP + 5);
    expect(list.at(-1)!.time).toBe(6);
    expect(selectFailedUnread(h.snap())).toBe(FAILED_CALL_CAP + 5);
    h.actor.send({ type: 'notifications.markFailedRead' });
    expect(selectFailedUnread(h.snap())).toBe(0);
  });

  it('left calls are prepended with a counter', () => {
    const h = started();
    for (const n of [1, 2])
      h.actor.send({
        type: 'server.left_call',
        event: { cmdid: 'left_call', seq: n, ep_id: n, usr_id: `${n}`, reason: 'user_hangup', duration: 5, nick_name: 'x', create_dtm: n },
      } as never);
    expect(selectLeftCalls(h.snap()).map((c) => c.create_dtm)).toEqual([2, 1]);
    expect(selectLeftUnread(h.snap())).toBe(2);
  });
});

describe('warnings', () => {
  it('show_warning_info is a toast or an alert per its flag', () => {
    const h = started();
    h.actor.send(warning('custom_text', 1));
    h.actor.send(warning('other', 0));
    expect(h.emitted).toEqual([
      { type: 'notice.warning', code: 'custom_text', display: 'toast', params: {} },
      { type: 'notice.warning', code: 'other', display: 'alert', params: {} },
    ]);
  });

  it('booking conflict and service expiry are recognised; expiry is kept for its dialog', () => {
    const h = started();
    h.actor.send(warning('booking_conflict', 0, { minutes: 10 }));
    h.actor.send(warning('service_expiry', 0, { days: 3, expiry: 1700000000 }));
    expect(h.emitted.map((e) => e.type)).toEqual(['notice.bookingConflict', 'notice.serviceExpiry']);
    expect(selectServiceExpiry(h.snap())).toEqual({ params: { days: 3, expiry: 1700000000 } });
  });

  it('an acknowledged expiry reminder stays closed when a new session of this console is reminded of the same date', () => {
    const h = started();
    h.actor.send(warning('service_expiry', 0, { days_left: 20, expiry_dtm: 1700000000 }));
    h.actor.send({ type: 'notifications.dismissServiceExpiry' });
    // the re-login's session gets the same reminder from the server
    h.actor.send(warning('service_expiry', 0, { days_left: 20, expiry_dtm: 1700000000 }));
    expect(selectServiceExpiry(h.snap())).toBeNull();
    // a different expiry date (the service was renewed, then nears its end again) is new news
    h.actor.send(warning('service_expiry', 0, { days_left: 5, expiry_dtm: 1800000000 }));
    expect(selectServiceExpiry(h.snap())).toEqual({ params: { days_left: 5, expiry_dtm: 1800000000 } });
  });
});
