/**
 * The attendance table's rules without React (issue 29): a row per person from the presence
 * records (protocol/attendance.ts), the state filter, the search, the sort, and the CSV and JSON
 * exports. Times are Unix seconds; "so far" is measured to `now` (the meeting's end once over).
 */
import {
  attendanceState,
  firstJoin,
  lastLeave,
  presentSecs,
  shareOfMeeting,
  type AttendanceState,
  type PresenceRecord,
} from '@protocol/attendance';
import { csvDocument, isoTimeText, localTimeText } from '#/shared/csv';

export interface AttendanceRow {
  usrId: string;
  name: string;
  invited: boolean;
  state: AttendanceState;
  /** undefined: never came */
  firstJoin?: number;
  /** undefined: still in, or never came */
  lastLeave?: number;
  /** the last leave's reason code, '' when none was given */
  leaveReason: string;
  /** seconds present up to `now` */
  totalSecs: number;
  /** 0..1 of the meeting so far */
  share: number;
  /** stays (a reconnect is one more) */
  joins: number;
  /** roll calls of this person, and at how many they were present (the wire's `answered`: the platform records no answer) */
  rollCalls: number;
  answered: number;
  /** the name (or usr_id) as the name sort compares it: see nameSortKey */
  nameKey: string;
  /** the first stay began before this console could see (local history): its join is an enter time, not a seen join */
  record: PresenceRecord;
}

/**
 * The name as the sort compares it, its digit runs padded to twelve places, so a plain collation
 * orders "Room 9" before "Room 10": a numeric Intl.Collator gives that too, but in Chromium each of
 * its compares costs about ten times a plain one, and 10,000 names take 140,000 compares.
 */
export function nameSortKey(name: string): string {
  return name.replace(/\d+/g, (d) => d.replace(/^0+(?=\d)/, '').padStart(12, '0'));
}

/** One row per record, measured to `now` against a meeting that started at `meetingStart`. */
export function toAttendanceRows(records: readonly PresenceRecord[], meetingStart: number, now: number): AttendanceRow[] {
  const rows = new Array<AttendanceRow>(records.length);
  for (let i = 0; i < records.length; i++) {
    const rec = records[i];
    const last = rec.intervals[rec.intervals.length - 1];
    const calls = rec.roll_calls ?? [];
    rows[i] = {
      usrId: rec.usr_id,
      name: rec.name,
      invited: rec.invited,
      state: attendanceState(rec),
      firstJoin: firstJoin(rec),
      lastLeave: lastLeave(rec),
      leaveReason: last?.leave_reason ?? '',
      totalSecs: presentSecs(rec, now),
      share: shareOfMeeting(rec, meetingStart, now),
      joins: Math.max(rec.joins, rec.intervals.length),
      rollCalls: calls.length,
      answered: calls.filter((c) => c.answered).length,
      nameKey: nameSortKey(rec.name || rec.usr_id),
      record: rec,
    };
  }
  return rows;
}

export type AttendanceFilter = 'all' | AttendanceState;
export type AttendanceSortKey = 'name' | 'state' | 'firstJoin' | 'lastLeave' | 'total' | 'share' | 'joins';
export interface AttendanceSort {
  key: AttendanceSortKey;
  dir: 'asc' | 'desc';
}

export interface AttendanceCounts {
  all: number;
  present: number;
  left: number;
  never: number;
  invited: number;
}

export function countAttendance(rows: readonly AttendanceRow[]): AttendanceCounts {
  const c: AttendanceCounts = { all: rows.length, present: 0, left: 0, never: 0, invited: 0 };
  for (const r of rows) {
    c[r.state] += 1;
    if (r.invited) c.invited += 1;
  }
  return c;
}

const STATE_ORDER: Record<AttendanceState, number> = { present: 0, left: 1, never: 2 };
/** one collator per language, made once: making one costs more than a thousand compares */
const collators = new Map<string, Intl.Collator>();
function collatorFor(locale: string | undefined): Intl.Collator {
  const key = locale ?? '';
  let c = collators.get(key);
  if (!c) collators.set(key, (c = new Intl.Collator(locale, { sensitivity: 'base' })));
  return c;
}

/** never came sorts after every time, whichever the direction */
function byOptional(a: number | undefined, b: number | undefined, dir: number): number {
  if (a === undefined || b === undefined) return a === b ? 0 : a === undefined ? 1 : -1;
  return (a - b) * dir;
}

function compare(a: AttendanceRow, b: AttendanceRow, sort: AttendanceSort, collator: Intl.Collator): number {
  const dir = sort.dir === 'asc' ? 1 : -1;
  switch (sort.key) {
    case 'name':
      return collator.compare(a.nameKey, b.nameKey) * dir;
    case 'state':
      return (STATE_ORDER[a.state] - STATE_ORDER[b.state]) * dir;
    case 'firstJoin':
      return byOptional(a.firstJoin, b.firstJoin, dir);
    case 'lastLeave':
      return byOptional(a.lastLeave, b.lastLeave, dir);
    case 'total':
      return (a.totalSecs - b.totalSecs) * dir;
    case 'share':
      return (a.share - b.share) * dir;
    case 'joins':
      return (a.joins - b.joins) * dir;
  }
}

