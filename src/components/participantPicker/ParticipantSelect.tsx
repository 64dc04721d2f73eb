/**
 * A searchable single-choice participant picker: its fixed choices (none, automatic…), the
 * selected participant, and — only while its dropdown is open — the best matches of what the
 * user typed among the online participants (see participantOptions). Every single-choice
 * participant picker of the console is this component, so they all stay cheap at 10,000.
 */
import { useMemo, useState } from 'react';
import { Select, type ComboboxItem, type SelectProps } from '@mantine/core';
import { keepAllOptions, useParticipantOptions } from './participantOptions';
import { useOnline, type OnlineParticipants } from '#/session/onlineParticipants';

export interface ParticipantSelectProps extends Omit<
  SelectProps,
  'data' | 'value' | 'onChange' | 'filter' | 'searchable' | 'onSearchChange' | 'onDropdownOpen' | 'onDropdownClose'
> {
  /** the online participants, read only while the dropdown is open */
  candidates: OnlineParticipants;
  /** a usr_id, a fixed choice's value, or null for nothing chosen */
  value: string | null;
  /** display name of `value` when it is a participant (default: what `candidates` knows, else the id) */
  valueName?: string;
  /** choices offered before the participants */
  fixed?: readonly ComboboxItem[];
  onChange: (value: string) => void;
}

export function ParticipantSelect({ candidates, value, valueName, fixed, onChange, ...selectProps }: ParticipantSelectProps) {
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const online = useOnline(candidates, open);
  const fixedLabel = value === null ? undefined : fixed?.find((f) => f.value === value)?.label;
  const valueLabel = value === null ? '' : (fixedLabel ?? valueName ?? candidates.nameOf(value) ?? value);
  // what is chosen stays offered, also while searching (a participant even when offline), so the
  // closed picker shows its name and the user sees what a new choice would replace
  const selected = useMemo(() => (value === null ? [] : [{ usrId: value, name: valueLabel }]), [value, valueLabel]);
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
      {...selectProps}
      searchable
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
