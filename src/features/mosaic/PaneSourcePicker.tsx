/**
 * The video source of one pane: a participant, or one of the pane tokens (not set, automatic,
 * empty, current main venue). Like every participant picker it searches the online participants
 * only while its own dropdown is open and offers the best matches, so sixteen panes of a meeting
 * of 10,000 hold a handful of options each.
 */
import type { ComboboxItem } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { ParticipantSelect } from '#/components/participantPicker/ParticipantSelect';
import type { OnlineParticipants } from '#/session/onlineParticipants';

export interface PaneSourcePickerProps {
  /** 0-based pane number */
  pane: number;
  /** the pane's token: a usr_id or one of the fixed tokens */
  value: string;
  /** the pane tokens offered before the participants */
  fixed: readonly ComboboxItem[];
  /** display name of `value` when it is a participant */
  valueName?: string;
  /** the online participants, read only while this picker is open */
  candidates: OnlineParticipants;
  onChange: (token: string) => void;
}

export function PaneSourcePicker({ pane, value, fixed, valueName, candidates, onChange }: PaneSourcePickerProps) {
  const { t } = useLingui();
  return (
    <ParticipantSelect
      size="xs"
      aria-label={t`Video source of pane ${pane + 1}`}
      allowDeselect={false}
      candidates={candidates}
      value={value}
      valueName={valueName ?? value}
      fixed={fixed}
      onChange={onChange}
    />
  );
}
