/**
 * The dialogs other features provide to the participant area, opened from a row (camera,
 * microphone, statistics) or from the tab actions (address book); the control screen hands them
 * to ParticipantsPanel (a feature imports no other feature). They reach the server through the session's
 * actors: the statistics through the session's selector, the address book through its actor.
 */
import { useMemo } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { AddressBookMachine } from '@machines/index';
import { usrStat } from '@protocol/usrStats';
import { lazyDialog } from '#/components/lazyLoad';
import { sessionAddressBook } from '#/features/addressBook/addressBookSource';
import type { ParticipantDialogsProps } from '#/features/participants/dialogSlot';
import { useSessionChild } from '#/session/useSessionChild';
import { useQualityHistoryOf } from '#/quality/QualityContext';
import { mediaStatsFetcher } from '#/media/useSignalLevel';

// loaded when first opened (the statistics bring the charts); rendered only while open
const shown = () => true;
const CameraDialog = lazyDialog(() => import('#/features/camera/CameraDialog').then((m) => m.CameraDialog), shown);
const MicDialog = lazyDialog(() => import('#/features/camera/MicDialog').then((m) => m.MicDialog), shown);
const StatsDialog = lazyDialog(() => import('#/features/stats/StatsDialog').then((m) => m.StatsDialog), shown);
const AddressBookDialog = lazyDialog(() => import('#/features/addressBook/AddressBookDialog').then((m) => m.AddressBookDialog), shown);

export function ParticipantDialogs(props: ParticipantDialogsProps) {
  const fetchStats = useMemo(() => mediaStatsFetcher(props.session), [props.session]);
  const quality = useQualityHistoryOf(
    props.dialog === 'addressBook' ? '' : props.row.usrId,
    props.dialog === 'addressBook' ? '' : props.row.name,
  );
  // records through the session's address-book actor: its cache of 500 and 304 answers (spec §7)
  const addressBookActor = useSessionChild<ActorRefFrom<AddressBookMachine>>(props.session, 'addressBook');
  const addressBook = useMemo(() => (addressBookActor ? sessionAddressBook(addressBookActor) : null), [addressBookActor]);
  const { onCommand, onClose } = props;

  if (props.dialog === 'addressBook') {
    if (!addressBook) return null;
    return (
      <AddressBookDialog
        source={addressBook}
        onAddUsers={(ids) => {
          onCommand({ type: 'eps', action: 'add_participants', usrIds: ids.map(String) });
          onClose();
        }}
        onAddDepartment={(depId) => {
          onCommand({ type: 'eps', action: 'add_participants', usrIds: [], depIds: [depId], recursion: 1 });
          onClose();
        }}
        onClose={onClose}
      />
    );
  }
  const { row } = props;
  switch (props.dialog) {
    case 'camera':
      return (
        <CameraDialog
          name={row.name}
          onFecc={(action, movement) => onCommand({ type: 'fecc', action, usrId: row.usrId, movement })}
          onClose={onClose}
        />
      );
    case 'mic':
      return (
        <MicDialog
          name={row.name}
          currentGain={row.stats ? usrStat(row.stats, 'mic_gain') : 0}
          autoAdjust={props.micGainAuto}
          onApply={(gain) => {
            onCommand({ type: 'eps', action: 'mic_gain', usrIds: [row.usrId], value: gain });
            onClose();
          }}
          onClose={onClose}
        />
      );
    case 'stats':
      return row.epId ? (
        <StatsDialog
          name={row.name}
          epId={row.epId}
          fetchStats={fetchStats}
          onClose={onClose}
          earlier={quality.earlier}
          onSample={quality.onSample}
          session={props.session}
          usrId={row.usrId}
        />
      ) : null;
  }
}
