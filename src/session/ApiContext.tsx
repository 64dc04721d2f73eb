import { createContext, useContext, type ReactNode } from 'react';
import type { LoginApi } from '@machines/api';

/** The HTTP ports the screens need before a session exists. */
export interface ConsoleApis {
  login: LoginApi;
}

const ApiContext = createContext<ConsoleApis | null>(null);

/** Supplies the API clients (real ones in the app, fakes bound to a test server in tests). */
export function ApiProvider({ apis, children }: { apis: ConsoleApis; children: ReactNode }) {
  return <ApiContext.Provider value={apis}>{children}</ApiContext.Provider>;
}

export function useApis(): ConsoleApis {
  const apis = useContext(ApiContext);
  if (!apis) throw new Error('useApis outside ApiProvider');
  return apis;
}
