import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useNotifications } from '@mantine/notifications';
import { I18nProvider } from '@lingui/react';
import type { I18n } from '@lingui/core';
import { ThemedMantine } from './ThemedMantine';
import classes from './toasts.module.css';

const Notifications = lazy(() => import('@mantine/notifications').then((m) => ({ default: m.Notifications })));

/**
 * The toasts' container, loaded with the first toast: `notifications.show()` only writes to
 * Mantine's store, which the container, once it arrives, shows in full. Until then no page
 * carries its code (with its transitions and scroll lock, a tenth of the login screen's script).
 */
function Toasts() {
  const { notifications, queue } = useNotifications();
  const [wanted, setWanted] = useState(false);
  if (!wanted && notifications.length + queue.length > 0) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      {/* at most three at once (the rest wait their turn): a stack of five covered the table toolbar */}
      <Notifications position="top-right" limit={3} className={classes.toasts} />
    </Suspense>
  );
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
