import type { AnyActorRef } from 'xstate';

/** The session actor's connection state; filled in once the session machine's selectors exist. */
export function ConnectionState(_props: { actor: AnyActorRef }) {
  return null;
}
