/**
 * Brings a sidebar control into view and gives it focus: what a header chip does for a state whose
 * control lives in the sidebar (recording, live, lock). The sidebar may be collapsed on a narrow
 * window; it opens first (see sidebarToggle).
 */
import { openSidebar } from '#/session/sidebarToggle';

/** Selector of the controls a chip can reach, inside the control screen's sidebar column. */
export const SIDEBAR_CONTROLS = {
  rec: '[data-testid="recording-control"]',
  live: '[data-switch="live"]',
  locked: '[data-switch="lock"]',
} as const;

export function focusSidebarControl(which: keyof typeof SIDEBAR_CONTROLS): boolean {
  openSidebar();
  const el = document.querySelector<HTMLElement>(`[data-testid="control-sidebar-column"] ${SIDEBAR_CONTROLS[which]}`);
  if (!el) return false;
  // after the sidebar has laid out (it may just have opened)
  requestAnimationFrame(() => {
    el.scrollIntoView({ block: 'center' });
    // a switch is its input (visually hidden): focus it, outline the visible switch around it
    const target = el.matches('input, button')
      ? el
      : (el.querySelector<HTMLElement>('button:not([disabled]), input:not([disabled])') ?? el);
    target.focus({ preventScroll: true });
    const shown = el.closest<HTMLElement>('.mantine-Switch-root') ?? el;
    shown.setAttribute('data-spotlight', 'true');
    setTimeout(() => shown.removeAttribute('data-spotlight'), 1600);
  });
  return true;
}
