/**
 * Recording in the sidebar. The recording machine owns the state (idle, starting, recording,
 * stopping, failed); this shows it and offers the one action that state allows. Starting asks
 * first (issue 26 item 4): everyone is recorded from then on, so it is never one click.
 */
import { Badge, Button, Group, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Trans, useLingui } from '@lingui/react/macro';
import { ConfirmDialog } from '#/components/ConfirmDialog';

export type RecordingState = 'idle' | 'starting' | 'recording' | 'stopping' | 'failed';

export interface RecordingControlProps {
  /** the recording machine's state */
  state: RecordingState;
  /** translated reason of the last failure or refusal; default none */
  failure?: string;
  /** false hides the actions (the resource template has no recording); default true */
  available?: boolean;
  /** why recording is not allowed here (the resource template has none): no actions, this said instead */
  notAllowed?: string;
  /** asks the server to start recording (from idle or failed) */
  onStart: () => void;
  /** asks the server to stop recording */
  onStop: () => void;
}

export function RecordingControl({ state, failure, available: availableProp = true, notAllowed, onStart, onStop }: RecordingControlProps) {
  const { t } = useLingui();
  const available = availableProp && !notAllowed;
  const [asking, { open: ask, close }] = useDisclosure(false);
  const badge: Record<RecordingState, string> = {
    idle: t`Not recording`,
    starting: t`Starting…`,
    recording: t`Recording`,
    stopping: t`Stopping…`,
    failed: t`Recording failed`,
  };
  const busy = state === 'starting' || state === 'stopping';
  return (
    <Group gap="xs" data-testid="recording-control" data-state={state} aria-busy={busy} style={busy ? { cursor: 'wait' } : undefined}>
      <Text size="sm" fw={500}>
        <Trans>Recording</Trans>
      </Text>
      <Badge color={state === 'recording' ? 'red' : state === 'failed' ? 'orange' : 'gray'} role="status" aria-label={t`Recording state`}>
        {badge[state]}
      </Badge>
      {available && (state === 'idle' || state === 'failed') && (
        <Button size="xs" onClick={ask}>
          {state === 'failed' ? t`Retry recording` : t`Start recording`}
        </Button>
      )}
      {available && state === 'recording' && (
        <Button size="xs" color="red" onClick={onStop}>
          <Trans>Stop recording</Trans>
        </Button>
      )}
      {busy && (
        <Button size="xs" loading disabled aria-label={badge[state]}>
          {badge[state]}
        </Button>
      )}
      {notAllowed && (
        <Text size="xs" c="dimmed" data-testid="recording-not-allowed">
          {notAllowed}
        </Text>
      )}
      {failure && (
        <Text size="xs" c="red" role="alert">
          {failure}
        </Text>
      )}
      <ConfirmDialog
        opened={asking}
        title={t`Start recording?`}
        message={t`Everything said and shown in the meeting is recorded from now on, until recording is stopped.`}
        confirmLabel={t`Confirm start recording`}
        onCancel={close}
        onConfirm={() => {
          close();
          onStart();
        }}
      />
    </Group>
  );
}
