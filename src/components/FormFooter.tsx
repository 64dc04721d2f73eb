/**
 * The end of a dialog form: why the last try was refused (if it was), then Cancel and the submit
 * button, which spins while the request is on its way.
 */
import type { ReactNode } from 'react';
import { Alert, Button, Group } from '@mantine/core';
import { Trans } from '@lingui/react/macro';
import { ConnectionLostReason, useConnectionLost } from '#/session/connectionLost';

export interface FormFooterProps {
  /** the refusal to show, already in the user's language */
  message?: string;
  /** the request is on its way: the submit button spins */
  pending?: boolean;
  onCancel: () => void;
  /** the submit button's label */
  submitLabel: ReactNode;
  /** submitting is not possible (e.g. the platform does not offer the call); the caller says why */
  disabled?: boolean;
}

export function FormFooter({ message, pending = false, onCancel, submitLabel, disabled = false }: FormFooterProps) {
  // submitting while the connection is lost would only be held: it waits, and says why
  const lost = useConnectionLost();
  return (
    <>
      <ConnectionLostReason lost={lost} />
      {message && (
        <Alert color="red" role="alert">
          {message}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          <Trans>Cancel</Trans>
        </Button>
        <Button type="submit" loading={pending} disabled={lost || disabled}>
          {submitLabel}
        </Button>
      </Group>
    </>
  );
}
