/**
 * Screens in both languages from one walk: a spec runs in one language (playwright.config.ts),
 * yet the screenshots a feature is judged by are wanted in both. Rather than walking it twice,
 * the spec switches the console's language in the page, from the top bar's language menu as a
 * user would (the same switch language.spec.ts drives on the login screen), shoots again, and
 * switches back so the rest of the spec reads its own language.
 */
import { expect, type Page } from '@playwright/test';
import type { Lang } from './signIn';

export const otherLanguage = (lang: Lang): Lang => (lang === 'zh' ? 'en' : 'zh');

const AUTONYM: Record<Lang, string> = { zh: '中文', en: 'English' };

/** Picks a language in the top bar's menu; nothing modal may cover the bar. */
export async function switchConsoleLanguage(page: Page, to: Lang): Promise<void> {
  await page.getByRole('button', { name: /^(Language|语言)/ }).click();
  await page.getByRole('menuitem', { name: AUTONYM[to] }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', to === 'zh' ? /^zh/ : /^en/);
  await expect(page.getByRole('menu')).toHaveCount(0);
}

/**
 * Runs `screen` in the other language than the spec's, then switches back. `screen` brings up
 * what it shoots in the language it is given and leaves the top bar uncovered (a dialog or a
 * popover closed) so the switch can be reached again.
 */
export async function inOtherLanguage(page: Page, lang: Lang, screen: (l: Lang) => Promise<void>): Promise<void> {
  await switchConsoleLanguage(page, otherLanguage(lang));
  try {
    await screen(otherLanguage(lang));
  } finally {
    await switchConsoleLanguage(page, lang);
  }
}

/** Runs `screen` in the spec's language, then in the other (see inOtherLanguage). */
export async function inBothLanguages(page: Page, lang: Lang, screen: (l: Lang) => Promise<void>): Promise<void> {
  await screen(lang);
  await inOtherLanguage(page, lang, screen);
}
