/**
 * Catalog loading for the console. Lingui leaves loading to the app: catalogs are the `.po` files
 * of `locales/`, compiled at build time by `@lingui/vite-plugin` and fetched with a dynamic import,
 * so only the active language is downloaded.
 */
import { i18n, type I18n } from '@lingui/core';
import { detectLocale, intlTag, type Locale } from './locale';
import { browserStore } from '#/session/browserStore';

export { i18n };

async function importCatalog(locale: Locale) {
  // A literal per locale (rather than a template) keeps the chunk names stable and lets Vite
  // see every catalog at build time.
  switch (locale) {
    case 'zh':
      return (await import('../../locales/zh/messages.po')).messages;
    case 'en':
      return (await import('../../locales/en/messages.po')).messages;
  }
}

/** Loads the catalog of `locale` into `target` and activates it. */
export async function loadCatalog(locale: Locale, target: I18n = i18n): Promise<void> {
  const messages = await importCatalog(locale);
  target.loadAndActivate({ locale, messages });
  if (typeof document !== 'undefined') document.documentElement.lang = intlTag(locale);
}

/** The language to start with: stored setting, else the browser's languages (spec §1). */
export function initialLocale(): Locale {
  const languages = typeof navigator === 'undefined' ? [] : navigator.languages?.length ? navigator.languages : [navigator.language];
  return detectLocale(browserStore.language(), languages);
}

/** Switches language on screen and remembers the choice in the browser. */
export async function switchLocale(locale: Locale, target: I18n = i18n): Promise<void> {
  browserStore.setLanguage(locale);
  await loadCatalog(locale, target);
}
