import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { ApiError } from '../../protocol/errors';
import { flush, scriptedSessionApi } from '../testing/fakeSessionApi';
import { controllersMachine } from './controllersMachine';
import { selectControllerCount, selectControllerEntries, selectControllersOnline, selectControllersUnread } from './selectors';

const inEv = (sessionid: string, seq = 1) =>
  ({ type: 'server.mr_ctrl_in', event: { cmdid: 'mr_ctrl_in', seq, peer_ip: '10.0.0.1', sessionid, role: 'host', dtm: 100 } }) as never;
const outEv = (sessionid: string) =>
  ({
    type: 'server.mr_ctrl_out',
    event: { cmdid: 'mr_ctrl_out', seq: 9, peer_ip: '10.0.0.1', sessionid, quit_dtm: 200, reason: 'logout' },
  }) as never;

describe('controllers', () => {
  it('in adds and counts; out of the same session decrements and stamps the quit time; unread rises on each', () => {
    const actor = createActor(controllersMachine, { input: {} }).start();
    const emitted: string[] = [];
    actor.on('*', (e) => emitted.push(e.type));
    actor.send(inEv('a'));
    actor.send(inEv('b'));
    expect(selectControllerCount(actor.getSnapshot())).toBe(2);
    actor.send(outEv('a'));
    const s = actor.getSnapshot();
    expect(selectControllerCount(s)).toBe(1);
    expect(selectControllersUnread(s)).toBe(3);
    const entries = selectControllerEntries(s);
    expect(entries[0]).toMatchObject({ type: 'out', sessionid: 'a', quit_dtm: 200 });
    expect(entries.find((e) => e.type === 'in' && e.sessionid === 'a')!.quit_dtm).toBe(200);
    expect(entries.find((e) => e.type === 'in' && e.sessionid === 'b')!.quit_dtm).toBe(0);
    expect(emitted).toEqual(['controllers.joined', 'controllers.joined', 'controllers.left']);
    actor.send({ type: 'controllers.markRead' });
    expect(selectControllersUnread(actor.getSnapshot())).toBe(0);
  });
});

