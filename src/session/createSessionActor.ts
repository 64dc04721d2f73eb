/**
 * Builds the root session actor of a login (machines/session): a session client signed for this
 * session and sharing the platform settings, the page as visibility/network source, and the dev
 * inspector when asked for. A session the server expired during a long network cut is resumed
 * with the record's resume token (`createResumeSession`), and the new record goes back to the
 * holder through `onResumed`. On a server without resume tokens the password the holder keeps in
 * memory (`credentials`) logs in again instead (`createRelogin`), as the platform's clients do;
 * without it (after a reload) a lost session ends. The room's resource template kept with the
 * record starts the meeting actor (the server tells it once per login), and each template the
 * server tells goes back to the holder through `onTemplate`. Ending it sends `session.logout`, so the server announces the quit to
 * the other controllers before the actor stops its children.
 */
import { createActor, type AnyActorRef } from 'xstate';
import { sessionMachine } from '@machines/index';
import { createRelogin, createResumeSession, createSessionApi } from '#/api/session';
import { platformPort, type PlatformClient } from '#/api/platform';
import { notOfferedRequest, onRequestFailure } from '#/api/failureReports';
import { inspectOption } from './inspector';
import type { SessionActorFactory } from './sessionHolder';

export function sessionActorFactory(platform: PlatformClient): SessionActorFactory {
  const resume = createResumeSession({ platform });
  const port = platformPort(platform);
  return (record, onResumed, credentials, onTemplate) => {
    const { resourceTemplate, ...login } = record;
    const relogin = credentials ? createRelogin({ platform }, credentials.password) : undefined;
    // the record is the login in the one shape it travels in: the client reads it as it is
    const api = createSessionApi({ platform, login });
    const actor = createActor(sessionMachine, {
      // the control route starts the session before its screen has drawn: the feed's notices wait
      // for the screen's listeners (SessionPage sends session.listening)
      input: {
        api,
        login,
        resourceTemplate,
        visibilityTarget: document,
        networkTarget: window,
        resume,
        relogin,
        platform: port,
        holdNotices: true,
      },
      inspect: inspectOption(),
    });
    actor.on('session.resumed', (event) => onResumed?.(event.login));
    actor.on('session.resourceTemplate', (event) => onTemplate?.(event.template));
    // an assumed call refused outside the commands actor (a GET of controllers, activity, mr-pwd)
    // marks its group there too, so its control says "not offered" (issue 23 item 3). POSTs are
    // the commands actor's own: it marks them itself and names the control in its notice, which
    // a mark from here, arriving first, would silence
    const stopListening = onRequestFailure((error, request) => {
      if (request.method !== 'GET') return;
      const reason = notOfferedRequest(error, request);
      if (reason && reason.group !== 'picture-code') actor.system.get('commands')?.send({ type: 'assumption.refused', reason });
    });
    actor.subscribe({ complete: stopListening, error: stopListening });
    actor.start();
    return {
      actor,
      end: () => {
        const snapshot = actor.getSnapshot();
        if (snapshot.status !== 'active') return;
        // The held long poll is cancelled first: once the server has ended the session it answers
        // that poll with 404, which the browser reports as a console error on every logout.
        (snapshot.children as Record<string, AnyActorRef | undefined>).longPoll?.send({ type: 'longPoll.stop' });
        actor.send({ type: 'session.logout' });
      },
    };
  };
}
