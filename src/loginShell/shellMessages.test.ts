import { beforeAll, describe, expect, it } from 'vitest';
import { setupI18n, type I18n, type MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { loadCatalog } from '#/i18n/i18n';
import { controlShellHtml, loginShellHtml, shellTexts } from '../../scripts/build/loginShell';
import { SHELL_MESSAGES, type ShellKey } from './shellMessages';

/** The same messages as the app's screens say them (the macros the login screen uses). */
const APP_MESSAGES: Record<ShellKey, MessageDescriptor> = {
  links: msg`Platform links`,
  title: msg`Meeting control`,
  form: msg`Meeting control login`,
  mrId: msg`Meeting No.`,
  password: msg`Password`,
  passwordHint: msg`Host or supervisor password`,
  code: msg`Verification code`,
  codeLoading: msg`Loading the verification code`,
  submit: msg`Log in`,
  loading: msg`Loading…`,
};

const root = process.cwd();
const catalogs: Record<'en' | 'zh', I18n> = { en: setupI18n(), zh: setupI18n() };
beforeAll(async () => {
  await loadCatalog('en', catalogs.en);
  await loadCatalog('zh', catalogs.zh);
});

describe('the static shell of index.html', () => {
  it('names the same messages as the app', () => {
    expect(Object.keys(APP_MESSAGES).sort()).toEqual(Object.keys(SHELL_MESSAGES).sort());
    for (const key of Object.keys(SHELL_MESSAGES) as ShellKey[]) expect(APP_MESSAGES[key].message).toBe(SHELL_MESSAGES[key]);
  });

  it.each(['en', 'zh'] as const)('says in %s exactly what the app says', (locale) => {
    const texts = shellTexts(root, locale);
    for (const key of Object.keys(SHELL_MESSAGES) as ShellKey[]) expect(texts[key], key).toBe(catalogs[locale]._(APP_MESSAGES[key]));
    if (locale === 'zh') expect(texts.title).not.toBe(SHELL_MESSAGES.title);
  });

  it('carries the login form fields the app has, labelled like them', () => {
    const html = loginShellHtml(shellTexts(root, 'zh'));
    for (const name of ['mr-id', 'password', 'code']) expect(html).toContain(`name="${name}"`);
    expect(html).toContain('aria-label="会议控制登录"');
    // the form comes before the header's links in the page, as in the app: its first Tab stop
    expect(html.indexOf('<form')).toBeLessThan(html.indexOf('<nav'));
    expect(controlShellHtml(shellTexts(root, 'en'))).toContain('Loading…');
  });
});
