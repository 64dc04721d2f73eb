import { useEffect, useState, type ReactNode } from 'react';
import { useNotifications } from '@mantine/notifications';
import { I18nProvider } from '@lingui/react';
import type { I18n } from '@lingui/core';
import { getDefaultZIndex } from '@mantine/core';
import { ThemedMantine } from './ThemedMantine';
import classes from './toasts.module.css';
import { loadAllStyles } from './styles/loadAllStyles';

type NotificationsContainer = typeof import('@mantine/notifications').Notifications;

let loading: Promise<NotificationsContainer> | undefined;

/**
 * Fetches the toasts' container once. main.tsx asks for it as soon as the first screen is idle, so
 * it is there before the network can fail: the first toast is often the one that says it did (a
 * container fetched then failed, and left the console without toasts and with an uncaught error).
 * A failed fetch is forgotten, so the next caller tries again.
 */
export function preloadToasts(): Promise<NotificationsContainer> {
  // with the toasts' styles (src/styles/allStyles.ts: the entry brings only the login screen's)
  loading ??= Promise.all([import('@mantine/notifications'), loadAllStyles()]).then(
    ([m]) => m.Notifications,
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** How long to wait before fetching the container again after a failure. */
const RETRY_MS = 5_000;

/**
 * The toasts' container, kept out of the login screen's script (with its transitions and scroll
 * lock, a tenth of it): `notifications.show()` only writes to Mantine's store, which the
 * container, once it is there, shows in full.
 */
function Toasts() {
  const { notifications, queue } = useNotifications();
  const [Container, setContainer] = useState<NotificationsContainer | null>(null);
  const waiting = notifications.length + queue.length > 0;
  useEffect(() => {
    if (Container || !waiting) return;
    let live = true;
    let retry: ReturnType<typeof setTimeout> | undefined;
    const load = () =>
      preloadToasts().then(
        (c) => live && setContainer(() => c),
        () => {
          if (live) retry = setTimeout(load, RETRY_MS);
        },
      );
    void load();
    return () => {
      live = false;
      clearTimeout(retry);
    };
  }, [Container, waiting]);
  if (!Container) return null;
  // In the control screen's toast well at the foot of the sidebar (toasts.module.css), two at once:
  // what the well holds; the rest wait their turn, the host's own results before alerts (priority).
  // Beneath an open dialog (one layer under Mantine's modals; menus and pickers stay above): a
  // stack of quality alerts covered the Activity dialog's Export button, which no click could reach
  return <Container position="bottom-left" limit={2} zIndex={getDefaultZIndex('modal') - 1} className={classes.toasts} />;
}

/** The providers every screen (and every component test) runs inside. */
export function AppProviders({ i18n, children }: { i18n: I18n; children: ReactNode }) {
  return (
    <I18nProvider i18n={i18n}>
      <ThemedMantine>
        <Toasts />
        {children}
      </ThemedMantine>
    </I18nProvider>
  );
}
