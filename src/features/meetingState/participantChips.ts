/**
 * What the header reads of the participants actor. Each runs on every snapshot of it, that is
 * per feed batch, several times a second at 10,000 participants (issue 27 item 1): each reads a
 * count the store keeps or looks up a few records by usr_id, never a pass over the list or a
 * rebuilt waiting list.
 */
import type { SnapshotFrom } from 'xstate';
import { participantsSelectors, type ParticipantsMachine } from '@machines/index';

type ParticipantsSnap = SnapshotFrom<ParticipantsMachine> | undefined;

/** raised hands, as the store counts them while records change */
export const selectHands = (s: ParticipantsSnap): number => (s ? participantsSelectors.selectHandUpCount(s) : 0);

/** people in the waiting room: the kept count, not the length of a waiting list rebuilt when it changed */
export const selectWaiting = (s: ParticipantsSnap): number => (s ? participantsSelectors.selectWaitingCount(s) : 0);

const NO_NAMES: readonly string[] = [];

export const sameNames = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((n, i) => n === b[i]);

/** names of some participants, their usr_id while the roster does not know them */
export const namesOf =
  (usrIds: readonly string[]) =>
  (s: ParticipantsSnap): readonly string[] => {
    if (!usrIds.length) return NO_NAMES;
    return usrIds.map((id) => {
      const p = s ? participantsSelectors.selectParticipant(id)(s) : undefined;
      return (p && (p.usr_name || p.gbk_name)) || id;
    });
  };

/** one participant's name ('' when unknown or none asked) */
export const nameOf = (usrId: string) => (s: ParticipantsSnap) => {
  if (!s || !usrId) return '';
  const p = participantsSelectors.selectParticipant(usrId)(s);
  return p ? p.usr_name || p.gbk_name || p.usr_id : '';
};
