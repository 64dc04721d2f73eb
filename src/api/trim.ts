/**
 * Spec §7: "Payloads are JSON with strings trimmed". Applied to every JSON body the console
 * sends, so stray spaces typed into a form never reach the server.
 */

/**
 * A copy of a JSON value with every string trimmed, at any depth (object keys unchanged).
 * @example trimStrings({ name: ' A ', list: [' b'] }) // { name: 'A', list: ['b'] }
 */
export function trimStrings<T>(value: T): T {
  if (typeof value === 'string') return value.trim() as T;
  if (Array.isArray(value)) return value.map((v) => trimStrings(v)) as T;
  if (value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) out[k] = trimStrings(v);
    return out as T;
  }
  return value;
}
