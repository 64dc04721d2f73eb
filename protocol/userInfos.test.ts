import { describe, expect, it } from 'vitest';
import { decodeChangeEvent, decodeUserInfos } from './decodeSession';

describe('usr_ids and user_infos (issue 30: decoded, not dropped)', () => {
  it('usr_ids reads integer and string ids alike, as strings', () => {
    expect(decodeChangeEvent({ cmdid: 'usr_ids', seq: 3, usr_ids: [12, '34'] })).toMatchObject({ cmdid: 'usr_ids', usr_ids: ['12', '34'] });
  });

  it('user_infos keeps the call addresses of facts §5.2 beside the spec’s types and phones, filling absent arrays', () => {
    const e = decodeChangeEvent({ cmdid: 'user_infos', usr_ids: ['a', 7], nick_names: ['Ann', 'Bo'], call_addrs: ['ann,10.0.0.2', ''] });
    expect(e).toMatchObject({
      usr_ids: ['a', '7'],
      nick_names: ['Ann', 'Bo'],
      call_addrs: ['ann,10.0.0.2', ''],
      usr_types: [0, 0],
      phone_nos: ['', ''],
    });
  });

  it('the answer of get_user_infos decodes as the event; arrays of another length are refused', () => {
    expect(
      decodeUserInfos({ cmdid: 'user_infos', usr_ids: ['x'], nick_names: ['X'], usr_types: [2], phone_nos: ['555'], call_addrs: ['x@h'] }),
    ).toMatchObject({
      usr_ids: ['x'],
      phone_nos: ['555'],
    });
    expect(() => decodeUserInfos({ cmdid: 'user_infos', usr_ids: ['x', 'y'], nick_names: ['X'] })).toThrow();
  });
});
