import type { SessionHolder } from './session/sessionHolder';
import type { ConsoleApis } from './session/ApiContext';
import type { BrandingAhead } from './features/login/branding';

/**
 * What every route's `beforeLoad` and component can reach. Apart from router.tsx because the root
 * route declares it, and router.tsx imports the route tree that imports the root route.
 */
export interface RouterContext {
  session: SessionHolder;
  apis: ConsoleApis;
  /** the login screen's branding, asked for as the console started (src/main.tsx) */
  brandingAhead?: BrandingAhead;
}
