/**
 * The online participants as a lazily read store. At 10,000 participants the list changes every
 * 800 ms batch; the sidebar only needs it while a picker or dialog that shows it is open, so the
 * sidebar holds this store instead of the list and each consumer subscribes only while open.
 */
import { useSyncExternalStore } from 'react';
import type { AnyActorRef, SnapshotFrom } from 'xstate';
import { participantsSelectors, type ParticipantsMachine } from '@machines/index';

export interface OnlineUser {
  usrId: string;
  name: string;
}

export interface OnlineParticipants {
  /** calls `onChange` whenever the list may have changed; returns the unsubscribe */
  subscribe(onChange: () => void): () => void;
  /** the online participants, the same array until the participants changed */
  getSnapshot(): readonly OnlineUser[];
}

const EMPTY: readonly OnlineUser[] = [];
const noSubscription = () => () => {};
const emptySnapshot = () => EMPTY;

/** A fixed list (tests, previews). */
export function staticOnline(list: readonly OnlineUser[]): OnlineParticipants {
  return { subscribe: noSubscription, getSnapshot: () => list };
}

/**
 * The online participants of the participants actor (undefined: none yet). The list is computed
 * on read, once per participants version.
 */
export function onlineOf(participants: AnyActorRef | undefined): OnlineParticipants {
  if (!participants) return staticOnline(EMPTY);
  let cache: { version: number; list: readonly OnlineUser[] } | null = null;
  return {
    subscribe(onChange) {
      const sub = participants.subscribe(onChange);
      return () => sub.unsubscribe();
    },
    getSnapshot() {
      const snap = participants.getSnapshot() as SnapshotFrom<ParticipantsMachine>;
      const version = participantsSelectors.selectParticipantsVersion(snap);
      if (!cache || cache.version !== version) {
        const list: OnlineUser[] = [];
        for (const p of participantsSelectors.selectParticipantList(snap)) {
          if (p.online === 1) list.push({ usrId: p.usr_id, name: p.usr_name || p.usr_id });
        }
        cache = { version, list };
      }
      return cache.list;
    },
  };
}

/** The online list while `enabled`; an empty list (and no subscription) otherwise. */
export function useOnline(source: OnlineParticipants, enabled: boolean): readonly OnlineUser[] {
  return useSyncExternalStore(enabled ? source.subscribe : noSubscription, enabled ? source.getSnapshot : emptySnapshot);
}

/**
 * At most `limit` of `list` whose name contains `search` (case-insensitive): exact matches first,
 * then names starting with it, then the rest, each in list order. An empty search takes the first.
 */
export function searchOnline(list: readonly OnlineUser[], search: string, limit: number): OnlineUser[] {
  const q = search.trim().toLowerCase();
  if (!q) return list.slice(0, limit);
  const exact: OnlineUser[] = [];
  const prefix: OnlineUser[] = [];
  const inner: OnlineUser[] = [];
  for (const u of list) {
    const name = u.name.toLowerCase();
    if (name === q) exact.push(u);
    else if (exact.length + prefix.length >= limit) continue;
    else if (name.startsWith(q)) prefix.push(u);
    else if (exact.length + prefix.length + inner.length < limit && name.includes(q)) inner.push(u);
  }
  return [...exact, ...prefix, ...inner].slice(0, limit);
}
