// Mantine's Menu and Popover styles: the entry brings only the login screen's (src/styles)
import '#/styles/allStyles';
import { useRef } from 'react';
import { Button, Menu } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { LOCALES } from './locale';
import { switchLocale } from './i18n';
import { AUTONYM, currentLocale } from './languageNames';

/**
 * The language menu itself (Mantine's Menu with its popover and floating-ui): a chunk of its own,
 * loaded by {@link LanguageMenu} when the menu is first opened.
 */
export default function LanguageMenuPopup({
  defaultOpened = false,
}: {
  /** open at once: the user clicked the button before this chunk had arrived */
  defaultOpened?: boolean;
}) {
  const { t, i18n } = useLingui();
  const current = currentLocale(i18n.locale);
  const target = useRef<HTMLButtonElement>(null);
  return (
    <Menu
      position="bottom-end"
      withinPortal
      defaultOpened={defaultOpened}
      // the button the user clicked first was the placeholder's, gone when this chunk arrived:
      // closing gives focus to this button, which stands where it was
      onClose={() => setTimeout(() => target.current?.focus(), 0)}
    >
      <Menu.Target>
        <Button ref={target} variant="subtle" size="compact-sm" aria-label={t`Language: ${AUTONYM[current]}`}>
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
