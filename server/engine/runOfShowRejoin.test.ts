/**
 * Issue 28 item 2: late joiners and reconnecting participants get the segment on air's layout and
 * policy. The layout and the bans come from the meeting's own state; a participant the segment
 * unmutes by name is unmuted again when they come back (the meeting's mute would bind them).
 */
import { describe, expect, it } from 'vitest';
import type { RunOfShow } from '../../protocol/runOfShow';
import { joinSoftTerminal, quietRoom } from './testing/harness';
import { POS } from './room';
import { screenOf } from './viewRoles';

describe('run of show: who joins or comes back while a segment is on air', () => {
  it('gets its role’s layout, the audience mute and watch ban, and is unmuted again when the segment names them', async () => {
    const { h, c, room } = quietRoom();
    const join = (usrId: string) => joinSoftTerminal(h.engine, usrId);
    const audience = [...room.endpoints.values()].filter((e) => room.isAudience(e)).map((e) => e.usrId);
    expect(audience.length).toBeGreaterThanOrEqual(2);
    const [speaker, other] = audience;
    const doc: RunOfShow = {
      version: 1,
      name: 'Debate',
      segments: [
        {
          id: 'debate',
          name: 'Debate',
          mosaics: { guest: { mosic_id: '1*1', roles_lst: [['1010'], [speaker]], poll_secs: 10, view_has_self: 0 } },
          mute: { audience_muted: true, unmute: [speaker] },
          listen_watch: { audience_listen: true, audience_watch: false },
        },
      ],
    };
    expect((await c.post('run-of-show', { cmdid: 'put_run_of_show', revision: 0, doc })).status).toBe(200);
    expect((await c.post('run-of-show', { cmdid: 'take_segment', index: 0 })).status).toBe(200);
    expect(room.endpoints.get(speaker)!.flags[POS.a_rx]).toBe(1);

    // a late joiner: the audience's layout, muted, not watching
    const late = join('late.joiner');
    expect(screenOf(room, late).mosaic).toMatchObject({ mosic_id: '1*1', roles_lst: [['1010'], [speaker]] });
    expect(late.flags[POS.a_rx]).toBe(0);
    expect(late.flags[POS.v_tx]).toBe(0);
    // the named speaker reconnects: unmuted again, as the segment says; another reconnects muted
    const back = join(speaker);
    expect(back.flags[POS.a_rx]).toBe(1);
    expect(screenOf(room, back).mosaic?.mosic_id).toBe('1*1');
    expect(join(other).flags[POS.a_rx]).toBe(0);

    // once the segment is undone nobody is unmuted by name any more
    expect((await c.post('run-of-show', { cmdid: 'undo_take' })).status).toBe(200);
    expect(join('later.still').flags[POS.a_rx]).toBe(1);
    h.engine.stop();
  });
});
