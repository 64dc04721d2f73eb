/**
 * The several-choice participant picker: the chosen participants as pills (named even when they
 * are offline) and — only while the dropdown is open — the best matches of what the user typed
 * among the online participants, built by the same option list as the single-choice picker.
 */
import { useMemo, useState } from 'react';
import { MultiSelect, type MultiSelectProps } from '@mantine/core';
import { keepAllOptions, useParticipantOptions } from './participantOptions';
import { useNamesOf, useOnline, type OnlineParticipants } from '#/session/onlineParticipants';

export interface ParticipantMultiSelectProps extends Omit<
  MultiSelectProps,
  'data' | 'value' | 'onChange' | 'filter' | 'searchable' | 'onSearchChange' | 'onDropdownOpen' | 'onDropdownClose'
> {
  candidates: OnlineParticipants;
  /** the chosen usr_ids, in the order chosen */
  value: readonly string[];
  onChange: (value: string[]) => void;
}

export function ParticipantMultiSelect({ candidates, value, onChange, ...selectProps }: ParticipantMultiSelectProps) {
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const online = useOnline(candidates, open);
  const names = useNamesOf(candidates, value, true);
  const selected = useMemo(() => value.map((usrId) => ({ usrId, name: names.get(usrId) ?? usrId })), [value, names]);
  const data = useParticipantOptions({ open, candidates: online, search, selected });
  return (
    <MultiSelect
      {...selectProps}
      searchable
      value={[...value]}
      data={data}
      filter={keepAllOptions}
      searchValue={search}
      onSearchChange={setSearch}
      onDropdownOpen={() => setOpen(true)}
      onDropdownClose={() => setOpen(false)}
      onChange={onChange}
    />
  );
}
