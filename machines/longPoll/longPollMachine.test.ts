import { describe, expect, it } from 'vitest';
import { assign, createActor, setup, SimulatedClock, type AnyEventObject } from 'xstate';
import { ApiError } from '../../protocol/errors';
import type { ChangeEvent } from '../../protocol/events';
import { epsInfo, epsStatus, mrInfo, mrStatus, roster } from '../testing/fixtures';
import { flush, scriptedSessionApi } from '../testing/fakeSessionApi';
import { HIDDEN_KEEPALIVE_MS, longPollMachine, retryDelayMs, type LongPollInput, type PollLogEntry } from './longPollMachine';
import { selectConnectionState, selectSinceSeq } from './selectors';

/** A parent that records what the long poll sends it (the session's role). */
function harness(extra: Partial<LongPollInput> = {}) {
  const script = scriptedSessionApi();
  const clock = new SimulatedClock();
  const logs: PollLogEntry[] = [];
  const doc = Object.assign(new EventTarget(), { visibilityState: 'visible' });
  const win = new EventTarget();
  const parent = setup({
    types: { context: {} as { received: AnyEventObject[] } },
    actors: { longPoll: longPollMachine },
  }).createMachine({
    context: { received: [] },
    invoke: {
      id: 'longPoll',
      src: 'longPoll',
      input: {
        api: script.api,
        visibilityTarget: doc,
        networkTarget: win,
        random: () => 0.5,
        log: (e) => logs.push(e),
        ...extra,
      },
    },
    on: { '*': { actions: assign({ received: ({ context, event }) => [...context.received, event] }) } },
  });
  const actor = createActor(parent, { clock }).start();
  const poller = () => actor.getSnapshot().children.longPoll!;
  const snap = () => poller().getSnapshot() as ReturnType<typeof longPollMachine.getInitialSnapshot>;
  const received = () => actor.getSnapshot().context.received;
  const setVisibility = (v: 'hidden' | 'visible') => {
    doc.visibilityState = v;
    doc.dispatchEvent(new Event('visibilitychange'));
  };
  return { ...script, clock, logs, actor, poller, snap, received, setVisibility, win };
}

async function syncFully(h: ReturnType<typeof harness>, seq?: number) {
  h.answer('participants', { ...roster(['1', '2']), ...(seq !== undefined ? { seq } : {}) });
  h.answer('eps-info', epsInfo(['1']));
  h.answer('eps-status', epsStatus(['1']));
  await flush();
  h.answer('mr-status', mrStatus());
  h.answer('mr-info', mrInfo());
  await flush();
}

const ev = (e: { cmdid: string; seq: number } & Record<string, unknown>) => e as unknown as ChangeEvent;

describe('retryDelayMs', () => {
  it('doubles per attempt up to 30 s with half of it jittered', () => {
    expect(retryDelayMs(1, () => 0)).toBe(500);
    expect(retryDelayMs(1, () => 0.999999)).toBe(1000);
    expect(retryDelayMs(3, () => 0)).toBe(2000);
    expect(retryDelayMs(20, () => 1)).toBe(30_000);
  });
});

describe('when syncing', () => {
  it('loads participants, endpoint info and status together, then meeting status, then polls', async () => {
    const h = harness();
    expect(h.pending('participants')).toHaveLength(1);
    expect(h.pending('eps-info')).toHaveLength(1);
    expect(h.pending('eps-status')).toHaveLength(1);
    expect(h.pending('mr-status')).toHaveLength(0);
    expect(selectConnectionState(h.snap())).toBe('connecting');
    h.answer('participants', roster(['1']));
    h.answer('eps-info', epsInfo(['1']));
    h.answer('eps-status', epsStatus(['1']));
    await flush();
    expect(h.received().map((e) => e.type)).toEqual(['server.snapshot']);
    expect(h.pending('mr-status')).toHaveLength(1);
    expect(h.pending('changes')).toHaveLength(0);
    h.answer('mr-status', mrStatus());
    h.answer('mr-info', mrInfo());
    await flush();
    expect(h.received().map((e) => e.type)).toEqual(['server.snapshot', 'server.meeting_snapshot']);
    expect(h.pending('changes')).toHaveLength(1);
    expect(selectConnectionState(h.snap())).toBe('live');
  });

  it('starts the cursor at the seq the snapshot carries', async () => {
    const h = harness();
    await syncFully(h, 41);
    expect(h.pending('changes')[0].sinceSeq).toBe(41);
  });

  it('error → backoff, logged, retried after the jittered delay', async () => {
    const h = harness();
    h.fail('participants', new ApiError('http', 500, '/participants'));
    await flush();
    expect(h.snap().matches({ active: { syncing: 'backoff' } })).toBe(true);
    expect(selectConnectionState(h.snap())).toBe('reconnecting');
    expect(h.logs).toHaveLength(1);
    h.clock.increment(749);
    expect(h.pending('participants')).toHaveLength(0);
    h.clock.increment(1);
    expect(h.pending('participants')).toHaveLength(1);
  });
});

