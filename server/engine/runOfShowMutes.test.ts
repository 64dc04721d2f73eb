/**
 * Issue 28: a segment's mute policy on the server. Undo restores the meeting as it was before the
 * Take, whole: a Take only unmutes (its named participants), so Undo mutes them again. A segment
 * with a roll call and participants unmuted by name calls the roll call's first, not one of them.
 */
import { describe, expect, it } from 'vitest';
import type { RunOfShow } from '../../protocol/runOfShow';
import { quietRoom } from './testing/harness';
import { POS } from './room';

describe('run of show undo on the server', () => {
  it('mutes again whoever the Take unmuted by name', async () => {
    const { h, c, room } = quietRoom();
    const [x, y] = [...room.endpoints.values()].filter((e) => room.isAudience(e) && e.devType !== 'mr_cascade_sub').map((e) => e.usrId);
    const doc: RunOfShow = {
      version: 1,
      name: 'Mutes',
      segments: [
        { id: 'quiet', name: 'Quiet', mute: { audience_muted: true, unmute: [] } },
        { id: 'talk', name: 'Talk', mute: { audience_muted: true, unmute: [x] } },
      ],
    };
    expect((await c.post('run-of-show', { cmdid: 'put_run_of_show', revision: 0, doc })).status).toBe(200);
    expect((await c.post('run-of-show', { cmdid: 'take_segment', index: 0 })).status).toBe(200);
    const a_rx = (id: string) => room.endpoints.get(id)!.flags[POS.a_rx];
    expect([a_rx(x), a_rx(y)]).toEqual([0, 0]);
    expect((await c.post('run-of-show', { cmdid: 'take_segment', index: 1 })).status).toBe(200);
    expect(a_rx(x)).toBe(1);
    expect((await c.post('run-of-show', { cmdid: 'undo_take' })).status).toBe(200);
    expect([a_rx(x), a_rx(y)]).toEqual([0, 0]);
    h.engine.stop();
  });

  it('a segment that unmutes one participant and starts a roll call calls the roll call’s first', async () => {
    const { h, c, room } = quietRoom();
    const [x, y] = [...room.endpoints.values()].filter((e) => room.isAudience(e) && e.devType !== 'mr_cascade_sub').map((e) => e.usrId);
    const doc: RunOfShow = {
      version: 1,
      name: 'Roll call',
      segments: [{ id: 'rc', name: 'Roll call', mute: { audience_muted: true, unmute: [x] }, roll_call: [y] }],
    };
    expect((await c.post('run-of-show', { cmdid: 'put_run_of_show', revision: 0, doc })).status).toBe(200);
    expect((await c.post('run-of-show', { cmdid: 'take_segment', index: 0 })).status).toBe(200);
    expect(room.status).toMatchObject({ roll_call: 1, rollcall_usr_id: y });
    expect(room.endpoints.get(x)!.flags[POS.a_rx]).toBe(1);
    h.engine.stop();
  });
});
