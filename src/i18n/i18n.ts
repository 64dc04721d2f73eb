/**
 * Catalog loading for the console. Lingui leaves loading to the app: catalogs are the `.po` files
 * of `locales/`, compiled at build time by `@lingui/vite-plugin` and fetched with a dynamic import,
 * so only the active language is downloaded.
 */
import { i18n, type I18n } from '@lingui/core';
import { detectLocale, intlTag, isLocale, type Locale } from './locale';
import { browserStore } from '#/session/browserStore';

export { i18n };

const currentLocale = (locale: string): Locale => (isLocale(locale) ? locale : 'zh');

/**
 * Which messages a catalog holds: the login screen's own (scripts/build/loginCatalog.ts: a few KiB
 * where the whole catalog is about 17 KiB Brotli, on the screen where bytes delay the form) or all.
 */
export type CatalogScope = 'login' | 'all';

async function importCatalog(locale: Locale, scope: CatalogScope) {
  // A literal per locale (rather than a template) keeps the chunk names stable and lets Vite
  // see every catalog at build time.
  if (scope === 'login') {
    switch (locale) {
      case 'zh':
        return (await import('virtual:login-catalog/zh')).messages;
      case 'en':
        return (await import('virtual:login-catalog/en')).messages;
    }
  }
  switch (locale) {
    case 'zh':
      return (await import('../../locales/zh/messages.po')).messages;
    case 'en':
      return (await import('../../locales/en/messages.po')).messages;
  }
}

/** the scope each i18n instance has loaded, so a language switch loads as much again */
const scopes = new WeakMap<I18n, CatalogScope>();

/** Loads the catalog of `locale` into `target` and activates it. */
export async function loadCatalog(locale: Locale, target: I18n = i18n, scope: CatalogScope = 'all'): Promise<void> {
  // once the whole catalog is in, a switch of language loads the whole catalog of the other one
  const wanted = scope === 'login' && scopes.get(target) === 'all' ? 'all' : scope;
  const messages = await importCatalog(locale, wanted);
  target.loadAndActivate({ locale, messages });
  scopes.set(target, wanted);
  if (typeof document !== 'undefined') document.documentElement.lang = intlTag(locale);
}

/**
 * Before a screen other than the login screen draws: the whole catalog, when only the login
 * screen's was loaded (the root route's beforeLoad, like the styles). Undefined when nothing to wait for.
 */
export function catalogBeforeScreen(loginScreen: boolean, target: I18n = i18n): Promise<void> | undefined {
  if (loginScreen || scopes.get(target) !== 'login') return undefined;
  return loadCatalog(currentLocale(target.locale), target, 'all');
}

/** Fetches the whole catalog of `locale` ahead, without switching to it (the login screen's prefetch). */
export function prefetchCatalog(locale: Locale): Promise<unknown> {
  return importCatalog(locale, 'all');
}

/** The language to start with: stored setting, else the browser's languages (spec §1). */
export function initialLocale(): Locale {
  const languages = typeof navigator === 'undefined' ? [] : navigator.languages?.length ? navigator.languages : [navigator.language];
  return detectLocale(browserStore.language(), languages);
}

/** Switches language on screen and remembers the choice in the browser. */
export async function switchLocale(locale: Locale, target: I18n = i18n): Promise<void> {
  browserStore.setLanguage(locale);
  await loadCatalog(locale, target, scopes.get(target) ?? 'all');
}
