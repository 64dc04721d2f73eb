/**
 * Named selectors for the participants actor (system id `participants`). Records are replaced
 * when they change; the participant list is one array kept up to date in place (a new array only
 * when membership changes), so a reader that must see record changes also selects the version;
 * counts are kept incrementally: all are cheap enough for `useSelector` at 10,000 participants.
 */
import type { SnapshotFrom } from 'xstate';
import type { ParticipantsMachine } from './participantsMachine';
import type { Participant, ParticipantCounts, ParticipantStore, WaitingEntry } from './participantStore';

type ParticipantsSnapshot = SnapshotFrom<ParticipantsMachine>;

/** true once the first full load arrived */
export const selectParticipantsLoaded = (s: ParticipantsSnapshot): boolean => s.matches('ready');
/** moves whenever any record or the waiting map changed */
export const selectParticipantsVersion = (s: ParticipantsSnapshot): number => s.context.version;
/** same object until a count changes */
export const selectParticipantCounts = (s: ParticipantsSnapshot): ParticipantCounts => s.context.counts;
export const selectOnlineCount = (s: ParticipantsSnapshot): number => s.context.counts.online;
export const selectTotalCount = (s: ParticipantsSnapshot): number => s.context.counts.total;
export const selectHandUpCount = (s: ParticipantsSnapshot): number => s.context.counts.handUp;
export const selectWaitingCount = (s: ParticipantsSnapshot): number => s.context.counts.waiting;
/**
 * every merged record, arrival order. The same array while membership is unchanged: a changed
 * record replaces its slot in place, so re-read on {@link selectParticipantsVersion}; a join of a
 * new usr_id, a removal or a reload gives a new array.
 */
export const selectParticipantList = (s: ParticipantsSnapshot): readonly Participant[] => s.context.store.list();
/** the sub-site (cascade point) records, in the list's order: a few, read without a pass over the list */
export const selectSubSiteRecords = (s: ParticipantsSnapshot): readonly Participant[] => s.context.store.subSites();
/** the waiting map as a list; a new array only when the waiting map changed */
export const selectWaitingList = (s: ParticipantsSnapshot): readonly WaitingEntry[] => s.context.store.waiting();
/**
 * the store itself: the same object for the actor's life (it changes in place), so selecting it
 * costs no re-render; read it again when {@link selectParticipantsVersion} moves
 */
export const selectParticipantStore = (s: ParticipantsSnapshot): ParticipantStore => s.context.store;
/** one record (a new object after each change of it), undefined when unknown */
export const selectParticipant =
  (usrId: string) =>
  (s: ParticipantsSnapshot): Participant | undefined =>
    s.context.store.get(usrId);
/** feed deltas wait for the 800 ms batch */
export const selectHasQueuedChanges = (s: ParticipantsSnapshot): boolean => s.matches({ ready: 'pending' });