describe('when polling', () => {
  it('delivers each event as server.<cmdid> and polls on from the last seq', async () => {
    const h = harness();
    await syncFully(h, 10);
    h.poll([ev({ cmdid: 'online_eps_left', seq: 11, usr_ids: ['1'] }), ev({ cmdid: 'one_mr_status', seq: 12, mr_locked: 1 })]);
    await flush();
    const types = h.received().map((e) => e.type);
    expect(types.slice(2)).toEqual(['server.online_eps_left', 'server.one_mr_status']);
    expect(h.pending('changes')[0].sinceSeq).toBe(12);
    expect(selectSinceSeq(h.snap())).toBe(12);
  });

  it('server error → backoff growing per failure; success resets it and reports reconnected', async () => {
    const h = harness();
    const emitted: string[] = [];
    h.poller().on('*', (e) => emitted.push(e.type));
    await syncFully(h, 5);
    h.fail('changes', new ApiError('http', 502, '/changes'));
    await flush();
    expect(selectConnectionState(h.snap())).toBe('reconnecting');
    h.clock.increment(750);
    // the retry is on its way: still reconnecting until it answers
    expect(h.pending('changes')).toHaveLength(1);
    expect(selectConnectionState(h.snap())).toBe('reconnecting');
    h.fail('changes', new ApiError('network', 0, '/changes'));
    await flush();
    h.clock.increment(1499);
    expect(h.pending('changes')).toHaveLength(0);
    h.clock.increment(1);
    expect(h.pending('changes')[0].sinceSeq).toBe(5);
    // a retry is not held: its answer is what says the connection is back
    expect(h.pending('changes')[0].blockSecs).toBe(0);
    h.poll([]);
    await flush();
    expect(selectConnectionState(h.snap())).toBe('reconnected');
    // back in step: the poll is held again
    expect(h.pending('changes')[0].blockSecs).toBe(10);
    expect(h.snap().context.attempt).toBe(0);
    expect(emitted).toEqual(['connection.lost', 'connection.restored']);
    h.clock.increment(5000);
    expect(selectConnectionState(h.snap())).toBe('live');
    expect(h.logs.map((l) => l.phase)).toEqual(['poll', 'poll']);
  });

  it('resync → reloads all four, then polls from the resync seq and shows resynced', async () => {
    const h = harness();
    await syncFully(h, 5);
    h.poll([ev({ cmdid: 'resync', seq: 900 })]);
    await flush();
    expect(h.pending('participants')).toHaveLength(1);
    expect(selectConnectionState(h.snap())).toBe('reconnecting');
    await syncFully(h);
    expect(h.pending('changes')[0].sinceSeq).toBe(900);
    expect(selectConnectionState(h.snap())).toBe('resynced');
    expect(h.received().filter((e) => e.type === 'server.snapshot')).toHaveLength(2);
    expect(h.received().some((e) => e.type === 'server.resync')).toBe(false);
  });

  it.each(['force_logout', 'mr_deled', 'not_rpc_cs'])('%s → delivered, then ended (no more polls)', async (cmdid) => {
    const h = harness();
    await syncFully(h, 1);
    h.poll([ev({ cmdid, seq: 2 })]);
    await flush();
    expect(h.received().map((e) => e.type)).toContain(`server.${cmdid}`);
    expect(h.pending('changes')).toHaveLength(0);
    expect(selectConnectionState(h.snap())).toBe('ended');
    h.clock.increment(60_000);
    expect(h.pending('changes')).toHaveLength(0);
  });

  it('401 (session unknown) → ended as sessionLost', async () => {
    const h = harness();
    await syncFully(h, 1);
    h.fail('changes', new ApiError('http', 401, '/changes'));
    await flush();
    expect(h.snap().context.endReason).toBe('sessionLost');
  });
});

