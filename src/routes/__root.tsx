import { useCallback, useEffect } from 'react';
import { useLingui } from '@lingui/react/macro';
import { createRootRouteWithContext, Outlet, retainSearchParams, useRouter } from '@tanstack/react-router';
import type { RouterContext } from '#/routerContext';
import { MR_ID, validateAppSearch } from '#/search';
import { useSessionHolder } from '#/session/SessionContext';
import { trustedOrigins } from '#/session/trustedOrigins';
import { useRequestFailureReporter } from '#/components/requestFailure';
import { stylesBeforeScreen } from '#/styles/loadAllStyles';
import { catalogBeforeScreen } from '#/i18n/i18n';
import { codeTextsBeforeScreen } from '#/i18n/codeTexts';
import { isLoginScreen } from '#/browser/prefetch';
import { routerBasepath } from '#/basepath';

export const Route = createRootRouteWithContext<RouterContext>()({
  validateSearch: validateAppSearch,
  // mr-id is owned by the URL and follows the user from page to page.
  search: { middlewares: [retainSearchParams([MR_ID])] },
  // every screen but the login screen waits for the rest of Mantine's styles and for the whole
  // catalog (the entry brings only the login screen's share of each), here rather than in each
  // route so a new screen has them too
  beforeLoad: ({ location }) => {
    const loginScreen = isLoginScreen(location.pathname, routerBasepath());
    const waits = [
      stylesBeforeScreen(location.pathname),
      catalogBeforeScreen(loginScreen),
      // and for the result codes' texts, which session ends and event reasons are worded from
      // (src/i18n/codeTexts.ts; the login screen fetches them ahead or with a refusal)
      loginScreen ? undefined : codeTextsBeforeScreen(),
    ].filter((wait): wait is Promise<unknown> => wait !== undefined);
    return waits.length ? Promise.all(waits).then(() => undefined) : undefined;
  },
  component: RootComponent,
});

function RootComponent() {
  useParentLogoutMessage();
  useDocumentTitle();
  const holder = useSessionHolder();
  useRequestFailureReporter(useCallback(() => holder.holdsRelogin(), [holder]));
  return <Outlet />;
}

/** The window title follows the language like every other text. */
function useDocumentTitle(): void {
  const { t } = useLingui();
  const title = t`Meeting control`;
  useEffect(() => {
    document.title = title;
  }, [title]);
}

/**
 * Spec §2: the whole app listens for a 'logout' message from a parent (or opener) window, e.g. the
 * platform page that embeds the console in a frame, and then logs out; from an allowed origin only.
 */
function useParentLogoutMessage(): void {
  const holder = useSessionHolder();
  const router = useRouter();
  useEffect(() => {
    const allowed = trustedOrigins();
    const onMessage = (event: MessageEvent) => {
      // Only the console's own origin (and configured portal origins) may log it out: a foreign
      // page framing the console must not be able to end the session.
      if (!allowed.has(event.origin)) return;
      const fromParent = event.source !== null && (event.source === window.parent || event.source === window.opener);
      if (!fromParent || event.source === window) return;
      const data: unknown = event.data;
      const isLogout = data === 'logout' || (typeof data === 'object' && data !== null && (data as { type?: unknown }).type === 'logout');
      if (!isLogout) return;
      holder.stop();
      void router.navigate({ to: '/login' });
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [holder, router]);
}