/** How the rows are sorted and how many of the first are wanted. */
export interface AttendanceSelectOptions {
  /** the language names are collated in (Chinese: pinyin order); the browser's when absent */
  locale?: string;
  /** only the first `first` rows in order: the report draws 300 of 10,000 on screen */
  first?: number;
}

/**
 * The rows shown: one state (or all), matching the search (part of the name, or the usr_id), sorted; ties by name.
 * With `first`, only that many: they are picked in one pass (a row after the last kept costs one compare)
 * instead of sorting every row, and are the same rows, in the same order, a full sort would put first.
 */
export function selectAttendanceRows(
  rows: readonly AttendanceRow[],
  filter: AttendanceFilter,
  search: string,
  sort: AttendanceSort,
  options: AttendanceSelectOptions = {},
): AttendanceRow[] {
  const text = search.trim().toLowerCase();
  const out = rows.filter(
    (r) =>
      (filter === 'all' || r.state === filter) &&
      (!text || r.name.toLowerCase().includes(text) || r.usrId.toLowerCase() === text || r.usrId.toLowerCase().startsWith(text)),
  );
  const collator = collatorFor(options.locale);
  const cmp = (a: AttendanceRow, b: AttendanceRow) => compare(a, b, sort, collator) || collator.compare(a.nameKey, b.nameKey);
  return options.first === undefined ? out.sort(cmp) : firstSorted(out, options.first, cmp);
}

/** The first `k` items in `cmp` order, stable (ties keep their input order, as Array.prototype.sort does). */
export function firstSorted<T>(items: readonly T[], k: number, cmp: (a: T, b: T) => number): T[] {
  if (k >= items.length) return [...items].sort(cmp);
  const kept: T[] = [];
  if (k <= 0) return kept;
  for (const item of items) {
    if (kept.length === k && cmp(item, kept[k - 1]) >= 0) continue;
    // after every kept item that is not greater: stable
    let lo = 0;
    let hi = kept.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cmp(item, kept[mid]) < 0) hi = mid;
      else lo = mid + 1;
    }
    kept.splice(lo, 0, item);
    if (kept.length > k) kept.pop();
  }
  return kept;
}

/** `1:02:05` (hours:minutes:seconds), `12:05` under an hour. */
export function durationText(secs: number): string {
  const s = Math.max(0, Math.round(secs));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const p = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${p(m)}:${p(s % 60)}` : `${m}:${p(s % 60)}`;
}

export const percentText = (share: number): string => `${Math.round(share * 100)} %`;

/** Words the CSV needs in the user's language (states, yes/no). */
export interface AttendanceCsvWords {
  state: (state: AttendanceState) => string;
  yes: string;
  no: string;
}

export const ATTENDANCE_CSV_COLUMNS = [
  'name',
  'usr_id',
  'invited',
  'state',
  'first_join_local',
  'first_join_iso',
  'last_leave_local',
  'last_leave_iso',
  'leave_reason',
  'total_seconds',
  'total',
  'share_percent',
  'joins',
  'roll_calls',
  'roll_calls_present',
  'stays',
] as const;

const localOrBlank = (t: number | undefined) => (t === undefined ? '' : localTimeText(t));

/** The stays of one person for a cell: `09:01:02–09:30:00; 09:35:10–` (local times, an open stay without an end). */
export function staysText(rec: PresenceRecord): string {
  return rec.intervals
    .map(
      (iv) =>
        `${localTimeText(iv.join).slice(11)}–${iv.leave === undefined ? '' : localTimeText(iv.leave).slice(11)}${iv.merged ? ` (×${iv.merged})` : ''}`,
    )
    .join('; ');
}

/**
 * The rows as CSV for a spreadsheet, in the order given: UTF-8 with a byte-order mark (Excel keeps
 * Chinese names), CRLF, local and ISO 8601 times, the state in the user's language, then every
 * stay of the person.
 */
export function attendanceCsv(rows: readonly AttendanceRow[], words: AttendanceCsvWords): string {
  return csvDocument(
    ATTENDANCE_CSV_COLUMNS,
    rows.map((r) => [
      r.name,
      r.usrId,
      r.invited ? words.yes : words.no,
      words.state(r.state),
      localOrBlank(r.firstJoin),
      r.firstJoin === undefined ? '' : isoTimeText(r.firstJoin),
      localOrBlank(r.lastLeave),
      r.lastLeave === undefined ? '' : isoTimeText(r.lastLeave),
      r.leaveReason,
      Math.round(r.totalSecs),
      durationText(r.totalSecs),
      Math.round(r.share * 100),
      r.joins,
      r.rollCalls,
      r.answered,
      staysText(r.record),
    ]),
  );
}
