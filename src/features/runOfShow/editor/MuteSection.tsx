/** The mute policy: the audience muted or not, then exactly the listed participants unmuted. */
import { Checkbox } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import type { SegmentMute } from '@protocol/runOfShow';
import { ParticipantMultiSelect } from '#/components/participantPicker/ParticipantMultiSelect';
import type { OnlineParticipants } from '#/session/onlineParticipants';
import { SectionFrame } from './SetSwitch';

export interface MuteSectionProps {
  value: SegmentMute | undefined;
  onChange: (value: SegmentMute | undefined) => void;
  online: OnlineParticipants;
}

export function MuteSection({ value, onChange, online }: MuteSectionProps) {
  const { t } = useLingui();
  return (
    <SectionFrame
      testId="segment-mute"
      legend={t`Mute policy`}
      label={t`Set the mute policy`}
      set={value !== undefined}
      onSet={(on) => onChange(on ? { audience_muted: true, unmute: [] } : undefined)}
    >
      <Checkbox
        label={t`Mute all`}
        checked={value?.audience_muted ?? false}
        onChange={(e) => value && onChange({ ...value, audience_muted: e.currentTarget.checked })}
      />
      <ParticipantMultiSelect
        label={t`Unmute these participants`}
        candidates={online}
        value={value?.unmute ?? []}
        onChange={(unmute) => value && onChange({ ...value, unmute })}
        comboboxProps={{ hideDetached: false }}
      />
    </SectionFrame>
  );
}
