import { describe, expect, it } from 'vitest';
import { callBlocked, callLimit } from './callLimit';
import { roomPropertiesOf } from './management';

describe('callLimit (the room max_call before a temporary call)', () => {
  const room = (maxCall?: number) => roomPropertiesOf(maxCall === undefined ? {} : { max_call: maxCall });

  it('says nothing and allows when the platform does not tell max_call', () => {
    expect(callLimit(room(), 5000, 1)).toEqual({ state: 'unknown' });
    expect(callLimit(undefined, 3, 1)).toEqual({ state: 'unknown' });
    expect(callBlocked(callLimit(room(), 5000, 1))).toBe(false);
  });

  it('lets a call through while the room has a free place, telling how many remain', () => {
    expect(callLimit(room(7), 6, 1)).toEqual({ state: 'fits', remaining: 1 });
    expect(callBlocked(callLimit(room(7), 6, 1))).toBe(false);
  });

  it('holds the call back when the room is full, and when more are already in than it takes', () => {
    expect(callLimit(room(6), 6, 1)).toEqual({ state: 'over', maxCall: 6, inMeeting: 6, remaining: 0 });
    expect(callLimit(room(6), 9, 1)).toEqual({ state: 'over', maxCall: 6, inMeeting: 9, remaining: 0 });
    expect(callBlocked(callLimit(room(6), 6, 1))).toBe(true);
  });

  it('adding several that would pass the limit tells how many may still be called', () => {
    const limit = callLimit(room(10), 8, 5);
    expect(limit).toEqual({ state: 'over', maxCall: 10, inMeeting: 8, remaining: 2 });
    expect(callBlocked(limit)).toBe(false);
  });
});
