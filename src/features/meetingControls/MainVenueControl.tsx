/**
 * Designate the main venue: pick one online participant, or none. A searchable picker: the
 * options are computed only while its dropdown is open and limited to the best matches (the
 * shared participant picker options), so a meeting of 10,000 costs nothing here while the picker
 * is closed.
 */
import { useMemo } from 'react';
import { useLingui } from '@lingui/react/macro';
import { ParticipantSelect } from '#/components/participantPicker/ParticipantSelect';
import type { OnlineParticipants } from '#/session/onlineParticipants';

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
  const noneLabel = t`No main venue`;
  const fixed = useMemo(() => [{ value: NONE, label: noneLabel }], [noneLabel]);

  return (
    <ParticipantSelect
      label={t`Main venue`}
      candidates={candidates}
      value={current}
      valueName={currentName || current}
      fixed={fixed}
      disabled={pending}
      aria-busy={pending}
      data-testid="main-venue"
      data-state={current || 'none'}
      onChange={(value) => {
        if (value !== current) onDesignate(value);
      }}
      allowDeselect={false}
    />
  );
}
