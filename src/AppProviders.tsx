import type { ReactNode } from 'react';
import { MantineProvider, createTheme } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { I18nProvider } from '@lingui/react';
import type { I18n } from '@lingui/core';

export const theme = createTheme({
  primaryColor: 'blue',
  defaultRadius: 'sm',
});

/** The providers every screen (and every component test) runs inside. */
export function AppProviders({ i18n, children }: { i18n: I18n; children: ReactNode }) {
  return (
    <I18nProvider i18n={i18n}>
      <MantineProvider theme={theme}>
        <Notifications position="top-right" />
        {children}
      </MantineProvider>
    </I18nProvider>
  );
}
