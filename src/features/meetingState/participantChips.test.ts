/**
 * The header's reads of the participants actor run on every feed batch (issue 27 item 1): the
 * counts stay right across joins, leaves, hands and the waiting room, and reading them touches
 * neither the participant list nor the waiting list.
 */
import { describe, expect, it, vi } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { PARTICIPANT_UPDATE_DELAY_MS, participantsMachine } from '@machines/index';
import { epsInfo, epsStatus, roster } from '@machines/testing/fixtures';
import { nameOf, selectHands, selectWaiting } from './participantChips';

describe('header chips read from the participants actor', () => {
  it('keep the hand and waiting counts across joins, leaves, hands and the waiting room without a pass over any list', () => {
    const clock = new SimulatedClock();
    const actor = createActor(participantsMachine, { clock, input: {} }).start();
    const ids = Array.from({ length: 500 }, (_, i) => `u${i}`);
    actor.send({ type: 'server.snapshot', snapshot: { roster: roster(ids), info: epsInfo(ids), status: epsStatus(ids) } });
    const store = actor.getSnapshot().context.store;
    const list = vi.spyOn(store, 'list');
    const waitingList = vi.spyOn(store, 'waiting');
    const batch = (event: Parameters<typeof actor.send>[0]) => {
      actor.send(event);
      clock.increment(PARTICIPANT_UPDATE_DELAY_MS);
      return actor.getSnapshot();
    };
    const status = (usrIds: string[], flags: Parameters<typeof epsStatus>[1]) =>
      batch({ type: 'server.online_eps_status', event: { cmdid: 'online_eps_status', seq: 1, ...epsStatus(usrIds, flags) } });

    let s = status(['u1', 'u2', 'u3'], [{ hand: 1 }, { hand: 1 }, { waiting: 1 }]);
    expect([selectHands(s), selectWaiting(s)]).toEqual([2, 1]);
    s = batch({ type: 'server.online_eps_left', event: { cmdid: 'online_eps_left', seq: 2, mr_id: '0123', usr_ids: ['u1', 'u3'] } });
    expect([selectHands(s), selectWaiting(s)]).toEqual([1, 0]);
    s = batch({ type: 'server.online_eps_info', event: { cmdid: 'online_eps_info', seq: 3, ...epsInfo(['guest9']) } });
    s = status(['guest9', 'u2', 'u4'], [{ hand: 1, waiting: 1 }, { hand: 0 }, { waiting: 1 }]);
    expect([selectHands(s), selectWaiting(s)]).toEqual([1, 2]);
    expect(nameOf('guest9')(s)).toBe('ep-guest9');

    expect(list).not.toHaveBeenCalled();
    expect(waitingList).not.toHaveBeenCalled();
    actor.stop();
  });
});
