import { describe, expect, it } from 'vitest';
import { decodeUsrStats } from '../../protocol/usrStats';
import { makeHarness, MR, ofType } from '../engine/testing/harness';
import { POS } from '../engine/room';
import { mediaStreams, streamFigures } from './media';
import { isSteadyEndpointId } from './steady';

describe('simulated endpoints', () => {
  it('talk, raise hands, share content and leave and come back', async () => {
    const h = makeHarness({ simActivity: 0.5, config: { simEndpoints: 30 } });
    const c = h.login();
    const room = h.engine.rooms.get(MR)!;
    let since = room.feed.head;
    const seen = { vad: 0, hand: 0, cont: 0 };
    const events: any[] = [];
    for (let i = 0; i < 120; i++) {
      await h.tick();
      if (i % 5 === 0) {
        const got = await c.poll(since);
        events.push(...got);
        if (got.length) since = got[got.length - 1].seq;
      }
      for (const ep of room.endpoints.values()) {
        seen.vad += ep.flags[POS.vad];
        seen.hand += ep.flags[POS.hand];
        seen.cont += ep.flags[POS.cont_sender];
      }
    }
    expect(seen.vad).toBeGreaterThan(0);
    expect(seen.hand).toBeGreaterThan(0);
    expect(seen.cont).toBeGreaterThan(0);
    expect(ofType(events, 'left_call').length).toBeGreaterThan(0);
    expect(ofType(events, 'online_eps_info').length).toBeGreaterThan(0);
    // never more than one sharer
    let sharers = 0;
    for (const ep of room.endpoints.values()) sharers += ep.flags[POS.cont_sender];
    expect(sharers).toBeLessThanOrEqual(1);
    h.engine.stop();
  });

  it('obey a meeting-wide mute and an individual mute: no endpoint unmutes itself', async () => {
    const h = makeHarness({ simActivity: 1, config: { simEndpoints: 30 } });
    const c = h.login();
    const room = h.engine.rooms.get(MR)!;
    await c.post('eps-status', { cmdid: 'ctrl_mr_eps', action: 'all_a_rx', usr_ids: [], value: 0, scope: 'all' });
    for (let i = 0; i < 60; i++) {
      await h.tick();
      for (const ep of room.endpoints.values()) {
        expect(ep.flags[POS.a_rx]).toBe(0);
        expect(ep.flags[POS.vad]).toBe(0);
      }
    }
    await c.post('eps-status', { cmdid: 'ctrl_mr_eps', action: 'all_a_rx', usr_ids: [], value: 1, scope: 'all' });
    const target = [...room.endpoints.values()].find((e) => e.devType !== 'mr_cascade_sub')!;
    await c.post('eps-status', { cmdid: 'ctrl_mr_eps', action: 'a_rx', usr_ids: [target.usrId], value: 0 });
    for (let i = 0; i < 60; i++) {
      await h.tick();
      const ep = room.endpoints.get(target.usrId);
      if (ep) expect(ep.flags[POS.a_rx]).toBe(0);
    }
    h.engine.stop();
  });

  it('unmute themselves only where the room allows it', async () => {
    const h = makeHarness({ simActivity: 1, config: { simEndpoints: 20, sessionTimeoutMs: 3600_000 } });
    const c = h.login();
    const room = h.engine.rooms.get(MR)!;
    // a host mute of everyone one by one (no meeting-wide mute), self-unmute allowed
    for (const ep of room.endpoints.values()) room.setFlag(ep, 'a_rx', 0);
    await h.tick(40);
    expect([...room.endpoints.values()].some((e) => e.flags[POS.a_rx] === 1)).toBe(true);
    expect((await c.post('mr-status', { cmdid: 'mod_mr_status', allow_unmute_self: 0 })).status).toBe(200);
    for (const ep of room.endpoints.values()) room.setFlag(ep, 'a_rx', 0);
    await h.tick(40);
    const rejoined = (id: string) => room.endpoints.get(id)!.enterDtm > h.engine.nowSecs() - 40;
    expect([...room.endpoints.values()].filter((e) => !rejoined(e.usrId)).every((e) => e.flags[POS.a_rx] === 0)).toBe(true);
    h.engine.stop();
  });

  it('wait in the waiting room when it is on, and stay there until admitted', async () => {
    const h = makeHarness({ simActivity: 0.3, config: { simEndpoints: 20 } });
    const c = h.login();
    const room = h.engine.rooms.get(MR)!;
    await c.post('mr-status', { cmdid: 'mod_mr_status', waiting_room: 1 });
    await c.post('eps-status', { cmdid: 'ctrl_mr_eps', action: 'all_leave', usr_ids: [] });
    await h.tick(400);
    const waiting = [...room.endpoints.values()].filter((e) => e.flags[POS.waiting]);
    expect(waiting.length).toBeGreaterThan(0);
    for (const ep of waiting) expect([ep.flags[POS.hand], ep.flags[POS.vad], ep.flags[POS.cont_sender]]).toEqual([0, 0, 0]);
    const status = room.epsStatus(waiting.map((e) => e.usrId));
    expect(status.usr_stats.every((s) => decodeUsrStats(s).waiting === 1)).toBe(true);
    h.engine.stop();
  });

  it('stops: no timers left, no more activity', async () => {
    const h = makeHarness({ simActivity: 1 });
    await h.tick(3);
    h.engine.stop();
    expect(h.clock.pending()).toBe(0);
    const head = h.engine.rooms.get(MR)!.feed.head;
    h.clock.advance(60_000);
    await Promise.resolve();
    expect(h.engine.rooms.get(MR)!.feed.head).toBe(head);
  });

  it('runs 10,000 endpoints in one process', async () => {
    const h = makeHarness({ simActivity: 0.01, config: { simEndpoints: 10_000, addressBookUsers: 2000 } });
    const room = h.engine.rooms.get(MR)!;
    expect(room.endpoints.size).toBeGreaterThan(8000);
    await h.tick(5);
    expect(room.endpoints.size).toBeGreaterThan(8500);
    h.engine.stop();
  });
});