describe("issue 12: the count of controllers online is the server's", () => {
  /** a controllers actor on a scripted session client, the list shown (followed) unless told otherwise */
  function following({ follow = true } = {}) {
    const fake = scriptedSessionApi();
    const actor = createActor(controllersMachine, { input: { api: fake.api } }).start();
    if (follow) actor.send({ type: 'controllers.follow' });
    const join = (sessionid: string) => actor.send(inEv(sessionid));
    const list = (n: number) => ({ controllers: Array.from({ length: n }, (_, i) => ({ role: 'host', peer_ip: `10.0.0.${i}`, self: 0 })) });
    const online = () => selectControllersOnline(actor.getSnapshot());
    return { fake, actor, join, list, online };
  }

  it('says "at least" the joins announced until the server answered, then its exact count and list', async () => {
    const { fake, actor, online } = following();
    actor.send({
      type: 'server.mr_ctrl_in',
      event: { cmdid: 'mr_ctrl_in', seq: 1, peer_ip: '10.0.0.1', sessionid: '', role: 'host', dtm: 1 } as never,
    });
    actor.send({
      type: 'server.mr_ctrl_in',
      event: { cmdid: 'mr_ctrl_in', seq: 2, peer_ip: '10.0.0.2', sessionid: '', role: 'supervisor', dtm: 2 } as never,
    });
    // session ids hidden from other controllers: still counted as two joins
    expect(online()).toMatchObject({ count: 2, exact: false });
    const list = [
      { role: 'host', peer_ip: '10.0.0.1', self: 1 },
      { role: 'supervisor', peer_ip: '10.0.0.2', self: 0 },
      { role: 'host', peer_ip: '10.0.0.3', self: 0 },
    ];
    // the first request is the one sent on follow; the joins asked again once it is back
    expect(fake.pending('controllers')).toHaveLength(1);
    fake.answer('controllers', { controllers: [] });
    await flush();
    fake.answer('controllers', { controllers: list });
    await flush();
    expect(online()).toEqual({ count: 3, exact: true, list });
    expect(fake.calls.map((c) => `${c.method} ${c.suffix}`)).toEqual(['get controllers', 'get controllers']);
  });

  it('asks nothing while the list is not shown, and stops asking once it is hidden', async () => {
    const { fake, actor, join, list } = following({ follow: false });
    join('a');
    expect(fake.calls).toEqual([]);
    actor.send({ type: 'controllers.follow' });
    fake.answer('controllers', list(1));
    await flush();
    actor.send({ type: 'controllers.unfollow' });
    join('b');
    expect(fake.pending('controllers')).toHaveLength(0);
  });

  it('asks once at a time and again after announcements that came meanwhile, so the last list is the newest', async () => {
    const { fake, join, list, online } = following();
    expect(fake.pending('controllers')).toHaveLength(1);
    join('a');
    join('b');
    // still one request: the announcements wait for it
    expect(fake.pending('controllers')).toHaveLength(1);
    fake.answer('controllers', list(3));
    await flush();
    expect(online()).toMatchObject({ count: 3, exact: true });
    // one more request for both announcements, sent after them
    expect(fake.pending('controllers')).toHaveLength(1);
    fake.answer('controllers', list(2));
    await flush();
    expect(online()).toMatchObject({ count: 2, exact: true });
    expect(fake.pending('controllers')).toHaveLength(0);
    join('c');
    expect(fake.pending('controllers')).toHaveLength(1);
  });

  it('a refused call (a platform without the snapshot) leaves the count a lower bound and is never asked again', async () => {
    const { fake, join, online } = following();
    join('a');
    fake.fail('controllers', new ApiError('http', 404, '/controllers'));
    await flush();
    expect(online()).toEqual({ count: 1, exact: false, list: [] });
    join('b');
    expect(fake.pending('controllers')).toHaveLength(0);
    expect(online()).toMatchObject({ count: 2, exact: false });
  });

  it('an answer without the list is no snapshot either, even after an exact one', async () => {
    const { fake, join, list, online } = following();
    fake.answer('controllers', list(2));
    await flush();
    join('a');
    fake.answer('controllers', { cmdid: 'controllers_rsp' });
    await flush();
    expect(online()).toEqual({ count: 1, exact: false, list: [] });
    join('b');
    expect(fake.pending('controllers')).toHaveLength(0);
  });

  it('a network failure says nothing of the snapshot: the next announcement asks again', async () => {
    const { fake, join, list, online } = following();
    fake.fail('controllers', new ApiError('network', 0, '/controllers'));
    await flush();
    expect(online().exact).toBe(false);
    join('a');
    fake.answer('controllers', list(4));
    await flush();
    expect(online()).toMatchObject({ count: 4, exact: true });
  });

  it('the session logging out calls off the request on its way and asks nothing more (the server would refuse it, 404)', async () => {
    const { fake, actor, join, online } = following();
    const [call] = fake.pending('controllers');
    expect(call.signal?.aborted).toBe(false);
    actor.send({ type: 'controllers.stop' });
    expect(call.signal?.aborted).toBe(true);
    await flush();
    // called off is not "unavailable": nothing is concluded
    expect(actor.getSnapshot().context.snapshot).toBe('unknown');
    join('a');
    actor.send({ type: 'controllers.follow' });
    expect(fake.pending('controllers')).toHaveLength(0);
    expect(online()).toMatchObject({ count: 1, exact: false });
  });

  it('after a resume the request on its way is asked again of the new session', async () => {
    const { fake, actor, list, online } = following();
    const [old] = fake.pending('controllers');
    const resumed = scriptedSessionApi('0123', 's-2');
    actor.send({ type: 'session.api', api: resumed.api });
    expect(old.signal?.aborted).toBe(true);
    resumed.answer('controllers', list(2));
    await flush();
    expect(online()).toMatchObject({ count: 2, exact: true });
    expect(fake.pending('controllers')).toHaveLength(0);
  });
});

describe('issue 30: a join whose peer is the literal {ip} is no controller', () => {
  const ev = (type: 'in' | 'out', peer_ip: string, sessionid: string) =>
    (type === 'in'
      ? { type: 'server.mr_ctrl_in', event: { cmdid: 'mr_ctrl_in', seq: 1, peer_ip, sessionid, role: 'host', dtm: 1 } }
      : {
          type: 'server.mr_ctrl_out',
          event: { cmdid: 'mr_ctrl_out', seq: 2, peer_ip, sessionid, quit_dtm: 2, reason: 'logout' },
        }) as never;

  it('ignores the {ip} join and its quit: no entry, no count, no unread, nothing announced', () => {
    const actor = createActor(controllersMachine, { input: {} }).start();
    const emitted: string[] = [];
    actor.on('*', (e) => emitted.push(e.type));
    actor.send(ev('in', '{ip}', 'svc'));
    actor.send(ev('out', '{ip}', 'svc'));
    const s = actor.getSnapshot();
    expect(selectControllerEntries(s)).toEqual([]);
    expect(selectControllerCount(s)).toBe(0);
    expect(selectControllersUnread(s)).toBe(0);
    expect(emitted).toEqual([]);
  });

  it("still counts a real join beside it, and that session's quit even when its peer reads {ip}", () => {
    const actor = createActor(controllersMachine, { input: {} }).start();
    actor.send(ev('in', '{ip}', 'svc'));
    actor.send(ev('in', '10.0.0.9', 'real'));
    expect(selectControllerCount(actor.getSnapshot())).toBe(1);
    actor.send(ev('out', '{ip}', 'real'));
    expect(selectControllerCount(actor.getSnapshot())).toBe(0);
    expect(selectControllerEntries(actor.getSnapshot()).map((e) => `${e.type}:${e.sessionid}`)).toEqual(['out:real', 'in:real']);
  });
});
