import { describe, expect, it } from 'vitest';
import {
  applyPresence,
  applyRollCall,
  attendanceState,
  emptyRecord,
  firstJoin,
  foldPresence,
  lastLeave,
  presentSecs,
  shareOfMeeting,
  type PresenceEvent,
} from './attendance';

const join = (at: number, usr_id = 'u1'): PresenceEvent => ({ kind: 'join', usr_id, at });
const leave = (at: number, reason?: string, duration?: number, usr_id = 'u1'): PresenceEvent => ({
  kind: 'leave',
  usr_id,
  at,
  reason,
  duration,
});
const fold = (events: PresenceEvent[], cap?: number) => foldPresence(events, new Map(), cap).get('u1')!;

describe('applyPresence', () => {
  it('makes one interval per stay: join, leave with its reason, reconnect as a second interval', () => {
    const rec = fold([join(100), leave(160, 'media_timeout'), join(170), leave(200, 'user_hangup')]);
    expect(rec.intervals).toEqual([
      { join: 100, leave: 160, leave_reason: 'media_timeout' },
      { join: 170, leave: 200, leave_reason: 'user_hangup' },
    ]);
    expect(rec.joins).toBe(2);
    expect(presentSecs(rec, 1000)).toBe(90);
    expect(attendanceState(rec)).toBe('left');
    expect(firstJoin(rec)).toBe(100);
    expect(lastLeave(rec)).toBe(200);
  });

  it('ignores duplicated joins and leaves', () => {
    const rec = fold([join(100), join(100), leave(160, 'user_hangup'), leave(160, 'user_hangup'), leave(150)]);
    expect(rec.intervals).toEqual([{ join: 100, leave: 160, leave_reason: 'user_hangup' }]);
    expect(rec.joins).toBe(1);
  });

  it('closes a stay at the next join when its leave was not seen, and takes the real leave when it comes late', () => {
    const missing = fold([join(100), join(200)]);
    expect(missing.intervals).toEqual([{ join: 100, leave: 200, leave_inferred: true }, { join: 200 }]);
    const late = applyPresence(missing, leave(150, 'signalling_disconnected'));
    expect(late.intervals).toEqual([{ join: 100, leave: 150, leave_reason: 'signalling_disconnected' }, { join: 200 }]);
    expect(attendanceState(late)).toBe('present');
    expect(presentSecs(late, 260)).toBe(50 + 60);
  });

  it('gives the same stays whatever order the events arrive in', () => {
    const events = [join(100), leave(160, 'media_timeout'), join(170), leave(200, 'user_hangup'), join(300)];
    const inOrder = fold(events).intervals;
    for (const order of [
      [4, 3, 2, 1, 0],
      [1, 0, 3, 2, 4],
      [2, 4, 0, 3, 1],
      [3, 1, 4, 0, 2],
    ]) {
      expect(fold(order.map((i) => events[i])).intervals, `order ${order}`).toEqual(inOrder);
    }
  });

  it('takes the join of a leave that came first from its duration, or waits for the join', () => {
    expect(fold([leave(300, 'user_hangup', 120)]).intervals).toEqual([{ join: 180, leave: 300, leave_reason: 'user_hangup' }]);
    const unknown = fold([leave(300, 'user_hangup')]);
    expect(unknown.intervals).toEqual([{ join: 300, leave: 300, leave_reason: 'user_hangup', join_unknown: true }]);
    expect(applyPresence(unknown, join(200)).intervals).toEqual([{ join: 200, leave: 300, leave_reason: 'user_hangup' }]);
  });

  it('keeps the enter time of someone already present when a console logged in late', () => {
    const rec = fold([{ kind: 'present', usr_id: 'u1', name: 'Ann', since: 50 }, join(50), leave(400, 'user_hangup')]);
    expect(rec.name).toBe('Ann');
    expect(rec.intervals).toEqual([{ join: 50, leave: 400, leave_reason: 'user_hangup' }]);
  });

  it('merges the oldest stays beyond the cap, keeping the time present and the count of joins exact', () => {
    const storm: PresenceEvent[] = [];
    for (let i = 0; i < 100; i++) storm.push(join(i * 10), leave(i * 10 + 4, 'media_timeout'));
    storm.push(join(1000));
    const rec = fold(storm, 8);
    expect(rec.intervals).toHaveLength(8);
    expect(rec.joins).toBe(101);
    expect(presentSecs(rec, 1010)).toBe(100 * 4 + 10);
    expect(rec.intervals[0]).toMatchObject({ join: 0, merged: 94 });
    expect(rec.intervals[7]).toEqual({ join: 1000 });
    expect(attendanceState(rec)).toBe('present');
  });
});

describe('totals', () => {
  it('counts an open stay until now and the share of the meeting so far', () => {
    const rec = fold([join(100), leave(200), join(300)]);
    expect(presentSecs(rec, 400)).toBe(200);
    expect(shareOfMeeting(rec, 0, 400)).toBe(0.5);
    expect(shareOfMeeting(rec, 400, 400)).toBe(0);
    expect(shareOfMeeting(emptyRecord('u2', 'Bo', true), 0, 400)).toBe(0);
  });

  it('says never for an invitee who never came', () => {
    const rec = emptyRecord('u2', 'Bo', true);
    expect(attendanceState(rec)).toBe('never');
    expect(firstJoin(rec)).toBeUndefined();
  });
});

describe('applyRollCall', () => {
  it('marks a call answered when the participant was in the meeting then', () => {
    let rec = fold([join(100), leave(200)]);
    rec = applyRollCall(applyRollCall(rec, 150), 250);
    expect(rec.roll_calls).toEqual([
      { at: 150, answered: true },
      { at: 250, answered: false },
    ]);
  });
});
