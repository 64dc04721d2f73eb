import { createRouter } from '@tanstack/react-router';
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

export function createAppRouter(context: RouterContext, basepath = routerBasepath()) {
  return createRouter({
    routeTree,
    context,
    basepath,
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
