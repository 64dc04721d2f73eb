import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { addressBookMachine, type SessionApi } from '@machines/index';
import { ApiError } from '@protocol/errors';
import { DepartmentSearchNotOffered, sessionAddressBook } from './addressBookSource';

/** A session API answering like the reference server: a subscription whose dtms are current is a 304. */
function fakeServer(opts: { nameSearch?: 'ok' | 'refused' | 'tooMany' } = {}) {
  const sent: { suffix: string; body: Record<string, any> }[] = [];
  const deps = new Map([
    [11, { name: 'North', dtm: 100 }],
    [12, { name: 'South', dtm: 200 }],
  ]);
  const users = new Map([
    [1001, { nick: 'Wang Wei', addr: '1001@sip', dtm: 300 }],
    [1002, { nick: 'Li Na', addr: '1002@sip', dtm: 400 }],
  ]);
  const post = async (suffix: string, body: Record<string, any>): Promise<any> => {
    sent.push({ suffix, body });
    const current = (ids: number[], dtms: number[] | undefined, dtm: (id: number) => number | undefined) =>
      !!dtms && ids.every((id, i) => dtm(id) === dtms[i]);
    switch (suffix) {
      case 'departments/department_ids/search/':
        if (body.filter_type[0] === 'department_name') {
          if (opts.nameSearch === 'refused') throw new ApiError('http', 400, suffix, 9001);
          if (opts.nameSearch === 'tooMany') return { ids: [], total: 600, too_many: 1, result: 2002 };
        }
        return { ids: [11, 12], total: 2, too_many: 0 };
      case 'departments/department_ids/':
        if (current(body.department_ids, body.last_modify_dtms, (id) => deps.get(id)?.dtm)) throw new ApiError('http', 304, suffix);
        return {
          department_ids: body.department_ids,
          department_names: body.department_ids.map((id: number) => deps.get(id)!.name),
          last_modify_dtms: body.department_ids.map((id: number) => deps.get(id)!.dtm),
        };
      case 'usrs/usr_ids/':
        if (current(body.usr_ids, body.last_modify_dtms, (id) => users.get(id)?.dtm)) throw new ApiError('http', 304, suffix);
        return {
          usr_ids: body.usr_ids,
          nick_names: body.usr_ids.map((id: number) => users.get(id)!.nick),
          call_addrs: body.usr_ids.map((id: number) => users.get(id)!.addr),
          last_modify_dtms: body.usr_ids.map((id: number) => users.get(id)!.dtm),
        };
      case 'usrs/get_usr_online_status/':
        return { usr_ids: [1001, 1002], online_status: [1, 0], fail_usr_ids: [] };
      default:
        throw new ApiError('http', 404, suffix);
    }
  };
  const api = {
    mrId: '8008038',
    sessId: 's',
    post,
    get: async () => ({}),
    changes: async () => [],
    raw: async () => ({}),
  } as unknown as SessionApi;
  const actor = createActor(addressBookMachine, { input: { api } }).start();
  return { sent, actor, source: () => sessionAddressBook(actor) };
}

describe('sessionAddressBook through the address-book actor', () => {
  it('a second expand sends the cached last_modify_dtms and shows the cached names on the 304', async () => {
    const s = fakeServer();
    expect(await s.source().childDepartments(1)).toEqual([
      { id: 11, name: 'North' },
      { id: 12, name: 'South' },
    ]);
    const subscriptions = () => s.sent.filter((c) => c.suffix === 'departments/department_ids/');
    expect(subscriptions()[0].body).toMatchObject({ cmdid: 'subscribe_department', department_ids: [11, 12], last_modify_dtms: [0, 0] });
    // the dialog opened again: a new source on the same session actor
    expect(await s.source().childDepartments(1)).toEqual([
      { id: 11, name: 'North' },
      { id: 12, name: 'South' },
    ]);
    expect(subscriptions()[1].body).toMatchObject({ department_ids: [11, 12], last_modify_dtms: [100, 200] });
    expect(s.actor.getSnapshot().context.lastError).toBeNull();
  });

  it('users come from the cache on a 304 too, and their online status from get_usr_online_status', async () => {
    const s = fakeServer();
    const source = s.source();
    expect(await source.users([1001, 1002])).toEqual([
      { id: 1001, name: 'Wang Wei', callAddr: '1001@sip' },
      { id: 1002, name: 'Li Na', callAddr: '1002@sip' },
    ]);
    expect((await source.users([1002])).map((u) => u.name)).toEqual(['Li Na']);
    expect(s.sent.filter((c) => c.suffix === 'usrs/usr_ids/')[1].body.last_modify_dtms).toEqual([400]);
    const online = await source.onlineStatus([1001, 1002]);
    expect(s.sent.at(-1)!.body).toEqual({ cmdid: 'get_usr_online_status', usr_ids: [1001, 1002] });
    expect([...online]).toEqual([
      [1001, true],
      [1002, false],
    ]);
  });

  it('searches departments by name: matches, more than 500 refused, or not offered by the platform', async () => {
    const found = await fakeServer().source().searchDepartments('th');
    expect(found).toEqual({
      tooMany: false,
      departments: [
        { id: 11, name: 'North' },
        { id: 12, name: 'South' },
      ],
    });
    const tooMany = fakeServer({ nameSearch: 'tooMany' });
    expect(await tooMany.source().searchDepartments('分公司')).toEqual({ tooMany: true, total: 600 });
    // nothing is subscribed for a refused search
    expect(tooMany.sent.filter((c) => c.suffix === 'departments/department_ids/')).toHaveLength(0);
    await expect(fakeServer({ nameSearch: 'refused' }).source().searchDepartments('x')).rejects.toBeInstanceOf(DepartmentSearchNotOffered);
  });
});
