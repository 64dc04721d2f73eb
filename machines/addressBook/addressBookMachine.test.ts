import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { ApiError } from '../../protocol/errors';
import { flush, scriptedSessionApi } from '../testing/fakeSessionApi';
import { addressBookMachine } from './addressBookMachine';
import { SubscriptionCache, unzip } from './subscriptionCache';
import { selectAddressBookError, selectDepartmentRecord, selectQueryOutcome, selectSettled, selectUserRecord } from './selectors';

function started() {
  const script = scriptedSessionApi();
  const actor = createActor(addressBookMachine, { input: { api: script.api } }).start();
  return { ...script, actor, snap: () => actor.getSnapshot() };
}

describe('SubscriptionCache', () => {
  it('holds at most 500 entries, least recently used out first', () => {
    const cache = new SubscriptionCache<{ last_modify_dtms: number }>();
    for (let i = 0; i < 501; i++) cache.put(i, { last_modify_dtms: i });
    expect(cache.size).toBe(500);
    expect(cache.get(0)).toBeUndefined();
    cache.touch([1]);
    cache.put(600, { last_modify_dtms: 1 });
    expect(cache.get(1)).toBeDefined();
    expect(cache.get(2)).toBeUndefined();
  });

  it('unzips parallel arrays into records', () => {
    expect(unzip({ usr_ids: [1, 2], nick_names: ['a', 'b'], x: 'y' }, 'usr_ids')).toEqual([
      { usr_ids: 1, nick_names: 'a' },
      { usr_ids: 2, nick_names: 'b' },
    ]);
  });
});

describe('subscriptions', () => {
  it('subscribe_usr sends cached last_modify_dtms; the answer fills the cache', async () => {
    const h = started();
    h.actor.send({ type: 'addressBook.subscribeUsers', ids: [1, 2] });
    expect(h.calls[0]).toMatchObject({
      suffix: 'usrs/usr_ids/',
      body: { cmdid: 'subscribe_usr', usr_ids: [1, 2], last_modify_dtms: [0, 0] },
    });
    h.answer('usrs/usr_ids/', { usr_ids: [1, 2], nick_names: ['a', 'b'], last_modify_dtms: [10, 20] });
    await flush();
    expect(selectUserRecord(2)(h.snap())).toMatchObject({ nick_names: 'b', last_modify_dtms: 20 });
    h.actor.send({ type: 'addressBook.subscribeUsers', ids: [1, 2] });
    expect(h.calls[1].body).toMatchObject({ last_modify_dtms: [10, 20] });
  });

  it('304 → the cache is used, no error', async () => {
    const h = started();
    h.actor.send({
      type: 'server.department_info',
      event: { cmdid: 'department_info', seq: 1, department_ids: [5], department_names: ['Sales'], last_modify_dtms: [7] },
    } as never);
    h.actor.send({ type: 'addressBook.subscribeDepartments', ids: [5] });
    expect(h.calls[0].body).toMatchObject({ cmdid: 'subscribe_department', department_ids: [5], last_modify_dtms: [7] });
    h.fail('departments/department_ids/', new ApiError('http', 304, '/departments'));
    await flush();
    expect(selectDepartmentRecord(5)(h.snap())).toMatchObject({ department_names: 'Sales' });
    expect(selectAddressBookError(h.snap())).toBeNull();
  });

  it('other failures are kept as the last error', async () => {
    const h = started();
    h.actor.send({ type: 'addressBook.subscribeUsers', ids: [1] });
    h.fail('usrs/usr_ids/', new ApiError('http', 403, '/usrs', 1001));
    await flush();
    expect(selectAddressBookError(h.snap())).toEqual({ kind: 'users', status: 403, result: 1001 });
  });

  it('tells each caller how its subscription ended: a 304 is ok (the cache answers), others failed', async () => {
    const h = started();
    h.actor.send({ type: 'addressBook.subscribeUsers', ids: [1], requestId: 'r1' });
    expect(selectSettled('r1')(h.snap())).toBeUndefined();
    h.answer('usrs/usr_ids/', { usr_ids: [1], nick_names: ['a'], last_modify_dtms: [10] });
    await flush();
    expect(selectSettled('r1')(h.snap())).toBe('ok');
    h.actor.send({ type: 'addressBook.subscribeUsers', ids: [1], requestId: 'r2' });
    expect(h.calls[1].body).toMatchObject({ usr_ids: [1], last_modify_dtms: [10] });
    h.fail('usrs/usr_ids/', new ApiError('http', 304, '/usrs'));
    await flush();
    expect(selectSettled('r2')(h.snap())).toBe('ok');
    expect(selectUserRecord(1)(h.snap())).toMatchObject({ nick_names: 'a' });
    h.actor.send({ type: 'addressBook.subscribeDepartments', ids: [3], requestId: 'r3' });
    h.fail('departments/department_ids/', new ApiError('http', 500, '/departments'));
    await flush();
    expect(selectSettled('r3')(h.snap())).toBe('failed');
    // nothing to ask is settled at once
    h.actor.send({ type: 'addressBook.subscribeUsers', ids: [], requestId: 'r4' });
    expect(selectSettled('r4')(h.snap())).toBe('ok');
  });

  it('keeps the outcomes of the last 50 requests only', async () => {
    const h = started();
    for (let i = 0; i < 51; i++) h.actor.send({ type: 'addressBook.subscribeUsers', ids: [], requestId: `q${i}` });
    expect(selectSettled('q0')(h.snap())).toBeUndefined();
    expect(selectSettled('q50')(h.snap())).toBe('ok');
  });
});

