import { useEffect, useState } from 'react';
import { createActor, type Actor, type AnyActorLogic, type ActorOptions } from 'xstate';

/**
 * An actor that lives exactly as long as the component that created it, React's development
 * double mount included.
 *
 * `useActorRef` of @xstate/react stops the actor in the effect cleanup and "rehydrates" it when
 * StrictMode mounts the component again: stopping aborts every running fetch of the actor, the
 * aborted fetch then rejects into the rehydrated actor, and the actor takes the failure for a
 * real one (the login screen said "Code unavailable" instead of showing its first verify code).
 * Here the actor is never stopped by a cleanup that is followed by a new mount: the cleanup only
 * schedules the stop, and a mount that follows cancels it. A real unmount stops the actor one
 * task later, which aborts its requests as before.
 */
export function useScreenActor<TLogic extends AnyActorLogic>(logic: TLogic, options?: ActorOptions<TLogic>): Actor<TLogic> {
  // created once per component instance; creating an actor has no effect until it is started
  const [actor] = useState(() => createActor(logic, options));
  const [lifetime] = useState(() => ({ pendingStop: undefined as ReturnType<typeof setTimeout> | undefined }));

  useEffect(() => {
    if (lifetime.pendingStop !== undefined) {
      clearTimeout(lifetime.pendingStop);
      lifetime.pendingStop = undefined;
    }
    actor.start();
    return () => {
      lifetime.pendingStop = setTimeout(() => actor.stop(), 0);
    };
  }, [actor, lifetime]);

  return actor;
}
