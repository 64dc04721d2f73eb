/**
 * The `inspect` option for the console's actors: Stately's inspector, strictly opt-in, only in
 * development (`npm run dev`) with `?inspect` in the address (machines/inspect.ts decides and
 * strips secrets). Actors are created synchronously while the inspector loads lazily, so events
 * raised before it is ready are kept and replayed. The `import.meta.env.DEV` test comes first so
 * production builds contain none of this.
 */
import type { InspectionEvent, Observer } from 'xstate';

type Inspect = Observer<InspectionEvent> | ((event: InspectionEvent) => void);

let devInspect: Inspect | undefined;
let resolved = false;

/** A forwarding `inspect` function in dev with `?inspect`; undefined otherwise (always in tests). */
export function inspectOption(): Inspect | undefined {
  if (!import.meta.env.DEV || typeof window === 'undefined' || import.meta.env.MODE === 'test') return undefined;
  if (resolved) return devInspect;
  resolved = true;
  if (!new URLSearchParams(window.location.search).has('inspect')) return undefined;
  const pending: InspectionEvent[] = [];
  let forward: ((event: InspectionEvent) => void) | null = null;
  void import('@machines/inspect')
    .then(({ createDevInspector }) => createDevInspector(window.location.search, true))
    .then((inspect) => {
      if (!inspect) return;
      forward = typeof inspect === 'function' ? inspect : (event) => inspect.next?.(event);
      for (const event of pending.splice(0)) forward(event);
    });
  devInspect = (event) => {
    if (forward) forward(event);
    else if (pending.length < 500) pending.push(event);
  };
  return devInspect;
}
