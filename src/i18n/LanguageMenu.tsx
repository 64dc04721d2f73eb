import { lazy, Suspense, useState } from 'react';
import { Button } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { AUTONYM, currentLocale } from './languageNames';

const loadPopup = () => import('./LanguageMenuPopup');
const LanguageMenuPopup = lazy(loadPopup);

/**
 * The on-screen language switch of the login screen and the top bar.
 *
 * Until it is first opened it is only its button: Mantine's Menu brings its popover and
 * floating-ui (about a fifth of the login screen's JavaScript), so the menu is a chunk of its own
 * (issue 15), fetched when the pointer or the focus reaches the button and shown, open, on the
 * first click. The button looks and reads the same before and after.
 */
export function LanguageMenu() {
  const { t, i18n } = useLingui();
  const [clicked, setClicked] = useState(false);
  const current = currentLocale(i18n.locale);
  const button = (
    <Button
      variant="subtle"
      size="compact-sm"
      aria-label={t`Language: ${AUTONYM[current]}`}
      aria-haspopup="menu"
      aria-expanded={false}
      onPointerEnter={() => void loadPopup()}
      onFocus={() => void loadPopup()}
      onClick={() => setClicked(true)}
    >
      {AUTONYM[current]}
    </Button>
  );
  if (!clicked) return button;
  return (
    <Suspense fallback={button}>
      <LanguageMenuPopup defaultOpened />
    </Suspense>
  );
}
