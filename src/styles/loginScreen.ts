/**
 * Mantine's styles for what the entry script and the login screen draw (issue 27: /login over the
 * wire ≤ 160 KiB). All of Mantine's styles are 250 KB (30 KiB Brotli) and render-block the app's
 * take-over from the login shell; the login screen needs a tenth of them. Every other screen,
 * the language menu's popup and the toasts load the rest first (./allStyles.ts, through
 * loadAllStyles). The list is the Mantine components the entry and the login route's chunks
 * import (stylesSplit.test.ts keeps it in step with LoginScreen's imports); the order is
 * Mantine's own (its docs: core styles, then the components others build on, then the rest), all
 * in the `mantine` cascade layer, so the app's unlayered styles still win.
 */
import '@mantine/core/styles/baseline.layer.css';
import '@mantine/core/styles/default-css-variables.layer.css';
import '@mantine/core/styles/global.layer.css';
import '@mantine/core/styles/UnstyledButton.layer.css';
import '@mantine/core/styles/VisuallyHidden.layer.css';
import '@mantine/core/styles/Paper.layer.css';
import '@mantine/core/styles/CloseButton.layer.css';
import '@mantine/core/styles/Group.layer.css';
import '@mantine/core/styles/Loader.layer.css';
import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/ActionIcon.layer.css';
import '@mantine/core/styles/Alert.layer.css';
import '@mantine/core/styles/Anchor.layer.css';
import '@mantine/core/styles/Button.layer.css';
import '@mantine/core/styles/Center.layer.css';
import '@mantine/core/styles/PasswordInput.layer.css';
import '@mantine/core/styles/Stack.layer.css';
import '@mantine/core/styles/Text.layer.css';
import '@mantine/core/styles/Title.layer.css';

/** The Mantine components whose styles this file brings, for the test that keeps it complete. */
export const LOGIN_SCREEN_COMPONENTS = [
  'UnstyledButton',
  'VisuallyHidden',
  'Paper',
  'CloseButton',
  'Group',
  'Loader',
  'Input',
  'ActionIcon',
  'Alert',
  'Anchor',
  'Button',
  'Center',
  'PasswordInput',
  'Stack',
  'Text',
  'Title',
] as const;
