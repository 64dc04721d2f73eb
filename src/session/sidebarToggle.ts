/**
 * Whether the control screen's sidebar is open. It starts open; a host on a narrow window may
 * collapse it to give the participant table the width, and the header's chips open it again to
 * reach a control inside it.
 */
import { useSyncExternalStore } from 'react';

let open = true;
const listeners = new Set<() => void>();

function set(next: boolean) {
  if (open === next) return;
  open = next;
  for (const l of listeners) l();
}

/** Opens the sidebar (a chip needs a control inside it). */
export function openSidebar(): void {
  set(true);
}

/** Opens or closes the sidebar. */
export function setSidebarOpen(next: boolean): void {
  set(next);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const get = () => open;

/** The sidebar's state: open unless the user collapsed it. */
export function useSidebarOpen(): boolean {
  return useSyncExternalStore(subscribe, get, get);
}
