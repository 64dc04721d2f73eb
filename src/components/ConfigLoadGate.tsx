/**
 * What a dialog shows in place of its form while the config it edits is not read (issue 30):
 * a quiet "Loading…" while the read is under way, and when it failed the spec's "Failed to
 * retrieve configuration" with a Retry, never the form on its defaults (applying those would
 * overwrite the meeting's real settings with values nobody chose).
 */
import type { ReactNode } from 'react';
import { Alert, Button, Group, Loader, Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';

export type ConfigGateState = 'loading' | 'loaded' | 'failed';

export function ConfigLoadGate({
  state,
  onRetry,
  onClose,
  children,
}: {
  /** whether the config was read */
  state: ConfigGateState;
  /** reads the config again */
  onRetry: () => void;
  /** closes the dialog */
  onClose: () => void;
  /** the form, shown once the config is read */
  children: ReactNode;
}) {
  const { t } = useLingui();
  if (state === 'loaded') return <>{children}</>;
  if (state === 'loading') {
    return (
      <Group gap="xs" data-testid="config-loading" role="status">
        <Loader size="xs" />
        <Text size="sm" c="dimmed">
          <Trans>Loading the configuration…</Trans>
        </Text>
      </Group>
    );
  }
  return (
    <Alert color="red" role="alert" data-testid="config-failed" title={t`Failed to retrieve configuration`}>
      <Text size="sm" mb="sm">
        <Trans>The current settings could not be read, so they are not shown: applying defaults now would overwrite them.</Trans>
      </Text>
      <Group gap="xs">
        <Button size="xs" onClick={onRetry} data-autofocus>
          <Trans>Retry</Trans>
        </Button>
        <Button size="xs" variant="default" onClick={onClose}>
          <Trans>Close</Trans>
        </Button>
      </Group>
    </Alert>
  );
}
