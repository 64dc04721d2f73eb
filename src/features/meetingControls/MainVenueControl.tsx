/**
 * Designate the main venue: pick one online participant, or none. A searchable picker: the
 * options are computed only while its dropdown is open and limited to the best matches (the
 * shared participant picker options), so a meeting of 10,000 costs nothing here while the picker
 * is closed.
 */
import { useMemo, useState } from 'react';
import { Select } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { keepAllOptions, useParticipantOptions } from '../participantPicker/participantOptions';
import { useOnline, type OnlineParticipants } from './onlineParticipants';

/** Sentinel value of the "none" option; usr_ids are never empty. */
const NONE = '';

export interface MainVenueControlProps {
  /** online participants that can be designated, read only while the picker is open */
  candidates: OnlineParticipants;
  /** usr_id of the current main venue, '' when none */
  current: string;
  /** display name of the current main venue (defaults to its usr_id) */
  currentName?: string;
  /** true while the request is on its way */
  pending?: boolean;
  /** asks for `usrId` to become the main venue ('' clears it) */
  onDesignate: (usrId: string) => void;
}

export function MainVenueControl({ candidates, current, currentName, pending = false, onDesignate }: MainVenueControlProps) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const online = useOnline(candidates, open);
  const noneLabel = t`No main venue`;
  const currentLabel = current ? currentName || current : noneLabel;
  const fixed = useMemo(() => [{ value: NONE, label: noneLabel }], [noneLabel]);
  // the selected option stays in the data so the closed picker shows its name
  const selected = useMemo(() => (current ? [{ usrId: current, name: currentLabel }] : []), [current, currentLabel]);
  const data = useParticipantOptions({
    open,
    candidates: online,
    // the search still holds the selected label until the user types: show everyone then
    search: search === currentLabel ? '' : search,
    fixed,
    selected,
  });

  return (
    <Select
      label={t`Main venue`}
      searchable
      value={current}
      disabled={pending}
      aria-busy={pending}
      data-testid="main-venue"
      data-state={current || 'none'}
      data={data}
      filter={keepAllOptions}
      onSearchChange={setSearch}
      onDropdownOpen={() => setOpen(true)}
      onDropdownClose={() => setOpen(false)}
      onChange={(value) => {
        if (value !== null && value !== current) onDesignate(value);
      }}
      allowDeselect={false}
    />
  );
}