describe('steady simulated endpoints', () => {
  const STEADY = ['steady.01', 'steady.02', 'steady.03'];
  /** the flags an endpoint could change on its own, as one string */
  const own = (flags: Uint8Array) =>
    ['a_rx', 'vad', 'hand', 'cont_sender', 'cont_req', 'mic', 'camera', 'waiting'].map((f) => flags[POS[f as keyof typeof POS]]).join('');

  it('are online from the start with fixed ids and names, on the roster as appointed members', () => {
    const h = makeHarness({ simActivity: 0, config: { simEndpoints: 10, simSteadyEndpoints: 3 } });
    const room = h.engine.rooms.get(MR)!;
    expect(STEADY.map((id) => room.endpoints.get(id)?.name)).toEqual(['Steady 01', 'Steady 02', 'Steady 03']);
    expect(STEADY.map((id) => room.roster.get(id)?.appoint)).toEqual([1, 1, 1]);
    expect([...room.endpoints.keys()].filter(isSteadyEndpointId)).toEqual(STEADY);
    h.engine.stop();
  });

  it('report fixed lines: steady.03 a constant 6 % loss and 48 ms jitter, the others none and 6 ms, at any second', () => {
    const h = makeHarness({ simActivity: 0, config: { simEndpoints: 0, simSteadyEndpoints: 3 } });
    const room = h.engine.rooms.get(MR)!;
    for (const t of [1000, 1020, 1777, 5000]) {
      const poor = mediaStreams(room.endpoints.get('steady.03')!, t);
      expect(poor.map((s) => s.rx_lost_rate ?? s.tx_lost_rate)).toEqual([6, 6, 6, 6]);
      expect(poor.map((s) => s.rx_jitter ?? s.tx_jitter)).toEqual([48, 48, 48, 48]);
      const clean = mediaStreams(room.endpoints.get('steady.01')!, t);
      expect(clean.map((s) => s.rx_lost_rate ?? s.tx_lost_rate)).toEqual([0, 0, 0, 0]);
      expect(clean.every((s) => (s.rx_bitrate ?? s.tx_bitrate ?? 0) > 0)).toBe(true);
    }
    h.engine.stop();
  });

  it('run alone when there is no random population', async () => {
    const h = makeHarness({ simActivity: 1, config: { simEndpoints: 0, simSteadyEndpoints: 2 } });
    await h.tick(20);
    expect([...h.engine.rooms.get(MR)!.endpoints.keys()]).toEqual(['steady.01', 'steady.02']);
    h.engine.stop();
  });

  it('never act on their own while every other endpoint acts every tick', async () => {
    const h = makeHarness({ simActivity: 1, config: { simEndpoints: 20, simSteadyEndpoints: 3 } });
    const room = h.engine.rooms.get(MR)!;
    const start = new Map(STEADY.map((id) => [id, own(room.endpoints.get(id)!.flags)]));
    const othersStart = new Map(
      [...room.endpoints.values()].filter((e) => !isSteadyEndpointId(e.usrId)).map((e) => [e.usrId, own(e.flags)]),
    );
    let othersChanged = 0;
    for (let i = 0; i < 300; i++) {
      await h.tick();
      for (const id of STEADY) expect(own(room.endpoints.get(id)!.flags), `${id} at tick ${i}`).toBe(start.get(id));
      for (const [id, flags] of othersStart)
        if (room.endpoints.get(id) === undefined || own(room.endpoints.get(id)!.flags) !== flags) othersChanged++;
    }
    // the rest of the population was as lively as ever
    expect(othersChanged).toBeGreaterThan(300);
    h.engine.stop();
  });

  it('leave the random population exactly as it runs without them', async () => {
    const run = async (steady: number) => {
      const h = makeHarness({ simActivity: 0.5, config: { simEndpoints: 20, simSteadyEndpoints: steady } });
      const room = h.engine.rooms.get(MR)!;
      const trace: string[] = [];
      for (let i = 0; i < 120; i++) {
        await h.tick();
        trace.push(
          [...room.endpoints.values()]
            .filter((e) => !isSteadyEndpointId(e.usrId))
            .map((e) => `${e.usrId}:${own(e.flags)}`)
            .sort()
            .join(' '),
        );
      }
      h.engine.stop();
      return trace;
    };
    expect(await run(4)).toEqual(await run(0));
  });

  it('obey every command like any endpoint, and keep what was imposed', async () => {
    const h = makeHarness({ simActivity: 1, config: { simEndpoints: 20, simSteadyEndpoints: 2, sessionTimeoutMs: 3600_000 } });
    const c = h.login();
    const room = h.engine.rooms.get(MR)!;
    const eps = (body: Record<string, unknown>) => c.post('eps-status', { cmdid: 'ctrl_mr_eps', ...body });
    const flag = (name: keyof typeof POS) => room.endpoints.get('steady.01')?.flags[POS[name]];

    expect((await eps({ action: 'a_rx', usr_ids: ['steady.01'], value: 0 })).status).toBe(200);
    expect((await eps({ action: 'displayname', usr_ids: ['steady.01'], value: 'Renamed' })).status).toBe(200);
    expect((await eps({ action: 'host', usr_ids: ['steady.01'], value: 1 })).status).toBe(200);
    await h.tick(60);
    expect([flag('a_rx'), flag('host'), room.endpoints.get('steady.01')?.name]).toEqual([0, 1, 'Renamed']);

    expect((await c.post('mr-status', { cmdid: 'mod_mr_status', waiting_room: 1 })).status).toBe(200);
    expect((await eps({ action: 'waiting_move', usr_ids: ['steady.01'] })).status).toBe(200);
    await h.tick(60);
    expect(flag('waiting')).toBe(1);
    expect((await eps({ action: 'waiting_permit', usr_ids: ['steady.01'] })).status).toBe(200);
    await h.tick(5);
    expect(flag('waiting')).toBe(0);
    expect((await c.post('mr-status', { cmdid: 'mod_mr_status', waiting_room: 0 })).status).toBe(200);
    h.engine.stop();
  });

  it('hung up, stay away until called; called, always answer within seconds', async () => {
    const h = makeHarness({ simActivity: 0.3, config: { simEndpoints: 20, simSteadyEndpoints: 2, sessionTimeoutMs: 3600_000 } });
    const c = h.login();
    const room = h.engine.rooms.get(MR)!;
    const eps = (body: Record<string, unknown>) => c.post('eps-status', { cmdid: 'ctrl_mr_eps', ...body });
    // random far ends fail a fifth of the calls: ten answers in a row are the steady ones' own
    for (let round = 0; round < 10; round++) {
      expect((await eps({ action: 'drop', usr_ids: ['steady.01'] })).status).toBe(200);
      await h.tick(round === 0 ? 400 : 5);
      expect(room.endpoints.has('steady.01'), `round ${round}: back without a call`).toBe(false);
      expect((await eps({ action: 'call', usr_ids: ['steady.01'] })).status).toBe(200);
      await h.tick(2);
      expect(room.endpoints.has('steady.01'), `round ${round}: the call was not answered`).toBe(true);
    }
    expect((await eps({ action: 'all_leave', usr_ids: [] })).status).toBe(200);
    await h.tick(400);
    expect(STEADY.slice(0, 2).filter((id) => room.endpoints.has(id))).toEqual([]);
    h.engine.stop();
  });

  it('join again as soon as a new meeting starts in the room', async () => {
    const h = makeHarness({ simActivity: 0.3, config: { simEndpoints: 10, simSteadyEndpoints: 2 } });
    const c = h.login();
    const room = h.engine.rooms.get(MR)!;
    expect((await c.post('mr-status', { cmdid: 'stop_mr_req', reason: '' })).status).toBe(200);
    expect(room.endpoints.size).toBe(0);
    await h.tick(90);
    // the random endpoints called back and started a new meeting (adhoc room): the steady ones are in it
    expect(room.record.running).toBe(true);
    expect(room.endpoints.has('steady.01') && room.endpoints.has('steady.02')).toBe(true);
    h.engine.stop();
  });
});

