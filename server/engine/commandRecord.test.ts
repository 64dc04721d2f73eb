/**
 * Issue 24 points 1, 3 and 6 and issue 27 item 4, the command runner's part: what a controller can
 * make the activity log keep or send is bounded, an applied command's entry is as durable as the
 * command and goes out with its events in one feed turn, and an applied req_id is answered from
 * the record (never applied twice) across a restart and a crash, for as long as a client may retry.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { RC } from '../../protocol/codes';
import { openJournalStore, type JournalStore } from '../store/journalStore';
import { createMemoryStore } from '../store/memoryStore';
import type { Store, StoreOp } from '../store/types';
import { ACTIVITY_BYTES_CAP, ACTIVITY_COLLECTION, ACTIVITY_PAGE_BYTES, ActivityLog, ENTRY_MAX_BYTES, NOT_KEPT } from './activity';
import { ChangeFeed, MAX_BATCH_BYTES, pollBody } from './feed';
import type { Room } from './room';
import { ManualClock } from './clock';
import { REQ_ANSWER_WINDOW_MS, REQ_ANSWERS_PER_SESSION } from './reqAnswers';
import { makeHarness, MR, ofType } from './testing/harness';

const dirs: string[] = [];
afterAll(async () => {
  for (const d of dirs) await rm(d, { recursive: true, force: true });
});

/** the hostile body of issue 24: ~190 keys of 1,300 characters each, refused (unknown keys) */
function hostileBody(n: number): Record<string, unknown> {
  const body: Record<string, unknown> = { cmdid: 'mod_mr_status' };
  for (let i = 0; i < 190; i++) body[`${String(i).padStart(3, '0')}${String(n)}${'k'.repeat(1300)}`] = 'v'.repeat(1300);
  return body;
}

/** A store that notes every batch it is given (and lets a test hold them). */
function notingStore(inner: Store = createMemoryStore()): Store & { batches: StoreOp[][] } {
  const batches: StoreOp[][] = [];
  return new Proxy(inner, {
    get(target, prop, receiver) {
      if (prop === 'batches') return batches;
      if (prop === 'batch')
        return (ops: StoreOp[]) => {
          batches.push(ops);
          return target.batch(ops);
        };
      const v = Reflect.get(target, prop, receiver);
      return typeof v === 'function' ? v.bind(target) : v;
    },
  }) as Store & { batches: StoreOp[][] };
}

