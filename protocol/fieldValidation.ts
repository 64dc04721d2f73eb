/**
 * The input rules of spec §5 for the screens after the login (overtime, live and push addresses,
 * names and tabs, temporary calls, room passwords, bookings, microphone gain, searches, user
 * numbers, cascade): shared by the console and the server, each returning `null` or a
 * {@link ValidationError} code. The limits, the codes and the login rules are in
 * protocol/validation.ts. No I/O here.
 */
import { blank, LIMITS, type ValidationError } from './validation';

/**
 * Overtime (delay) request in minutes: a whole number from 1 to 9999. Digit strings from a
 * form field are accepted.
 */
export function validateOvertimeMinutes(value: unknown): ValidationError | null {
  let n: number;
  if (typeof value === 'number') n = value;
  else if (typeof value === 'string' && /^\s*\d+\s*$/.test(value)) n = Number(value);
  else return 'overtime.format';
  if (!Number.isInteger(n) || n < 1) return 'overtime.format';
  return n > LIMITS.maxOvertimeMinutes ? 'overtime.tooLong' : null;
}

/**
 * The extended meeting must end before the next booking of the room starts.
 * @param endSec current planned end, Unix seconds
 * @param nextBookingSec start of the next booking, 0 when none
 */
export function checkOvertimeAgainstBooking(minutes: number, endSec: number, nextBookingSec: number): ValidationError | null {
  if (!nextBookingSec) return null;
  return endSec + minutes * 60 > nextBookingSec ? 'overtime.conflict' : null;
}

// ---------------------------------------------------------------------------------------------
// Live and push stream

const HOST = String.raw`(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*|\[[0-9A-Fa-f:.]+\])`;
const PORT = String.raw`(?::(?:6553[0-5]|655[0-2]\d|65[0-4]\d{2}|6[0-4]\d{3}|[1-5]\d{4}|[1-9]\d{0,3}))?`;
const RTMP_PUSH = new RegExp(String.raw`^rtmp://${HOST}${PORT}/live/[^\s/?#]+(?:\?\S*)?$`, 'i');
const RTMP_ANY = new RegExp(String.raw`^rtmps?://${HOST}${PORT}(?:/[^\s/?#]+)+(?:\?[^\s#]*)?$`, 'i');
const STREAM_URL = new RegExp(String.raw`^(?:rtmps?|https?)://${HOST}${PORT}(?:/\S*)?$`, 'i');

/** Built-in live push address: set, and of the form `rtmp://host[:port]/live/stream`. */
export function validateRtmpPushAddress(value: unknown): ValidationError | null {
  if (blank(value)) return 'push.notSet';
  return RTMP_PUSH.test((value as string).trim()) ? null : 'push.notRtmp';
}

/**
 * Bypass push address (`mod_bypass_url`): set, and a well-formed `rtmp://` or `rtmps://` URL with
 * a path, the query included (`rtmp://host[:port]/app/stream?key=a&b=c`): the platform's clients
 * pass the user's URL as given (real-client-findings §5), not only `…/live/<stream>`.
 */
export function validateBypassUrl(value: unknown): ValidationError | null {
  if (blank(value)) return 'push.notSet';
  return RTMP_ANY.test((value as string).trim()) ? null : 'push.notRtmp';
}

/**
 * Built-in live push and pull addresses: both required; push as {@link validateRtmpPushAddress},
 * pull any rtmp(s)/http(s) URL. When they may be changed (live off, built-in live) is the
 * server's state check, not an input rule.
 */
export function validateLiveAddresses(input: { pushUrl: unknown; pullUrl: unknown }): ValidationError | null {
  if (blank(input.pushUrl) || blank(input.pullUrl)) return 'live.addressRequired';
  if (validateRtmpPushAddress(input.pushUrl)) return 'push.notRtmp';
  return STREAM_URL.test((input.pullUrl as string).trim()) ? null : 'live.addressFormat';
}

// ---------------------------------------------------------------------------------------------
// Names and tabs

/** Rename a participant: not empty, at most 64 characters. */
export function validateRename(value: unknown): ValidationError | null {
  if (blank(value)) return 'rename.required';
  return [...(value as string).trim()].length > LIMITS.maxNameLength ? 'rename.tooLong' : null;
}

/**
 * A new custom filter tab: a name (≤ 32 characters, no line breaks) and room for it under the
 * limit of 20 tabs.
 */
export function validateTabName(value: unknown, existingTabs: number): ValidationError | null {
  if (blank(value)) return 'tab.nameRequired';
  if (existingTabs >= LIMITS.maxTabs) return 'tab.limit';
  const name = (value as string).trim();
  return [...name].length > LIMITS.maxTabNameLength || /[\r\n\t]/.test(name) ? 'tab.invalid' : null;
}

// ---------------------------------------------------------------------------------------------
// Temporary call

export type CallAddressKind = 'meeting' | 'sip' | 'h323' | 'user' | 'ip';

const IPV4 = String.raw`(?:(?:25[0-5]|2[0-4]\d|1\d{2}|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d{2}|[1-9]?\d)`;
// spec §5: a meeting number, optionally ##password (digits, as every room password), optionally @IP
const MEETING_ADDR = new RegExp(String.raw`^\d{4,20}(?:##\d{1,32})?(?:@${IPV4}${PORT})?$`);
const IP_ADDR = new RegExp(String.raw`^${IPV4}${PORT}$`);
// a user part holds no '#' (that is the meeting-password separator)
const USER_ADDR = new RegExp(String.raw`^[^@\s:#]+@${HOST}${PORT}$`);
/** a host made of digits and dots only is meant as an IPv4 address, and must be a possible one */
const DOTTED_NUMBERS = /@(\d+(?:\.\d+)+)(?::\d+)?$/;
const SCHEME_ADDR = /^(sip|h323):(\S+)$/i;

