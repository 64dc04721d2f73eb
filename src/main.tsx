// Mantine's styles in its cascade layer: the first stylesheet loads at the end of the body (the
// login shell paints before it) while the route chunks' stylesheets and the theme's variables go
// into the head, so without the layer Mantine's defaults came later and won (the theme's AA grey
// lost to Mantine's 3.3:1 grey). Unlayered rules beat layered ones whatever their order.
// Only the login screen's share comes with the entry; every other screen loads the rest first
// (src/styles/loadAllStyles.ts).
import './styles/loginScreen';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from '@tanstack/react-router';
import { AppProviders, preloadToasts } from './AppProviders';
import { UnsupportedBrowser } from './UnsupportedBrowser';
import { currentBrowser, isSupportedBrowser } from './browser/support';
import { installRootFontSize } from './browser/rootFontSize';
import { i18n, initialLocale, loadCatalog, prefetchCatalog } from './i18n/i18n';
import { loadCodeTexts } from './i18n/codeTexts';
import { createAppRouter } from './router';
import { SessionHolder } from './session/sessionHolder';
import { SessionProvider } from './session/SessionContext';
import { ApiProvider } from './session/ApiContext';
import { createPlatformApi } from './api/platform';
import { createLoginApi } from './api/login';
import { fetchCodeAhead, withCodeAhead } from './api/codeAhead';
import { withEarlyPlatform } from './api/earlyPlatform';
import { loadBrandingAhead } from './features/login/branding';
import { browserStore } from './session/browserStore';
import { takeOverShell } from './loginShell/takeOver';
import { loadAllStyles } from './styles/loadAllStyles';
import { isLoginScreen, schedulePrefetch } from './browser/prefetch';
import { routerBasepath } from './basepath';

function boot(): void {
  installRootFontSize(window);
  const rootElement = document.getElementById('root')!;
  const root = createRoot(rootElement);
  // index.html painted a shell of the screen; it stays until the app has drawn its own
  takeOverShell(rootElement);
  // No top-level await: the build stays loadable by older Chromium, and the catalog is the
  // only thing to wait for before the first paint.
  // the login screen needs only its own messages (scripts/build/loginCatalog.ts); the other
  // screens load the whole catalog before they draw (the root route's beforeLoad)
  const locale = initialLocale();
  const onLogin = isLoginScreen(window.location.pathname, routerBasepath());
  // One platform client for the tab: the login and session clients share its signing settings.
  // (not createApiClient: its session client belongs to the session chunk, loaded after the login)
  // its first getPlatform is the one index.html asked for before this script came (earlyPlatform.ts)
  const platform = createPlatformApi({ fetch: withEarlyPlatform() });
  const login = createLoginApi({ platform });
  // every screen signs with what getPlatform says, and the login screen needs a verify code: both
  // are asked for now, beside the catalog, not after the screen has drawn (src/api/codeAhead.ts)
  const supported = isSupportedBrowser(currentBrowser());
  if (supported) void platform.info().catch(() => {});
  const apis = { platform, login: onLogin && supported ? withCodeAhead(login, fetchCodeAhead(login)) : login };
  // and the branding the login screen draws with, beside them (src/features/login/branding.ts)
  const brandingAhead = onLogin && supported ? loadBrandingAhead(platform, browserStore) : undefined;
  void loadCatalog(locale, i18n, onLogin ? 'login' : 'all').then(() => {
    if (!supported) {
      root.render(
        <StrictMode>
          <AppProviders i18n={i18n}>
            <UnsupportedBrowser />
          </AppProviders>
        </StrictMode>,
      );
      return;
    }
    // the session machines are a chunk of their own: the login screen draws without them, and
    // the pages behind the login await them (_authed's beforeLoad)
    const session = new SessionHolder({
      load: () => import('./session/createSessionActor').then((m) => m.sessionActorFactory(platform)),
    });
    const router = createAppRouter({ session, apis, brandingAhead });
    root.render(
      <StrictMode>
        <AppProviders i18n={i18n}>
          <ApiProvider apis={apis}>
            <SessionProvider holder={session}>
              <RouterProvider router={router} />
            </SessionProvider>
          </ApiProvider>
        </AppProviders>
      </StrictMode>,
    );
    // what the next screen needs, fetched ahead (src/browser/prefetch.ts: on the login screen
    // once the user starts on the form); a failed fetch is tried again by who needs it
    schedulePrefetch(window, router.state.location.pathname, router.basepath, () => {
      void session.load().catch(() => {});
      void preloadToasts().catch(() => {});
      void loadAllStyles().catch(() => {});
      if (onLogin) {
        void prefetchCatalog(locale).catch(() => {});
        // the control screen's own code (86 KiB) otherwise waits for the Log in click
        for (const route of [router.routesById['/_authed'], router.routesById['/_authed/control']]) {
          void Promise.resolve(router.loadRouteChunk(route)).catch(() => {});
        }
      }
      void loadCodeTexts().catch(() => {});
    });
  });
}

boot();
