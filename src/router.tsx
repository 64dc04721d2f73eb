import { createRouter, type RouterHistory } from '@tanstack/react-router';
import { routeTree } from './routeTree.gen';
import { parseSearch, stringifySearch } from './search';
import type { RouterContext } from './routerContext';
import { routerBasepath } from './basepath';

/**
 * The console's router. Tests pass a memory `history` and the root `basepath`; the app uses the
 * browser history and the frame prefix of the page.
 */
export function createAppRouter(context: RouterContext, options: { basepath?: string; history?: RouterHistory } = {}) {
  return createRouter({
    routeTree,
    context,
    basepath: options.basepath ?? routerBasepath(),
    history: options.history,
    parseSearch,
    stringifySearch,
    defaultPreload: false,
    scrollRestoration: false,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