describe('activity log bounds (issue 24 point 1)', () => {
  it('a refused command with huge keys is kept and sent as a short digest: action, result, a few keys cut short, no values', async () => {
    const h = makeHarness({ simActivity: 0 });
    const sup = h.login('supervisor');
    const room = h.engine.rooms.get(MR)!;
    const since = room.feed.head;
    const r = await sup.post('mr-status', { ...hostileBody(1), key: 'x'.repeat(4000) });
    expect(r.status).toBeGreaterThanOrEqual(400);
    const [event] = ofType(await sup.poll(since), 'activity');
    const entry = event.entry;
    expect(entry.result).toBe(r.body.result);
    expect(Buffer.byteLength(JSON.stringify(entry))).toBeLessThanOrEqual(ENTRY_MAX_BYTES);
    expect(entry.action.length).toBeLessThanOrEqual(64);
    // the first keys, each cut short, their values not kept; how many more
    const keys = Object.keys(entry.values);
    expect(keys.length).toBeLessThanOrEqual(9);
    for (const k of keys) expect(k.length).toBeLessThanOrEqual(32);
    expect(Object.values(entry.values).every((v) => v === NOT_KEPT || /^\+\d+$/.test(String(v)))).toBe(true);
    expect(JSON.stringify(entry)).not.toContain('vvvv');
    const page = (await sup.get('activity')).body;
    expect(Buffer.byteLength(JSON.stringify(page.entries[0]))).toBeLessThanOrEqual(ENTRY_MAX_BYTES);
    h.engine.stop();
  });

  it('an applied command keeps its values, each key and value cut short, the entry within its size', async () => {
    const h = makeHarness({ simActivity: 0 });
    const host = h.login();
    const since = h.engine.rooms.get(MR)!.feed.head;
    const usrIds = Array.from({ length: 40 }, (_, i) => `${'u'.repeat(4000)}${i}`);
    const r = await host.post('eps-status', { cmdid: 'ctrl_mr_eps', action: 'a_rx', value: 0, usr_ids: usrIds });
    const [event] = ofType(await host.poll(since), 'activity');
    expect(event.entry.result).toBe(r.body.result ?? -1);
    expect(Buffer.byteLength(JSON.stringify(event.entry))).toBeLessThanOrEqual(ENTRY_MAX_BYTES);
    expect(event.entry.targets.length + event.entry.more_targets).toBe(40);
    h.engine.stop();
  });

  it('a meeting keeps at most its byte cap of maximal entries, and a page stays within its bytes', { timeout: 90_000 }, () => {
    const store = createMemoryStore();
    const log = new ActivityLog(store);
    const room = { mrId: MR, endpoints: new Map(), roster: new Map() } as unknown as Room;
    const body: Record<string, unknown> = {
      cmdid: 'ctrl_mr_eps',
      action: 'a'.repeat(5000),
      usr_ids: Array.from({ length: 60 }, (_, i) => `${i}${'u'.repeat(4000)}`),
    };
    for (let i = 0; i < 40; i++) body[`${i}${'k'.repeat(1300)}`] = 'v'.repeat(1300);
    for (let i = 0; i < 1200; i++) {
      const e = log.record({
        room,
        role: 'supervisor',
        peerIp: 'p'.repeat(100),
        cmdid: 'ctrl_mr_eps',
        body,
        status: 200,
        result: 0,
        nowSecs: i,
      })!;
      expect(Buffer.byteLength(JSON.stringify(e))).toBeLessThanOrEqual(ENTRY_MAX_BYTES);
    }
    expect(log.bytesOf(MR)).toBeLessThanOrEqual(ACTIVITY_BYTES_CAP);
    let stored = 0;
    const keys = store.keys(ACTIVITY_COLLECTION);
    for (const k of keys) stored += Buffer.byteLength(JSON.stringify(store.get(ACTIVITY_COLLECTION, k)));
    expect(stored).toBeLessThanOrEqual(ACTIVITY_BYTES_CAP);
    expect(keys.length).toBeLessThan(1200);
    const page = log.page(MR, undefined, 500);
    expect(Buffer.byteLength(JSON.stringify(page))).toBeLessThanOrEqual(ACTIVITY_PAGE_BYTES + 64);
    expect(page.next_before).toBe(page.entries[page.entries.length - 1].id);
    const rest = log.page(MR, page.next_before, 500);
    expect(rest.entries[0].id).toBe(page.next_before! - 1);
  });

  it('a poll answer carries at most its byte cap of events (at least one)', () => {
    const feed = new ChangeFeed(0, 5000);
    for (let i = 0; i < 600; i++) feed.append({ cmdid: 'activity', pad: 'x'.repeat(4000) });
    feed.append({ cmdid: 'big', pad: 'y'.repeat(MAX_BATCH_BYTES + 10) });
    for (const who of ['anyone']) {
      const first = feed.read(0, who);
      expect(first.kind === 'events' && Buffer.byteLength(pollBody(first))).toBeLessThanOrEqual(MAX_BATCH_BYTES + 1024);
      const last = first.kind === 'events' ? first.entries[first.entries.length - 1].seq : 0;
      expect(last).toBeLessThan(600);
      const big = feed.read(600, who);
      expect(big.kind === 'events' && big.entries.map((e) => e.cmdid)).toEqual(['big']);
    }
    // with an event addressed to one session after the cursor, the per-session read holds the same cap
    feed.append({ cmdid: 'mine' }, 's1');
    const mine = feed.read(0, 's1');
    expect(mine.kind === 'events' && Buffer.byteLength(pollBody(mine))).toBeLessThanOrEqual(MAX_BATCH_BYTES + 1024);
  });

  it('the cap counts bytes, not characters: events in Chinese (3 bytes a character) stop at 1 MiB too', () => {
    const feed = new ChangeFeed(0, 5000);
    for (let i = 0; i < 600; i++) feed.append({ cmdid: 'activity', pad: '会'.repeat(1500) });
    const first = feed.read(0, 'anyone');
    expect(first.kind).toBe('events');
    expect(Buffer.byteLength(pollBody(first))).toBeLessThanOrEqual(MAX_BATCH_BYTES + 1024);
    // and not far under it: the answer is filled up to the cap
    expect(Buffer.byteLength(pollBody(first))).toBeGreaterThan(MAX_BATCH_BYTES - 5000);
    // the per-session read, after an event addressed to one session, holds the same cap
    feed.append({ cmdid: 'mine' }, 's1');
    const mine = feed.read(0, 's1');
    expect(Buffer.byteLength(pollBody(mine))).toBeLessThanOrEqual(MAX_BATCH_BYTES + 1024);
  });
});