/**
 * What a temporary-call address is, or `null` when it is none of the accepted forms:
 * a meeting number optionally followed by `##password` and `@ip[:port]`; `sip:`/`h323:` URIs;
 * `user@host[:port]`; a plain IPv4 address (optionally `:port`).
 * @example callAddressKind('8008038##1234@10.0.0.5') === 'meeting'
 */
export function callAddressKind(value: string): CallAddressKind | null {
  const s = value.trim();
  if (MEETING_ADDR.test(s)) return 'meeting';
  if (IP_ADDR.test(s)) return 'ip';
  const scheme = SCHEME_ADDR.exec(s);
  if (scheme) {
    const rest = scheme[2];
    const ok = USER_ADDR.test(rest) || IP_ADDR.test(rest) || new RegExp(`^${HOST}${PORT}$`).test(rest);
    return ok ? (scheme[1].toLowerCase() as 'sip' | 'h323') : null;
  }
  if (!USER_ADDR.test(s)) return null;
  const dotted = DOTTED_NUMBERS.exec(s);
  return dotted && !new RegExp(`^${IPV4}$`).test(dotted[1]) ? null : 'user';
}

/** Temporary (interim) call: address required and well-formed, display name required. */
export function validateTempCall(input: { address: unknown; displayName: unknown }): ValidationError | null {
  if (blank(input.address)) return 'tempCall.addressRequired';
  if (!callAddressKind(input.address as string)) return 'tempCall.addressFormat';
  if (blank(input.displayName)) return 'tempCall.nameRequired';
  return [...(input.displayName as string).trim()].length > LIMITS.maxNameLength ? 'rename.tooLong' : null;
}

// ---------------------------------------------------------------------------------------------
// Room passwords

/**
 * Room passwords: host and supervisor required; every given password digits only; join, host
 * and supervisor all different (an empty join password means none).
 */
export function validateRoomPasswords(input: { join?: string; host: string; supervisor: string }): ValidationError | null {
  if (blank(input.host) || blank(input.supervisor)) return 'passwords.required';
  const given = [input.join, input.host, input.supervisor].filter((p): p is string => typeof p === 'string' && p !== '');
  if (given.some((p) => !/^\d+$/.test(p))) return 'passwords.digits';
  if (given.some((p) => p.length > LIMITS.maxPasswordDigits)) return 'passwords.tooLong';
  return new Set(given).size === given.length ? null : 'passwords.differ';
}

/**
 * A change of some room passwords (the wire does not tell the console the current ones, so a
 * field left out stays as it is; a join password of '' removes it): the given passwords are
 * digits, not too long and different from each other. The server then checks the whole set.
 */
export function validateRoomPasswordChange(change: { join?: string; host?: string; supervisor?: string }): ValidationError | null {
  const given = [change.join, change.host, change.supervisor].filter((p): p is string => typeof p === 'string' && p !== '');
  if (given.some((p) => !/^\d+$/.test(p))) return 'passwords.digits';
  if (given.some((p) => p.length > LIMITS.maxPasswordDigits)) return 'passwords.tooLong';
  return new Set(given).size === given.length ? null : 'passwords.differ';
}

// ---------------------------------------------------------------------------------------------
// Bookings

/**
 * A booking: at least 5 minutes long, starting more than 10 minutes from now, lasting at most
 * one week. Times in milliseconds.
 */
export function validateBooking(input: { startMs: number; endMs: number; nowMs: number }): ValidationError | null {
  const minutes = (input.endMs - input.startMs) / 60_000;
  if (!(minutes >= LIMITS.minBookingMinutes)) return 'booking.tooShort';
  if (!(input.startMs - input.nowMs > LIMITS.minBookingLeadMinutes * 60_000)) return 'booking.startTooSoon';
  return minutes > LIMITS.maxBookingMinutes ? 'booking.tooLong' : null;
}

// ---------------------------------------------------------------------------------------------
// Other rules of spec §5

/** Microphone gain: a digit 0–9, refused while the platform adjusts volume automatically. */
export function validateMicGain(value: unknown, micGainAuto: boolean): ValidationError | null {
  if (micGainAuto) return 'micGain.autoAdjust';
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 9 ? null : 'micGain.range';
}

/** Address-book or department search: over 500 results asks for narrower criteria. */
export function checkSearchResultCount(total: number): ValidationError | null {
  return total > LIMITS.searchResultCeiling ? 'search.tooMany' : null;
}

/** Longest user number accepted when no digit count is configured. */
export const USER_NUMBER_MAX_DIGITS = 20;

/**
 * Adding by user number (spec §5): a number (cuid) is required, and a numeric user id has the
 * configured digit count; `digits` undefined (not configured) accepts 1 to 20 digits.
 * @example validateUserNumber('1001', 4) === null
 * @example validateUserNumber('101', 4) === 'userNumber.length'
 */
export function validateUserNumber(value: unknown, digits: number | undefined): ValidationError | null {
  if (blank(value)) return 'userNumber.required';
  const v = (value as string).trim();
  if (!/^\d+$/.test(v)) return 'userNumber.length';
  if (digits === undefined) return v.length <= USER_NUMBER_MAX_DIGITS ? null : 'userNumber.length';
  return v.length === digits ? null : 'userNumber.length';
}

/** Switching to non-cascade is refused while cascade points exist. */
export function checkCascadeSwitch(target: '' | 'parent' | 'child', cascadePoints: number): ValidationError | null {
  return target === '' && cascadePoints > 0 ? 'cascade.pointsExist' : null;
}
