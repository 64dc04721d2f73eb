/**
 * User-defined filter tabs are UI state of one user (spec §2: kept per user across reloads), so
 * they live in localStorage under a key per meeting and role, not in the session machines.
 * Storage may be unavailable: a failure reads as "no tabs" and writing is skipped.
 */
import { useCallback, useSyncExternalStore } from 'react';
import type { CustomTab } from './participantModel';

const PREFIX = 'podium.customTabs.';

/** The storage key of one user's tabs: one meeting, one controller role. */
export function customTabsKey(mrId: string, role: string): string {
  return `${PREFIX}${mrId}.${role}`;
}

function isTab(v: unknown): v is CustomTab {
  const t = v as CustomTab;
  return (
    typeof t === 'object' &&
    t !== null &&
    typeof t.id === 'string' &&
    typeof t.name === 'string' &&
    typeof t.query === 'string' &&
    Array.isArray(t.usrIds) &&
    t.usrIds.every((id) => typeof id === 'string')
  );
}

export function readCustomTabs(key: string, storage: Storage | null = safeStorage()): CustomTab[] {
  try {
    const raw = storage?.getItem(key);
    if (!raw) return [];
    const parsed: unknown = JSON.parse(raw);
    return Array.isArray(parsed) ? parsed.filter(isTab) : [];
  } catch {
    return [];
  }
}

export function writeCustomTabs(key: string, tabs: readonly CustomTab[], storage: Storage | null = safeStorage()): void {
  try {
    storage?.setItem(key, JSON.stringify(tabs));
  } catch {
    // quota or privacy mode: the tabs last until the page reloads
  }
}

function safeStorage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

const listeners = new Set<() => void>();
const cache = new Map<string, CustomTab[]>();

function snapshot(key: string): CustomTab[] {
  let tabs = cache.get(key);
  if (!tabs) {
    tabs = readCustomTabs(key);
    cache.set(key, tabs);
  }
  return tabs;
}

/** The tabs of `key` and a setter that persists them; every mounted user of the key re-renders. */
export function useCustomTabs(key: string): [CustomTab[], (next: CustomTab[]) => void] {
  const subscribe = useCallback((fn: () => void) => {
    listeners.add(fn);
    return () => listeners.delete(fn);
  }, []);
  const tabs = useSyncExternalStore(subscribe, () => snapshot(key));
  const set = useCallback(
    (next: CustomTab[]) => {
      cache.set(key, next);
      writeCustomTabs(key, next);
      for (const fn of listeners) fn();
    },
    [key],
  );
  return [tabs, set];
}
