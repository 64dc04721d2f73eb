/**
 * The controllers snapshot (issue 12): `GET …/controllers`, the server's list of who is logged in
 * now. The request and the reading of its answer live here, beside the controllers actor, the one
 * place that asks it; a platform without the call refuses it, or answers without the list.
 */
import type { SessionApi } from '../api';

/** (podium) one controller logged in now, as the server's snapshot lists it: no session id */
export interface OnlineController {
  role: 'host' | 'supervisor' | string;
  peer_ip: string;
  /** 1 for this console's own login */
  self: 0 | 1;
}

/** the suffix under the session */
export const SNAPSHOT_SUFFIX = 'controllers';

/** The list of a snapshot answer, or null when the answer has none (a malformed list is none too). */
export function controllersOf(answer: unknown): OnlineController[] | null {
  const list = (answer as { controllers?: unknown } | null)?.controllers;
  if (!Array.isArray(list)) return null;
  const out: OnlineController[] = [];
  for (const c of list) {
    if (typeof c !== 'object' || c === null) return null;
    const { role, peer_ip: peerIp, self } = c as Record<string, unknown>;
    if (typeof role !== 'string' || typeof peerIp !== 'string') return null;
    out.push({ role, peer_ip: peerIp, self: self === 1 ? 1 : 0 });
  }
  return out;
}

/** Asks the snapshot: the list, or null when the answer has none; rejects as the client does. */
export async function readControllersSnapshot(api: SessionApi, signal?: AbortSignal): Promise<OnlineController[] | null> {
  return controllersOf(await api.get<unknown>(SNAPSHOT_SUFFIX, signal));
}
