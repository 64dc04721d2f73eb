/**
 * The management (CM) session as the console keeps it, the booking call it makes with it, and
 * the room properties it reads (spec §3 "Also held: confMgr session, admin flag and address,
 * client IP"; §3 "Room properties seen: … region_id, max_call"; §5 "Booking"). Shared by the
 * console and the reference server. No I/O.
 *
 * Evidence: `login_rsp` (facts §1.6) and `add_schedule` under the CM prefix (facts §7) are the
 * platform's; the hand-over's `admin_addr` / `client_ip` and the status's `region_id` /
 * `max_call` are assumptions (protocol/assumptions.ts, groups 'management-facts' and
 * 'room-properties'), each read with a fallback when absent.
 */
import { validateBooking } from './fieldValidation';
import type { ValidationError } from './validation';

/** CM root (facts §1.1); a session's calls are under `{root}{session_id}/`. */
export const CM_ROOT = '/rest/v1/app1/manager/sessions/';

/** The path of a CM call of session `ssid`, e.g. `cmPath('ab12', 'schedules/')`. */
export function cmPath(ssid: string, suffix: string): string {
  return `${CM_ROOT}${encodeURIComponent(ssid)}/${suffix}`;
}

// ---------------------------------------------------------------------------------------------
// The management session

/** The management session the console holds after the management login. */
export interface ManagementSession {
  ssid: string;
  /** login id without the domain */
  loginId: string;
  nickName: string;
  /** the CM tenant (facts §1.6 `tenant_id`; '' on a single-tenant server) */
  tenantId: string;
  /** `set_confmgr_ssid`'s `is_admin`: the session may act as administrator; undefined when not told */
  isAdmin: boolean | undefined;
  /** where the administrator manages the platform (`admin_addr`); '' when not told */
  adminAddr: string;
  /** this console's address as the platform sees it (`client_ip`); '' when not told */
  clientIp: string;
  /** `login_rsp.last_login_ip` / `last_login_time` (Unix seconds, 0 = first login) */
  lastLoginIp: string;
  lastLoginSec: number;
  /** `manager_privileges[]`: empty for an operator account that may only log in */
  privileges: string[];
}

const text = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');
const count = (v: unknown): number => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\d{1,15}$/.test(v.trim()) ? Number(v) : NaN;
  return Number.isFinite(n) ? n : 0;
};
const record = (v: unknown): Record<string, unknown> =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};

/** Epoch seconds from seconds or milliseconds (above 10^11 cannot be seconds). */
export function epochSecsOf(v: unknown): number {
  const n = count(v);
  return n > 1e11 ? Math.floor(n / 1000) : n;
}

/**
 * The session from the management login's answer (`login_rsp`) and the meeting session's answer
 * to the hand-over (`set_confmgr_ssid`). Absent fields take their fallbacks; a login answer
 * without `session_id` is no session (throws).
 */
export function managementSessionOf(loginRsp: unknown, handOver: unknown, loginId: string): ManagementSession {
  const l = record(loginRsp);
  const h = record(handOver);
  const ssid = text(l.session_id);
  if (!ssid) throw new Error('login_rsp without session_id');
  const adminFlag = h.is_admin;
  return {
    ssid,
    loginId: loginId.split('@')[0],
    nickName: text(l.nick_name) || text(l.admin_nick_name),
    tenantId: text(l.tenant_id),
    isAdmin: adminFlag === undefined || adminFlag === null ? undefined : count(adminFlag) === 1,
    adminAddr: text(h.admin_addr),
    clientIp: text(h.client_ip),
    lastLoginIp: text(l.last_login_ip),
    lastLoginSec: epochSecsOf(l.last_login_time),
    privileges: Array.isArray(l.manager_privileges) ? l.manager_privileges.map(text).filter(Boolean) : [],
  };
}

// ---------------------------------------------------------------------------------------------
// Booking (`add_schedule`, facts §7)

export const ADD_SCHEDULE_SUFFIX = 'schedules/';

export interface BookingDraft {
  /** the room: its number, as the meeting session knows it (the CM `room_id` [I]) */
  roomId: string;
  name: string;
  /** Unix seconds */
  startSec: number;
  /** seconds */
  durationSec: number;
}

/**
 * The `add_schedule` body of a booking. Times go in Unix seconds (as the CC dates do; the facts
 * do not show the unit, so the reference server reads milliseconds too); `weekly_period` "0" is
 * the evidence's only value (no repetition); nobody is invited.
 */
export function addScheduleBody(d: BookingDraft): Record<string, unknown> {
  return {
    cmdid: 'add_schedule',
    room_id: d.roomId,
    mr_name: d.name,
    start_dtm: d.startSec,
    duration: d.durationSec,
    weekly_period: '0',
    invite_dep_ids: [],
    invite_usr_ids: [],
    invite_endpoint_ids: [],
  };
}

/** The spec §5 rules of a booking in seconds (see validateBooking). */
export function checkBookingDraft(d: { startSec: number; durationSec: number }, nowSec: number): ValidationError | null {
  return validateBooking({ startMs: d.startSec * 1000, endMs: (d.startSec + d.durationSec) * 1000, nowMs: nowSec * 1000 });
}

/** A booked period of a room: start and length in seconds. */
export interface BookedPeriod {
  startDtm: number;
  duration: number;
}

/** The first booking whose period overlaps [startSec, startSec + durationSec), if any. */
export function conflictingBooking<T extends BookedPeriod>(bookings: readonly T[], startSec: number, durationSec: number): T | undefined {
  const end = startSec + durationSec;
  return bookings.find((b) => b.startDtm < end && startSec < b.startDtm + b.duration);
}

/** The schedule id of an `add_schedule` answer (0 when it names none). */
export function scheduleIdOf(answer: unknown): number {
  return count(record(answer).schedule_id);
}

// ---------------------------------------------------------------------------------------------
// Room properties (`region_id`, `max_call`)

/** the platform's default `max_call` (facts §6.5) */
export const DEFAULT_MAX_CALL = 1000;
/** the default region (facts §6.5 `region_id` "-1") */
export const DEFAULT_REGION_ID = '-1';

export interface RoomProperties {
  /** most endpoints in the meeting at once */
  maxCall: number;
  /** the media region; {@link DEFAULT_REGION_ID} = the platform's default */
  regionId: string;
  /** whether the platform told each (false: the fallback is shown) */
  told: { maxCall: boolean; regionId: boolean };
}

/** The room properties of a meeting status (or any object carrying them), with their fallbacks. */
export function roomPropertiesOf(status: unknown): RoomProperties {
  const s = record(status);
  const maxCall = count(s.max_call);
  const regionId = text(s.region_id).trim();
  return {
    maxCall: maxCall > 0 ? maxCall : DEFAULT_MAX_CALL,
    regionId: regionId || DEFAULT_REGION_ID,
    told: { maxCall: maxCall > 0, regionId: regionId !== '' },
  };
}

/**
 * How many of `adding` new calls the room still takes with `inMeeting` endpoints in it: the
 * rest would fail with `max_calls` (spec §8 "maximum calls reached").
 * @example callsAllowed(1000, 998, 5) // 2
 */
export function callsAllowed(maxCall: number, inMeeting: number, adding: number): number {
  return Math.max(0, Math.min(adding, maxCall - inMeeting));
}
