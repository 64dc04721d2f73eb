/**
 * Attendance (issue 29): who was in the meeting, from when to when. The wire types of Podium's own
 * `GET {P}attendance` (assumption group `attendance`, grade podium) and the pure interval logic that
 * both sides use: the reference server folds the joins and leaves it makes; a console in front of
 * the platform folds what it sees since its login (`left_call`, `online_eps_info` enter times).
 *
 * Times are Unix seconds, as `enter_dtms` and `left_call.create_dtm` are. No I/O here.
 */

/** One stay in the meeting. */
export interface PresenceInterval {
  /** when the participant entered (Unix seconds); for `join_unknown` the best lower bound */
  join: number;
  /** when they left; absent while they are still in */
  leave?: number;
  /** leave reason code (protocol/codes.ts LEAVE_REASONS, or the platform's free text) */
  leave_reason?: string;
  /** the leave was not seen but implied (a later join without a leave between) */
  leave_inferred?: true;
  /** the join was not seen (a leave without duration, seen by a console that logged in late) */
  join_unknown?: true;
  /** how many stays this interval stands for when older ones were merged to bound memory */
  merged?: number;
  /** seconds actually present inside a merged interval (its gaps not counted) */
  present_secs?: number;
}

/** One roll call of this participant. */
export interface RollCallMark {
  /** when they were called (Unix seconds) */
  at: number;
  /**
   * whether they were in the meeting when called. Named `answered` on the wire, but the platform
   * has no answer to a roll call (console spec: start, next, end; the called endpoint gets the
   * floor, and `rollcall_hist` keeps only who was called from which address), so the console
   * shows it as "present when called", never as an answer.
   */
  answered: boolean;
}

/** Everything known of one participant's attendance. */
export interface PresenceRecord {
  usr_id: string;
  /** the last name seen */
  name: string;
  /** on the meeting's invited list (address book participants of the room) */
  invited: boolean;
  /** stays in time order; empty for invitees who never came */
  intervals: PresenceInterval[];
  /** how many times they joined in all (merged intervals included) */
  joins: number;
  roll_calls?: RollCallMark[];
}

/** What changes a record. `present` is an enter time seen in a snapshot (console logged in late). */
export type PresenceEvent =
  | { kind: 'join'; usr_id: string; name?: string; at: number }
  | { kind: 'present'; usr_id: string; name?: string; since: number }
  | { kind: 'leave'; usr_id: string; name?: string; at: number; reason?: string; duration?: number };

/** `GET {P}attendance?after=<usr_id>&limit=<n>`: records sorted by `usr_id`, a page after the cursor. */
export interface AttendanceQuery {
  /** cursor: the last `usr_id` of the previous page; absent for the first page */
  after?: string;
  /** 1..ATTENDANCE_PAGE_MAX, default ATTENDANCE_PAGE_DEFAULT */
  limit?: number;
}

export const ATTENDANCE_PAGE_MAX = 1000;
export const ATTENDANCE_PAGE_DEFAULT = 500;
/** intervals kept per person before the oldest are merged (totals stay exact) */
export const INTERVALS_PER_PERSON_MAX = 32;

export interface AttendancePage {
  cmdid: 'attendance';
  mr_id: string;
  /** when the meeting started (Unix seconds) */
  meeting_start: number;
  /** when it ended; absent while it runs */
  meeting_end?: number;
  /** the server's time of this answer (Unix seconds), to compute "so far" */
  now: number;
  /** records in the whole history */
  total: number;
  records: PresenceRecord[];
  /** cursor of the next page; absent on the last */
  next_after?: string;
  /**
   * a token that reads this meeting's attendance after the meeting ended (and the session with
   * it), until the history expires: `GET /api/v3/podium/attendance?after=&limit=` with the header
   * `report-token: <token>` (unsigned: no session is left to sign with; the token is the credential)
   */
  report_token?: string;
  /** when the history is deleted (Unix seconds); absent while the meeting runs */
  expires_at?: number;
}

/** A new record for someone not seen yet. */
export function emptyRecord(usrId: string, name = '', invited = false): PresenceRecord {
  return { usr_id: usrId, name, invited, intervals: [], joins: 0 };
}

const covers = (iv: PresenceInterval, t: number): boolean => iv.join <= t && (iv.leave === undefined || t < iv.leave);

function rename(rec: PresenceRecord, name: string | undefined): PresenceRecord {
  return name && name !== rec.name ? { ...rec, name } : rec;
}

/**
 * Folds one event into a record, whatever the order events arrive in: a duplicate changes nothing,
 * a join without a leave before it closes the earlier stay (`leave_inferred`), a late leave replaces
 * an inferred one, a leave without a join makes a closed stay (its join from `duration`, or
 * `join_unknown`). Beyond `cap` intervals the two oldest merge, keeping the time present exact.
 * @example applyPresence(emptyRecord('u1'), { kind: 'join', usr_id: 'u1', at: 100 }).intervals // [{ join: 100 }]
 */
export function applyPresence(rec: PresenceRecord, ev: PresenceEvent, cap = INTERVALS_PER_PERSON_MAX): PresenceRecord {
  const named = rename(rec, ev.name);
  const next =
    ev.kind === 'leave' ? applyLeave(named, ev.at, ev.reason, ev.duration) : applyJoin(named, ev.kind === 'join' ? ev.at : ev.since);
  return next === named ? named : bound(next, cap);
}

