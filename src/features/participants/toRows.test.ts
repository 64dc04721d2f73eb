import { describe, expect, it } from 'vitest';
import { ParticipantStore } from '@machines/participants/participantStore';
import { displayAddress, RowMaker, rosterNumbers, toRows } from './toRows';

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
      store.applyInfo({
        mr_id: '1',
        usr_ids: ids,
        usr_names: ids.map((id) => id.toUpperCase()),
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
