import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import type { ChangeEvent } from '../../protocol/events';
import { epsInfo, epsStatus, roster, stats, waitingUsr } from '../testing/fixtures';
import { participantsMachine, PARTICIPANT_UPDATE_DELAY_MS } from './participantsMachine';
import { appointedFromAttr, ParticipantStore } from './participantStore';
import {
  selectHandUpCount,
  selectHasQueuedChanges,
  selectOnlineCount,
  selectParticipant,
  selectParticipantCounts,
  selectParticipantList,
  selectParticipantsVersion,
  selectTotalCount,
  selectWaitingCount,
  selectWaitingList,
} from './selectors';

function loaded() {
  const clock = new SimulatedClock();
  const actor = createActor(participantsMachine, { clock, input: {} }).start();
  actor.send({
    type: 'server.snapshot',
    snapshot: {
      roster: roster(['1', '2', '3']),
      info: epsInfo(['1', '2', 'guest.9']),
      status: epsStatus(['1', '2', 'guest.9'], [{ hand: 1 }, {}, {}]),
    },
  });
  return { actor, clock, snap: () => actor.getSnapshot() };
}

function delta<T extends ChangeEvent['cmdid']>(cmdid: T, body: object, seq = 1) {
  return { type: `server.${cmdid}`, event: { cmdid, seq, ...body } } as never;
}

describe('ParticipantStore', () => {
  it('merges roster, online info and status into one record per usr_id (spec §3 fields)', () => {
    const store = new ParticipantStore();
    store.load(roster(['1']), epsInfo(['1']), epsStatus(['1']));
    expect(store.get('1')).toMatchObject({
      usr_name: 'ep-1',
      ep_id: 100,
      usr_uri: 'sip:1@10.0.0.2',
      enter_dtm: 1000,
      dev_type: 'sip',
      ep_version: 1,
      gbk_name: 'gbk-1',
      proto_type: 2,
      online: 1,
      usr_appoint: 0,
      usr_type: 1,
      usr_attr: '1-20000',
      call_addr: '1@10.0.0.1',
      usr_stat: stats(),
      local_rtp_ip: '10.0.0.9',
    });
  });

  it('reads appointment from the second dash number below 10000', () => {
    expect(appointedFromAttr('3-25-0')).toBe(1);
    expect(appointedFromAttr('3-10000')).toBe(0);
    expect(appointedFromAttr('3')).toBe(0);
  });

  it('replaces a changed record by a new object and keeps unchanged ones', () => {
    const store = new ParticipantStore();
    store.load(roster(['1', '2']), epsInfo(['1', '2']), epsStatus(['1', '2']));
    const one = store.get('1');
    const two = store.get('2');
    store.applyStatus(epsStatus(['1'], [{ hand: 1 }]));
    expect(store.get('1')).not.toBe(one);
    expect(store.get('2')).toBe(two);
  });

  it('keeps when each hand went up, as the server says, and forgets it when the hand is down or the person left (issue 26)', () => {
    const store = new ParticipantStore();
    store.load(roster(['1', '2']), epsInfo(['1', '2']), { ...epsStatus(['1', '2'], [{ hand: 1 }, {}]), hand_up_dtms: [1_700_000_000, 0] });
    expect(store.get('1')?.hand_up_dtm).toBe(1_700_000_000);
    expect(store.get('2')?.hand_up_dtm).toBe(0);
    store.applyStatus({ ...epsStatus(['1'], [{}]), hand_up_dtms: [0] });
    expect(store.get('1')?.hand_up_dtm).toBe(0);
    store.applyStatus({ ...epsStatus(['2'], [{ hand: 1 }]), hand_up_dtms: [1_700_000_100] });
    store.applyLeft({ usr_ids: ['2'] });
    expect(store.get('2')?.hand_up_dtm).toBe(0);
    // a platform without the field: no time
    store.applyStatus(epsStatus(['1'], [{ hand: 1 }]));
    expect(store.get('1')?.hand_up_dtm).toBe(0);
  });

  it('follows stats_desc names when the server sends them', () => {
    const store = new ParticipantStore();
    const desc = ['hand', 'a_rx'];
    store.load(roster([]), epsInfo(['1']), { mr_id: '0', usr_ids: ['1'], usr_stats: ['10'], local_rtp_ip: [''], stats_desc: desc });
    expect(store.counts().handUp).toBe(1);
  });
});

