import { describe, expect, it } from 'vitest';
import { ApiError } from '../../protocol/errors';
import { defaultTitle } from '../../protocol/titles';
import type { TranscriptLine } from '../../protocol/wire';
import { flush } from '../testing/fakeSessionApi';
import { miniSession } from '../testing/miniSession';
import { mergeLines, subtitleText, SUBTITLE_MAX_CHARS, TRANSCRIPT_KEPT, transcriptMachine } from './transcriptMachine';
import {
  selectAllTranscriptLines,
  selectDroppedLineCount,
  selectFollowTail,
  selectHeldLineCount,
  selectTranscriptLines,
  selectTranscriptLoadFailed,
  selectTranscriptUnavailable,
} from './selectors';

const line = (id: number, over: Partial<TranscriptLine> = {}): TranscriptLine => ({
  id,
  dtm: 1000 + id,
  usr_id: `u${id % 3}`,
  name: `Talker ${id % 3}`,
  lang: id % 2 ? 'en' : 'zh',
  text: `line ${id}`,
  ...over,
});
const asr = (l: TranscriptLine) => ({ type: 'server.asr_text' as const, event: { cmdid: 'asr_text' as const, seq: 100 + l.id, line: l } });
const page = (lines: TranscriptLine[], nextAfter?: number) => ({
  cmdid: 'transcript',
  lines,
  total: lines.length,
  ...(nextAfter ? { next_after: nextAfter } : {}),
});

function start() {
  const banner = { ...defaultTitle('all'), font_size: 48 };
  const s = miniSession(transcriptMachine, 'transcript', { bannerBase: () => banner });
  // the session's client, as a resumed session hands it over
  s.actor.send({ type: 'session.api', api: s.api });
  return s;
}

describe('transcript', () => {
  it('loads the kept lines page by page and merges live ones by id', async () => {
    const s = start();
    s.actor.send({ type: 'server.snapshot' });
    // a live line before the kept ones answer: merged, not doubled
    s.actor.send(asr(line(3)));
    s.answer('transcript?after=0&limit=1000', page([line(1), line(2)], 2));
    await flush();
    s.answer('transcript?after=2&limit=1000', page([line(3)]));
    await flush();
    expect(selectTranscriptLines(s.snap()).map((l) => l.id)).toEqual([1, 2, 3]);
    s.actor.send(asr(line(4)));
    expect(selectTranscriptLines(s.snap()).map((l) => l.id)).toEqual([1, 2, 3, 4]);
  });

  it('is unavailable on a server without the transcript, and retries after any other failure', async () => {
    const s = start();
    s.actor.send({ type: 'server.snapshot' });
    s.fail('transcript?after=0&limit=1000', new ApiError('http', 404, 'transcript'));
    await flush();
    expect(selectTranscriptUnavailable(s.snap())).toBe(true);

    const t = start();
    t.actor.send({ type: 'server.snapshot' });
    t.fail('transcript?after=0&limit=1000', new ApiError('http', 503, 'transcript'));
    await flush();
    expect(selectTranscriptLoadFailed(t.snap())).toBe(true);
    t.actor.send({ type: 'transcript.retry' });
    t.answer('transcript?after=0&limit=1000', page([line(1)]));
    await flush();
    expect(selectTranscriptLoadFailed(t.snap())).toBe(false);
    expect(selectTranscriptLines(t.snap()).map((l) => l.id)).toEqual([1]);
  });

  it('holds new lines while paused and shows them on resume, following the newest again', async () => {
    const s = start();
    s.actor.send({ type: 'server.snapshot' });
    s.answer('transcript?after=0&limit=1000', page([line(1)]));
    await flush();
    s.actor.send({ type: 'transcript.pause' });
    s.actor.send(asr(line(2)));
    s.actor.send(asr(line(3)));
    expect(selectTranscriptLines(s.snap()).map((l) => l.id)).toEqual([1]);
    expect(selectHeldLineCount(s.snap())).toBe(2);
    expect(selectAllTranscriptLines(s.snap()).map((l) => l.id)).toEqual([1, 2, 3]);
    expect(selectFollowTail(s.snap())).toBe(false);
    s.actor.send({ type: 'transcript.resume' });
    expect(selectTranscriptLines(s.snap()).map((l) => l.id)).toEqual([1, 2, 3]);
    expect(selectHeldLineCount(s.snap())).toBe(0);
    expect(selectFollowTail(s.snap())).toBe(true);
  });

  it('keeps at most TRANSCRIPT_KEPT lines of a long meeting, counting the dropped', () => {
    const s = start();
    for (let i = 1; i <= TRANSCRIPT_KEPT + 25; i++) s.actor.send(asr(line(i)));
    const lines = selectTranscriptLines(s.snap());
    expect(lines).toHaveLength(TRANSCRIPT_KEPT);
    expect(lines[0].id).toBe(26);
    expect(selectDroppedLineCount(s.snap())).toBe(25);
  });

  it("sends one line as the subtitle the subtitle dialog sends: set_title per role, the banner's look kept", async () => {
    const s = start();
    s.actor.send(asr(line(5, { name: '深圳分会场', text: '设备已经到位。' })));
    s.actor.send({ type: 'transcript.toSubtitle', id: 5 });
    await flush();
    const posts = s.calls.filter((c) => c.suffix === 'title-config');
    expect(posts.map((c) => c.body?.to_role)).toEqual(['guest', 'speaker', 'chair']);
    for (const p of posts) {
      expect(p.body).toMatchObject({ cmdid: 'set_title', message: '深圳分会场: 设备已经到位。', has_title: 1, font_size: 48 });
    }
  });

  it('with captions on, each new live line goes out as the subtitle; off, none does', async () => {
    const s = start();
    s.actor.send(asr(line(1)));
    expect(s.calls.filter((c) => c.suffix === 'title-config')).toHaveLength(0);
    s.actor.send({ type: 'transcript.captions', on: true });
    s.actor.send(asr(line(2)));
    await flush();
    const sent = s.calls.filter((c) => c.suffix === 'title-config').map((c) => c.body?.message);
    expect(new Set(sent)).toEqual(new Set(['Talker 2: line 2']));
    s.actor.send({ type: 'transcript.captions', on: false });
    s.actor.send(asr(line(3)));
    await flush();
    expect(s.calls.filter((c) => c.suffix === 'title-config')).toHaveLength(sent.length);
  });
});

describe('mergeLines and subtitleText', () => {
  it('merges out-of-order lines by id and cuts a subtitle to what the server accepts, on one line', () => {
    expect(mergeLines([line(1), line(3)], [line(2), line(3)]).lines.map((l) => l.id)).toEqual([1, 2, 3]);
    const long = subtitleText(line(1, { name: 'A', text: `x\n${'y'.repeat(400)}` }));
    expect([...long]).toHaveLength(SUBTITLE_MAX_CHARS);
    expect(long).not.toMatch(/[\r\n\t]/);
    expect(long.endsWith('…')).toBe(true);
  });
});
