/**
 * Participants free against a meeting-wide ban: found by the ban tally, marked on their rows by
 * the participant table, two features that do not import each other. One session per page, so
 * one store per page.
 */
import { useSyncExternalStore } from 'react';

export type BanKind = 'mute' | 'listen' | 'watch';

/** One participant's breaches: which bans they are free against, and who freed them if known. */
export interface BanBreachMark {
  kinds: readonly BanKind[];
  /** the controller whose command freed them (role and address; '' address: this console) */
  by: { role: 'host' | 'supervisor'; peerIp: string } | null;
}

type Marks = ReadonlyMap<string, BanBreachMark>;
const NONE: Marks = new Map();
let marks: Marks = NONE;
const listeners = new Set<() => void>();

/** Replaces the marks (the tally publishes after each change; an empty map clears them). */
export function publishBanBreaches(next: Marks): void {
  if (next.size === 0 && marks.size === 0) return;
  marks = next.size === 0 ? NONE : next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The mark of one participant, or undefined; re-renders only when that participant's mark changes. */
export function useBanBreach(usrId: string): BanBreachMark | undefined {
  return useSyncExternalStore(subscribe, () => marks.get(usrId));
}
