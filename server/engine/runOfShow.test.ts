import { describe, expect, it } from 'vitest';
import { RC } from '../../protocol/codes';
import { defaultBanner, type RunOfShow, type Segment } from '../../protocol/runOfShow';
import { makeHarness, MR, ofType, quietRoom } from './testing/harness';
import { POS, type Room } from './room';

const onlineIds = (room: Room) => [...room.endpoints.keys()];

function agenda(room: Room): RunOfShow {
  const [a, b, c] = onlineIds(room);
  const segs: Segment[] = [
    {
      id: 'open',
      name: 'Opening',
      main_venue: a,
      mosaics: { guest: { mosic_id: '1', roles_lst: [['1010']], poll_secs: 10, view_has_self: 0 } },
      banner: defaultBanner({ zh: '欢迎', en: 'Welcome' }),
      timer: { secs: 120, warn_share: 0.8, on_endpoints: false },
    },
    {
      id: 'branch',
      name: 'Branch report',
      main_venue: b,
      guests: [c],
      mosaics: { guest: { mosic_id: '1*1', roles_lst: [['1010'], [c]], poll_secs: 10, view_has_self: 0 } },
      banner: null,
      mute: { audience_muted: true, unmute: [b] },
    },
  ];
  return { version: 1, name: 'Plenary', segments: segs };
}

describe('run of show on the server', () => {
  it('saves the document with a revision; a stale revision gets 409 with the current document and changes nothing', async () => {
    const { c, room } = quietRoom();
    const doc = agenda(room);
    const first = await c.post('run-of-show', { cmdid: 'put_run_of_show', revision: 0, doc });
    expect(first.status).toBe(200);
    expect(first.body.revision).toBe(1);
    const other = { ...doc, name: 'Someone else' };
    const stale = await c.post('run-of-show', { cmdid: 'put_run_of_show', revision: 0, doc: other });
    expect(stale.status).toBe(409);
    expect(stale.body.result).toBe(RC.recordConflict);
    expect(stale.body.current).toMatchObject({ revision: 1, doc: { name: 'Plenary' } });
    expect((await c.get('run-of-show')).body).toMatchObject({ revision: 1, doc: { name: 'Plenary' }, state: { current: -1 } });
  });

  it('refuses an invalid document with the validator’s code and path', async () => {
    const { c } = quietRoom();
    const bad = await c.post('run-of-show', { cmdid: 'put_run_of_show', revision: 0, doc: { version: 9, name: '', segments: [] } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([{ code: 'version', path: 'version' }]);
    expect((await c.get('run-of-show')).body.revision).toBe(0);
  });

  it('Take applies the whole segment, tells every controller, and writes ONE activity entry with the segment’s name', async () => {
    const { h, c, room } = quietRoom();
    const other = h.login('supervisor');
    const doc = agenda(room);
    await c.post('run-of-show', { cmdid: 'put_run_of_show', revision: 0, doc });
    const since = room.feed.head;
    const ans = await c.post('run-of-show', { cmdid: 'take_segment', index: 1 });
    expect(ans.status).toBe(200);
    const [a, b, cc] = onlineIds(room);
    expect(room.status.spk_usr_id).toBe(b);
    expect(room.endpoints.get(cc)!.flags[POS.chair]).toBe(1);
    expect(room.record.mosaic.find((m) => m.role === 'guest')).toMatchObject({ mosic_id: '1*1', roles_lst: [['1010'], [cc]] });
    expect(room.status.all_guests_mute).toBe(1);
    expect(room.endpoints.get(b)!.flags[POS.a_rx]).toBe(1);
    expect(a).toBeDefined();
    const events = await other.poll(since);
    expect(ofType(events, 'run_of_show')).toEqual([
      expect.objectContaining({ revision: 1, state: expect.objectContaining({ current: 1, can_undo: true }) }),
    ]);
    const entries = ofType(events, 'activity').map((e) => e.entry);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ cmdid: 'take_segment', values: { segment: 'Branch report', index: 1 }, result: 0 });
    expect((await other.get('run-of-show')).body.state).toMatchObject({ current: 1, previous: -1 });
  });

  it('refuses as a whole when someone the segment needs is offline, naming them; nothing changes', async () => {
    const { c, room } = quietRoom();
    const doc = agenda(room);
    doc.segments[0] = { ...doc.segments[0], guests: ['nobody-here'] };
    await c.post('run-of-show', { cmdid: 'put_run_of_show', revision: 0, doc });
    const before = { spk: room.status.spk_usr_id, mosaic: JSON.stringify(room.record.mosaic), titles: JSON.stringify(room.record.titles) };
    const ans = await c.post('run-of-show', { cmdid: 'take_segment', index: 0 });
    expect(ans.status).toBeGreaterThanOrEqual(400);
    expect(ans.body).toMatchObject({ result: RC.participantNotFound, detail: 'nobody-here' });
    expect({ spk: room.status.spk_usr_id, mosaic: JSON.stringify(room.record.mosaic), titles: JSON.stringify(room.record.titles) }).toEqual(
      before,
    );
    expect((await c.get('run-of-show')).body.state.current).toBe(-1);
  });

  it('undo restores the meeting as it was before the Take; hold stops the clock', async () => {
    const { h, c, room } = quietRoom();
    await c.post('run-of-show', { cmdid: 'put_run_of_show', revision: 0, doc: agenda(room) });
    const spk = room.status.spk_usr_id;
    const guest = JSON.stringify(room.record.mosaic.find((m) => m.role === 'guest'));
    expect((await c.post('run-of-show', { cmdid: 'take_segment', index: 0 })).status).toBe(200);
    expect(room.record.titles.find((t) => t.to_role === 'all')).toMatchObject({ message: '欢迎 / Welcome', has_title: 1 });
    h.clock.advance(30_000);
    const held = await c.post('run-of-show', { cmdid: 'hold_segment', value: 1 });
    expect(held.body.state.held_since).toBeGreaterThan(0);
    const undone = await c.post('run-of-show', { cmdid: 'undo_take' });
    expect(undone.status).toBe(200);
    expect(room.status.spk_usr_id).toBe(spk);
    expect(JSON.stringify(room.record.mosaic.find((m) => m.role === 'guest'))).toBe(guest);
    expect(room.record.titles.find((t) => t.to_role === 'all')!.has_title).toBe(0);
    expect(undone.body.state).toMatchObject({ current: -1, can_undo: false });
    expect((await c.post('run-of-show', { cmdid: 'undo_take' })).status).toBeGreaterThanOrEqual(400);
  });

  it('the document and the segment on air survive a restart', async () => {
    const first = makeHarness({ simActivity: 0 });
    const c = first.login();
    const room = first.engine.rooms.get(MR)!;
    await c.post('run-of-show', { cmdid: 'put_run_of_show', revision: 0, doc: agenda(room) });
    expect((await c.post('run-of-show', { cmdid: 'take_segment', index: 0 })).status).toBe(200);
    first.engine.stop();
    const second = makeHarness({ simActivity: 0, store: first.store });
    const answer = (await second.login().get('run-of-show')).body;
    expect(answer).toMatchObject({ revision: 1, doc: { name: 'Plenary' }, state: { current: 0, can_undo: true } });
    expect(second.engine.rooms.get(MR)!.record.mosaic.find((m) => m.role === 'guest')!.mosic_id).toBe('1');
  });
});
