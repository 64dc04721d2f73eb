/**
 * Which language the console speaks. Pure functions (no DOM access) so the rule of spec §1 is
 * unit-tested: a stored setting wins; otherwise Chinese unless a browser language contains "en".
 */
export const LOCALES = ['zh', 'en'] as const;
export type Locale = (typeof LOCALES)[number];

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/**
 * Picks the active locale.
 * @param stored the language kept in the browser, if any (ignored when not a known locale)
 * @param browserLanguages `navigator.languages` (or `[navigator.language]`)
 * @example detectLocale(null, ['en-US', 'zh-CN']) // 'en'
 */
export function detectLocale(stored: string | null | undefined, browserLanguages: readonly string[]): Locale {
  if (isLocale(stored)) return stored;
  return browserLanguages.some((lang) => lang.toLowerCase().includes('en')) ? 'en' : 'zh';
}

/** BCP 47 tag used for `Intl` formatting and the document's `lang` attribute. */
export function intlTag(locale: Locale): string {
  return locale === 'zh' ? 'zh-CN' : 'en';
}
