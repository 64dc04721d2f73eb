import { describe, expect, it } from 'vitest';
import { setupI18n } from '@lingui/core';
import { confirmationOf, outcomeOf, type OutcomeContext } from './commandOutcome';
import { confirmationText } from '#/components/confirmation';
import { outcomeText, raisedForText, searchCountText } from './outcomeText';

const names: Record<string, string> = { a: 'Ann', b: 'Ben', c: 'Cy', d: 'Di' };
const ctx = (bulk = false): OutcomeContext => ({ onlineCount: 287, handCount: 4, nameOf: (id) => names[id], bulk });
const en = setupI18n({ locale: 'en', messages: { en: {} } });

describe('result toasts (issue 13 §3)', () => {
  it('every meeting-wide command reports how many it reached', () => {
    // mute all is the audience's mute (all_guests_mute); podium's "everyone" mutes every participant
    expect(outcomeOf({ type: 'muteAll', on: true }, ctx())).toEqual({ kind: 'guestMuteOn', count: 287 });
    expect(outcomeOf({ type: 'muteAll', on: true, everyone: true }, ctx())).toEqual({ kind: 'mutedAll', count: 287 });
    expect(outcomeOf({ type: 'listenAll', allow: true }, ctx())?.kind).toBe('audienceListenOff');
    expect(outcomeOf({ type: 'watchAll', allow: false }, ctx())?.kind).toBe('audienceWatchOn');
    expect(outcomeOf({ type: 'eps', action: 'clear_all_hand', usrIds: [] }, ctx())).toEqual({ kind: 'handsLowered', count: 4 });
    expect(outcomeOf({ type: 'hangUpAll' }, ctx())?.kind).toBe('allLeft');
    expect(outcomeOf({ type: 'status', key: 'all_guests_mute', value: 1 }, ctx())?.kind).toBe('guestMuteOn');
    expect(outcomeOf({ type: 'status', key: 'mr_vtx_mode', value: 0 }, ctx())?.kind).toBe('audienceWatchOff');
  });

  it('a bulk action reports its count, also for a selection of one; a row toggle reports nothing', () => {
    expect(outcomeOf({ type: 'eps', action: 'a_rx', usrIds: ['a', 'b', 'c'], value: 0 }, ctx(true))).toEqual({
      kind: 'mutedSelected',
      count: 3,
    });
    expect(outcomeOf({ type: 'acceptHands', usrIds: ['a'] }, ctx(true))).toEqual({ kind: 'handsPermitted', count: 1, name: 'Ann' });
    expect(outcomeOf({ type: 'refuseHands', usrIds: ['a', 'b'] }, ctx(false))).toEqual({ kind: 'handsRefused', count: 2 });
    expect(outcomeOf({ type: 'acceptHands', usrIds: ['a'] }, ctx(false))).toBeNull();
    expect(outcomeOf({ type: 'eps', action: 'a_rx', usrIds: ['a'], value: 0 }, ctx(false))).toBeNull();
    expect(outcomeOf({ type: 'eps', action: 'waiting_refuse', usrIds: ['a', 'b'] }, ctx(false))?.kind).toBe('refusedWaiting');
  });

  it('honoured guests set or cancelled in bulk report how many (issue 30); a row toggle nothing', () => {
    expect(outcomeOf({ type: 'eps', action: 'chair', usrIds: ['a', 'b'], value: 1 }, ctx(true))).toEqual({ kind: 'honouredSet', count: 2 });
    expect(outcomeOf({ type: 'eps', action: 'chair', usrIds: ['a'], value: 0 }, ctx(true))).toEqual({
      kind: 'honouredCancelled',
      count: 1,
      name: 'Ann',
    });
    expect(outcomeOf({ type: 'eps', action: 'chair', usrIds: ['a'], value: 1 }, ctx(false))).toBeNull();
    expect(outcomeText(en, { kind: 'honouredSet', count: 2 })).toBe('2 participants made honoured guests');
    expect(outcomeText(en, { kind: 'honouredCancelled', count: 1, name: 'Ann' })).toBe('Ann is no longer an honoured guest');
  });

  it('a hang-up can be undone by calling the same people again', () => {
    expect(outcomeOf({ type: 'eps', action: 'drop', usrIds: ['b'] }, ctx())).toEqual({
      kind: 'hungUp',
      count: 1,
      name: 'Ben',
      undo: { type: 'eps', action: 'call', usrIds: ['b'] },
    });
  });

  it('words the count in the language, numbers formatted', () => {
    expect(outcomeText(en, { kind: 'mutedAll', count: 287 })).toBe('287 muted · later joiners muted too');
    expect(outcomeText(en, { kind: 'mutedSelected', count: 1 })).toBe('1 participant muted');
    expect(outcomeText(en, { kind: 'hungUp', count: 1, name: 'Ben' })).toBe('Ben hung up');
    expect(outcomeText(en, { kind: 'admitted', count: 1200 })).toBe('1,200 people admitted from the waiting room');
    expect(searchCountText(en, 12, 9851)).toBe('12 of 9,851');
  });

  it('says for how long a hand is up', () => {
    expect(raisedForText(en, 0)).toBe('just now');
    expect(raisedForText(en, 2)).toBe('2 min');
  });
});

describe('confirmations (issue 13 §2)', () => {
  it('all leave asks, naming how many', () => {
    const ask = confirmationOf({ type: 'hangUpAll' }, ctx());
    expect(ask).toEqual({ kind: 'allLeave', count: 287, names: [] });
    expect(confirmationText(en, ask!).message).toBe('All 287 participants in the meeting will be hung up. Continue?');
  });

  it('refusing from the waiting room asks, naming the first three and how many more', () => {
    const ask = confirmationOf({ type: 'eps', action: 'waiting_refuse', usrIds: ['a', 'b', 'c', 'd'] }, ctx());
    expect(ask).toEqual({ kind: 'refuseWaiting', count: 4, names: ['Ann', 'Ben', 'Cy'] });
    const text = confirmationText(en, ask!);
    expect(text.message).toBe('Refuse 4 people waiting (Ann, Ben, Cy and 1 more)? They leave and have to dial in again.');
    expect(text.confirm).toBe('Refuse 4 people');
    expect(confirmationText(en, confirmationOf({ type: 'eps', action: 'waiting_refuse', usrIds: ['a'] }, ctx())!).message).toContain(
      '1 person waiting (Ann)',
    );
  });

  it('moving to the waiting room asks in bulk only; hang up, mute and admit act at once', () => {
    expect(confirmationOf({ type: 'eps', action: 'waiting_move', usrIds: ['a', 'b'] }, ctx(true))?.kind).toBe('moveToWaiting');
    expect(confirmationOf({ type: 'eps', action: 'waiting_move', usrIds: ['a'] }, ctx(false))).toBeNull();
    expect(confirmationOf({ type: 'eps', action: 'drop', usrIds: ['a'] }, ctx())).toBeNull();
    expect(confirmationOf({ type: 'muteAll', on: true }, ctx())).toBeNull();
    expect(confirmationOf({ type: 'eps', action: 'waiting_permit', usrIds: ['a'] }, ctx(true))).toBeNull();
  });
});
