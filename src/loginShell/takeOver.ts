/**
 * The app takes over from the static shell of index.html (scripts/build/loginShell.ts) without a
 * flash and without losing a keystroke: the shell stays on top until the app has drawn its own
 * screen, and in that same task the text typed into the shell's fields, the focused field and
 * its caret are carried into the app's form, then the shell goes. Until then every keystroke
 * lands in the shell, so none falls between the two.
 */
const SHELL_ID = 'podium-shell';
const FIELDS = ['mr-id', 'password', 'code'] as const;

/**
 * The app has drawn a screen of its own: the login screen (its main holds the form, drawn in one
 * commit), the control screen, or a screen in its place (unsupported browser, an alert).
 */
const APP_SCREEN = 'main, header, form, [role="alert"]';
const KINDS = new Set(['login', 'control']);

/** Watches `root` until the app's screen is there, then hands over; returns a stop function. */
export function takeOverShell(root: HTMLElement, doc: Document = document): () => void {
  const shell = doc.getElementById(SHELL_ID);
  if (!shell) return () => {};
  const kind = shell.getAttribute('data-shell') ?? '';
  if (!KINDS.has(kind)) {
    shell.remove();
    return () => {};
  }
  // the app's autoFocus takes focus from the shell as it draws, before the hand-over runs: the
  // field the user was in is remembered as focus leaves it (its caret stays readable)
  let userField: Element | null = shell.contains(doc.activeElement) ? doc.activeElement : null;
  const onFocusIn = (e: FocusEvent) => {
    userField = e.target as Element;
  };
  const onFocusOut = (e: FocusEvent) => {
    const next = e.relatedTarget as Node | null;
    if (!next || !root.contains(next)) userField = null;
  };
  shell.addEventListener('focusin', onFocusIn);
  shell.addEventListener('focusout', onFocusOut);
  const tryHandOver = (): boolean => {
    if (!root.querySelector(APP_SCREEN)) return false;
    // the app's stylesheet comes after the shell in the page (not to hold back its paint): the
    // shell stays until the app's screen can be drawn styled
    const pending = [...doc.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].filter((link) => !link.sheet);
    if (pending.length > 0) {
      for (const link of pending) link.addEventListener('load', () => tryHandOver() && observer.disconnect(), { once: true });
      return false;
    }
    if (!shell.isConnected) return true;
    if (kind === 'login') carryLoginInput(shell, root, userField);
    shell.remove();
    doc.getElementById('podium-shell-style')?.remove();
    return true;
  };
  const observer = new MutationObserver(() => {
    if (tryHandOver()) observer.disconnect();
  });
  if (tryHandOver()) return () => {};
  observer.observe(root, { childList: true, subtree: true });
  return () => observer.disconnect();
}

/** Sets a React-controlled input's value the way typing does, so its onChange sees it. */
function typeInto(input: HTMLInputElement, value: string): void {
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
  setter?.call(input, value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

function carryLoginInput(shell: HTMLElement, root: HTMLElement, focused: Element | null): void {
  let focusTarget: HTMLInputElement | null = null;
  let caret: [number | null, number | null, HTMLInputElement['selectionDirection']] = [null, null, null];
  for (const name of FIELDS) {
    const from = shell.querySelector<HTMLInputElement>(`input[name="${name}"]`);
    const to = root.querySelector<HTMLInputElement>(`form input[name="${name}"]`);
    if (!from || !to) continue;
    // the app's own prefill (the same meeting number) stays; only what the user changed is carried
    if (from.value !== to.value && (from.value !== '' || from.defaultValue !== '' || from === focused)) typeInto(to, from.value);
    if (from === focused) {
      focusTarget = to;
      caret = [from.selectionStart, from.selectionEnd, from.selectionDirection];
    }
  }
  if (focusTarget) {
    focusTarget.focus();
    if (caret[0] !== null && caret[1] !== null) focusTarget.setSelectionRange(caret[0], caret[1], caret[2] ?? undefined);
  }
  // Enter pressed in the shell before the app was there: the app logs in now
  if (shell.querySelector('form')?.hasAttribute('data-submitted')) root.querySelector<HTMLFormElement>('form')?.requestSubmit();
}
