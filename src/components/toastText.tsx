/**
 * A toast's words in the language the console shows now. Mantine keeps a toast's title and message
 * as `notifications.show()` was given them, so a string translated then kept the old language
 * until the toast went, while every other text switched at once. Given as {@link toastText}, the
 * words are rendered by the toast itself, inside AppProviders' I18nProvider (the toasts' portal
 * keeps its context), and a language switch re-renders them like any other text.
 */
import type { ReactNode } from 'react';
import type { I18n } from '@lingui/core';
import { useLingui } from '@lingui/react';

/** Words a toast's title or message in the language given; called again at each language switch. */
export type ToastWording = (i18n: I18n) => ReactNode;

function ToastText({ wording }: { wording: ToastWording }) {
  const { i18n } = useLingui();
  return <>{wording(i18n)}</>;
}

/** A toast's title or message that follows the active language. */
export function toastText(wording: ToastWording): ReactNode {
  return <ToastText wording={wording} />;
}
