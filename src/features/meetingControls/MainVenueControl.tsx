/**
 * Designate the main venue: pick one online participant, or none.
 */
import { Select } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';

/** Sentinel value of the "none" option; usr_ids are never empty. */
const NONE = '';

export interface MainVenueControlProps {
  /** online participants that can be designated */
  candidates: ReadonlyArray<{ usrId: string; name: string }>;
  /** usr_id of the current main venue, '' when none */
  current: string;
  /** true while the request is on its way */
  pending?: boolean;
  /** asks for `usrId` to become the main venue ('' clears it) */
  onDesignate: (usrId: string) => void;
}

export function MainVenueControl({ candidates, current, pending = false, onDesignate }: MainVenueControlProps) {
  const { t } = useLingui();
  return (
    <Select
      label={t`Main venue`}
      searchable
      value={current}
      disabled={pending}
      aria-busy={pending}
      data-testid="main-venue"
      data-state={current || 'none'}
      data={[{ value: NONE, label: t`No main venue` }, ...candidates.map((c) => ({ value: c.usrId, label: c.name }))]}
      onChange={(value) => {
        if (value !== null && value !== current) onDesignate(value);
      }}
      allowDeselect={false}
    />
  );
}
