/**
 * Dialogs put the user in their first field and give focus back to what opened them (issue 14).
 *
 * - Mantine's focus trap focuses the first tabbable element of a dialog, which is the header's
 *   close button, so a keyboard or screen-reader user would land on "Close". The theme marks every
 *   dialog close button with `DIALOG_CLOSE_ATTRIBUTE`; when focus arrives on one from outside its
 *   dialog (the dialog has just opened), it moves on to the first field of the dialog's body. A
 *   dialog without a field keeps focus on its close button.
 * - Mantine gives focus back when a dialog's `opened` turns false, but most of the console's
 *   dialogs are mounted only while open (`{open && <Dialog opened />}`) and vanish at once, which
 *   leaves focus on the page's body. So the opener is remembered when the dialog opens, and focus
 *   goes back to it when the dialog leaves the page with focus nowhere. An opener inside a menu
 *   (a row's "Rename") is gone by then; the menu's button stands in for it.
 */
export const DIALOG_CLOSE_ATTRIBUTE = 'data-dialog-close';

const TABBABLE =
  'input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), button:not([disabled]), a[href], [tabindex]:not([tabindex="-1"])';

/** The first field (or other control) of a dialog's body, skipping hidden ones. */
export function firstFieldOf(dialog: Element): HTMLElement | null {
  const body = dialog.querySelector('.mantine-Modal-body, .mantine-Drawer-body') ?? dialog;
  for (const candidate of body.querySelectorAll<HTMLElement>(TABBABLE)) {
    if (candidate.closest('[hidden], [aria-hidden="true"]')) continue;
    return candidate;
  }
  return null;
}

/** What focus should return to: the control itself, or for a menu item the menu's button. */
function returnTargetOf(opener: Element, doc: Document): HTMLElement | null {
  const menu = opener.closest('[role="menu"]');
  if (menu?.id) return doc.querySelector<HTMLElement>(`[aria-controls="${CSS.escape(menu.id)}"]`);
  return opener instanceof HTMLElement ? opener : null;
}

/** Installs both behaviours on `doc`; returns the function that removes them. */
export function installDialogInitialFocus(doc: Document): () => void {
  // per open dialog, where focus goes back to: its opener, then (an opener inside a dialog that
  // closed meanwhile: "Book next meeting" replaces the management dialog) that dialog's own openers
  const openers = new Map<Element, HTMLElement[]>();
  // Mantine's focus trap may put focus on the close button a second time after its transition,
  // from the field focus was just moved to: only a Tab the user pressed keeps focus there
  let lastTab = -Infinity;
  let tabFrom: Element | null = null;
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Tab') return;
    lastTab = Date.now();
    tabFrom = doc.activeElement;
  };

  const onFocusIn = (event: FocusEvent) => {
    const target = event.target;
    if (!(target instanceof HTMLElement)) return;
    const dialog = target.closest('[role="dialog"]');
    if (!dialog) return;
    const from = event.relatedTarget;
    const fromInside = from instanceof Node && dialog.contains(from);
    // the opener is whatever had focus when focus first entered the dialog: its close button or,
    // for a dialog that names its own first field (data-autofocus), that field
    if (!fromInside && from instanceof Element && !openers.has(dialog)) {
      const returnTo = returnTargetOf(from, doc);
      const enclosing = from.closest('[role="dialog"]');
      if (returnTo) openers.set(dialog, [returnTo, ...((enclosing && openers.get(enclosing)) || [])]);
    }
    if (!target.hasAttribute(DIALOG_CLOSE_ATTRIBUTE)) return;
    // focus coming back from inside the dialog by the user's Shift+Tab stays on the close button
    if (fromInside && tabFrom !== null && dialog.contains(tabFrom) && Date.now() - lastTab < 1000) return;
    const field = firstFieldOf(dialog);
    if (field) field.focus();
    else awaitFirstField(dialog, target);
  };

  // A dialog whose body arrives after it opened (the meeting share loads its links): focus moves
  // to its first field once there is one, unless the user has moved it meanwhile.
  const awaitFirstField = (dialog: Element, close: HTMLElement) => {
    const watch = new MutationObserver(() => {
      if (doc.activeElement !== close || !dialog.isConnected) return stop();
      const field = firstFieldOf(dialog);
      if (!field) return;
      stop();
      field.focus();
    });
    const timer = setTimeout(() => stop(), 5000);
    const stop = () => {
      clearTimeout(timer);
      watch.disconnect();
    };
    watch.observe(dialog, { childList: true, subtree: true, attributes: true, attributeFilter: ['disabled', 'hidden', 'aria-hidden'] });
  };

  const observer = new MutationObserver(() => {
    if (openers.size === 0) return;
    for (const [dialog, chain] of openers) {
      if (dialog.isConnected) continue;
      openers.delete(dialog);
      const active = doc.activeElement;
      const opener = chain.find((el) => el.isConnected);
      if ((active === null || active === doc.body) && opener) opener.focus();
    }
  });

  doc.addEventListener('focusin', onFocusIn);
  doc.addEventListener('keydown', onKeyDown, true);
  observer.observe(doc.body, { childList: true, subtree: true });
  return () => {
    doc.removeEventListener('focusin', onFocusIn);
    doc.removeEventListener('keydown', onKeyDown, true);
    observer.disconnect();
  };
}
