/**
 * Keeps the controllers actor's "who is logged in now" in step with the server (issue 12): the
 * snapshot `GET …/controllers` is read when the list is first shown and again after every join
 * or quit the feed announces, so every console shows the server's count, not the joins it
 * happened to see. A platform without the snapshot (the call fails or the answer lacks the list)
 * leaves the actor's count a lower bound ("at least N").
 */
import type { AnyActorRef } from 'xstate';
import { sessionSelectors } from '@machines/index';
import type { SessionApi } from '@machines/api';
import { isApiError } from '@protocol/errors';
import type { OnlineController } from '@machines/controllers/controllersMachine';

/** The list of a snapshot answer, or null when the answer has none. */
export function controllersOf(answer: unknown): OnlineController[] | null {
  const list = (answer as { controllers?: unknown } | null)?.controllers;
  if (!Array.isArray(list)) return null;
  const out: OnlineController[] = [];
  for (const c of list) {
    if (typeof c !== 'object' || c === null) return null;
    const { role, peer_ip: peerIp, self } = c as Record<string, unknown>;
    if (typeof role !== 'string' || typeof peerIp !== 'string') return null;
    out.push({ role, peer_ip: peerIp, self: self === 1 ? 1 : 0 });
  }
  return out;
}

/**
 * Starts following; returns the stop. One request at a time: a join or quit announced while one
 * is on its way asks again once it is back, so the list shown is always from a request sent after
 * the last announcement (two requests in flight could answer out of order and leave an older list
 * on screen until the next join or quit, which may never come).
 */
export function followControllersSnapshot(session: AnyActorRef, controllers: AnyActorRef): () => void {
  let stopped = false;
  let unavailable = false;
  let inFlight = false;
  let again = false;
  // a request on its way when the session logs out would be refused (404) once the server forgot
  // the session: it is called off instead
  let request: AbortController | null = null;
  const sessionSub = session.subscribe((snapshot) => {
    if (!snapshot.matches('active')) request?.abort();
  });
  const load = () => {
    // a session logging out (or ended) has nothing to ask: its requests would only be refused
    if (stopped || unavailable || !session.getSnapshot().matches('active')) return;
    if (inFlight) {
      again = true;
      return;
    }
    const api = sessionSelectors.selectApi(session.getSnapshot()) as SessionApi | undefined;
    if (!api) return;
    inFlight = true;
    request = new AbortController();
    const settled = () => {
      inFlight = false;
      request = null;
      if (again) {
        again = false;
        load();
      }
    };
    api.get<unknown>('controllers', request.signal).then(
      (answer) => {
        if (stopped) return;
        const list = controllersOf(answer);
        if (list) controllers.send({ type: 'controllers.snapshot', controllers: list });
        else {
          unavailable = true;
          controllers.send({ type: 'controllers.snapshotUnavailable' });
        }
        settled();
      },
      (error: unknown) => {
        if (stopped) return;
        if (isApiError(error) && error.kind === 'aborted') return settled();
        // a refused call (404 on a platform without it, 405, 501…) means there is none; a network
        // failure or a time-out says nothing about that, and the next join or quit asks again
        if (isApiError(error) && error.kind === 'http') {
          unavailable = true;
          controllers.send({ type: 'controllers.snapshotUnavailable' });
        }
        settled();
      },
    );
  };
  load();
  const subs = [controllers.on('controllers.joined', load), controllers.on('controllers.left', load)];
  return () => {
    stopped = true;
    request?.abort();
    sessionSub.unsubscribe();
    subs.forEach((s) => s.unsubscribe());
  };
}
