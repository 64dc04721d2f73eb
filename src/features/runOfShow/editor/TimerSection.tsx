/** The segment's timer: duration, the share of it at which it warns, whether the endpoints show it and to whom. */

const AS_BANNER = '__banner';
import { Checkbox, Group, NumberInput, Select } from '@mantine/core';
import type { SegmentBanner } from '@protocol/runOfShow';
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
    <SectionFrame
      testId="segment-timer"
      legend={t`Timer`}
      label={t`Set a timer`}
      set={value !== undefined}
      onSet={(on) => onChange(on ? { minutes: 5, warnPercent: 80, onEndpoints: false } : undefined)}
    >
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
          <Checkbox
            label={t`Show on the endpoints`}
            checked={value.onEndpoints}
            onChange={(e) => onChange({ ...value, onEndpoints: e.currentTarget.checked })}
          />
          {value.onEndpoints && (
            <Select
              mt={4}
              label={t`Timer shown to`}
              value={value.toRole ?? AS_BANNER}
              allowDeselect={false}
              data={[
                { value: AS_BANNER, label: t`Those the banner is shown to` },
                { value: 'all', label: t`Everyone` },
                { value: 'speaker', label: t`Main venue` },
                { value: 'chair', label: t`Honoured guests` },
                { value: 'guest', label: t`Audience` },
              ]}
              onChange={(v) => v && onChange({ ...value, toRole: v === AS_BANNER ? undefined : (v as SegmentBanner['to_role']) })}
            />
          )}
        </>
      )}
    </SectionFrame>
  );
}
