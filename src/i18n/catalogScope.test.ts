import { describe, expect, it } from 'vitest';
import { setupI18n } from '@lingui/core';
import { catalogBeforeScreen, loadCatalog, switchLocale } from './i18n';

// Under Vitest the login catalog is the whole catalog (scripts/build/loginCatalog.ts cuts it in
// the build): these tests are about when each is loaded, not about what it holds.
describe('catalog scope (issue 27 item 2)', () => {
  it('a screen other than the login screen waits for the whole catalog when only the login share was loaded', async () => {
    const target = setupI18n();
    await loadCatalog('en', target, 'login');
    expect(catalogBeforeScreen(true, target)).toBeUndefined();
    const loading = catalogBeforeScreen(false, target);
    expect(loading).toBeInstanceOf(Promise);
    await loading;
    expect(target.locale).toBe('en');
    // once the whole catalog is in, nothing more to wait for
    expect(catalogBeforeScreen(false, target)).toBeUndefined();
  });

  it('a start on another screen loads the whole catalog at once; a language switch keeps the whole catalog', async () => {
    const target = setupI18n();
    await loadCatalog('zh', target, 'all');
    expect(catalogBeforeScreen(false, target)).toBeUndefined();
    await switchLocale('en', target);
    expect(target.locale).toBe('en');
    expect(catalogBeforeScreen(false, target)).toBeUndefined();
  });
});
