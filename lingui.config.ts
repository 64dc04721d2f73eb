import { defineConfig } from '@lingui/cli';

// Chinese is the product's default language; English is the source language of the
// messages written in code, so the zh catalog must translate every one of them.
export default defineConfig({
  locales: ['zh', 'en'],
  sourceLocale: 'en',
  fallbackLocales: { default: 'en' },
  catalogs: [
    {
      path: '<rootDir>/locales/{locale}/messages',
      include: ['<rootDir>/src'],
      exclude: ['**/node_modules/**', '**/*.test.*'],
    },
  ],
  format: 'po',
  // Without line numbers the catalogs change only when messages do, so the CI staleness check
  // does not fail on every edit that moves a line.
  formatOptions: { origins: true, lineNumbers: false },
});
