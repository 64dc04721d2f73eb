import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from '@tanstack/react-router';
import { AppProviders } from './AppProviders';
import { UnsupportedBrowser } from './UnsupportedBrowser';
import { currentBrowser, isSupportedBrowser } from './browser/support';
import { installRootFontSize } from './browser/rootFontSize';
import { i18n, initialLocale, loadCatalog } from './i18n/i18n';
import { createAppRouter } from './router';
import { SessionHolder } from './session/sessionHolder';
import { SessionProvider } from './session/SessionContext';
import { sessionActorFactory } from './session/createSessionActor';
import { ApiProvider } from './session/ApiContext';
import { createApiClient } from './api/index';

function boot(): void {
  installRootFontSize(window);
  const root = createRoot(document.getElementById('root')!);
  // No top-level await: the build stays loadable by older Chromium, and the catalog is the
  // only thing to wait for before the first paint.
  void loadCatalog(initialLocale()).then(() => {
    if (!isSupportedBrowser(currentBrowser())) {
      root.render(
        <StrictMode>
          <AppProviders i18n={i18n}>
            <UnsupportedBrowser />
          </AppProviders>
        </StrictMode>,
      );
      return;
    }
    // One platform client for the tab: the login and session clients share its signing settings.
    const client = createApiClient();
    const apis = { platform: client.platform, login: client.login };
    const session = new SessionHolder(sessionActorFactory(client.platform));
    const router = createAppRouter({ session, apis });
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
  });
}

boot();