describe('queries (searches and online status, never cached)', () => {
  it('builds each body here and keeps the read answer under its request id', async () => {
    const h = started();
    h.actor.send({ type: 'addressBook.query', query: { kind: 'users', keyword: 'wang', depId: 7 }, requestId: 'u1' });
    expect(h.calls[0]).toMatchObject({
      suffix: 'usrs/usr_id/search/',
      body: { cmdid: 'search_usr', filter_type: ['keyword', 'department_id'], filter_value: ['wang', 7] },
    });
    expect(selectQueryOutcome('u1')(h.snap())).toBeUndefined();
    h.answer('usrs/usr_id/search/', { ids: [1, 2], too_many: 0 });
    await flush();
    expect(selectQueryOutcome('u1')(h.snap())).toEqual({
      ok: true,
      answer: { kind: 'users', found: { ids: [1, 2], total: 2, tooMany: false } },
    });

    h.actor.send({ type: 'addressBook.query', query: { kind: 'departments', by: 'senior_id', value: -1 }, requestId: 'd1' });
    expect(h.calls[1]).toMatchObject({
      suffix: 'departments/department_ids/search/',
      body: { cmdid: 'search_department_ids', filter_type: ['senior_id'], filter_value: [-1] },
    });
    h.answer('departments/department_ids/search/', { ids: [], total: 600, too_many: 1 });
    await flush();
    expect(selectQueryOutcome('d1')(h.snap())).toEqual({
      ok: true,
      answer: { kind: 'departments', found: { ids: [], total: 600, tooMany: true } },
    });

    h.actor.send({ type: 'addressBook.query', query: { kind: 'online', ids: [1, 2] }, requestId: 'o1' });
    expect(h.calls[2]).toMatchObject({ suffix: 'usrs/get_usr_online_status/', body: { cmdid: 'get_usr_online_status', usr_ids: [1, 2] } });
    h.answer('usrs/get_usr_online_status/', { usr_ids: [1, 2], online_status: [1, 0] });
    await flush();
    expect(selectQueryOutcome('o1')(h.snap())).toEqual({
      ok: true,
      answer: {
        kind: 'online',
        online: [
          [1, true],
          [2, false],
        ],
      },
    });
  });

  it('keeps a refusal as its error, for the caller to judge', async () => {
    const h = started();
    h.actor.send({ type: 'addressBook.query', query: { kind: 'departments', by: 'department_name', value: 'x' }, requestId: 'n1' });
    const refusal = new ApiError('http', 400, '/departments', 9001);
    h.fail('departments/department_ids/search/', refusal);
    await flush();
    expect(selectQueryOutcome('n1')(h.snap())).toEqual({ ok: false, error: refusal });
  });

  it('without a session client a query fails at once', () => {
    const actor = createActor(addressBookMachine, { input: {} }).start();
    actor.send({ type: 'addressBook.query', query: { kind: 'online', ids: [1] }, requestId: 'x' });
    expect(selectQueryOutcome('x')(actor.getSnapshot())).toMatchObject({ ok: false });
  });
});
