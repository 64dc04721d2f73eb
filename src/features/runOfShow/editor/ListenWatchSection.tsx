/** The audience's listen/watch policy: whether the audience may hear and see the meeting after Take. */
import { Checkbox } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import type { SegmentListenWatch } from '@protocol/runOfShow';
import { SectionFrame } from './SetSwitch';

export interface ListenWatchSectionProps {
  value: SegmentListenWatch | undefined;
  onChange: (value: SegmentListenWatch | undefined) => void;
}

export function ListenWatchSection({ value, onChange }: ListenWatchSectionProps) {
  const { t } = useLingui();
  return (
    <SectionFrame
      testId="segment-listen-watch"
      legend={t`Listen and watch`}
      label={t`Set what the audience may hear and see`}
      set={value !== undefined}
      onSet={(on) => onChange(on ? { audience_listen: true, audience_watch: true } : undefined)}
    >
      <Checkbox
        label={t`Audience may listen`}
        checked={value?.audience_listen ?? true}
        onChange={(e) => value && onChange({ ...value, audience_listen: e.currentTarget.checked })}
      />
      <Checkbox
        label={t`Audience may watch`}
        checked={value?.audience_watch ?? true}
        onChange={(e) => value && onChange({ ...value, audience_watch: e.currentTarget.checked })}
      />
    </SectionFrame>
  );
}
