/**
 * Asks before an action that cannot simply be undone (issue 13 §2): the question names who and how
 * many, Cancel comes first and holds the focus (Enter on a dialog that just opened must not throw
 * 300 people out), Escape cancels, and Mantine gives focus back to the opener when it closes.
 */
import type { ReactNode } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { ConnectionLostReason, useConnectionLost } from '#/session/connectionLost';
import { confirmationText, type Confirmation } from './confirmation';

export interface ConfirmDialogProps {
  /** open while a question is pending */
  opened: boolean;
  /** the dialog's title: the action, e.g. "Hang up" */
  title: string;
  /** the question, naming who and how many */
  message: ReactNode;
  /** the confirming button's label (the action again, never a bare "OK") */
  confirmLabel: string;
  /** called when the user confirms; the dialog closes through `onCancel`'s owner */
  onConfirm: () => void;
  /** cancel, Escape, the close button or a click outside */
  onCancel: () => void;
}

export function ConfirmDialog({ opened, title, message, confirmLabel, onConfirm, onCancel }: ConfirmDialogProps) {
  // the connection dropped while it was open: Confirm waits for it, and says so
  const lost = useConnectionLost();
  return (
    <Modal opened={opened} onClose={onCancel} title={title} centered returnFocus data-testid="confirm-dialog">
      <Stack>
        <Text data-testid="confirm-message">{message}</Text>
        <ConnectionLostReason lost={lost} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} data-autofocus>
            <Trans>Cancel</Trans>
          </Button>
          <Button color="red" onClick={onConfirm} disabled={lost}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** The {@link ConfirmDialog} of a {@link Confirmation}: open while `ask` is set, in its words. */
export function ConfirmationDialog({
  ask,
  onConfirm,
  onCancel,
}: {
  ask: Confirmation | null;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { i18n } = useLingui();
  const text = ask ? confirmationText(i18n, ask) : null;
  return (
    <ConfirmDialog
      opened={ask !== null}
      title={text?.title ?? ''}
      message={text?.message}
      confirmLabel={text?.confirm ?? ''}
      onConfirm={onConfirm}
      onCancel={onCancel}
    />
  );
}
