/**
 * The online participants as a lazily read store. At 10,000 participants the list changes every
 * 800 ms batch; the sidebar only needs it while a picker or dialog that shows it is open, so the
 * sidebar holds this store instead of the list and each consumer subscribes only while open.
 */
import { useMemo, useSyncExternalStore } from 'react';
import type { AnyActorRef, SnapshotFrom } from 'xstate';
import { participantsSelectors, type Participant, type ParticipantsMachine } from '@machines/index';

export interface OnlineUser {
  usrId: string;
  name: string;
}

export interface OnlineParticipants {
  /** calls `onChange` whenever the list may have changed; returns the unsubscribe */
  subscribe(onChange: () => void): () => void;
  /** the online participants, the same array until the participants changed */
  getSnapshot(): readonly OnlineUser[];
  /** display name of a participant the meeting knows (online or not), read now */
  nameOf(usrId: string): string | undefined;
}

const EMPTY: readonly OnlineUser[] = [];
const noSubscription = () => () => {};
const emptySnapshot = () => EMPTY;

/** A fixed list (tests, previews). */
export function staticOnline(list: readonly OnlineUser[]): OnlineParticipants {
  return { subscribe: noSubscription, getSnapshot: () => list, nameOf: (usrId) => list.find((u) => u.usrId === usrId)?.name };
}

/** one entry per record object: a record the store did not replace keeps its entry */
const entries = new WeakMap<Participant, OnlineUser>();

function entryOf(p: Participant): OnlineUser {
  let entry = entries.get(p);
  if (!entry) {
    entry = { usrId: p.usr_id, name: p.usr_name || p.usr_id };
    entries.set(p, entry);
  }
  return entry;
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
          if (p.online === 1) list.push(entryOf(p));
        }
        cache = { version, list };
      }
      return cache.list;
    },
    nameOf(usrId) {
      const p = participantsSelectors.selectParticipant(usrId)(participants.getSnapshot() as SnapshotFrom<ParticipantsMachine>);
      return p && entryOf(p).name;
    },
  };
}

/** The online list while `enabled`; an empty list (and no subscription) otherwise. */
export function useOnline(source: OnlineParticipants, enabled: boolean): readonly OnlineUser[] {
  return useSyncExternalStore(enabled ? source.subscribe : noSubscription, enabled ? source.getSnapshot : emptySnapshot);
}

/**
 * Display names of a few participants (e.g. the ones a dialog shows), kept current while
 * `enabled`. Re-renders only when one of these names changes, not on every participants batch.
 */
export function useNamesOf(source: OnlineParticipants, usrIds: readonly string[], enabled: boolean): ReadonlyMap<string, string> {
  // a string snapshot compares by value: an unrelated change leaves it equal
  const key = useSyncExternalStore(enabled ? source.subscribe : noSubscription, () =>
    JSON.stringify(usrIds.map((id) => [id, source.nameOf(id)])),
  );
  return useMemo(() => {
    const names = new Map<string, string>();
    for (const [id, name] of JSON.parse(key) as [string, string | null][]) if (name) names.set(id, name);
    return names;
  }, [key]);
}
