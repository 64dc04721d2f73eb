import { useEffect, useMemo, type ReactNode } from 'react';
import { useLingui } from '@lingui/react/macro';
import { ColorInput, MantineProvider, Menu, Modal, Notification, mergeThemeOverrides, type MantineThemeOverride } from '@mantine/core';
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
          ColorInput: ColorInput.extend({ defaultProps: { eyeDropperButtonProps: { 'aria-label': pickColour } } }),
          Modal: Modal.extend({ defaultProps: { closeButtonProps: { 'aria-label': closeDialog, [DIALOG_CLOSE_ATTRIBUTE]: true } as never } }),
          // Mantine's focus placeholder is a role="presentation" child of role="menu", which axe
          // reports as critical (aria-required-children); without it the first item takes focus,
          // as the WAI-ARIA menu button pattern has it
          Menu: Menu.extend({ defaultProps: { withInitialFocusPlaceholder: false } }),
          Notification: Notification.extend({ defaultProps: { closeButtonProps: { 'aria-label': closeNotification } } }),
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
