import type { ReactElement, ReactNode } from 'react';
import { render, type RenderResult } from '@testing-library/react';
import { setupI18n, type I18n } from '@lingui/core';
import { AppProviders } from '#/AppProviders';
import { loadCatalog } from '#/i18n/i18n';
import type { Locale } from '#/i18n/locale';

/** A fresh Lingui instance with the real compiled catalog of `locale` (never mocked). */
export async function createTestI18n(locale: Locale = 'en'): Promise<I18n> {
  const i18n = setupI18n();
  await loadCatalog(locale, i18n);
  return i18n;
}

/** Renders `ui` inside the app's real providers (I18nProvider, MantineProvider, notifications). */
export function renderWithProviders(ui: ReactElement, i18n: I18n): RenderResult {
  const Wrapper = ({ children }: { children: ReactNode }) => <AppProviders i18n={i18n}>{children}</AppProviders>;
  return render(ui, { wrapper: Wrapper });
}
