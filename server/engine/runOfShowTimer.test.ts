import { describe, expect, it } from 'vitest';
import { defaultBanner, endpointTimerText, type RunOfShow } from '../../protocol/runOfShow';
import { quietRoom } from './testing/harness';
import type { Room } from './room';

const titleOf = (room: Room, role: string) => room.record.titles.find((t) => t.to_role === role)!;

function agenda(room: Room): RunOfShow {
  const [a, b] = [...room.endpoints.keys()];
  return {
    version: 1,
    name: 'Plenary',
    segments: [
      {
        id: 'talk',
        name: 'Keynote',
        main_venue: a,
        banner: defaultBanner({ en: 'Keynote' }),
        timer: { secs: 150, warn_share: 0.8, on_endpoints: true, to_role: 'all' },
      },
      { id: 'next', name: 'Branch', main_venue: b },
    ],
  };
}

describe('segment timer on the endpoints', () => {
  it('words the countdown by minutes, then by 10 s, then the overrun', () => {
    expect(endpointTimerText(150)).toBe('剩余 3:00 / 3:00 left');
    expect(endpointTimerText(120)).toBe('剩余 2:00 / 2:00 left');
    expect(endpointTimerText(55)).toBe('剩余 1:00 / 1:00 left');
    expect(endpointTimerText(41)).toBe('剩余 0:50 / 0:50 left');
    expect(endpointTimerText(-35)).toBe('超时 +0:30 / +0:30 over');
    expect(endpointTimerText(-125)).toBe('超时 +2:00 / +2:00 over');
  });

  it('the server writes the countdown into the banner on a simulated clock, each minute then each 10 s, then the overrun; the next Take takes it off', async () => {
    const { h, c, room } = quietRoom();
    await c.post('run-of-show', { cmdid: 'put_run_of_show', revision: 0, doc: agenda(room) });
    expect((await c.post('run-of-show', { cmdid: 'take_segment', index: 0 })).status).toBe(200);
    h.clock.advance(1000);
    expect(titleOf(room, 'all')).toMatchObject({ message: 'Keynote · 剩余 3:00 / 3:00 left', has_title: 1 });
    expect(titleOf(room, 'guest').message).toBe('Keynote · 剩余 3:00 / 3:00 left');
    // the clock runs in 10 s steps with the console polling (a session that does not poll expires)
    let since = room.feed.head;
    const messages: string[] = [];
    const run = async (secs: number) => {
      for (let i = 0; i < secs; i += 10) {
        h.clock.advance(Math.min(10, secs - i) * 1000);
        const events = await c.poll(since);
        since = Math.max(since, ...events.map((e: any) => e.seq ?? 0));
        messages.push(...events.filter((e: any) => e.cmdid === 'title_config').map((e: any) => e.message));
      }
    };
    await run(30); // 2:00 left: one update
    expect(titleOf(room, 'all').message).toBe('Keynote · 剩余 2:00 / 2:00 left');
    await run(80); // 40 s left: every 10 s in the last minute
    expect(titleOf(room, 'all').message).toBe('Keynote · 剩余 0:40 / 0:40 left');
    expect(messages).toEqual([
      'Keynote · 剩余 2:00 / 2:00 left',
      'Keynote · 剩余 1:00 / 1:00 left',
      'Keynote · 剩余 0:50 / 0:50 left',
      'Keynote · 剩余 0:40 / 0:40 left',
    ]);
    await run(75); // 35 s over
    expect(titleOf(room, 'all').message).toBe('Keynote · 超时 +0:30 / +0:30 over');
    // hold: the text stays
    await c.post('run-of-show', { cmdid: 'hold_segment', value: 1 });
    await run(60);
    expect(titleOf(room, 'all').message).toBe('Keynote · 超时 +0:30 / +0:30 over');
    await c.post('run-of-show', { cmdid: 'hold_segment', value: 0 });
    // the next segment leaves the banner as is: the timer's text goes, the segment's banner stays
    expect((await c.post('run-of-show', { cmdid: 'take_segment', index: 1 })).status).toBe(200);
    h.clock.advance(1000);
    expect(titleOf(room, 'all')).toMatchObject({ message: 'Keynote', has_title: 1 });
    await run(60);
    expect(titleOf(room, 'all').message).toBe('Keynote');
  });

  it('a timer for one role only touches that role’s banner; a timer not on the endpoints touches none', async () => {
    const { h, c, room } = quietRoom();
    const doc = agenda(room);
    doc.segments[0] = {
      ...doc.segments[0],
      banner: undefined,
      timer: { secs: 60, warn_share: 0.8, on_endpoints: true, to_role: 'speaker' },
    };
    doc.segments[1] = { ...doc.segments[1], timer: { secs: 60, warn_share: 0.8, on_endpoints: false } };
    await c.post('run-of-show', { cmdid: 'put_run_of_show', revision: 0, doc });
    const guestBefore = JSON.stringify(titleOf(room, 'guest'));
    await c.post('run-of-show', { cmdid: 'take_segment', index: 0 });
    h.clock.advance(1000);
    expect(titleOf(room, 'speaker')).toMatchObject({ message: '剩余 1:00 / 1:00 left', has_title: 1 });
    expect(JSON.stringify(titleOf(room, 'guest'))).toBe(guestBefore);
    await c.post('run-of-show', { cmdid: 'take_segment', index: 1 });
    h.clock.advance(5000);
    expect(titleOf(room, 'speaker').has_title).toBe(0);
    expect(JSON.stringify(titleOf(room, 'guest'))).toBe(guestBefore);
  });

  it('refuses a timer for an unknown role', async () => {
    const { c, room } = quietRoom();
    const doc = agenda(room);
    doc.segments[0].timer = { secs: 60, warn_share: 0.8, on_endpoints: true, to_role: 'everyone' as never };
    const bad = await c.post('run-of-show', { cmdid: 'put_run_of_show', revision: 0, doc });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([{ code: 'timer', path: 'segments[0].timer.to_role' }]);
  });
});
