/**
 * The booking form's values and the spec §5 rules on them (protocol/validation.ts, shared with
 * the server): times are typed as local date-times (`<input type="datetime-local">`) and go on the
 * wire as Unix seconds. No rule is decided here, only read.
 */
import { RC } from '@protocol/codes';
import { checkBookingDraft } from '@protocol/management';
import { VALIDATION_RESULT_CODES } from '@protocol/validationCodes';

export interface BookingForm {
  name: string;
  /** `YYYY-MM-DDTHH:mm`, local time */
  start: string;
  end: string;
}

/** the longest meeting name the server keeps */
export const MAX_BOOKING_NAME = 64;

/** Unix seconds of a local `YYYY-MM-DDTHH:mm`, undefined when it is no such date-time. */
export function parseLocalDateTime(value: string): number | undefined {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(value.trim())) return undefined;
  // a date-time without an offset is local time (ECMA-262 Date.parse)
  const ms = new Date(value.trim()).getTime();
  return Number.isFinite(ms) ? Math.floor(ms / 1000) : undefined;
}

/** The local `YYYY-MM-DDTHH:mm` of Unix seconds (what a datetime-local input holds). */
export function toLocalDateTime(sec: number): string {
  const d = new Date(sec * 1000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/**
 * The form a booking starts with: right after the running meeting's planned end when that is far
 * enough ahead, else 15 minutes from now; on a 5-minute mark, an hour long, or up to the room's
 * next booking when that comes sooner (and leaves at least the 5 minutes a booking needs).
 */
export function defaultBookingForm(name: string, nowSec: number, currentEndSec: number, nextBookingSec = 0): BookingForm {
  const earliest = nowSec + 15 * 60;
  const from = currentEndSec > earliest ? currentEndSec : earliest;
  const start = Math.ceil(from / 300) * 300;
  const upToNext = nextBookingSec > start && nextBookingSec - start >= 5 * 60 && nextBookingSec < start + 3600;
  return { name, start: toLocalDateTime(start), end: toLocalDateTime(upToNext ? nextBookingSec : start + 3600) };
}

/** The booking of a form: start and length in seconds (undefined when a time is not a date-time). */
export function bookingTimesOf(form: BookingForm): { startSec: number; durationSec: number } | undefined {
  const start = parseLocalDateTime(form.start);
  const end = parseLocalDateTime(form.end);
  if (start === undefined || end === undefined) return undefined;
  return { startSec: start, durationSec: end - start };
}

/** The result code the form may not be sent with (shown, nothing sent), undefined when it may. */
export function checkBookingForm(form: BookingForm, nowSec: number): number | undefined {
  if (form.name.trim().length > MAX_BOOKING_NAME) return RC.nameTooLong;
  const times = bookingTimesOf(form);
  if (!times) return RC.valueOutOfRange;
  const rule = checkBookingDraft(times, nowSec);
  return rule === null ? undefined : VALIDATION_RESULT_CODES[rule];
}
