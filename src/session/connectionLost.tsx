/**
 * Whether the session's connection is lost, for what cannot take a session prop: a confirmation
 * or form dialog open when the connection drops keeps its Confirm disabled, with the reason, until
 * it is back (issue 23 item 5) — a click there would only be held or lost. Outside a session (the
 * login screen, component tests) it is never lost.
 */
import { createContext, useContext, type ReactNode } from 'react';
import { Text } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import type { AnyActorRef } from 'xstate';
import { useFeedLost } from './useFeedView';

const ConnectionLostContext = createContext(false);

/** Sets the state directly (component tests, and screens that know it otherwise). */
export const ConnectionLostState = ConnectionLostContext.Provider;

/** Provides the session's connection state to every dialog below it (portals included). */
export function ConnectionLostProvider({
  session,
  children,
}: {
  /** the root session actor */
  session: AnyActorRef | null;
  children: ReactNode;
}) {
  const lost = useFeedLost(session);
  return <ConnectionLostContext.Provider value={lost}>{children}</ConnectionLostContext.Provider>;
}

/** The connection is lost: confirming buttons wait. */
export function useConnectionLost(): boolean {
  return useContext(ConnectionLostContext);
}

/** Says why a confirming button is disabled while the connection is lost; nothing otherwise. */
export function ConnectionLostReason({
  lost,
}: {
  /** from {@link useConnectionLost} */
  lost: boolean;
}) {
  const { t } = useLingui();
  if (!lost) return null;
  return (
    <Text size="sm" c="red.8" fw={600} role="status" data-connection-lost>
      {t`The connection is lost: this can be confirmed once it is back.`}
    </Text>
  );
}
