/**
 * URL search handling. `mr-id` has one owner, the URL, and is always a string: TanStack's default
 * JSON-first search format would turn `?mr-id=123` into the number 123 (and `1e3` into 1000), and
 * its default stringifier would write the string '123' as `%22123%22`. So the raw text of `mr-id`
 * is read as is, and strings are written raw (`stringifySearchWith(JSON.stringify)` without a
 * parser).
 */
import { parseSearchWith, stringifySearchWith } from '@tanstack/react-router';

export const MR_ID = 'mr-id' as const;

const parseJsonSearch = parseSearchWith(JSON.parse);

/** Parses a search string, keeping `mr-id` exactly as written. */
export function parseSearch(searchStr: string): Record<string, unknown> {
  const parsed: Record<string, unknown> = parseJsonSearch(searchStr);
  const raw = new URLSearchParams(searchStr.startsWith('?') ? searchStr.slice(1) : searchStr).get(MR_ID);
  if (raw !== null) parsed[MR_ID] = raw;
  return parsed;
}

/** Writes search params; strings stay raw so `mr-id=0123` reads back as `0123`. */
export const stringifySearch = stringifySearchWith(JSON.stringify);

/** The validated search of every route: `mr-id` is an optional string. */
export interface AppSearch {
  [MR_ID]?: string;
}

/** `validateSearch` of the root route. */
export function validateAppSearch(search: Record<string, unknown>): AppSearch {
  const value = search[MR_ID];
  if (value === undefined || value === null || value === '') return {};
  if (typeof value === 'string') return { [MR_ID]: value };
  if (typeof value === 'number' || typeof value === 'boolean') return { [MR_ID]: String(value) };
  return {};
}
