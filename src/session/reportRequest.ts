/**
 * "Open the meeting report": asked from the end-meeting confirmation, answered by the attendance
 * panel (which takes the snapshot and opens the report's tab), two features that do not import
 * each other. Returns whether anyone answered.
 */
type Listener = () => void;
const listeners = new Set<Listener>();

export function requestReport(): boolean {
  for (const listener of listeners) listener();
  return listeners.size > 0;
}

/** The attendance panel follows the requests; returns the unsubscribe. */
export function onReportRequest(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether a report can be asked for here (the control screen's attendance panel is mounted). */
export const reportOffered = (): boolean => listeners.size > 0;
