import { Button, Menu } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { isLocale, LOCALES, type Locale } from './locale';
import { switchLocale } from './i18n';

/**
 * Language names are written in their own language (autonyms), the convention that lets a reader
 * find their language whatever the page currently speaks, so they are not translated.
 */
const AUTONYM: Record<Locale, string> = { zh: '中文', en: 'English' };

/** The on-screen language switch of the login screen and the top bar. */
export function LanguageMenu() {
  const { t, i18n } = useLingui();
  const current = isLocale(i18n.locale) ? i18n.locale : 'zh';
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button variant="subtle" size="compact-sm" aria-label={t`Language: ${AUTONYM[current]}`}>
          {AUTONYM[current]}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {LOCALES.map((locale) => (
          <Menu.Item
            key={locale}
            lang={locale === 'zh' ? 'zh-CN' : 'en'}
            data-active={locale === current || undefined}
            onClick={() => void switchLocale(locale, i18n)}
          >
            {AUTONYM[locale]}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
