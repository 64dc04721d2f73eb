/** Honoured guests: exactly the chosen participants are honoured guests after Take. */
import { useLingui } from '@lingui/react/macro';
import { ParticipantMultiSelect } from '#/components/participantPicker/ParticipantMultiSelect';
import type { OnlineParticipants } from '#/session/onlineParticipants';
import { SectionFrame } from './SetSwitch';

export interface GuestsSectionProps {
  /** undefined: left as is */
  value: string[] | undefined;
  onChange: (value: string[] | undefined) => void;
  online: OnlineParticipants;
}

export function GuestsSection({ value, onChange, online }: GuestsSectionProps) {
  const { t } = useLingui();
  return (
    <SectionFrame
      testId="segment-guests"
      legend={t`Honoured guests`}
      label={t`Set honoured guests`}
      set={value !== undefined}
      onSet={(on) => onChange(on ? [] : undefined)}
    >
      <ParticipantMultiSelect
        label={t`Honoured guests after Take`}
        description={t`Everyone else stops being an honoured guest; none chosen means no honoured guests.`}
        candidates={online}
        value={value ?? []}
        onChange={onChange}
        comboboxProps={{ hideDetached: false }}
      />
    </SectionFrame>
  );
}
