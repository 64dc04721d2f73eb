/**
 * The video source of one pane: a participant, or one of the pane tokens (not set, automatic,
 * empty, current main venue). Like every participant picker it searches the online participants
 * only while its own dropdown is open and offers the best matches, so sixteen panes of a meeting
 * of 10,000 hold a handful of options each.
 */
import { useMemo, useState } from 'react';
import { Select, type ComboboxItem } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { keepAllOptions, useParticipantOptions } from '../participantPicker/participantOptions';
import { useOnline, type OnlineParticipants } from '../meetingControls/onlineParticipants';

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
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const online = useOnline(candidates, open);
  const fixedLabel = fixed.find((f) => f.value === value)?.label;
  const valueLabel = fixedLabel ?? valueName ?? value;
  // what the pane shows stays offered (a participant even when offline) so the picker shows its name
  const selected = useMemo(() => [{ usrId: value, name: valueLabel }], [value, valueLabel]);
  const data = useParticipantOptions({
    open,
    candidates: online,
    // the search holds the selected label until the user types: show everyone then
    search: search === valueLabel ? '' : search,
    fixed,
    selected,
  });
  return (
    <Select
      size="xs"
      aria-label={t`Video source of pane ${pane + 1}`}
      searchable
      allowDeselect={false}
      value={value}
      data={data}
      filter={keepAllOptions}
      onSearchChange={setSearch}
      onDropdownOpen={() => setOpen(true)}
      onDropdownClose={() => setOpen(false)}
      onChange={(v) => v !== null && onChange(v)}
    />
  );
}
