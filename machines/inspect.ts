/**
 * Opt-in Stately inspector for development (`?inspect`): the actors of the console appear live
 * in Stately's inspector window. Never in production, tests or CI: the caller passes
 * `import.meta.env.DEV`, and inspection events leave the page, so every secret is stripped first
 * (API ports, passwords, codes, signing keys) and large data is summarised.
 */
import type { AnyEventObject, InspectionEvent, Observer } from 'xstate';

const SECRET_KEYS = new Set([
  'password',
  'code',
  'signKey',
  'sign_key',
  'ctrl_pwd',
  'cert_code',
  'devtoken',
  'codeImage',
  'resumeToken',
  'resume_token',
]);
const OPAQUE_KEYS = new Set(['api', 'env', 'newRequestId', 'random', 'log']);

/**
 * A copy of a machine context safe to send to the inspector.
 * @example sanitizeContext({ api, password: 'x', mrId: '1' }) // { api: '[port]', password: '[secret]', mrId: '1' }
 */
export function sanitizeContext(context: unknown, depth = 0): unknown {
  if (context === null || typeof context !== 'object') return context;
  if (depth > 4) return '[…]';
  const withJson = context as { toJSON?: () => unknown };
  if (typeof withJson.toJSON === 'function' && !(context instanceof Date)) return withJson.toJSON();
  if (context instanceof Map) return { size: context.size };
  if (context instanceof Set) return { size: context.size };
  if (Array.isArray(context)) return context.length > 50 ? { length: context.length } : context.map((v) => sanitizeContext(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(context)) {
    if (SECRET_KEYS.has(key)) out[key] = value ? '[secret]' : value;
    else if (OPAQUE_KEYS.has(key)) out[key] = '[port]';
    else if (typeof value === 'function') out[key] = '[fn]';
    else out[key] = sanitizeContext(value, depth + 1);
  }
  return out;
}

/** Events carry typed passwords (`login.edit`) and request bodies: strip those too. */
export function sanitizeEvent(event: AnyEventObject): AnyEventObject {
  if (event.type === 'login.edit' && (event.field === 'password' || event.field === 'code')) return { ...event, value: '[secret]' };
  return sanitizeContext(event) as AnyEventObject;
}

/**
 * Promise actors keep their `input` and `output` in the snapshot, outside the context the
 * inspector sanitises: a login's or a resume's answer (keys, resume token) would leave the page.
 * Those two are stripped like a context.
 */
export function sanitizeSnapshotData<T>(event: T): T {
  const snapshot = (event as { snapshot?: Record<string, unknown> }).snapshot;
  if (!snapshot || typeof snapshot !== 'object' || !('input' in snapshot || 'output' in snapshot)) return event;
  const clean = { ...snapshot };
  if ('input' in clean) clean.input = sanitizeContext(clean.input);
  if ('output' in clean) clean.output = sanitizeContext(clean.output);
  return { ...event, snapshot: clean };
}

/** True only in a development build with `?inspect` in the address. */
export function wantsInspector(search: string, isDev: boolean): boolean {
  return isDev && new URLSearchParams(search).has('inspect');
}

/**
 * Opens Stately's inspector and returns the `inspect` option for `createActor`, or undefined
 * when not wanted. Loaded lazily so production bundles never contain it.
 * @example const inspect = await createDevInspector(location.search, import.meta.env.DEV);
 *          createActor(sessionMachine, { input, inspect });
 */
export async function createDevInspector(
  search: string,
  isDev: boolean,
): Promise<Observer<InspectionEvent> | ((e: InspectionEvent) => void) | undefined> {
  if (!wantsInspector(search, isDev)) return undefined;
  const { createBrowserInspector } = await import('@statelyai/inspect');
  const inspector = createBrowserInspector({
    sanitizeContext: (ctx) => sanitizeContext(ctx) as Record<string, unknown>,
    sanitizeEvent,
    serialize: (event) => sanitizeSnapshotData(event),
  });
  return inspector.inspect;
}
