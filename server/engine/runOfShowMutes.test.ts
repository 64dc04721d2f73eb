/**
 * Issue 28 item 2: Undo restores the meeting as it was before the Take, whole. A Take only unmutes
 * (its named participants): Undo mutes them again.
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
});