describe('one wake per command (issue 27 item 4)', () => {
  /** A controller as the console is one: polls from the last seq it saw, again at once after each answer. */
  function client(poll: (since: number, blockSecs: number) => Promise<any[]>, from: number) {
    const answers: any[][] = [];
    let cursor = from;
    const done = (async () => {
      for (;;) {
        const events = await poll(cursor, 20);
        if (!events.length) return; // released empty: the engine stopped
        answers.push(events);
        cursor = events[events.length - 1].seq;
      }
    })();
    return { answers, done };
  }

  it('every held poll is answered once per command, the activity entry in the same answer as the command’s events', async () => {
    const h = makeHarness({ simActivity: 0 });
    const host = h.login();
    const room = h.engine.rooms.get(MR)!;
    const watchers = [h.login('supervisor'), h.login('supervisor'), h.login()];
    await Promise.all(watchers.map((w) => w.poll(0)));
    const ep = [...room.endpoints.values()][0];
    const clients = watchers.map((w) => client(w.poll, room.feed.head));
    const allHeld = () => room.feed.waiting === clients.length;
    const settle = async () => {
      await h.until(allHeld);
      // a second wake would come in a later turn: give it some, then they must all still be held
      for (let i = 0; i < 5; i++) await new Promise((r) => setImmediate(r));
      await h.until(allHeld);
    };
    await settle();
    const commands: [string, Record<string, unknown>, number, string][] = [
      ['mr-status', { cmdid: 'mod_mr_status', lock_mr: 1 }, 200, 'one_mr_status'],
      ['eps-status', { cmdid: 'ctrl_mr_eps', action: 'a_rx', value: 0, usr_ids: [ep.usrId] }, 200, 'online_eps_status'],
      ['mr-info', { cmdid: 'mod_mr_info', increase_secs: 60 }, 200, 'one_mr_info'],
      // refused: its entry alone, still one wake
      ['mr-status', { cmdid: 'mod_mr_status', lock_mr: 7 }, 400, 'activity'],
    ];
    for (const [i, [path, body, status, effect]] of commands.entries()) {
      const r = await host.post(path, body);
      expect(r.status).toBe(status);
      await settle();
      for (const c of clients) {
        expect(c.answers).toHaveLength(i + 1);
        const answer = c.answers[i];
        expect(ofType(answer, effect).length).toBeGreaterThan(0);
        expect(ofType(answer, 'activity')).toHaveLength(1);
        expect(answer[answer.length - 1].cmdid).toBe('activity');
      }
    }
    h.engine.stop();
    await Promise.all(clients.map((c) => c.done));
  });
});

