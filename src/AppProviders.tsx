import type { ReactNode } from 'react';
import { Notifications } from '@mantine/notifications';
import { I18nProvider } from '@lingui/react';
import type { I18n } from '@lingui/core';
import { ThemedMantine } from './ThemedMantine';

/** The providers every screen (and every component test) runs inside. */
export function AppProviders({ i18n, children }: { i18n: I18n; children: ReactNode }) {
  return (
    <I18nProvider i18n={i18n}>
      <ThemedMantine>
        <Notifications position="top-right" />
        {children}
      </ThemedMantine>
    </I18nProvider>
  );
}
