/**
 * Cascade mode: non-cascade, parent or child meeting. Leaving cascade is refused while cascade
 * points are attached (they must be deleted by hand first); the cascade machine decides, this
 * shows the choice and the reason.
 */
import { SegmentedControl, Stack, Text } from '@mantine/core';
import { Plural, Trans, useLingui } from '@lingui/react/macro';

export type CascadeModeChoice = 'nonCascade' | 'parent' | 'child';

export interface CascadeModeControlProps {
  /** the mode the server reports */
  mode: CascadeModeChoice;
  /** number of cascade points attached; with any, non-cascade cannot be chosen */
  cascadePoints: number;
  /** true while a mode change is on its way */
  pending?: boolean;
  /** translated refusal of the last change; default none */
  error?: string;
  /** asks for another mode */
  onChange: (mode: CascadeModeChoice) => void;
}

export function CascadeModeControl({ mode, cascadePoints, pending = false, error, onChange }: CascadeModeControlProps) {
  const { t } = useLingui();
  // Not disabled: the refusal comes from the machine/server with its own message; the hint warns ahead.
  const nonCascadeBlocked = cascadePoints > 0 && mode !== 'nonCascade';
  return (
    <Stack gap={4} data-testid="cascade-mode" data-state={mode} aria-busy={pending} style={pending ? { cursor: 'wait' } : undefined}>
      <Text size="sm" fw={500} id="cascade-mode-label">
        <Trans>Cascade mode</Trans>
      </Text>
      <SegmentedControl
        aria-labelledby="cascade-mode-label"
        value={mode}
        disabled={pending}
        onChange={(value) => onChange(value as CascadeModeChoice)}
        data={[
          { value: 'nonCascade', label: t`Non-cascade` },
          { value: 'parent', label: t`Parent meeting` },
          { value: 'child', label: t`Child meeting` },
        ]}
      />
      {nonCascadeBlocked && (
        <Text size="xs" c="dimmed" data-testid="cascade-points-hint">
          <Plural
            value={cascadePoints}
            one="# cascade point is attached: delete it before switching to non-cascade."
            other="# cascade points are attached: delete them before switching to non-cascade."
          />
        </Text>
      )}
      {error && (
        <Text size="xs" c="red" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}
