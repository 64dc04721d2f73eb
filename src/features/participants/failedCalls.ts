/**
 * Offline participants whose last call failed (issue 26 item 2): the failed-call list of the
 * notifications actor matched to rows by the invited address, which is all the `failed_call`
 * event names (no usr_id). The row marks them; the list itself stays in the notification lists.
 */
import { useMemo } from 'react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom, AnyActorRef } from 'xstate';
import { notificationsSelectors, type NotificationsMachine } from '@machines/index';
import { useSessionChild } from '#/session/useSessionChild';
import { displayAddress } from './toRows';

/** A row's failed call: the reason code and when (Unix s). */
export interface FailedCallMark {
  reason: string;
  time: number;
  /** the endpoint type the failure names ('' when none) */
  epType?: string;
}

/**
 * Address (as a row shows it) → the newest failure to reach it.
 * @example failedByAddress([{ peer_addr: 'lab,10.0.0.2', reason: 'busy', time: 5 }]).get('lab@10.0.0.2') // { reason: 'busy', time: 5, epType: '' }
 */
export function failedByAddress(
  calls: readonly { peer_addr: string; reason: string; time: number; ep_type?: string }[],
): ReadonlyMap<string, FailedCallMark> {
  const out = new Map<string, FailedCallMark>();
  // newest first: the first entry of an address is its last failure
  for (const c of calls) {
    const addr = displayAddress('', c.peer_addr);
    if (addr && !out.has(addr)) out.set(addr, { reason: c.reason, time: c.time, epType: c.ep_type ?? '' });
  }
  return out;
}

/** The session's failed calls by address, recomputed when the list changes. */
export function useFailedCalls(session: AnyActorRef): ReadonlyMap<string, FailedCallMark> {
  const notes = useSessionChild<ActorRefFrom<NotificationsMachine>>(session, 'notifications');
  const calls = useSelector(notes, (s) => (s ? notificationsSelectors.selectFailedCalls(s) : undefined));
  return useMemo(() => failedByAddress(calls ?? []), [calls]);
}
