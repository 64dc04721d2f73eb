/**
 * The building blocks of the decoders (decode.ts, decodeSession.ts): the error, the primitives and
 * the object decoder with its field specs. Their factories are marked free of side effects, so a
 * bundle keeps only the decoders a page uses.
 */
import type { Bit } from './wire';

export class DecodeError extends Error {
  constructor(
    readonly path: string,
    readonly expected: string,
  ) {
    super(`decode: ${path || '<root>'} is not ${expected}`);
    this.name = 'DecodeError';
  }
}

/** Turns an unknown value into a `T` or throws {@link DecodeError}. */
export type Decoder<T> = (value: unknown, path?: string) => T;

// ---------------------------------------------------------------------------------------------
// Primitives

export const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export const str: Decoder<string> = (v, p = '') => {
  if (typeof v !== 'string') throw new DecodeError(p, 'a string');
  return v;
};

/** A string, or a numeric code sent as a number (kept as its decimal string). */
export const strOrCode: Decoder<string> = (v, p = '') => (typeof v === 'number' && Number.isInteger(v) ? String(v) : str(v, p));

export const num: Decoder<number> = (v, p = '') => {
  if (typeof v !== 'number' || !Number.isFinite(v)) throw new DecodeError(p, 'a number');
  return v;
};

export const bit: Decoder<Bit> = (v, p = '') => {
  if (v !== 0 && v !== 1) throw new DecodeError(p, '0 or 1');
  return v;
};

/* #__NO_SIDE_EFFECTS__ */
export function oneOf<const T extends readonly (string | number)[]>(...values: T): Decoder<T[number]> {
  return (v, p = '') => {
    if (!values.includes(v as T[number])) throw new DecodeError(p, `one of ${values.join('|')}`);
    return v as T[number];
  };
}

/* #__NO_SIDE_EFFECTS__ */
export function arrayOf<T>(item: Decoder<T>): Decoder<T[]> {
  return (v, p = '') => {
    if (!Array.isArray(v)) throw new DecodeError(p, 'an array');
    const out = new Array<T>(v.length);
    for (let i = 0; i < v.length; i++) out[i] = item(v[i], `${p}[${i}]`);
    return out;
  };
}

/* #__NO_SIDE_EFFECTS__ */
export function recordOf<T>(item: Decoder<T>): Decoder<Record<string, T>> {
  return (v, p = '') => {
    if (!isObj(v)) throw new DecodeError(p, 'an object');
    const out: Record<string, T> = {};
    for (const k of Object.keys(v)) out[k] = item(v[k], `${p}.${k}`);
    return out;
  };
}

export const strs = arrayOf(str);
export const nums = arrayOf(num);

// ---------------------------------------------------------------------------------------------
// Objects

export interface FieldSpec {
  d: Decoder<unknown>;
  optional?: boolean;
  /** value used when absent (a function for fresh arrays/objects) */
  fill?: unknown;
  /** parallel array: when absent, filled with one copy of this per entry of its group */
  each?: unknown;
}

export type Field = Decoder<unknown> | FieldSpec;

/** Every key of `T` must have a field, so the decoders cannot drift from the wire types. */
export type Fields<T> = { [K in keyof T]-?: Field };

/** Optional field, no default: absent stays absent. */
/* #__NO_SIDE_EFFECTS__ */
export function opt(d: Decoder<unknown>): FieldSpec {
  return { d, optional: true };
}

/** Optional field with a default when absent. */
/* #__NO_SIDE_EFFECTS__ */
export function dflt(d: Decoder<unknown>, fill: unknown): FieldSpec {
  return { d, optional: true, fill };
}

/** Optional parallel array, filled with `each` per entry when absent. */
/* #__NO_SIDE_EFFECTS__ */
export function par(d: Decoder<unknown>, each: unknown): FieldSpec {
  return { d, optional: true, each };
}

export interface ObjectOptions {
  /** the object must carry this `cmdid`; when `cmdidOptional`, it may also leave it out */
  cmdid?: string | readonly string[];
  cmdidOptional?: boolean;
  /** groups of keys that are parallel arrays */
  parallel?: readonly (readonly string[])[];
}

export function spec(f: Field): FieldSpec {
  return typeof f === 'function' ? { d: f } : f;
}

/* #__NO_SIDE_EFFECTS__ */
export function object<T>(name: string, fields: Fields<T>, opts: ObjectOptions = {}): Decoder<T> {
  const entries = Object.entries(fields as Record<string, Field>).map(([k, f]) => [k, spec(f)] as const);
  const cmdids = opts.cmdid === undefined ? undefined : typeof opts.cmdid === 'string' ? [opts.cmdid] : opts.cmdid;
  return (v, p = '') => {
    if (!isObj(v)) throw new DecodeError(p, `a ${name} object`);
    if (cmdids) {
      const c = v.cmdid;
      if (!(c === undefined && opts.cmdidOptional) && !cmdids.includes(c as string)) {
        throw new DecodeError(`${p}.cmdid`, cmdids.map((x) => `"${x}"`).join(' or '));
      }
    }
    const out: Record<string, unknown> = {};
    for (const [k, f] of entries) {
      const raw = v[k];
      if (raw === undefined || raw === null) {
        if (k === 'cmdid' && cmdids && opts.cmdidOptional) continue;
        if (f.each !== undefined) continue; // filled below, once the group length is known
        if (f.fill !== undefined) out[k] = typeof f.fill === 'function' ? (f.fill as () => unknown)() : f.fill;
        else if (!f.optional) throw new DecodeError(`${p}.${k}`, 'present');
        continue;
      }
      out[k] = f.d(raw, `${p}.${k}`);
    }
    for (const group of opts.parallel ?? []) {
      let len: number | undefined;
      let first = '';
      for (const k of group) {
        const a = out[k];
        if (!Array.isArray(a)) continue;
        if (len === undefined) {
          len = a.length;
          first = k;
        } else if (a.length !== len) {
          throw new DecodeError(`${p}.${k}`, `as long as ${first} (${len})`);
        }
      }
      for (const k of group) {
        const f = fields[k as keyof T] as Field;
        const s = spec(f);
        if (out[k] === undefined && s.each !== undefined) out[k] = new Array(len ?? 0).fill(s.each);
      }
    }
    return out as T;
  };
}

/** The same fields, every one optional and without defaults: for partial deltas. */
export function partialFields<T>(fields: Fields<T>): Fields<T> {
  const out: Record<string, Field> = {};
  for (const [k, f] of Object.entries(fields as Record<string, Field>)) out[k] = opt(spec(f).d);
  return out as Fields<T>;
}

// Shapes of both the login's and the session's answers
export const mrScene = oneOf('conference', 'class');
export const role = oneOf('host', 'supervisor');
