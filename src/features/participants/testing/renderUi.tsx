/**
 * Renders a component the way the console does (real Mantine and Lingui providers), for the
 * component tests of the participant features. The catalog is empty, so the English source
 * texts show: tests find controls by the same names as the e2e specs in English.
 */
import { render, type RenderResult } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { I18nProvider } from '@lingui/react';
import { setupI18n } from '@lingui/core';
import type { ReactElement } from 'react';

export function renderUi(ui: ReactElement): RenderResult {
  const i18n = setupI18n({ locale: 'en', messages: { en: {} } });
  return render(ui, {
    wrapper: ({ children }) => (
      <MantineProvider>
        <I18nProvider i18n={i18n}>{children}</I18nProvider>
      </MantineProvider>
    ),
  });
}

/** happy-dom lacks these; Mantine reads them on mount. */
export function installDomShims(): void {
  const w = globalThis as unknown as Window & typeof globalThis;
  if (!w.matchMedia) {
    w.matchMedia = ((query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    })) as typeof w.matchMedia;
  }
  if (!w.ResizeObserver) {
    w.ResizeObserver = class {
      observe() {}
      unobserve() {}
      disconnect() {}
    } as unknown as typeof ResizeObserver;
  }
}
