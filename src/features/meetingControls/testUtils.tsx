/**
 * Renders the feature components of the meeting-wide controls with the real providers (Mantine
 * and Lingui) so tests see the same markup and English source texts as the console.
 */
import type { ReactElement, ReactNode } from 'react';
import { render, type RenderResult } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { I18nProvider } from '@lingui/react';
import { setupI18n } from '@lingui/core';

/** happy-dom lacks the media-query and resize APIs Mantine reads on mount. */
function installBrowserShims(): void {
  if (typeof window === 'undefined') return;
  if (!window.matchMedia) {
    window.matchMedia = ((query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    })) as unknown as typeof window.matchMedia;
  }
  if (!('ResizeObserver' in window)) {
    (window as unknown as { ResizeObserver: unknown }).ResizeObserver = class {
      observe() {}
      unobserve() {}
      disconnect() {}
    };
  }
}

/** Render `ui` inside MantineProvider and an English I18nProvider (source texts, no catalog). */
export function renderUi(ui: ReactElement): RenderResult {
  installBrowserShims();
  const i18n = setupI18n({ locale: 'en', messages: { en: {} } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MantineProvider>
      <I18nProvider i18n={i18n}>{children}</I18nProvider>
    </MantineProvider>
  );
  return render(ui, { wrapper });
}
