/**
 * Run of show on the server (issue 28): the listen/watch policy and the roll call a segment sets,
 * rehearsal timings, and the Take's record written in the same store write as its effects.
 */
import { describe, expect, it } from 'vitest';
import { RC } from '../../protocol/codes';
import type { RunOfShow } from '../../protocol/runOfShow';
import type { StoreOp } from '../store/types';
import { makeHarness, MR, quietRoom } from './testing/harness';
import { POS } from './room';
import { RUN_OF_SHOW_COLLECTION } from './runOfShow';

describe('run of show: listen/watch policy, roll call, rehearsal, one write', () => {
  it('Take sets the audience listen/watch bans and starts the roll call with the first in order, in the roll-call layout', async () => {
    const { c, room } = quietRoom();
    const [a, b, x] = [...room.endpoints.keys()];
    const doc: RunOfShow = {
      version: 1,
      name: 'Roll',
      segments: [
        { id: 'r', name: 'Roll call', listen_watch: { audience_listen: true, audience_watch: false }, roll_call: [b, x, a] },
        { id: 'd', name: 'Discussion', listen_watch: { audience_listen: true, audience_watch: true }, roll_call: [] },
      ],
    };
    await c.post('run-of-show', { cmdid: 'put_run_of_show', revision: 0, doc });
    expect((await c.post('run-of-show', { cmdid: 'take_segment', index: 0 })).status).toBe(200);
    expect(room.status).toMatchObject({ mr_vtx_mode: 1, mr_atx_mode: 0, roll_call: 1, rollcall_usr_id: b });
    expect(room.endpoints.get(b)!.flags[POS.a_rx]).toBe(1);
    expect(room.record.mosaic.find((m) => m.role === 'guest')).toMatchObject({ mosic_id: '1*1', roles_lst: [['1010'], [b]] });
    expect(room.record.mosaic.find((m) => m.role === 'speaker')).toMatchObject({ mosic_id: '1', roles_lst: [[b]] });
    expect((await c.post('run-of-show', { cmdid: 'take_segment', index: 1 })).status).toBe(200);
    expect(room.status).toMatchObject({ mr_vtx_mode: 0, roll_call: 0, rollcall_usr_id: '' });
    // undo brings the roll call back with the one called then
    expect((await c.post('run-of-show', { cmdid: 'undo_take' })).status).toBe(200);
    expect(room.status).toMatchObject({ mr_vtx_mode: 1, roll_call: 1, rollcall_usr_id: b });
  });

  it('a roll call whose first is not connected is refused as a whole, naming them', async () => {
    const { c, room } = quietRoom();
    const doc: RunOfShow = {
      version: 1,
      name: 'x',
      segments: [{ id: 'r', name: 'Roll', listen_watch: { audience_listen: false, audience_watch: true }, roll_call: ['gone'] }],
    };
    await c.post('run-of-show', { cmdid: 'put_run_of_show', revision: 0, doc });
    const ans = await c.post('run-of-show', { cmdid: 'take_segment', index: 0 });
    expect(ans.body).toMatchObject({ result: RC.participantNotFound, detail: 'gone' });
    expect(room.status).toMatchObject({ mr_atx_mode: 0, roll_call: 0 });
  });

  it('rehearsal mode: each Take records how long the segment it ends ran, held time left out, as a new revision', async () => {
    const { h, c, room } = quietRoom();
    const [a, b] = [...room.endpoints.keys()];
    const doc: RunOfShow = {
      version: 1,
      name: 'x',
      segments: [
        { id: 'one', name: 'One', main_venue: a },
        { id: 'two', name: 'Two', main_venue: b },
      ],
    };
    await c.post('run-of-show', { cmdid: 'put_run_of_show', revision: 0, doc });
    // the simulated clock runs in 5 s steps with the console polling (a session that does not poll expires)
    let since = room.feed.head;
    const run = async (ms: number) => {
      for (let i = 0; i < ms; i += 5000) {
        h.clock.advance(Math.min(5000, ms - i));
        since = Math.max(since, ...(await c.poll(since)).map((e: { seq?: number }) => e.seq ?? 0));
      }
    };
    expect((await c.post('run-of-show', { cmdid: 'rehearsal_mode', value: 1 })).body.state.rehearsal).toBe(true);
    await c.post('run-of-show', { cmdid: 'take_segment', index: 0 });
    await run(20_000);
    await c.post('run-of-show', { cmdid: 'hold_segment', value: 1 });
    await run(15_000);
    await c.post('run-of-show', { cmdid: 'hold_segment', value: 0 });
    await run(5_000);
    const taken = await c.post('run-of-show', { cmdid: 'take_segment', index: 1 });
    expect(taken.body, JSON.stringify(taken.body)).toMatchObject({ revision: 2 });
    const answer = (await c.get('run-of-show')).body;
    expect(answer.doc.segments.map((s: { rehearsed_secs?: number }) => s.rehearsed_secs)).toEqual([25, undefined]);
    // the Take's answer has the document of the revision it wrote, as the read gives it
    expect(taken.body.doc).toEqual(answer.doc);
    // off: Takes record nothing more
    await c.post('run-of-show', { cmdid: 'rehearsal_mode', value: 0 });
    await run(9_000);
    const plain = await c.post('run-of-show', { cmdid: 'take_segment', index: 0 });
    expect((await c.get('run-of-show')).body).toMatchObject({ revision: 2, state: { rehearsal: false } });
    // no new revision: the answer has the revision, and no document
    expect(plain.body).toMatchObject({ result: 0, revision: 2 });
    expect(plain.body).not.toHaveProperty('doc');
  });

  it('the Take’s record is in the same store write as its effects and its activity entry; a refused Take writes no record', async () => {
    const h = makeHarness({ simActivity: 0 });
    const c = h.login();
    const room = h.engine.rooms.get(MR)!;
    const [a] = [...room.endpoints.keys()];
    const doc: RunOfShow = {
      version: 1,
      name: 'x',
      segments: [
        { id: 'one', name: 'One', main_venue: a },
        { id: 'bad', name: 'Bad', main_venue: 'gone' },
      ],
    };
    await c.post('run-of-show', { cmdid: 'put_run_of_show', revision: 0, doc });
    const batches: StoreOp[][] = [];
    const batch = h.store.batch.bind(h.store);
    h.store.batch = (ops) => {
      batches.push(ops);
      return batch(ops);
    };
    expect((await c.post('run-of-show', { cmdid: 'take_segment', index: 0 })).status).toBe(200);
    const withRecord = batches.filter((ops) => ops.some((o) => o.collection === RUN_OF_SHOW_COLLECTION));
    expect(withRecord).toHaveLength(1);
    expect(new Set(withRecord[0].map((o) => o.collection)).size).toBeGreaterThanOrEqual(2);
    expect(withRecord[0].some((o) => o.collection === 'rooms')).toBe(true);
    batches.length = 0;
    expect((await c.post('run-of-show', { cmdid: 'take_segment', index: 1 })).status).toBeGreaterThanOrEqual(400);
    expect(batches.flat().some((o) => o.collection === RUN_OF_SHOW_COLLECTION)).toBe(false);
    // and the next command carries nothing left over from the refused one
    await c.post('mr-status', { cmdid: 'mod_mr_status', lock_mr: 1 });
    expect(batches.flat().some((o) => o.collection === RUN_OF_SHOW_COLLECTION)).toBe(false);
    expect(h.store.get<{ state: { current: number } }>(RUN_OF_SHOW_COLLECTION, MR)!.state.current).toBe(0);
  });
});
