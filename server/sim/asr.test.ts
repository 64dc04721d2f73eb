import { describe, expect, it } from 'vitest';
import type { TranscriptLine } from '../../protocol/wire';
import { createMemoryStore } from '../store/memoryStore';
import { makeHarness, MR, ofType } from '../engine/testing/harness';
import { TRANSCRIPT_CAP, TranscriptLog } from '../engine/transcript';
import { audioLevel, isAudible, loudestTalkers, RECOGNISED_CHANNELS } from './asr';

describe('simulated audio-to-text', () => {
  it('recognises only the two loudest talkers, as asr_text events and in the kept transcript', async () => {
    const h = makeHarness({ simActivity: 0.6, config: { simEndpoints: 40 } });
    const c = h.login();
    const room = h.engine.rooms.get(MR)!;
    await h.tick(5);
    let since = room.feed.head;
    // off: talkers say nothing
    await h.tick(20);
    expect(ofType(await c.poll(since), 'asr_text')).toEqual([]);

    expect((await c.post('mr-status', { cmdid: 'mod_mr_status', asr_enabled: 1 })).status).toBe(200);
    since = room.feed.head;
    const lines: TranscriptLine[] = [];
    const speakers = new Set<string>();
    let crowdedTicks = 0;
    for (let i = 0; i < 150; i++) {
      await h.tick();
      const events = await c.poll(since);
      if (events.length) since = events[events.length - 1].seq;
      const heard = ofType(events, 'asr_text').map((e) => e.line as TranscriptLine);
      // the levels of this second, computed here from every endpoint independently of the recogniser
      const now = h.engine.nowSecs();
      const levels = [...room.endpoints.values()].map((ep) => ({ id: ep.usrId, level: audioLevel(ep, now) })).filter((l) => l.level > 0);
      levels.sort((a, b) => b.level - a.level);
      if (levels.length > RECOGNISED_CHANNELS) crowdedTicks++;
      const threshold = levels[RECOGNISED_CHANNELS - 1]?.level ?? 0;
      for (const line of heard) {
        const own = levels.find((l) => l.id === line.usr_id);
        expect(own, `${line.usr_id} is audible when its line comes`).toBeDefined();
        expect(own!.level, `${line.usr_id} is among the ${RECOGNISED_CHANNELS} loudest`).toBeGreaterThanOrEqual(threshold);
        expect(loudestTalkers(room.endpoints.values(), now).map((e) => e.usrId)).toContain(line.usr_id);
        speakers.add(line.usr_id);
      }
      expect(new Set(heard.map((l) => l.usr_id)).size).toBeLessThanOrEqual(RECOGNISED_CHANNELS);
      lines.push(...heard);
    }
    // the rule was put to the test: often more than two talked at once, and the loudest changed
    expect(crowdedTicks).toBeGreaterThan(5);
    expect(speakers.size).toBeGreaterThan(RECOGNISED_CHANNELS);
    expect(new Set(lines.map((l) => l.lang))).toEqual(new Set(['zh', 'en']));
    for (const l of lines) expect(l.text.length).toBeGreaterThan(0);

    // the transcript the meeting keeps is exactly what went out
    const page = (await c.get('transcript')).body;
    expect(page.cmdid).toBe('transcript');
    expect(page.total).toBe(lines.length);
    expect(page.lines).toEqual(lines);

    // switched off: silence again, whoever talks
    expect((await c.post('mr-status', { cmdid: 'mod_mr_status', asr_enabled: 0 })).status).toBe(200);
    since = room.feed.head;
    let audibleTicks = 0;
    for (let i = 0; i < 20; i++) {
      await h.tick();
      if ([...room.endpoints.values()].some(isAudible)) audibleTicks++;
    }
    expect(audibleTicks).toBeGreaterThan(0);
    expect(ofType(await c.poll(since), 'asr_text')).toEqual([]);
    h.engine.stop();
  });

  it('refuses a switch value other than 0 or 1 and changes nothing', async () => {
    const h = makeHarness({ simActivity: 0 });
    const c = h.login();
    const res = await c.post('mr-status', { cmdid: 'mod_mr_status', asr_enabled: 2 });
    expect(res.status).toBe(400);
    expect(h.engine.rooms.get(MR)!.status.asr_enabled).toBe(0);
    h.engine.stop();
  });

  it('keeps the transcript in the store across a restart', async () => {
    const h = makeHarness({ simActivity: 0.6, config: { simEndpoints: 40 } });
    const c = h.login();
    await c.post('mr-status', { cmdid: 'mod_mr_status', asr_enabled: 1 });
    await h.tick(60);
    // a fresh login: the first one's session expired while nobody polled it
    const before = (await h.login().get('transcript')).body;
    expect(before.lines.length).toBeGreaterThan(0);
    h.engine.stop();

    const again = makeHarness({ store: h.store, simActivity: 0 });
    const c2 = again.login();
    const after = (await c2.get('transcript')).body;
    expect(after.lines).toEqual(before.lines);
    expect(again.engine.rooms.get(MR)!.status.asr_enabled).toBe(1);
    again.engine.stop();
  });
});

describe('TranscriptLog', () => {
  const line = (i: number) => ({ dtm: 1000 + i, usr_id: `u${i % 3}`, name: 'Talker', lang: 'en' as const, text: `line ${i}` });

  it('keeps at most TRANSCRIPT_CAP lines of a meeting, the oldest dropped, also for a new instance on the same store', async () => {
    const store = createMemoryStore();
    const log = new TranscriptLog(store);
    for (let i = 1; i <= TRANSCRIPT_CAP + 10; i++) log.append('m1', 1, line(i));
    await Promise.resolve();
    const page = log.page('m1', 1, 0, 5);
    expect(page.total).toBe(TRANSCRIPT_CAP);
    expect(page.lines.map((l) => l.id)).toEqual([11, 12, 13, 14, 15]);
    expect(page.next_after).toBe(15);
    const reloaded = new TranscriptLog(store);
    expect(reloaded.page('m1', 1, TRANSCRIPT_CAP + 5, 100).lines.map((l) => l.text)).toEqual(
      [TRANSCRIPT_CAP + 6, TRANSCRIPT_CAP + 7, TRANSCRIPT_CAP + 8, TRANSCRIPT_CAP + 9, TRANSCRIPT_CAP + 10].map((i) => `line ${i}`),
    );
  });

  it("cuts long text and starts afresh when the room's next meeting speaks", () => {
    const log = new TranscriptLog(createMemoryStore());
    const long = log.append('m1', 1, { ...line(1), text: 'x'.repeat(1000) });
    expect(long.text.length).toBe(200);
    log.append('m1', 2, line(2));
    const page = log.page('m1', 2, 0, 100);
    expect(page.lines.map((l) => [l.id, l.text])).toEqual([[1, 'line 2']]);
    expect(page.total).toBe(1);
  });
});
