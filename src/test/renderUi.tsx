/**
 * Renders a component the way the console does (the real Mantine and Lingui providers) for the
 * component tests of every folder. The catalog is empty, so the English source texts show: tests
 * find controls by the same names as the e2e specs in English. (For the compiled catalogs, e.g. a
 * Chinese check, use renderWithProviders beside this file.) One helper for all folders, so that
 * a feature's tests never import another feature's test kit.
 */
import type { ReactElement, ReactNode } from 'react';
import { render, type RenderResult } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { I18nProvider } from '@lingui/react';
import { setupI18n } from '@lingui/core';

/** Render `ui` inside MantineProvider and an English I18nProvider (source texts, no catalog). */
export function renderUi(ui: ReactElement): RenderResult {
  installDomShims();
  const i18n = setupI18n({ locale: 'en', messages: { en: {} } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MantineProvider>
      <I18nProvider i18n={i18n}>{children}</I18nProvider>
    </MantineProvider>
  );
  return render(ui, { wrapper });
}

/** happy-dom lacks the media-query and resize APIs Mantine reads on mount. */
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
