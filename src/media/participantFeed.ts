/**
 * The participants actor (system id `participants`) as a {@link ParticipantFeed}: lookups go to
 * its store through the named selectors, and listeners hear once per applied batch.
 */
import type { AnyActorRef, SnapshotFrom } from 'xstate';
import { participantsSelectors as sel, type ParticipantsMachine } from '@machines/index';
import type { ParticipantFeed } from './simulatedMedia';

type Snapshot = SnapshotFrom<ParticipantsMachine>;

export function participantFeedOf(actor: AnyActorRef): ParticipantFeed {
  const snap = () => actor.getSnapshot() as Snapshot;
  return {
    get: (usrId) => sel.selectParticipant(usrId)(snap()),
    list: () => sel.selectParticipantList(snap()),
    subscribe(listener) {
      let version = sel.selectParticipantsVersion(snap());
      const sub = actor.subscribe((s: Snapshot) => {
        const next = sel.selectParticipantsVersion(s);
        if (next === version) return;
        version = next;
        listener();
      });
      return () => sub.unsubscribe();
    },
  };
}
