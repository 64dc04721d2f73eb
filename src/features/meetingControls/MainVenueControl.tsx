/**
 * Designate the main venue: pick one online participant, or none. A searchable picker: the
 * options are computed only while its dropdown is open and limited to the best matches, so a
 * meeting of 10,000 costs nothing here while the picker is closed.
 */
import { useMemo, useState } from 'react';
import { Select, type OptionsFilter } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { searchOnline, useOnline, type OnlineParticipants } from './onlineParticipants';

/** Sentinel value of the "none" option; usr_ids are never empty. */
const NONE = '';
/** options shown at once; typing narrows the rest */
export const MAIN_VENUE_OPTION_LIMIT = 50;

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

/** the options are filtered here already (see searchOnline) */
const keepAll: OptionsFilter = ({ options }) => options;

export function MainVenueControl({ candidates, current, currentName, pending = false, onDesignate }: MainVenueControlProps) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const online = useOnline(candidates, open);
  const noneLabel = t`No main venue`;
  const currentLabel = current ? currentName || current : noneLabel;

  const data = useMemo(() => {
    // the selected option stays in the data so the closed picker shows its name
    const selected = { value: current, label: currentLabel };
    if (!open) return current ? [{ value: NONE, label: noneLabel }, selected] : [selected];
    // the search still holds the selected label until the user types: show everyone then
    const query = search === currentLabel ? '' : search;
    const matches = searchOnline(online, query, MAIN_VENUE_OPTION_LIMIT).map((c) => ({ value: c.usrId, label: c.name }));
    const q = query.trim().toLowerCase();
    const options = !q || noneLabel.toLowerCase().includes(q) ? [{ value: NONE, label: noneLabel }] : [];
    if (current && !matches.some((m) => m.value === current)) options.push(selected);
    return [...options, ...matches];
  }, [open, online, search, current, currentLabel, noneLabel]);

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
      filter={keepAll}
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
