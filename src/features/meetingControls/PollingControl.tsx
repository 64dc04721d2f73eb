/**
 * Polling: per meeting role, whether the platform rotates the participants shown on screen.
 */
import { Stack, Switch, Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';

export type PollRole = 'speaker' | 'chair' | 'guest';

export interface PollingControlProps {
  /** polling per role as the server reports it */
  values: Partial<Record<PollRole, boolean>>;
  /** roles whose request is on its way */
  pending?: ReadonlySet<PollRole>;
  /** asks for polling of `role` to be turned on or off */
  onToggle: (role: PollRole, on: boolean) => void;
}

export function PollingControl({ values, pending, onToggle }: PollingControlProps) {
  const { t } = useLingui();
  const labels: Record<PollRole, string> = {
    speaker: t`Poll main venue view`,
    chair: t`Poll honoured guest view`,
    guest: t`Poll audience view`,
  };
  return (
    <Stack gap={4} data-testid="polling-control">
      <Text size="sm" fw={500}>
        <Trans>Polling</Trans>
      </Text>
      {(['speaker', 'chair', 'guest'] as const).map((role) => {
        const busy = pending?.has(role) ?? false;
        return (
          <Switch
            key={role}
            size="xs"
            label={labels[role]}
            checked={values[role] === true}
            disabled={values[role] === undefined || busy}
            data-state={values[role] ? 'on' : 'off'}
            aria-busy={busy}
            onChange={(e) => onToggle(role, e.currentTarget.checked)}
          />
        );
      })}
    </Stack>
  );
}
