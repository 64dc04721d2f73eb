/**
 * The one render helper of the component tests: `ui` inside the app's real providers (AppProviders:
 * Lingui, the themed Mantine, the toasts) with the real compiled catalog, English unless a test
 * passes another language's i18n. Tests therefore find controls by the English texts a person
 * reads, the same names the e2e specs use in English. One helper for all folders, so that a
 * feature's tests never import another feature's test kit.
 */
import type { ReactElement, ReactNode } from 'react';
import { render, type RenderResult } from '@testing-library/react';
import { setupI18n, type I18n } from '@lingui/core';
import { AppProviders } from '#/AppProviders';
import { intlTag, type Locale } from '#/i18n/locale';
import { loadCatalog } from '#/i18n/i18n';
import { messages as enMessages } from '../../locales/en/messages.po';
import { messages as zhMessages } from '../../locales/zh/messages.po';

const CATALOGS: Record<Locale, I18n['messages']> = { en: enMessages, zh: zhMessages };

/**
 * A fresh Lingui instance with the real catalog of `locale` (never mocked), active, and the page's
 * language set as the app's catalog loading (loadCatalog) sets it.
 */
export function testI18n(locale: Locale = 'en'): I18n {
  const i18n = setupI18n();
  i18n.loadAndActivate({ locale, messages: CATALOGS[locale] });
  if (typeof document !== 'undefined') document.documentElement.lang = intlTag(locale);
  return i18n;
}

/** The same through the app's own asynchronous catalog loading. */
export async function createTestI18n(locale: Locale = 'en'): Promise<I18n> {
  const i18n = setupI18n();
  await loadCatalog(locale, i18n);
  return i18n;
}

/** Renders `ui` inside the app's real providers, in English unless `i18n` says otherwise. */
export function renderUi(ui: ReactElement, i18n: I18n = testI18n('en')): RenderResult {
  installDomShims();
  const wrapper = ({ children }: { children: ReactNode }) => <AppProviders i18n={i18n}>{children}</AppProviders>;
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
