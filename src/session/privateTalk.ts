/**
 * The supervisor's private talk, shared by the places that show or steer it: the supervisor
 * panel (devices, picker), the header's private-talk chip (who, how long, volume, End talk) and a
 * participant's row operations ("Talk privately"). The talk itself is the server's state
 * (`private_talk_usr_id`); what lives here is the command that asks for it and the output volume,
 * which is this browser's setting and must read the same in the panel and the header.
 */
import { useSyncExternalStore } from 'react';
import type { AnyActorRef } from 'xstate';
import { epsCommand } from '@machines/commands/requests';

/** The commands actor's label of a private-talk request (its refusal is matched by it). */
export const PRIVATE_TALK_LABEL = 'private_talk';

/** The output volume a new session starts with (0–100). */
export const DEFAULT_TALK_VOLUME = 60;

/** Asks the server to start (`on`) or end a private talk with one participant. */
export function sendPrivateTalk(session: AnyActorRef, usrId: string, on: boolean): void {
  const commands = session.system.get('commands') as AnyActorRef | undefined;
  commands?.send(epsCommand('private_talk', [usrId], { value: on ? 1 : 0, label: PRIVATE_TALK_LABEL }));
}

let volume = DEFAULT_TALK_VOLUME;
const listeners = new Set<() => void>();

/** Sets the private-talk output volume (clamped to 0–100) for every view of it. */
export function setTalkVolume(next: number): void {
  const v = Math.max(0, Math.min(100, Math.round(next)));
  if (v === volume) return;
  volume = v;
  for (const l of listeners) l();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const get = () => volume;

/** The private-talk output volume and its setter, the same value wherever it is shown. */
export function useTalkVolume(): [number, (v: number) => void] {
  return [useSyncExternalStore(subscribe, get, get), setTalkVolume];
}

type StartListener = (request: { usrId: string; name: string }) => void;
const startListeners = new Set<StartListener>();

/**
 * "Talk privately with this participant", asked from a participant's row: the header answers by
 * starting the talk (the row and the header are features that do not import each other).
 */
export function requestPrivateTalk(request: { usrId: string; name: string }): void {
  for (const l of startListeners) l(request);
}

/** Follows the row requests; returns the unsubscribe. */
export function onPrivateTalkRequest(listener: StartListener): () => void {
  startListeners.add(listener);
  return () => startListeners.delete(listener);
}
