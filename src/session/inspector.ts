/**
 * The Stately inspector, strictly opt-in: only in development (`npm run dev`) and only when the
 * page URL has `?inspect`. The inspector runs on stately.ai and receives every snapshot and
 * event, so secrets are replaced before anything leaves the page. Production builds drop this
 * code (the `import.meta.env.DEV` branch is removed), and tests never set `?inspect`.
 */
import type { InspectionEvent, Observer } from 'xstate';

/** Keys whose values never leave the page. */
const SECRET_KEY = /pass(word)?|pwd|secret|token|sign_?key|^key$|cert_code|^code$/i;

/**
 * A copy of `value` with secret fields replaced by `'[redacted]'`, functions and API clients
 * dropped, and cycles cut.
 * @example redactSecrets({ password: '123456', mrId: '8008038' }) // { password: '[redacted]', mrId: '8008038' }
 */
export function redactSecrets(value: unknown, seen = new WeakSet<object>()): unknown {
  if (typeof value === 'function') return undefined;
  if (value === null || typeof value !== 'object') return value;
  if (seen.has(value)) return '[cycle]';
  seen.add(value);
  if (Array.isArray(value)) return value.map((v) => redactSecrets(v, seen));
  if (value instanceof Uint8Array) return '[redacted]';
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    if (key === 'api' || key === 'transport') continue;
    if (SECRET_KEY.test(key) && (typeof v === 'string' || typeof v === 'number' || v instanceof Uint8Array)) {
      out[key] = '[redacted]';
      continue;
    }
    const copy = redactSecrets(v, seen);
    if (copy !== undefined) out[key] = copy;
  }
  return out;
}

type Inspect = Observer<InspectionEvent> | ((event: InspectionEvent) => void);

let devInspect: Inspect | undefined;
let resolved = false;

/** The `inspect` option for actors: a forwarding function in dev with `?inspect`, else undefined. */
export function inspectOption(): Inspect | undefined {
  if (resolved) return devInspect;
  resolved = true;
  if (!import.meta.env.DEV || typeof window === 'undefined') return undefined;
  if (!new URLSearchParams(window.location.search).has('inspect')) return undefined;
  // The inspector package is loaded lazily; events raised before it is ready are replayed.
  const pending: InspectionEvent[] = [];
  let forward: ((event: InspectionEvent) => void) | null = null;
  void import('@statelyai/inspect').then(({ createBrowserInspector }) => {
    const inspector = createBrowserInspector({
      serialize: (event) => redactSecrets(event) as typeof event,
    });
    forward = (event) => inspector.inspect.next?.(event);
    for (const event of pending.splice(0)) forward(event);
  });
  devInspect = (event) => {
    if (forward) forward(event);
    else pending.push(event);
  };
  return devInspect;
}