describe('when loading', () => {
  it('server.snapshot → ready with counts online/total and hand-up', () => {
    const { snap } = loaded();
    expect(snap().matches('ready')).toBe(true);
    expect(selectTotalCount(snap())).toBe(4);
    expect(selectOnlineCount(snap())).toBe(3);
    expect(selectHandUpCount(snap())).toBe(1);
    expect(selectParticipant('3')(snap())).toMatchObject({ online: 0, usr_name: 'name-3' });
  });
});

describe('when ready', () => {
  it('feed deltas wait 800 ms, then apply together', () => {
    const { actor, clock, snap } = loaded();
    actor.send(delta('online_eps_status', epsStatus(['2'], [{ hand: 1 }])));
    clock.increment(PARTICIPANT_UPDATE_DELAY_MS / 2);
    actor.send(delta('online_eps_info', epsInfo(['3'])));
    expect(selectHasQueuedChanges(snap())).toBe(true);
    expect(selectHandUpCount(snap())).toBe(1);
    clock.increment(PARTICIPANT_UPDATE_DELAY_MS / 2 - 1);
    expect(selectOnlineCount(snap())).toBe(3);
    clock.increment(1);
    expect(selectHasQueuedChanges(snap())).toBe(false);
    expect(selectHandUpCount(snap())).toBe(2);
    expect(selectOnlineCount(snap())).toBe(4);
  });

  it('join (online_eps_info) sets online', () => {
    const { actor, clock, snap } = loaded();
    actor.send(delta('online_eps_info', epsInfo(['3'])));
    clock.increment(PARTICIPANT_UPDATE_DELAY_MS);
    expect(selectParticipant('3')(snap())!.online).toBe(1);
  });

  it('leave sets offline and clears status; guest ids are removed', () => {
    const { actor, clock, snap } = loaded();
    actor.send(delta('online_eps_left', { mr_id: '0123', usr_ids: ['1', 'guest.9'] }));
    clock.increment(PARTICIPANT_UPDATE_DELAY_MS);
    expect(selectParticipant('1')(snap())).toMatchObject({ online: 0, usr_stat: '' });
    expect(selectParticipant('guest.9')(snap())).toBeUndefined();
    expect(selectTotalCount(snap())).toBe(3);
    expect(selectOnlineCount(snap())).toBe(1);
    expect(selectHandUpCount(snap())).toBe(0);
  });

  it('status flag 16 adds to the waiting map, otherwise removes', () => {
    const { actor, clock, snap } = loaded();
    actor.send(delta('online_eps_status', epsStatus(['2'], [{ waiting: 1 }])));
    clock.increment(PARTICIPANT_UPDATE_DELAY_MS);
    expect(selectWaitingCount(snap())).toBe(1);
    expect(selectWaitingList(snap())[0]).toMatchObject({ usr_id: '2', ep_id: 101 });
    actor.send(delta('online_eps_status', epsStatus(['2'], [{}])));
    clock.increment(PARTICIPANT_UPDATE_DELAY_MS);
    expect(selectWaitingCount(snap())).toBe(0);
  });

  it('waiting_usr adds entries and removes them by deleted_ep_ids; leave removes too', () => {
    const { actor, clock, snap } = loaded();
    actor.send(delta('waiting_usr', waitingUsr(['w1', 'w2'], [501, 502])));
    clock.increment(PARTICIPANT_UPDATE_DELAY_MS);
    expect(selectWaitingCount(snap())).toBe(2);
    actor.send(delta('waiting_usr', waitingUsr([], [], [501])));
    actor.send(delta('online_eps_left', { mr_id: '0123', usr_ids: ['w2'] }));
    clock.increment(PARTICIPANT_UPDATE_DELAY_MS);
    expect(selectWaitingCount(snap())).toBe(0);
  });

  it('roster deltas add invited participants and delete offline ones', () => {
    const { actor, clock, snap } = loaded();
    actor.send(delta('mr_participants', roster(['4'], { deleted_usr_ids: ['3'] })));
    clock.increment(PARTICIPANT_UPDATE_DELAY_MS);
    expect(selectParticipant('4')(snap())).toMatchObject({ invited: true, online: 0 });
    expect(selectParticipant('3')(snap())).toBeUndefined();
  });

  it('a new snapshot replaces everything and drops queued deltas', () => {
    const { actor, clock, snap } = loaded();
    actor.send(delta('online_eps_left', { mr_id: '0123', usr_ids: ['1'] }));
    actor.send({ type: 'server.snapshot', snapshot: { roster: roster(['1']), info: epsInfo(['1']), status: epsStatus(['1']) } });
    clock.increment(PARTICIPANT_UPDATE_DELAY_MS);
    expect(selectTotalCount(snap())).toBe(1);
    expect(selectParticipant('1')(snap())!.online).toBe(1);
  });

  it('the list is the same array until something changes', () => {
    const { actor, clock, snap } = loaded();
    const list = selectParticipantList(snap());
    expect(selectParticipantList(snap())).toBe(list);
    actor.send(delta('mr_participants', roster(['4'])));
    clock.increment(PARTICIPANT_UPDATE_DELAY_MS);
    expect(selectParticipantList(snap())).not.toBe(list);
    expect(selectParticipantList(snap())).toHaveLength(5);
  });
});

