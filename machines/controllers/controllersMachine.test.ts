import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
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
    const actor = createActor(controllersMachine).start();
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
  it('takes the snapshot as the exact count and list, and says "at least" without one', () => {
    const actor = createActor(controllersMachine).start();
    expect(selectControllersOnline(actor.getSnapshot())).toEqual({ count: 1, exact: false, list: [] });
    actor.send({
      type: 'server.mr_ctrl_in',
      event: { cmdid: 'mr_ctrl_in', seq: 1, peer_ip: '10.0.0.1', sessionid: '', role: 'host', dtm: 1 } as never,
    });
    actor.send({
      type: 'server.mr_ctrl_in',
      event: { cmdid: 'mr_ctrl_in', seq: 2, peer_ip: '10.0.0.2', sessionid: '', role: 'supervisor', dtm: 2 } as never,
    });
    // session ids hidden from other controllers: still counted as two joins
    expect(selectControllersOnline(actor.getSnapshot())).toMatchObject({ count: 2, exact: false });
    const list = [
      { role: 'host', peer_ip: '10.0.0.1', self: 1 as const },
      { role: 'supervisor', peer_ip: '10.0.0.2', self: 0 as const },
      { role: 'host', peer_ip: '10.0.0.3', self: 0 as const },
    ];
    actor.send({ type: 'controllers.snapshot', controllers: list });
    expect(selectControllersOnline(actor.getSnapshot())).toEqual({ count: 3, exact: true, list });
    actor.send({ type: 'controllers.snapshotUnavailable' });
    expect(selectControllersOnline(actor.getSnapshot())).toMatchObject({ count: 2, exact: false });
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
    const actor = createActor(controllersMachine).start();
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
    const actor = createActor(controllersMachine).start();
    actor.send(ev('in', '{ip}', 'svc'));
    actor.send(ev('in', '10.0.0.9', 'real'));
    expect(selectControllerCount(actor.getSnapshot())).toBe(1);
    actor.send(ev('out', '{ip}', 'real'));
    expect(selectControllerCount(actor.getSnapshot())).toBe(0);
    expect(selectControllerEntries(actor.getSnapshot()).map((e) => `${e.type}:${e.sessionid}`)).toEqual(['out:real', 'in:real']);
  });
});