describe('when the page is hidden', () => {
  it('page.hidden → paused, the open poll aborted; page.visible → polls at once from the same cursor', async () => {
    const h = harness();
    await syncFully(h, 7);
    const open = h.pending('changes')[0];
    h.setVisibility('hidden');
    expect(selectConnectionState(h.snap())).toBe('paused');
    expect(open.signal?.aborted).toBe(true);
    await flush();
    h.clock.increment(HIDDEN_KEEPALIVE_MS - 1);
    expect(h.pending('changes')).toHaveLength(0);
    h.setVisibility('visible');
    expect(h.pending('changes')).toHaveLength(1);
    expect(h.pending('changes')[0].sinceSeq).toBe(7);
  });

  it('while hidden, a catch-up poll (no hold) every 20 s keeps the session alive and in step', async () => {
    const h = harness();
    await syncFully(h, 7);
    h.setVisibility('hidden');
    await flush();
    h.clock.increment(HIDDEN_KEEPALIVE_MS);
    const catchUp = h.pending('changes')[0];
    expect(catchUp.sinceSeq).toBe(7);
    h.poll([ev({ cmdid: 'online_eps_left', seq: 8, usr_ids: ['1'] })]);
    await flush();
    expect(h.received().at(-1)!.type).toBe('server.online_eps_left');
    expect(selectConnectionState(h.snap())).toBe('paused');
    expect(h.pending('changes')).toHaveLength(0);
    h.clock.increment(HIDDEN_KEEPALIVE_MS);
    expect(h.pending('changes')[0].sinceSeq).toBe(8);
  });

  it('a session started in a hidden tab starts paused, and loads when the tab shows', async () => {
    const script = scriptedSessionApi();
    const doc = Object.assign(new EventTarget(), { visibilityState: 'hidden' });
    const actor = createActor(longPollMachine, {
      input: { api: script.api, visibilityTarget: doc, log: () => {} },
      clock: new SimulatedClock(),
    }).start();
    expect(selectConnectionState(actor.getSnapshot())).toBe('paused');
    await flush();
    expect(script.pending('participants')).toHaveLength(0);
    doc.visibilityState = 'visible';
    doc.dispatchEvent(new Event('visibilitychange'));
    expect(script.pending('participants')).toHaveLength(1);
  });

  it('stays polling when pauseWhenHidden is false', async () => {
    const h = harness({ pauseWhenHidden: false });
    await syncFully(h, 7);
    h.setVisibility('hidden');
    expect(selectConnectionState(h.snap())).toBe('live');
  });
});

describe('when the network returns', () => {
  it('network.online during backoff → retries at once', async () => {
    const h = harness();
    await syncFully(h, 3);
    for (let i = 0; i < 4; i++) {
      h.fail('changes', new ApiError('network', 0, '/changes'));
      await flush();
      h.clock.increment(60_000);
    }
    h.fail('changes', new ApiError('network', 0, '/changes'));
    await flush();
    expect(h.pending('changes')).toHaveLength(0);
    h.win.dispatchEvent(new Event('online'));
    expect(h.pending('changes')).toHaveLength(1);
  });
});

describe('after a login (login seq below the first snapshot)', () => {
  const serviceExpiry = (seq: number) =>
    ev({ cmdid: 'show_warning_info', seq, warn_info: 'service_expiry', is_toast: 0, params: { days_left: 20, expiry_dtm: 1 } });

  it('polls from the login seq: one-shot events up to the snapshot pass, stale state events do not', async () => {
    const h = harness({ loginSeq: 40 });
    await syncFully(h, 45);
    expect(h.pending('changes')[0].sinceSeq).toBe(40);
    h.poll([
      ev({ cmdid: 'mr_ctrl_in', seq: 41, sessionid: 's1', role: 'host', peer_ip: '', dtm: 0 }),
      serviceExpiry(42),
      ev({ cmdid: 'one_mr_status', seq: 43, mr_locked: 1 }),
      ev({ cmdid: 'online_eps_left', seq: 45, usr_ids: ['1'] }),
      ev({ cmdid: 'one_mr_status', seq: 46, mr_locked: 0 }),
    ]);
    await flush();
    const delivered = h.received().slice(2);
    expect(delivered.map((e) => e.type)).toEqual(['server.mr_ctrl_in', 'server.show_warning_info', 'server.one_mr_status']);
    expect((delivered[2] as unknown as { event: ChangeEvent }).event.seq).toBe(46);
    expect(h.pending('changes')[0].sinceSeq).toBe(46);
  });

  it('uses the login seq once: a resync reloads and delivers every later event', async () => {
    const h = harness({ loginSeq: 40 });
    await syncFully(h, 45);
    h.poll([ev({ cmdid: 'resync', seq: 900 })]);
    await flush();
    await syncFully(h, 900);
    expect(h.pending('changes')[0].sinceSeq).toBe(900);
    h.poll([ev({ cmdid: 'one_mr_status', seq: 901, mr_locked: 1 })]);
    await flush();
    expect(h.received().at(-1)?.type).toBe('server.one_mr_status');
  });

  it('a login seq newer than the snapshot (another server answered) is ignored', async () => {
    const h = harness({ loginSeq: 50 });
    await syncFully(h, 45);
    expect(h.pending('changes')[0].sinceSeq).toBe(45);
  });

  it('a resumed session polls from the resume answer seq the same way', async () => {
    const h = harness({ loginSeq: 40, resumable: true });
    await syncFully(h, 45);
    h.fail('changes', new ApiError('http', 404, '/changes'));
    await flush();
    expect(h.received().some((e) => e.type === 'longPoll.sessionLost')).toBe(true);
    h.poller().send({ type: 'session.api', api: h.api, loginSeq: 70 });
    await syncFully(h, 75);
    expect(h.pending('changes')[0].sinceSeq).toBe(70);
    const before = h.received().length;
    h.poll([serviceExpiry(71), ev({ cmdid: 'online_eps_left', seq: 72, usr_ids: ['1'] })]);
    await flush();
    expect(
      h
        .received()
        .slice(before)
        .map((e) => e.type),
    ).toEqual(['server.show_warning_info']);
  });
});

