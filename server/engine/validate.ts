/**
 * Input checks shared by every command. Each throws a {@link CommandError} (HTTP 400 with the
 * field name as detail) so that bad input changes nothing.
 */
import { RC, type ResultCode } from '../../protocol/codes';
import { CommandError, badField } from './errors';

export const MAX_STRING = 5000;

export type Body = Record<string, unknown>;

/** The body must be a JSON object whose strings are at most 5000 characters and arrays at most 10,000 long. */
export function asBody(body: unknown): Body {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) throw new CommandError(400, RC.malformedJson);
  checkSizes(body, 0);
  return body as Body;
}

function checkSizes(v: unknown, depth: number): void {
  if (depth > 8) throw new CommandError(400, RC.malformedJson, 'nesting');
  if (typeof v === 'string') {
    if (v.length > MAX_STRING) throw new CommandError(400, RC.fieldTooLong);
  } else if (Array.isArray(v)) {
    if (v.length > 10000) throw new CommandError(400, RC.fieldTooLong);
    for (const x of v) checkSizes(x, depth + 1);
  } else if (v && typeof v === 'object') {
    const keys = Object.keys(v);
    if (keys.length > 200) throw new CommandError(400, RC.fieldTooLong);
    for (const k of keys) checkSizes((v as Body)[k], depth + 1);
  }
}

export function str(body: Body, field: string, opts: { optional?: boolean; max?: number; trim?: boolean } = {}): string {
  const v = body[field];
  if (v === undefined || v === null) {
    if (opts.optional) return '';
    throw badField(field, RC.fieldMissing);
  }
  if (typeof v !== 'string') throw badField(field);
  const s = opts.trim === false ? v : v.trim();
  if (s.length > (opts.max ?? MAX_STRING)) throw badField(field, RC.fieldTooLong);
  return s;
}

/** An integer, also accepted as a string of digits (the platform's clients send both). */
export function int(body: Body, field: string, min: number, max: number, opts: { optional?: boolean } = {}): number {
  const v = body[field];
  if (v === undefined || v === null) {
    if (opts.optional) return NaN;
    throw badField(field, RC.fieldMissing);
  }
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^-?\d{1,15}$/.test(v.trim()) ? Number(v) : NaN;
  if (!Number.isInteger(n)) throw badField(field);
  if (n < min || n > max) throw badField(field, RC.valueOutOfRange);
  return n;
}

export function bit(body: Body, field: string): 0 | 1 {
  return int(body, field, 0, 1) as 0 | 1;
}

export function oneOf<T extends string>(body: Body, field: string, allowed: readonly T[], opts: { optional?: boolean } = {}): T {
  const v = body[field];
  if ((v === undefined || v === null) && opts.optional) return '' as T;
  if (typeof v !== 'string') throw badField(field, v === undefined ? RC.fieldMissing : RC.fieldWrongType);
  if (!allowed.includes(v as T)) throw badField(field, RC.valueOutOfRange);
  return v as T;
}

/** The array in `field` (empty when optional and absent), refused when it is no array or longer than `max` (default 10000). */
function arrayField(body: Body, field: string, opts: { optional?: boolean; max?: number }): unknown[] {
  const v = body[field];
  if (v === undefined || v === null) {
    if (opts.optional) return [];
    throw badField(field, RC.fieldMissing);
  }
  if (!Array.isArray(v)) throw badField(field);
  if (v.length > (opts.max ?? 10000)) throw badField(field, RC.fieldTooLong);
  return v;
}

export function strArray(body: Body, field: string, opts: { optional?: boolean; max?: number; maxLen?: number } = {}): string[] {
  return arrayField(body, field, opts).map((x) => {
    if (typeof x !== 'string' && typeof x !== 'number') throw badField(field);
    const s = String(x).trim();
    if (s.length > (opts.maxLen ?? 128)) throw badField(field, RC.fieldTooLong);
    return s;
  });
}

export function intArray(body: Body, field: string, opts: { optional?: boolean; max?: number } = {}): number[] {
  return arrayField(body, field, opts).map((x) => {
    const n = typeof x === 'number' ? x : typeof x === 'string' && /^-?\d{1,15}$/.test(x) ? Number(x) : NaN;
    if (!Number.isInteger(n)) throw badField(field);
    return n;
  });
}

/** The optional client request id: a short string. */
export function reqId(body: Body): string | undefined {
  const v = body.req_id;
  if (v === undefined || v === null || v === '') return undefined;
  if (typeof v !== 'string' || v.length > 128) throw badField('req_id');
  return v;
}

/**
 * Why built-in live may not be turned on (spec §5: "the push address must be set before
 * enabling"; built-in live streams from its push address to its pull address), or undefined when
 * it may. Live that is not built-in has no addresses of ours to check.
 */
export function liveStartRefusal(status: { live_service_type: string; push_url: string; rtmp_url: string }): ResultCode | undefined {
  if (status.live_service_type !== 'builtin') return undefined;
  if (!status.push_url.trim()) return RC.pushAddressNotSet;
  if (!status.rtmp_url.trim()) return RC.pullAddressRequired;
  return undefined;
}
