import { describe, expect, it } from 'vitest';
import { ManualClock } from './clock';
import { ChangeFeed, MAX_BATCH, OWN_TURN_BYTES, pollBody, pollBodyBytes, WAKE_BUDGET_BYTES, WAKE_COST_PER_POLL } from './feed';

const ev = (n: number) => ({ cmdid: 'one_mr_status', n });

describe('ChangeFeed', () => {
  it('numbers events from the start seq and reads what follows a cursor', () => {
    const feed = new ChangeFeed(100, 10);
    for (let i = 0; i < 3; i++) feed.append(ev(i));
    expect(feed.head).toBe(103);
    const r = feed.read(101, 's');
    expect(r.kind === 'events' && r.entries.map((e) => e.seq)).toEqual([102, 103]);
    expect(JSON.parse(pollBody(r))).toEqual([
      { cmdid: 'one_mr_status', n: 1, seq: 102 },
      { cmdid: 'one_mr_status', n: 2, seq: 103 },
    ]);
  });

  it('answers resync exactly when the cursor is older than the history or ahead of the head', () => {
    const feed = new ChangeFeed(0, 10);
    for (let i = 0; i < 25; i++) feed.append(ev(i));
    expect(feed.oldest).toBe(16);
    expect(feed.read(15, 's').kind).toBe('events');
    expect(feed.read(14, 's')).toEqual({ kind: 'resync', seq: 25 });
    expect(feed.read(26, 's')).toEqual({ kind: 'resync', seq: 25 });
    expect(pollBody({ kind: 'resync', seq: 25 })).toBe('[{"cmdid":"resync","seq":25}]');
  });

  it('shows addressed events only to their session and caps a batch', () => {
    const feed = new ChangeFeed(0, 5000);
    feed.append({ cmdid: 'force_logout', reason: 'x' }, 'a');
    for (let i = 0; i < MAX_BATCH + 10; i++) feed.append(ev(i));
    const forB = feed.read(0, 'b');
    const forA = feed.read(0, 'a');
    expect(forB.kind === 'events' && forB.entries[0].cmdid).toBe('one_mr_status');
    expect(forA.kind === 'events' && forA.entries[0].cmdid).toBe('force_logout');
    expect(forA.kind === 'events' && forA.entries.length).toBe(MAX_BATCH);
  });

  it('holds a poll until an event for it arrives, ignores events for others, honours abort and the deadline', async () => {
    const clock = new ManualClock();
    const feed = new ChangeFeed(0, 100);
    let answered: unknown;
    const p = feed.poll(0, 'a', 10_000, clock).then((r) => (answered = r));
    feed.append({ cmdid: 'get_call_qa_rsp' }, 'b');
    await Promise.resolve();
    await Promise.resolve();
    expect(answered).toBeUndefined();
    feed.append(ev(1));
    await p;
    expect(answered).toMatchObject({ kind: 'events' });

    const ctl = new AbortController();
    const aborted = feed.poll(feed.head, 'a', 10_000, clock, ctl.signal);
    ctl.abort();
    expect(await aborted).toEqual({ kind: 'events', entries: [] });

    const timed = feed.poll(feed.head, 'a', 2_000, clock);
    clock.advance(2_000);
    expect(await timed).toEqual({ kind: 'events', entries: [] });
    expect(feed.waiting).toBe(0);
    expect(clock.pending()).toBe(0);
  });

  it('gives polls at the same cursor one shared answer, encoded once, until the head moves', () => {
    const feed = new ChangeFeed(0, 100);
    for (let i = 0; i < 3; i++) feed.append(ev(i));
    const a = feed.read(1, 'a');
    const b = feed.read(1, 'b');
    expect(b).toBe(a);
    expect(pollBodyBytes(b)).toBe(pollBodyBytes(a));
    expect(pollBodyBytes(a).toString()).toBe(pollBody(a));
    expect(feed.read(2, 'a')).not.toBe(a);
    feed.append(ev(3));
    const c = feed.read(1, 'a');
    expect(c).not.toBe(a);
    expect(c.kind === 'events' && c.entries.map((e) => e.seq)).toEqual([2, 3, 4]);
  });

  it('reads per session again while an addressed event lies after the cursor', () => {
    const feed = new ChangeFeed(0, 100);
    feed.append(ev(0));
    feed.append({ cmdid: 'get_call_qa_rsp' }, 'a');
    feed.append(ev(1));
    const forA = feed.read(0, 'a');
    const forB = feed.read(0, 'b');
    expect(forA.kind === 'events' && forA.entries.map((e) => e.seq)).toEqual([1, 2, 3]);
    expect(forB.kind === 'events' && forB.entries.map((e) => e.seq)).toEqual([1, 3]);
    expect(JSON.parse(pollBodyBytes(forB).toString()).map((e: { seq: number }) => e.seq)).toEqual([1, 3]);
    // past the addressed event everyone shares again
    expect(feed.read(2, 'a')).toBe(feed.read(2, 'b'));
  });

  it('answers many waiting polls a budget at a time, yielding to the event loop between bursts', async () => {
    const clock = new ManualClock();
    const feed = new ChangeFeed(0, 100);
    const n = 3 * Math.ceil(WAKE_BUDGET_BYTES / WAKE_COST_PER_POLL);
    let answered = 0;
    const polls = Array.from({ length: n }, (_, i) => feed.poll(0, `s${i}`, 10_000, clock).then(() => answered++));
    feed.append(ev(1));
    for (let i = 0; i < 10; i++) await Promise.resolve();
    expect(answered).toBeGreaterThan(0);
    expect(answered).toBeLessThan(n);
    await Promise.all(polls);
    expect(answered).toBe(n);
    expect(feed.waiting).toBe(0);
  });

  it('answers large events in the turn after the one that made them, small ones at once', async () => {
    const clock = new ManualClock();
    const feed = new ChangeFeed(0, 100);
    let answered = 0;
    const first = feed.poll(0, 's1', 10_000, clock).then(() => answered++);
    feed.append(ev(1));
    for (let i = 0; i < 10; i++) await Promise.resolve();
    expect(answered).toBe(1);
    await first;
    const second = feed.poll(1, 's1', 10_000, clock).then(() => answered++);
    feed.append({ cmdid: 'online_eps_status', usr_names: ['x'.repeat(OWN_TURN_BYTES)] });
    for (let i = 0; i < 10; i++) await Promise.resolve();
    expect(answered).toBe(1);
    await new Promise((r) => setImmediate(r));
    await second;
    expect(answered).toBe(2);
  });

  it('answers big batches a few polls per burst', async () => {
    const clock = new ManualClock();
    const feed = new ChangeFeed(0, 100);
    let answered = 0;
    const polls = Array.from({ length: 50 }, (_, i) => feed.poll(0, `s${i}`, 10_000, clock).then(() => answered++));
    feed.append({ cmdid: 'online_eps_status', usr_ids: Array.from({ length: 40_000 }, (_, i) => `u${i}`) });
    for (let i = 0; i < 10; i++) await Promise.resolve();
    expect(answered).toBeLessThanOrEqual(10);
    await Promise.all(polls);
    expect(answered).toBe(50);
  });
});
