import { describe, expect, it } from 'vitest';
import { RC } from '../../protocol/codes';
import { substituteSegment, suggestSubstitutes, type RunOfShow, type Segment } from '../../protocol/runOfShow';
import { ofType, quietRoom } from './testing/harness';
import { POS, type Room } from './room';

function agenda(room: Room): RunOfShow {
  const [a] = [...room.endpoints.keys()];
  const seg: Segment = {
    id: 'report',
    name: 'Branch report',
    main_venue: 'branch-gone',
    guests: ['branch-gone', a],
    mute: { audience_muted: true, unmute: ['branch-gone'] },
    mosaics: { guest: { mosic_id: '1*1', roles_lst: [['1010'], ['branch-gone']], poll_secs: 10, view_has_self: 0 } },
  };
  return { version: 1, name: 'Plenary', segments: [seg] };
}

describe('a substitute for someone the segment needs', () => {
  it('suggests the next connected participant in roster order the segment does not already name', () => {
    const seg: Segment = { id: 's', name: 'S', main_venue: 'b7', guests: ['b8'] };
    expect(suggestSubstitutes(seg, ['b7'], ['b6', 'b7', 'b8', 'b9'], new Set(['b6', 'b8', 'b9']))).toEqual({ b7: 'b9' });
    expect(suggestSubstitutes(seg, ['b7'], ['b6', 'b7', 'b8'], new Set(['b6', 'b8']))).toEqual({ b7: 'b6' });
    expect(suggestSubstitutes(seg, ['b7'], ['b7', 'b8'], new Set(['b8']))).toEqual({});
    expect(substituteSegment({ ...seg, mute: { audience_muted: true, unmute: ['b7', 'b9'] } }, { b7: 'b9' })).toMatchObject({
      main_venue: 'b9',
      mute: { unmute: ['b9'] },
    });
  });

  it('Take with a substitute applies the whole segment with them in every place, once in the activity log; the stored segment is unchanged', async () => {
    const { h, c, room } = quietRoom();
    const other = h.login('supervisor');
    await c.post('run-of-show', { cmdid: 'put_run_of_show', revision: 0, doc: agenda(room) });
    const [a, , stand] = [...room.endpoints.keys()];
    const since = room.feed.head;
    const ans = await c.post('run-of-show', { cmdid: 'take_segment', index: 0, substitutes: { 'branch-gone': stand } });
    expect(ans.status).toBe(200);
    expect(room.status.spk_usr_id).toBe(stand);
    expect(room.endpoints.get(stand)!.flags[POS.chair]).toBe(1);
    expect(room.endpoints.get(a)!.flags[POS.chair]).toBe(1);
    expect(room.endpoints.get(stand)!.flags[POS.a_rx]).toBe(1);
    expect(room.record.mosaic.find((m) => m.role === 'guest')!.roles_lst).toEqual([['1010'], [stand]]);
    const entries = ofType(await other.poll(since), 'activity').map((e) => e.entry);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      cmdid: 'take_segment',
      values: { segment: 'Branch report', substitutes: { 'branch-gone': stand } },
      result: 0,
    });
    expect((await c.get('run-of-show')).body.doc.segments[0].main_venue).toBe('branch-gone');
  });

  it('refuses as a whole a substitute who is offline too, or one for someone the segment does not name; nothing changes', async () => {
    const { c, room } = quietRoom();
    await c.post('run-of-show', { cmdid: 'put_run_of_show', revision: 0, doc: agenda(room) });
    const [, , stand] = [...room.endpoints.keys()];
    const before = () =>
      JSON.stringify({ st: room.status.spk_usr_id, m: room.record.mosaic, f: [...room.endpoints.values()].map((e) => e.flags) });
    const was = before();
    const offline = await c.post('run-of-show', { cmdid: 'take_segment', index: 0, substitutes: { 'branch-gone': 'also-gone' } });
    expect(offline.status).toBeGreaterThanOrEqual(400);
    expect(offline.body).toMatchObject({ detail: 'also-gone' });
    const stranger = await c.post('run-of-show', { cmdid: 'take_segment', index: 0, substitutes: { 'branch-gone': stand, [stand]: 'x' } });
    expect(stranger.body).toMatchObject({ result: RC.valueOutOfRange, detail: 'substitutes' });
    const malformed = await c.post('run-of-show', { cmdid: 'take_segment', index: 0, substitutes: ['branch-gone'] });
    expect(malformed.body).toMatchObject({ detail: 'substitutes' });
    expect(before()).toBe(was);
    expect((await c.get('run-of-show')).body.state.current).toBe(-1);
  });
});
