/**
 * Checks the answer of `GET attendance` (protocol/attendance.ts AttendancePage) before the console
 * trusts it: a malformed page is a failed load (retried on refresh), never a half-read table.
 */
import { ApiError } from '../../protocol/errors';
import type { AttendancePage, PresenceInterval, PresenceRecord } from '../../protocol/attendance';

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const num = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

function bad(what: string): never {
  throw new ApiError('decode', 200, 'attendance', undefined, what);
}

function interval(v: unknown): PresenceInterval {
  if (!isObj(v) || !num(v.join)) bad('an interval without a join time');
  if (v.leave !== undefined && !num(v.leave)) bad('an interval with a bad leave time');
  return v as unknown as PresenceInterval;
}

function record(v: unknown): PresenceRecord {
  if (!isObj(v) || typeof v.usr_id !== 'string' || !Array.isArray(v.intervals)) bad('a record without usr_id or intervals');
  const roll = Array.isArray(v.roll_calls)
    ? v.roll_calls
        .filter((m): m is { at: number; answered: boolean } => isObj(m) && num(m.at))
        .map((m) => ({ at: m.at, answered: m.answered === true }))
    : undefined;
  return {
    usr_id: v.usr_id,
    name: typeof v.name === 'string' ? v.name : '',
    invited: v.invited === true,
    intervals: v.intervals.map(interval),
    joins: num(v.joins) ? v.joins : v.intervals.length,
    ...(roll ? { roll_calls: roll } : {}),
  };
}

export function decodeAttendancePage(v: unknown): AttendancePage {
  if (!isObj(v) || !Array.isArray(v.records)) bad('no records');
  return {
    cmdid: 'attendance',
    mr_id: typeof v.mr_id === 'string' ? v.mr_id : '',
    meeting_start: num(v.meeting_start) ? v.meeting_start : 0,
    ...(num(v.meeting_end) && v.meeting_end > 0 ? { meeting_end: v.meeting_end } : {}),
    now: num(v.now) ? v.now : 0,
    total: num(v.total) ? v.total : v.records.length,
    records: v.records.map(record),
    ...(typeof v.next_after === 'string' && v.next_after ? { next_after: v.next_after } : {}),
    ...(typeof v.report_token === 'string' && v.report_token ? { report_token: v.report_token } : {}),
    ...(num(v.expires_at) ? { expires_at: v.expires_at } : {}),
  };
}
