/**
 * Requests between the parts of the control screen that do not import each other: the header's
 * state chips ask the participant area to show a tab (the waiting room, raised hands) or to open
 * the roll-call dialog.
 */
/**
 * The label prefix of the commands whose answer the participant area reports (a toast of the
 * outcome); the sidebar's overtime request carries it too, so its outcome shows the same way.
 */
export const PARTICIPANT_LABEL_PREFIX = 'participants:';

export type ControlRequest = { kind: 'tab'; tab: 'waiting' | 'hand' } | { kind: 'rollCall' };

type Listener = (request: ControlRequest) => void;
const listeners = new Set<Listener>();

/** Asks whoever owns the control to show it. */
export function requestControl(request: ControlRequest): void {
  for (const listener of listeners) listener(request);
}

/** Follows the requests; returns the unsubscribe. */
export function onControlRequest(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
