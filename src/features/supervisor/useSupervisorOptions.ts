import { useSyncExternalStore } from 'react';
import { supervisorOptionsStore, type SupervisorOptions } from './supervisorOptions';

/** The supervisor options and a setter; re-renders when they change here or in another tab. */
export function useSupervisorOptions(): [SupervisorOptions, (patch: Partial<SupervisorOptions>) => void] {
  const store = supervisorOptionsStore();
  const value = useSyncExternalStore(store.subscribe, store.get, store.get);
  return [value, (patch) => store.set(patch)];
}
