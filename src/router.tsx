import { createRouter, type RouterHistory } from '@tanstack/react-router';
import { routeTree } from './routeTree.gen';
import { parseSearch, stringifySearch } from './search';
import type { SessionHolder } from './session/sessionHolder';
import type { ConsoleApis } from './session/ApiContext';
import { routerBasepath } from './basepath';

/** What every route's `beforeLoad` and component can reach. */
export interface RouterContext {
  session: SessionHolder;
  apis: ConsoleApis;
}

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
