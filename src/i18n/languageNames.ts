import { isLocale, type Locale } from './locale';

/**
 * Language names are written in their own language (autonyms), the convention that lets a reader
 * find their language whatever the page currently speaks, so they are not translated.
 */
export const AUTONYM: Record<Locale, string> = { zh: '中文', en: 'English' };

/** The locale the page speaks, Chinese when Lingui's is none of the console's. */
export function currentLocale(locale: string): Locale {
  return isLocale(locale) ? locale : 'zh';
}