describe('simulated media statistics', () => {
  it('drift smoothly and stay plausible', () => {
    let prev = streamFigures(42, 1536, 1000);
    for (let t = 1001; t < 1600; t++) {
      const f = streamFigures(42, 1536, t);
      expect(f.bitrate).toBeGreaterThan(1536 * 0.75);
      expect(f.bitrate).toBeLessThan(1536 * 1.25);
      expect(Math.abs(f.bitrate - prev.bitrate)).toBeLessThan(1536 * 0.05);
      expect(f.lost).toBeGreaterThanOrEqual(0);
      expect(f.lost).toBeLessThan(10);
      expect(f.jitter).toBeGreaterThan(0);
      prev = f;
    }
    expect(streamFigures(42, 1536, 1234)).toEqual(streamFigures(42, 1536, 1234));
  });

  it('lists audio and video both ways, content only while shared', () => {
    const h = makeHarness({ simActivity: 0 });
    const ep = [...h.engine.rooms.get(MR)!.endpoints.values()][0];
    const now = h.engine.nowSecs() + 30;
    const streams = mediaStreams(ep, now);
    expect(streams.map((s) => `${s.type}:${s.tx_jitter === undefined ? 'up' : 'down'}`)).toEqual([
      'audio:up',
      'audio:down',
      'video:up',
      'video:down',
    ]);
    ep.flags[POS.cont_sender] = 1;
    expect(mediaStreams(ep, now).filter((s) => s.type === 'content')).toHaveLength(2);
    h.engine.stop();
  });
});