function applyJoin(rec: PresenceRecord, t: number): PresenceRecord {
  const ivs = rec.intervals;
  // a duplicate, or inside a known stay (an open stay is a reconnect unless it began at `t`)
  if (ivs.some((iv) => (iv.leave === undefined ? iv.join === t : covers(iv, t)))) return rec;
  const at = ivs.findIndex((iv) => iv.join > t || (iv.join_unknown && iv.leave !== undefined && t < iv.leave));
  const out = ivs.slice();
  if (at >= 0 && out[at].join_unknown && t < (out[at].leave as number)) {
    // the join of a stay whose leave came first
    const { join_unknown: _unknown, ...known } = out[at];
    out[at] = { ...known, join: t };
    return { ...rec, intervals: out };
  }
  if (at >= 0) {
    // a join in the past before a known stay: its leave is not seen yet, at the latest the next join
    out.splice(at, 0, { join: t, leave: out[at].join, leave_inferred: true });
    return { ...rec, intervals: out, joins: rec.joins + 1 };
  }
  const last = out[out.length - 1];
  if (last && last.leave === undefined) out[out.length - 1] = { ...last, leave: t, leave_inferred: true };
  out.push({ join: t });
  return { ...rec, intervals: out, joins: rec.joins + 1 };
}

function applyLeave(rec: PresenceRecord, t: number, reason: string | undefined, duration: number | undefined): PresenceRecord {
  const ivs = rec.intervals;
  const withReason = reason ? { leave_reason: reason } : {};
  const i = ivs.findIndex((iv) => iv.join <= t && (iv.leave === undefined || t <= iv.leave));
  if (i >= 0) {
    const iv = ivs[i];
    if (iv.leave !== undefined && !iv.leave_inferred) return rec; // a duplicate or already closed
    const { leave_inferred: _inferred, ...rest } = iv;
    const out = ivs.slice();
    out[i] = { ...rest, leave: t, ...withReason };
    return { ...rec, intervals: out };
  }
  // a leave whose stay is not known: placed after the stays that ended before it
  const prev = [...ivs].reverse().find((iv) => iv.leave !== undefined && iv.leave <= t);
  const floor = prev?.leave ?? -Infinity;
  const join = duration !== undefined && duration >= 0 ? Math.max(t - duration, floor) : undefined;
  const stay: PresenceInterval =
    join === undefined ? { join: Math.max(floor, t), leave: t, join_unknown: true, ...withReason } : { join, leave: t, ...withReason };
  const out = ivs.slice();
  const at = out.findIndex((iv) => iv.join > t);
  out.splice(at < 0 ? out.length : at, 0, stay);
  return { ...rec, intervals: out, joins: rec.joins + 1 };
}

const secsOf = (iv: PresenceInterval, now: number): number =>
  iv.present_secs ?? Math.max(0, (iv.leave ?? Math.max(now, iv.join)) - iv.join);

/** Merges the oldest intervals until at most `cap` remain; the time present stays exact. */
function bound(rec: PresenceRecord, cap: number): PresenceRecord {
  if (rec.intervals.length <= Math.max(2, cap)) return rec;
  const out = rec.intervals.slice();
  while (out.length > Math.max(2, cap)) {
    const [a, b] = out;
    // merging only closed stays: `b` is closed when more than two remain
    out.splice(0, 2, {
      join: a.join,
      leave: b.leave,
      ...(b.leave_reason ? { leave_reason: b.leave_reason } : {}),
      merged: (a.merged ?? 1) + (b.merged ?? 1),
      present_secs: secsOf(a, a.leave ?? a.join) + secsOf(b, b.leave ?? b.join),
    });
  }
  return { ...rec, intervals: out };
}

/** Seconds present up to `now` (an open stay counts until `now`). */
export function presentSecs(rec: PresenceRecord, now: number): number {
  let total = 0;
  for (const iv of rec.intervals) total += secsOf(iv, now);
  return total;
}

/** The share of the meeting so far (0..1) the participant was in it; 0 before the meeting. */
export function shareOfMeeting(rec: PresenceRecord, meetingStart: number, now: number): number {
  const span = now - meetingStart;
  if (span <= 0) return 0;
  return Math.min(1, presentSecs(rec, now) / span);
}

export type AttendanceState = 'present' | 'left' | 'never';

/** Whether the participant is in the meeting now, came and left, or never came. */
export function attendanceState(rec: PresenceRecord): AttendanceState {
  const last = rec.intervals[rec.intervals.length - 1];
  if (!last) return 'never';
  return last.leave === undefined ? 'present' : 'left';
}

/** The first join, or undefined for someone who never came. */
export function firstJoin(rec: PresenceRecord): number | undefined {
  return rec.intervals[0]?.join;
}

/** The last leave, or undefined while present or never came. */
export function lastLeave(rec: PresenceRecord): number | undefined {
  const last = rec.intervals[rec.intervals.length - 1];
  return last?.leave;
}

/** Adds a roll call: answered when the participant was in the meeting at `at`. Keeps the newest `cap`. */
export function applyRollCall(rec: PresenceRecord, at: number, cap = INTERVALS_PER_PERSON_MAX): PresenceRecord {
  const answered = rec.intervals.some((iv) => covers(iv, at));
  const marks = [...(rec.roll_calls ?? []), { at, answered }];
  return { ...rec, roll_calls: marks.length > cap ? marks.slice(marks.length - cap) : marks };
}

/** Folds events of many people (any order) into records keyed by `usr_id`. */
export function foldPresence(
  events: Iterable<PresenceEvent>,
  into: Map<string, PresenceRecord> = new Map(),
  cap = INTERVALS_PER_PERSON_MAX,
): Map<string, PresenceRecord> {
  for (const ev of events) into.set(ev.usr_id, applyPresence(into.get(ev.usr_id) ?? emptyRecord(ev.usr_id), ev, cap));
  return into;
}
