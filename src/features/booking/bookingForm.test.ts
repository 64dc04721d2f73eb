import { describe, expect, it } from 'vitest';
import { RC } from '@protocol/codes';
import { bookingTimesOf, checkBookingForm, defaultBookingForm, parseLocalDateTime, toLocalDateTime } from './bookingForm';

const now = Math.floor(new Date(2026, 10, 28, 9, 2).getTime() / 1000);
const at = (minutesFromNow: number) => toLocalDateTime(now + minutesFromNow * 60);

describe('booking form', () => {
  it('reads and writes local date-times', () => {
    expect(toLocalDateTime(now)).toBe('2026-11-28T09:02');
    expect(parseLocalDateTime('2026-11-28T09:02')).toBe(now);
    expect(parseLocalDateTime('tomorrow')).toBeUndefined();
    expect(parseLocalDateTime('')).toBeUndefined();
  });

  it('proposes right after the running meeting, or 15 minutes from now, on a 5-minute mark, an hour long', () => {
    expect(defaultBookingForm('Room', now, 0)).toEqual({ name: 'Room', start: '2026-11-28T09:20', end: '2026-11-28T10:20' });
    expect(defaultBookingForm('Room', now, now + 2 * 3600).start).toBe('2026-11-28T11:05');
    expect(checkBookingForm(defaultBookingForm('Room', now, 0), now)).toBeUndefined();
    // up to the room's next booking when it comes within the hour
    expect(defaultBookingForm('Room', now, 0, now + 48 * 60).end).toBe('2026-11-28T09:50');
    expect(defaultBookingForm('Room', now, 0, now + 20 * 60).end).toBe('2026-11-28T10:20');
  });

  it('refuses each §5 rule with its code', () => {
    expect(checkBookingForm({ name: 'x', start: at(20), end: at(24) }, now)).toBe(RC.bookingTooShort);
    expect(checkBookingForm({ name: 'x', start: at(10), end: at(40) }, now)).toBe(RC.bookingStartTooSoon);
    expect(checkBookingForm({ name: 'x', start: at(20), end: at(20 + 7 * 24 * 60 + 1) }, now)).toBe(RC.bookingTooLong);
    expect(checkBookingForm({ name: 'x', start: at(20), end: at(20 + 7 * 24 * 60) }, now)).toBeUndefined();
    expect(checkBookingForm({ name: 'x', start: '', end: at(40) }, now)).toBe(RC.valueOutOfRange);
    expect(checkBookingForm({ name: 'x'.repeat(65), start: at(20), end: at(40) }, now)).toBe(RC.nameTooLong);
    expect(bookingTimesOf({ name: '', start: at(20), end: at(50) })).toEqual({ startSec: now + 1200, durationSec: 1800 });
  });
});
