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

const TABBABLE = 'input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), button:not([disabled]), a[href], [tabindex]:not([tabindex="-1"])';

/** The first field (or other control) of a dialog's body, skipping hidden ones. */
export function firstFieldOf(dialog: Element): HTMLElement | null {
  const body = dialog.querySelector('.mantine-Modal-body') ?? dialog;
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
  const openers = new Map<Element, HTMLElement>();

  const onFocusIn = (event: FocusEvent) => {
    const target = event.target;
    if (!(target instanceof HTMLElement) || !target.hasAttribute(DIALOG_CLOSE_ATTRIBUTE)) return;
    const dialog = target.closest('[role="dialog"]');
    if (!dialog) return;
    const from = event.relatedTarget;
    // focus coming back from inside the dialog (Shift+Tab onto the close button) stays there
    if (from instanceof Node && dialog.contains(from)) return;
    const returnTo = from instanceof Element ? returnTargetOf(from, doc) : null;
    if (returnTo && !openers.has(dialog)) openers.set(dialog, returnTo);
    firstFieldOf(dialog)?.focus();
  };

  const observer = new MutationObserver(() => {
    if (openers.size === 0) return;
    for (const [dialog, opener] of openers) {
      if (dialog.isConnected) continue;
      openers.delete(dialog);
      const active = doc.activeElement;
      if ((active === null || active === doc.body) && opener.isConnected) opener.focus();
    }
  });

  doc.addEventListener('focusin', onFocusIn);
  observer.observe(doc.body, { childList: true, subtree: true });
  return () => {
    doc.removeEventListener('focusin', onFocusIn);
    observer.disconnect();
  };
}
