/**
 * The place toasts appear on the control screen (issue 26 item 2): the foot of the sidebar,
 * reserved whether or not a toast is up, so that a toast never lies over a control and nothing
 * moves when one comes or goes. The toasts' container (src/AppProviders.tsx) is drawn over it;
 * the well itself only says what it is for, in grey, for when it is empty.
 */
import { Text } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import classes from './controlLayout.module.css';

export function ToastWell() {
  const { t } = useLingui();
  return (
    <div className={classes.toastWell} data-testid="toast-well">
      <Text size="xs" c="gray.7">
        {t`Results and alerts appear here.`}
      </Text>
    </div>
  );
}
