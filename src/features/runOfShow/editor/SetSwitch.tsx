/**
 * The switch that opens a section of the segment editor: off, the segment leaves that part of the
 * meeting as it is (the field is absent and Take does not touch it); on, the section's settings apply.
 */
import type { ReactNode } from 'react';
import { Checkbox, Fieldset, Stack } from '@mantine/core';

export interface SetSwitchProps {
  /** e.g. "Set honoured guests" */
  label: string;
  legend: string;
  set: boolean;
  onSet: (set: boolean) => void;
  children: ReactNode;
  testId: string;
}

export function SectionFrame({ label, legend, set, onSet, children, testId }: SetSwitchProps) {
  return (
    <Fieldset legend={legend} p="xs" data-testid={testId}>
      <Stack gap="xs">
        <Checkbox label={label} checked={set} onChange={(e) => onSet(e.currentTarget.checked)} />
        {set && children}
      </Stack>
    </Fieldset>
  );
}
