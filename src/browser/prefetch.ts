/**
 * When the console fetches what the next screen needs (the session machines, the toasts, the
 * rest of Mantine's styles) ahead of time. Anywhere but the login screen: once the first screen
 * has drawn and the browser is idle. On the login screen: only once the user starts on the form
 * (a key or a pointer press), then when idle. On a slow link the prefetch otherwise shares it with
 * what makes the form usable (issue 27: on Slow 4G, 45 KiB of session code took the link while
 * the login route's chunks and catalog were still coming), and typing a login takes longer than
 * the fetch. A login before any key (a password manager's fill) loads them then
 * (_authed's beforeLoad), as a reload of /control does.
 */

/** The login screen is `/` and `/login`, under the frame's base path. */
export function isLoginScreen(pathname: string, basepath: string): boolean {
  const base = basepath.replace(/\/+$/, '');
  const path = base !== '' && pathname.startsWith(base) ? pathname.slice(base.length) : pathname;
  return /^\/?(login\/?)?$/.test(path);
}

/** Runs `task` once, at the first key or pointer press anywhere in the window. */
export function whenUserStarts(win: Window, task: () => void): () => void {
  const events = ['keydown', 'pointerdown'] as const;
  let done = false;
  const stop = () => {
    for (const e of events) win.removeEventListener(e, start, true);
  };
  const start = () => {
    if (done) return;
    done = true;
    stop();
    task();
  };
  for (const e of events) win.addEventListener(e, start, { capture: true, passive: true });
  return stop;
}

/** Runs `task` when the browser is idle (or after a second where it cannot tell). */
export function whenIdle(win: Window, task: () => void): void {
  if ('requestIdleCallback' in win) win.requestIdleCallback(task, { timeout: 3000 });
  else setTimeout(task, 1000);
}

/** Schedules `task` (the prefetch) for a page opened at `pathname`; see the file's comment. */
export function schedulePrefetch(win: Window, pathname: string, basepath: string, task: () => void): void {
  if (isLoginScreen(pathname, basepath)) whenUserStarts(win, () => whenIdle(win, task));
  else whenIdle(win, task);
}
