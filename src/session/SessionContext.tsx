import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react';
import type { SessionHolder, SessionRecord } from './sessionHolder';

const SessionContext = createContext<SessionHolder | null>(null);

/** Makes the tab's session holder reachable from components. */
export function SessionProvider({ holder, children }: { holder: SessionHolder; children: ReactNode }) {
  return <SessionContext.Provider value={holder}>{children}</SessionContext.Provider>;
}

export function useSessionHolder(): SessionHolder {
  const holder = useContext(SessionContext);
  if (!holder) throw new Error('useSessionHolder outside SessionProvider');
  return holder;
}

/** The tab's session holder, or null outside a SessionProvider (a component shown on its own, as in its tests). */
export function useOptionalSessionHolder(): SessionHolder | null {
  return useContext(SessionContext);
}

/** The current session record; re-renders on login and logout. */
export function useSessionRecord(): SessionRecord | null {
  const holder = useSessionHolder();
  return useSyncExternalStore(holder.subscribe, () => holder.current());
}
