import { createContext, useContext, type ReactNode } from 'react';
import type { LoginApi } from '@machines/api';
import type { PlatformApi } from '#/api/platform';

/** The HTTP ports the screens need before a session exists. */
export interface ConsoleApis {
  login: LoginApi;
  platform: PlatformApi;
}

const ApiContext = createContext<ConsoleApis | null>(null);

/** Supplies the API clients (real ones in the app, fakes in component tests). */
export function ApiProvider({ apis, children }: { apis: ConsoleApis; children: ReactNode }) {
  return <ApiContext.Provider value={apis}>{children}</ApiContext.Provider>;
}

export function useApis(): ConsoleApis {
  const apis = useContext(ApiContext);
  if (!apis) throw new Error('useApis outside ApiProvider');
  return apis;
}
