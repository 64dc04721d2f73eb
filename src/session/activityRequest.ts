/**
 * "Show this participant's activity": asked from a participant's row, answered by the Activity
 * panel, two features that do not import each other.
 */
export interface ActivityRequest {
  usrId: string;
  name: string;
}

type Listener = (request: ActivityRequest) => void;
const listeners = new Set<Listener>();

/** Opens the Activity panel filtered to one participant. */
export function requestActivityFor(request: ActivityRequest): void {
  for (const listener of listeners) listener(request);
}

/** The Activity panel follows the requests; returns the unsubscribe. */
export function onActivityRequest(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
