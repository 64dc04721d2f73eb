/**
 * Loads every Mantine style (./allStyles.ts) once. Vite's dynamic import resolves only after the
 * chunk's stylesheet has loaded, so a screen that awaits this draws styled. A failed fetch is
 * forgotten, so the next caller tries again.
 */
import { routerBasepath } from '#/basepath';
import { isLoginScreen } from '#/browser/prefetch';

let loading: Promise<void> | undefined;

export function loadAllStyles(): Promise<void> {
  loading ??= import('./allStyles').then(
    () => undefined,
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/**
 * What a screen at `pathname` waits for before it draws (the root route's beforeLoad): nothing on
 * the login screen, whose share of the styles came with the entry; every style elsewhere.
 */
export function stylesBeforeScreen(pathname: string, basepath = routerBasepath(), load = loadAllStyles): Promise<void> | undefined {
  return isLoginScreen(pathname, basepath) ? undefined : load();
}