describe('an acknowledged command’s entry is as durable as the command (issue 24 point 6)', () => {
  it('the entry is in the same store write as the command’s effect, and the answer waits for it', async () => {
    const store = notingStore();
    const h = makeHarness({ simActivity: 0, store });
    await h.engine.ready;
    const host = h.login();
    store.batches.length = 0;
    const r = await host.post('mr-status', { cmdid: 'mod_mr_status', lock_mr: 1, req_id: 'lock-1' });
    expect(r.status).toBe(200);
    const withRoom = store.batches.filter((ops) => ops.some((o) => o.collection === 'rooms'));
    expect(withRoom).toHaveLength(1);
    expect(withRoom[0].some((o) => o.op === 'put' && o.collection === ACTIVITY_COLLECTION)).toBe(true);
    expect(withRoom[0].some((o) => o.op === 'put' && o.collection === 'req_answers')).toBe(true);
    h.engine.stop();
  });
});

async function journalDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'podium-cmdrec-'));
  dirs.push(dir);
  return dir;
}

describe('req_id answers across a restart and a crash (issue 24 point 3)', () => {
  it('a retry of an applied req_id after kill -9 is answered from the record: applied once, one activity entry', async () => {
    const dir = await journalDir();
    const clock = new ManualClock();
    const first: JournalStore = await openJournalStore({ dir, compactIntervalMs: 0 });
    const h1 = makeHarness({ simActivity: 0, store: first, clock });
    await h1.engine.ready;
    const host = h1.login();
    // more than the 200 answers an earlier version kept: the oldest must hold too
    const before = h1.engine.rooms.get(MR)!.record.duration;
    const answers = [];
    for (let i = 0; i < 250; i++) answers.push(await host.post('mr-info', { cmdid: 'mod_mr_info', increase_secs: 5, req_id: `more-${i}` }));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    h1.engine.stop();
    // kill -9: the first store is never closed; a second opens the same directory
    const second = await openJournalStore({ dir, compactIntervalMs: 0 });
    clock.advance(REQ_ANSWER_WINDOW_MS - 60_000);
    const h2 = makeHarness({ simActivity: 0, store: second, clock });
    const room = h2.engine.rooms.get(MR)!;
    expect(room.record.duration).toBe(before + 250 * 5);
    const entries = second.keys(ACTIVITY_COLLECTION).length;
    for (const i of [0, 1, 100, 249]) {
      const again = await h2.call('POST', `${host.P}mr-info`, { cmdid: 'mod_mr_info', increase_secs: 5, req_id: `more-${i}` });
      expect(again.status).toBe(200);
      expect(again.body).toEqual(answers[i].body);
    }
    expect(room.record.duration).toBe(before + 250 * 5);
    expect(second.keys(ACTIVITY_COLLECTION).length).toBe(entries);
    h2.engine.stop();
    await second.close();
  });

  it('after the window an answer is forgotten, and a session may keep only so many within it (refused, nothing applied)', async () => {
    const clock = new ManualClock();
    const h = makeHarness({ simActivity: 0, clock, config: { sessionTimeoutMs: 3600_000 } });
    const host = h.login();
    const room = h.engine.rooms.get(MR)!;
    for (let i = 0; i < REQ_ANSWERS_PER_SESSION; i++) {
      const r = await host.post('mr-info', { cmdid: 'mod_mr_info', increase_secs: 1, req_id: `r${i}` });
      expect(r.status).toBe(200);
    }
    const duration = room.record.duration;
    const over = await host.post('mr-info', { cmdid: 'mod_mr_info', increase_secs: 1, req_id: 'one-more' });
    expect(over.status).toBe(429);
    expect(over.body.result).toBe(RC.tooFrequent);
    expect(room.record.duration).toBe(duration);
    // another controller is not held up by this one's answers
    expect((await h.login('supervisor').post('mr-status', { cmdid: 'mod_mr_status', lock_mr: 1, req_id: 'x' })).status).not.toBe(429);
    clock.advance(REQ_ANSWER_WINDOW_MS);
    expect((await host.post('mr-info', { cmdid: 'mod_mr_info', increase_secs: 1, req_id: 'one-more' })).status).toBe(200);
    expect(h.store.keys('req_answers').length).toBeLessThanOrEqual(3);
    h.engine.stop();
  });
});
