/**
 * Browser signals the long poll reacts to, as `fromCallback` actors. The target (document or
 * window) arrives through input so tests drive them with a plain EventTarget, and Node (no
 * target) simply gets no signals.
 */
import { fromCallback } from 'xstate';

/** What the visibility listener needs of `document`. */
export interface VisibilityTarget extends EventTarget {
  readonly visibilityState: DocumentVisibilityState | string;
}

/** What the network listener needs of `window`. */
export type NetworkTarget = EventTarget;

export type PageEvent = { type: 'page.hidden' } | { type: 'page.visible' };
export type NetworkEvent = { type: 'network.online' } | { type: 'network.offline' };

/** Sends `page.hidden` / `page.visible` on every `visibilitychange` of the target. */
export const visibilityListener = fromCallback<PageEvent, { target?: VisibilityTarget }>(({ input, sendBack }) => {
  const target = input.target;
  if (!target) return;
  const onChange = () => sendBack({ type: target.visibilityState === 'hidden' ? 'page.hidden' : 'page.visible' });
  target.addEventListener('visibilitychange', onChange);
  // a session started in a background tab starts paused
  if (target.visibilityState === 'hidden') sendBack({ type: 'page.hidden' });
  return () => target.removeEventListener('visibilitychange', onChange);
});

/** Sends `network.online` / `network.offline` on the target's `online` / `offline` events. */
export const networkListener = fromCallback<NetworkEvent, { target?: NetworkTarget }>(({ input, sendBack }) => {
  const target = input.target;
  if (!target) return;
  const online = () => sendBack({ type: 'network.online' });
  const offline = () => sendBack({ type: 'network.offline' });
  target.addEventListener('online', online);
  target.addEventListener('offline', offline);
  return () => {
    target.removeEventListener('online', online);
    target.removeEventListener('offline', offline);
  };
});
