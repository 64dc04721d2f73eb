import { useEffect, useMemo, type ReactNode } from 'react';
import { useLingui } from '@lingui/react/macro';
import { MantineProvider, mergeThemeOverrides, type MantineThemeOverride } from '@mantine/core';
import { cssVariablesResolver, theme } from './theme';
import { DIALOG_CLOSE_ATTRIBUTE, installDialogInitialFocus } from './components/dialogFocus';

/**
 * Mantine with the console's theme, and the names of the icon buttons Mantine draws itself (close, eye dropper) in
 * the current language: a dialog's or notification's "×" without a name is the critical axe
 * violation of issue 14, and setting it here covers every dialog, present and future.
 */
export function ThemedMantine({ children }: { children: ReactNode }) {
  const { t } = useLingui();
  const closeDialog = t`Close dialog`;
  const closeNotification = t`Close notification`;
  const pickColour = t`Pick a colour from the screen`;
  const localized = useMemo<MantineThemeOverride>(
    () =>
      mergeThemeOverrides(theme, {
        components: {
          // plain objects, not `ColorInput.extend(…)`: naming a component here would put it (the
          // colour picker, the modal, the menu with floating-ui) in the first script of every page
          ColorInput: { defaultProps: { eyeDropperButtonProps: { 'aria-label': pickColour } } },
          Modal: { defaultProps: { closeButtonProps: { 'aria-label': closeDialog, [DIALOG_CLOSE_ATTRIBUTE]: true } as never } },
          Drawer: { defaultProps: { closeButtonProps: { 'aria-label': closeDialog, [DIALOG_CLOSE_ATTRIBUTE]: true } as never } },
          // Mantine's focus placeholder is a role="presentation" child of role="menu", which axe
          // reports as critical (aria-required-children); without it the first item takes focus,
          // as the WAI-ARIA menu button pattern has it
          Menu: { defaultProps: { withInitialFocusPlaceholder: false } },
          Notification: {
            defaultProps: { closeButtonProps: { 'aria-label': closeNotification } },
            // Mantine greys a titled notification's text (gray 6, 3.3:1 on white): body text needs 4.5:1
            styles: { description: { color: 'var(--mantine-color-text)' } },
          },
        },
      }),
    [closeDialog, closeNotification, pickColour],
  );
  useEffect(() => installDialogInitialFocus(document), []);
  return (
    <MantineProvider theme={localized} cssVariablesResolver={cssVariablesResolver}>
      {children}
    </MantineProvider>
  );
}
