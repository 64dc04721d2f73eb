import { describe, expect, it } from 'vitest';
import { ParticipantStore } from '@machines/participants/participantStore';
import { displayAddress, RowMaker, rosterNumbers, toRows } from './toRows';
import { seededRandom as random } from '@machines/testing/seededRandom';
import { CMD } from '@protocol/cmdids';

/** An online endpoints' info event naming `ids` with `names`, everything else plain. */
const info = (ids: string[], names: string[]) => ({
  mr_id: '1',
  usr_ids: ids,
  usr_names: names,
  ep_ids: ids.map((_, i) => i + 1),
  usr_uris: ids.map((id) => `sip:${id}@h`),
  enter_dtms: ids.map(() => 0),
  dev_type: ids.map(() => ''),
  ep_version: ids.map(() => 0),
  is_online: ids.map(() => 1),
  pin_sort: ids.map(() => 0),
  sort_para: ids.map(() => 0),
  gbk_names: ids.map(() => ''),
  proto_types: ids.map(() => 2),
  ep_uuid: ids.map(() => ''),
});

describe('displayAddress', () => {
  it('strips scheme, port and parameters from an online uri', () => {
    expect(displayAddress('sip:alice@10.0.0.5:5060;transport=tcp', '')).toBe('alice@10.0.0.5');
  });
  it('uses the invited call address with @ while offline', () => {
    expect(displayAddress('', 'bob,10.0.0.6')).toBe('bob@10.0.0.6');
  });
});

describe('toRows', () => {
  it('keeps the row object of an unchanged participant and marks the waiting room', () => {
    const store = new ParticipantStore();
    store.applyInfo({
      mr_id: '1',
      usr_ids: ['a', 'b'],
      usr_names: ['A', 'B'],
      ep_ids: [1, 2],
      usr_uris: ['sip:a@h', 'sip:b@h'],
      enter_dtms: [0, 0],
      dev_type: ['', ''],
      ep_version: [0, 0],
      is_online: [1, 1],
      pin_sort: [0, 0],
      sort_para: [0, 0],
      gbk_names: ['', ''],
      proto_types: [2, 1],
      ep_uuid: ['', ''],
    });
    const first = toRows(store.list(), store.waiting(), (id) => store.isWaiting(id));
    store.applyStatus({ mr_id: '1', usr_ids: ['b'], usr_stats: ['00000000000000001'], local_rtp_ip: [''], stats_desc: [] });
    const second = toRows(store.list(), store.waiting(), (id) => store.isWaiting(id));
    expect(second[0]).toBe(first[0]);
    expect(second[1].waiting).toBe(true);
    expect(second.map((r) => r.remoteAddr)).toEqual(['a@h', 'b@h']);
  });

  it('a participant leaving keeps the row objects of everyone after them; the Index is still the roster number (issue 27)', () => {
    const store = new ParticipantStore();
    const join = (ids: string[]) =>
      store.applyInfo(
        info(
          ids,
          ids.map((id) => id.toUpperCase()),
        ),
      );
    join(['a', 'b', 'c', 'd']);
    const maker = new RowMaker();
    const make = () => maker.rows(store.list(), store.waiting(), (id) => store.isWaiting(id));
    const first = make();
    store.applyLeft({ usr_ids: ['b'] });
    const second = make();
    expect(second.map((r) => r.usrId)).toEqual(['a', 'c', 'd']);
    expect(second[1]).toBe(first[2]);
    expect(second[2]).toBe(first[3]);
    expect(rosterNumbers(store.list(), store.waiting())('c')).toBe(2);
    // back again: after everyone listed, in the order and in the numbers
    join(['b']);
    const third = make();
    expect(third.map((r) => r.usrId)).toEqual(['a', 'c', 'd', 'b']);
    expect(third[3].order).toBeGreaterThan(third[2].order);
    expect(third[1]).toBe(first[2]);
    expect(rosterNumbers(store.list(), store.waiting())('b')).toBe(4);
  });
});

