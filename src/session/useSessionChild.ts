/**
 * Reaches a child of the root session actor by its system id. Children are spawned when the
 * session starts, so the lookup is re-done on every snapshot of the root until it succeeds.
 */
import { useSelector } from '@xstate/react';
import type { AnyActorRef } from 'xstate';

export function useSessionChild<T extends AnyActorRef = AnyActorRef>(session: AnyActorRef | null, systemId: string): T | undefined {
  return useSelector(session ?? undefined, () => session?.system.get(systemId) as T | undefined);
}