describe('on a server that keeps the feed position (platform: no seq anywhere)', () => {
  const noSeq = (e: { cmdid: string } & Record<string, unknown>) => e as unknown as ChangeEvent;

  it('polls without a cursor and delivers events that carry no seq', async () => {
    const h = harness();
    await syncFully(h);
    expect(h.snap().context.feed).toBe('server');
    expect(h.pending('changes')[0].sinceSeq).toBeNull();
    h.poll([noSeq({ cmdid: 'online_eps_left', usr_ids: ['1'] }), noSeq({ cmdid: 'one_mr_status', mr_locked: 1 })]);
    await flush();
    expect(
      h
        .received()
        .slice(2)
        .map((e) => e.type),
    ).toEqual(['server.online_eps_left', 'server.one_mr_status']);
    expect(h.pending('changes')[0].sinceSeq).toBeNull();
    expect(selectConnectionState(h.snap())).toBe('live');
  });

  it('a failed poll lost its answer: the snapshot is reloaded before polling on, shown as resynced', async () => {
    const h = harness();
    await syncFully(h);
    h.fail('changes', new ApiError('http', 502, '/changes'));
    await flush();
    expect(selectConnectionState(h.snap())).toBe('reconnecting');
    expect(h.pending('participants')).toHaveLength(0);
    h.clock.increment(750);
    expect(h.pending('changes')).toHaveLength(0);
    expect(h.pending('participants')).toHaveLength(1);
    await syncFully(h);
    expect(h.received().filter((e) => e.type === 'server.snapshot')).toHaveLength(2);
    expect(h.received().filter((e) => e.type === 'server.meeting_snapshot')).toHaveLength(2);
    expect(h.pending('changes')[0].sinceSeq).toBeNull();
    expect(selectConnectionState(h.snap())).toBe('resynced');
  });

  it('a network failure of the poll is retried after the reload at once when the network returns', async () => {
    const h = harness();
    await syncFully(h);
    h.fail('changes', new ApiError('network', 0, '/changes'));
    await flush();
    h.win.dispatchEvent(new Event('online'));
    expect(h.pending('participants')).toHaveLength(1);
    expect(h.pending('changes')).toHaveLength(0);
  });

  it('a held poll aborted by a hidden page may have lost its answer: the return reloads first', async () => {
    const h = harness();
    await syncFully(h);
    const open = h.pending('changes')[0];
    h.setVisibility('hidden');
    expect(open.signal?.aborted).toBe(true);
    await flush();
    h.setVisibility('visible');
    expect(h.pending('changes')).toHaveLength(0);
    expect(h.pending('participants')).toHaveLength(1);
    await syncFully(h);
    expect(h.pending('changes')[0].sinceSeq).toBeNull();
    // a pause is no failure: nothing to announce
    expect(selectConnectionState(h.snap())).toBe('live');
  });

  it('with a cursor nothing is lost by a pause: the return polls on without a reload', async () => {
    const h = harness();
    await syncFully(h, 3);
    expect(h.snap().context.feed).toBe('cursor');
    h.setVisibility('hidden');
    await flush();
    h.setVisibility('visible');
    expect(h.pending('changes')).toHaveLength(1);
    expect(h.pending('participants')).toHaveLength(0);
  });

  it('catch-up polls while hidden send no cursor either, and deliver what they get', async () => {
    const h = harness();
    await syncFully(h);
    h.setVisibility('hidden');
    await flush();
    h.clock.increment(HIDDEN_KEEPALIVE_MS);
    expect(h.pending('changes')[0].sinceSeq).toBeNull();
    h.poll([noSeq({ cmdid: 'one_mr_status', mr_locked: 1 })]);
    await flush();
    expect(h.received().at(-1)!.type).toBe('server.one_mr_status');
  });
});
