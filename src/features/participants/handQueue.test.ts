import { describe, expect, it } from 'vitest';
import { encodeUsrStats } from '@protocol/usrStats';
import type { ParticipantRow } from './participantModel';
import { byTimeRaised, minutesRaised, trackHands, type HandTimes } from './handQueue';

const row = (usrId: string, hand: 0 | 1, extra: Partial<ParticipantRow> = {}): ParticipantRow => ({
  usrId,
  name: usrId,
  remoteAddr: '',
  epId: 1,
  protocol: 2,
  online: true,
  stats: encodeUsrStats({ a_rx: 0, hand }),
  waiting: false,
  order: 0,
  ...extra,
});

describe('raised hands as a queue (issue 13 §6)', () => {
  it('notes when each hand was first seen up and keeps that time while it stays up', () => {
    let t: HandTimes = new Map();
    t = trackHands(t, [row('a', 1), row('b', 0)], 1_000);
    expect([...t]).toEqual([['a', 1_000]]);
    t = trackHands(t, [row('a', 1), row('b', 1)], 5_000);
    expect([...t]).toEqual([
      ['a', 1_000],
      ['b', 5_000],
    ]);
  });

  it('takes the server\'s raise time when it gives one: after a login a hand up for 5 minutes reads 5 minutes, not "just now" (issue 26)', () => {
    const login = 1_000_000;
    const t = trackHands(new Map(), [row('a', 1, { handUpAt: login - 5 * 60_000 }), row('b', 1)], login);
    expect(minutesRaised(t.get('a'), login)).toBe(5);
    expect(minutesRaised(t.get('b'), login)).toBe(0);
    // the server's time replaces one this console noted itself, and stays while the hand stays up
    const later = trackHands(t, [row('a', 1, { handUpAt: login - 5 * 60_000 }), row('b', 1, { handUpAt: login - 60_000 })], login + 1_000);
    expect(later.get('b')).toBe(login - 60_000);
    expect(
      trackHands(later, [row('a', 1, { handUpAt: login - 5 * 60_000 }), row('b', 1, { handUpAt: login - 60_000 })], login + 2_000),
    ).toBe(later);
    // a server clock ahead of this one never makes a hand younger than now
    expect(trackHands(new Map(), [row('c', 1, { handUpAt: login + 60_000 })], login).get('c')).toBe(login);
  });

  it('forgets a hand lowered, a person gone offline or moved to the waiting room', () => {
    let t: HandTimes = new Map([
      ['a', 1],
      ['b', 2],
      ['c', 3],
    ]);
    t = trackHands(t, [row('a', 0), row('b', 1, { online: false, stats: '' }), row('c', 1, { waiting: true })], 10);
    expect(t.size).toBe(0);
  });

  it('returns the same map when nothing changed, so nothing re-renders', () => {
    const t: HandTimes = new Map([['a', 1]]);
    expect(trackHands(t, [row('a', 1), row('b', 0)], 99)).toBe(t);
  });

  it('a hand lowered and raised again queues anew', () => {
    let t: HandTimes = trackHands(new Map(), [row('a', 1)], 1);
    t = trackHands(t, [row('a', 0)], 2);
    t = trackHands(t, [row('a', 1)], 3);
    expect(t.get('a')).toBe(3);
  });

  it('sorts the oldest raise first, unknown times last, ties in the tab order', () => {
    const times = new Map([
      ['late', 300],
      ['early', 100],
      ['tie1', 200],
      ['tie2', 200],
    ]);
    const rows = ['late', 'tie1', 'unknown', 'early', 'tie2'].map((id) => row(id, 1));
    expect(byTimeRaised(rows, times).map((r) => r.usrId)).toEqual(['early', 'tie1', 'tie2', 'late', 'unknown']);
  });

  it('counts whole minutes up', () => {
    expect(minutesRaised(undefined, 1)).toBeNull();
    expect(minutesRaised(0, 59_999)).toBe(0);
    expect(minutesRaised(0, 120_000)).toBe(2);
    expect(minutesRaised(1_000, 0)).toBe(0);
  });
});
