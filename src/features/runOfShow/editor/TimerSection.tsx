/** The segment's timer: duration, the share of it at which it warns, and whether the endpoints show it. */
import { Checkbox, Group, NumberInput } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import type { TimerDraft } from './segmentDraft';
import { SectionFrame } from './SetSwitch';

export interface TimerSectionProps {
  value: TimerDraft | undefined;
  onChange: (value: TimerDraft | undefined) => void;
  minutesError: boolean;
  warnError: boolean;
}

export function TimerSection({ value, onChange, minutesError, warnError }: TimerSectionProps) {
  const { t } = useLingui();
  return (
    <SectionFrame testId="segment-timer" legend={t`Timer`} label={t`Set a timer`} set={value !== undefined} onSet={(on) => onChange(on ? { minutes: 5, warnPercent: 80, onEndpoints: false } : undefined)}>
      {value && (
        <>
          <Group grow align="flex-start">
            <NumberInput
              label={t`Timer (minutes)`}
              value={value.minutes}
              onChange={(minutes) => onChange({ ...value, minutes })}
              min={0}
              max={1440}
              decimalScale={1}
              error={minutesError ? t`A timer runs from 0.1 to 1,440 minutes.` : undefined}
            />
            <NumberInput
              label={t`Warn at (% of the time)`}
              value={value.warnPercent}
              onChange={(warnPercent) => onChange({ ...value, warnPercent })}
              min={50}
              max={99}
              allowDecimal={false}
              error={warnError ? t`The warning comes at 50 to 99 % of the time.` : undefined}
            />
          </Group>
          <Checkbox label={t`Show on the endpoints`} checked={value.onEndpoints} onChange={(e) => onChange({ ...value, onEndpoints: e.currentTarget.checked })} />
        </>
      )}
    </SectionFrame>
  );
}