describe('RowMaker.fromStore', () => {
  const noWaiting = {
    cmdid: CMD.waitingUsr,
    ep_ids: [],
    usr_ids: [],
    usr_names: [],
    gbk_names: [],
    dev_types: [],
    usr_types: [],
    usr_uris: [],
    deleted_ep_ids: [],
  };

  it('patching the rows a batch changed gives what a full pass gives, batch after batch (issue 27)', () => {
    for (let seed = 1; seed <= 40; seed++) {
      const rnd = random(seed);
      const store = new ParticipantStore();
      let next = 0;
      const ids = Array.from({ length: 60 }, () => `u${next++}`);
      store.applyInfo(
        info(
          ids,
          ids.map((id) => id.toUpperCase()),
        ),
      );
      const maker = new RowMaker();
      const full = new RowMaker();
      let waitingEp = 0;
      const pick = () => store.list()[Math.floor(rnd() * store.size)]?.usr_id ?? 'u0';
      for (let batch = 0; batch < 40; batch++) {
        const r = rnd();
        // mostly status changes (patched), now and then a join, a leave, a rename, the waiting room
        const changed = Array.from({ length: 1 + Math.floor(rnd() * 8) }, pick);
        const stat = () => (rnd() < 0.5 ? '1' : '0') + '0000000000000000'.slice(0, 15) + (rnd() < 0.1 ? '1' : '0');
        store.applyStatus({
          mr_id: '1',
          usr_ids: changed,
          usr_stats: changed.map(stat),
          local_rtp_ip: changed.map(() => ''),
          stats_desc: [],
        });
        if (r < 0.1) store.applyInfo(info([`u${next++}`], ['New']));
        else if (r < 0.2) store.applyLeft({ usr_ids: [pick()] });
        else if (r < 0.3) {
          const id = pick();
          store.applyInfo(info([id], [`Renamed ${batch}`]));
        } else if (r < 0.5) {
          // into the waiting room: a listed participant, or someone the roster does not know yet
          const id = rnd() < 0.5 ? pick() : `w${next++}`;
          waitingEp += 1;
          store.applyWaiting({ ...noWaiting, ep_ids: [waitingEp], usr_ids: [id], usr_names: [id], usr_uris: [`sip:${id}@h`] });
        } else if (r < 0.6 && waitingEp > 0) {
          store.applyWaiting({ ...noWaiting, deleted_ep_ids: [1 + Math.floor(rnd() * waitingEp)] });
        } else if (r < 0.7) {
          // gone and back within one batch: listed again at the end
          const id = pick();
          store.applyLeft({ usr_ids: [id] });
          store.applyInfo(info([id], [id]));
        }
        const list = store.list();
        const waiting = store.waiting();
        const got = maker.fromStore(store, list, waiting);
        const want = full.rows(
          list,
          waiting,
          (id) => store.isWaiting(id),
          (id) => store.has(id),
        );
        // the same objects: the row cache is shared, and a patched row is made as a full pass makes it
        expect(got.length, `seed ${seed} batch ${batch}`).toBe(want.length);
        expect(
          got.every((row, i) => row === want[i]),
          `seed ${seed} batch ${batch}`,
        ).toBe(true);
        const numbers = rosterNumbers(list, waiting, (id) => store.position(id));
        const reference = rosterNumbers(list, waiting);
        for (const row of want) expect(numbers(row.usrId), `seed ${seed} batch ${batch}`).toBe(reference(row.usrId));
      }
    }
  });

  it('keeps the row objects of participants a batch did not touch, and the same array when nothing changed', () => {
    const store = new ParticipantStore();
    store.applyInfo(info(['a', 'b', 'c'], ['A', 'B', 'C']));
    const maker = new RowMaker();
    const first = maker.fromStore(store, store.list(), store.waiting());
    expect(maker.fromStore(store, store.list(), store.waiting())).toBe(first);
    store.applyStatus({ mr_id: '1', usr_ids: ['b'], usr_stats: ['1'], local_rtp_ip: [''], stats_desc: [] });
    const second = maker.fromStore(store, store.list(), store.waiting());
    expect(second).not.toBe(first);
    expect(second[0]).toBe(first[0]);
    expect(second[2]).toBe(first[2]);
    expect(second[1].stats).toBe('1');
  });
});