const ids = (list: readonly { usr_id: string }[]) => list.map((p) => p.usr_id);

describe('the participant list across batches', () => {
  it('status changes and renames update the same array in place and move the version', () => {
    const { actor, clock, snap } = loaded();
    const list = selectParticipantList(snap());
    const [one, two, three, guest] = list;
    const version = selectParticipantsVersion(snap());
    actor.send(delta('online_eps_status', epsStatus(['2'], [{ hand: 1 }])));
    actor.send(delta('online_eps_info', epsInfo(['1'], { usr_names: ['Renamed'] })));
    clock.increment(PARTICIPANT_UPDATE_DELAY_MS);
    const after = selectParticipantList(snap());
    expect(after).toBe(list);
    expect(selectParticipantsVersion(snap())).toBeGreaterThan(version);
    expect(ids(after)).toEqual(['1', '2', '3', 'guest.9']);
    // changed records are new objects in their old slots, the others are untouched
    expect(after[0]).not.toBe(one);
    expect(after[0]).toBe(selectParticipant('1')(snap()));
    expect(after[0].usr_name).toBe('Renamed');
    expect(after[1]).not.toBe(two);
    expect(after[1]).toBe(selectParticipant('2')(snap()));
    expect(after[2]).toBe(three);
    expect(after[3]).toBe(guest);
    expect(selectHandUpCount(snap())).toBe(2);
  });

  it('a custom sort (pin_sort) updates the records and keeps arrival order', () => {
    const { actor, clock, snap } = loaded();
    const list = selectParticipantList(snap());
    actor.send(delta('online_eps_info', epsInfo(['guest.9', '2', '1'], { pin_sort: [1, 2, 3] })));
    clock.increment(PARTICIPANT_UPDATE_DELAY_MS);
    expect(selectParticipantList(snap())).toBe(list);
    expect(ids(list)).toEqual(['1', '2', '3', 'guest.9']);
    expect(list.map((p) => p.pin_sort)).toEqual([3, 2, 0, 1]);
  });

  it('joins, leaves and roster deletions give a new array in arrival order with matching counts', () => {
    const { actor, clock, snap } = loaded();
    const first = selectParticipantList(snap());
    actor.send(delta('online_eps_info', epsInfo(['guest.10', '3'])));
    clock.increment(PARTICIPANT_UPDATE_DELAY_MS);
    const second = selectParticipantList(snap());
    expect(second).not.toBe(first);
    expect(ids(second)).toEqual(['1', '2', '3', 'guest.9', 'guest.10']);
    expect(ids(first)).toEqual(['1', '2', '3', 'guest.9']);
    expect(selectOnlineCount(snap())).toBe(5);

    actor.send(delta('online_eps_left', { mr_id: '0123', usr_ids: ['guest.9', '2'] }));
    actor.send(delta('mr_participants', roster([], { deleted_usr_ids: ['2'] })));
    clock.increment(PARTICIPANT_UPDATE_DELAY_MS);
    const third = selectParticipantList(snap());
    expect(third).not.toBe(second);
    expect(ids(third)).toEqual(['1', '3', 'guest.10']);
    expect(third).toHaveLength(selectTotalCount(snap()));
    expect(third.filter((p) => p.online === 1)).toHaveLength(selectOnlineCount(snap()));
    for (const p of third) expect(p).toBe(selectParticipant(p.usr_id)(snap()));

    // the new array is kept up to date in place again
    actor.send(delta('online_eps_status', epsStatus(['guest.10'], [{ hand: 1 }])));
    clock.increment(PARTICIPANT_UPDATE_DELAY_MS);
    expect(selectParticipantList(snap())).toBe(third);
    expect(third[2]).toBe(selectParticipant('guest.10')(snap()));
    expect(selectHandUpCount(snap())).toBe(2);
  });

  it('a reload gives a new array even with the same members', () => {
    const { actor, snap } = loaded();
    const list = selectParticipantList(snap());
    actor.send({ type: 'server.snapshot', snapshot: { roster: roster(['1', '2', '3']), info: epsInfo(['1']), status: epsStatus(['1']) } });
    const reloaded = selectParticipantList(snap());
    expect(reloaded).not.toBe(list);
    expect(ids(reloaded)).toEqual(['1', '2', '3']);
    expect(reloaded[0]).toBe(selectParticipant('1')(snap()));
  });

  it('read after every batch, it always equals a list built once from scratch', () => {
    // pseudo-random but repeatable batches of joins, leaves, status changes, renames, sorts and
    // roster changes; store B is never read in between, so it builds its list only at the end
    let seed = 7;
    const next = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    const pool = Array.from({ length: 40 }, (_, i) => (i % 4 === 0 ? `guest.${i}` : String(i)));
    const pick = (k: number) => Array.from(new Set(Array.from({ length: k }, () => pool[next(pool.length)])));
    const { actor, clock, snap } = loaded();
    const shadow = createActor(participantsMachine, { clock, input: {} }).start();
    shadow.send({
      type: 'server.snapshot',
      snapshot: {
        roster: roster(['1', '2', '3']),
        info: epsInfo(['1', '2', 'guest.9']),
        status: epsStatus(['1', '2', 'guest.9'], [{ hand: 1 }, {}, {}]),
      },
    });
    let arrays = 0;
    let previous = selectParticipantList(snap());
    for (let round = 0; round < 60; round++) {
      for (let k = 0; k < 3; k++) {
        const who = pick(1 + next(5));
        const kind = next(6);
        const ev =
          kind === 0
            ? delta('online_eps_info', epsInfo(who))
            : kind === 1
              ? delta('online_eps_left', { mr_id: '0123', usr_ids: who })
              : kind === 2
                ? delta(
                    'online_eps_status',
                    epsStatus(
                      who,
                      who.map(() => ({ hand: next(2) as 0 | 1, waiting: next(4) === 0 ? 1 : 0 })),
                    ),
                  )
                : kind === 3
                  ? delta('online_eps_info', epsInfo(who, { usr_names: who.map(() => `n${round}`), pin_sort: who.map(() => next(9)) }))
                  : kind === 4
                    ? delta('mr_participants', roster(who))
                    : delta('mr_participants', roster([], { deleted_usr_ids: who }));
        actor.send(ev);
        shadow.send(ev);
      }
      clock.increment(PARTICIPANT_UPDATE_DELAY_MS);
      const list = selectParticipantList(snap());
      if (list !== previous) arrays++;
      previous = list;
      expect(list).toHaveLength(selectTotalCount(snap()));
      for (const p of list) expect(p).toBe(selectParticipant(p.usr_id)(snap()));
      expect(list.filter((p) => p.online === 1)).toHaveLength(selectOnlineCount(snap()));
    }
    expect(selectParticipantList(snap())).toEqual(selectParticipantList(shadow.getSnapshot()));
    expect(selectWaitingList(snap())).toEqual(selectWaitingList(shadow.getSnapshot()));
    expect(selectParticipantCounts(snap())).toEqual(selectParticipantCounts(shadow.getSnapshot()));
    // some batches changed membership, others only records
    expect(arrays).toBeGreaterThan(0);
    expect(arrays).toBeLessThan(60);
    shadow.stop();
  });

  it('the waiting list is a new array only when the waiting map changed', () => {
    const { actor, clock, snap } = loaded();
    const empty = selectWaitingList(snap());
    actor.send(delta('online_eps_status', epsStatus(['1'], [{}])));
    clock.increment(PARTICIPANT_UPDATE_DELAY_MS);
    expect(selectWaitingList(snap())).toBe(empty);
    actor.send(delta('online_eps_status', epsStatus(['2'], [{ waiting: 1 }])));
    clock.increment(PARTICIPANT_UPDATE_DELAY_MS);
    const one = selectWaitingList(snap());
    expect(one).not.toBe(empty);
    expect(ids(one)).toEqual(['2']);
    actor.send(delta('online_eps_info', epsInfo(['1'], { usr_names: ['Other'] })));
    clock.increment(PARTICIPANT_UPDATE_DELAY_MS);
    expect(selectWaitingList(snap())).toBe(one);
    actor.send(delta('online_eps_left', { mr_id: '0123', usr_ids: ['2'] }));
    clock.increment(PARTICIPANT_UPDATE_DELAY_MS);
    expect(selectWaitingList(snap())).toEqual([]);
  });
});
