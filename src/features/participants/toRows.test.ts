import { describe, expect, it } from 'vitest';
import { ParticipantStore } from '@machines/participants/participantStore';
import { displayAddress, toRows } from './toRows';

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
});
