/**
 * Issue 30: the three focus modes (specified, auto, none) and honoured guests (`chair`) on the
 * reference server.
 */
import { describe, expect, it } from 'vitest';
import { RC } from '../../protocol/codes';
import { makeHarness, MR, quietRoom } from './testing/harness';
import { pickAutoFocus } from './autoFocus';
import { POS } from './room';
import { screenOf, viewRoleOf } from './viewRoles';

const c = (usrId: string, talking = false, speaker = false) => ({ usrId, talking, speaker });

describe('pickAutoFocus', () => {
  it('keeps the one in focus while talking, else the first talker takes it', () => {
    expect(pickAutoFocus('b', [c('a', true), c('b', true)])).toBe('b');
    expect(pickAutoFocus('b', [c('a', true), c('b')])).toBe('a');
    expect(pickAutoFocus('gone', [c('a'), c('b', true)])).toBe('b');
  });
  it('a quiet room keeps the last talker; with nobody picked, the main venue, else the first; empty: nobody', () => {
    expect(pickAutoFocus('b', [c('a'), c('b')])).toBe('b');
    expect(pickAutoFocus('', [c('a'), c('b', false, true)])).toBe('b');
    expect(pickAutoFocus('gone', [c('a'), c('b')])).toBe('a');
    expect(pickAutoFocus('x', [])).toBe('');
  });
});

describe('focus modes on the server', () => {
  // steady endpoints only: the simulated talkers stop talking at random, which would race the picks
  const setup = async () => {
    const h = makeHarness({ simActivity: 0, config: { simEndpoints: 0, simSteadyEndpoints: 3 } });
    const host = h.login();
    const room = h.engine.rooms.get(MR)!;
    for (let i = 0; i < 5 && room.endpoints.size < 3; i++) await h.tick();
    const [a, b] = [...room.endpoints.values()];
    const eps = (action: string, usr_ids: string[], value?: unknown) =>
      host.post('eps-status', { cmdid: 'ctrl_mr_eps', action, usr_ids, value });
    const status = (body: Record<string, unknown>) => host.post('mr-status', { cmdid: 'mod_mr_status', ...body });
    return { h, room, a, b, eps, status };
  };

  it('auto focus ends specified focus, picks someone real and follows the talker each tick', async () => {
    const { h, room, a, b, eps, status } = await setup();
    await eps('focus', [a.usrId], 1);
    expect(room.status.spec_focus_usr_ids).toEqual([a.usrId]);
    expect((await status({ focus_speaker: 1 })).status).toBe(200);
    expect(room.status.focus_speaker).toBe(1);
    expect(room.status.spec_focus_usr_ids).toEqual([]);
    expect(a.flags[POS.focus]).toBe(0);
    // nobody talks: someone in the meeting all the same
    expect(room.endpoints.has(room.status.auto_focus_usr_id)).toBe(true);
    room.setFlag(b, 'a_rx', 1);
    room.setFlag(b, 'vad', 1);
    await h.tick();
    expect(room.status.auto_focus_usr_id).toBe(b.usrId);
    // b stops: the quiet room keeps b; a talks: a takes it
    room.setFlag(b, 'vad', 0);
    await h.tick();
    expect(room.status.auto_focus_usr_id).toBe(b.usrId);
    room.setFlag(a, 'a_rx', 1);
    room.setFlag(a, 'vad', 1);
    await h.tick();
    expect(room.status.auto_focus_usr_id).toBe(a.usrId);
    // a muted talker is not heard, so not picked
    room.setFlag(a, 'vad', 0);
    room.setFlag(b, 'a_rx', 0);
    room.setFlag(b, 'vad', 1);
    await h.tick();
    expect(room.status.auto_focus_usr_id).toBe(a.usrId);
    h.engine.stop();
  });

  it('focusing someone is specified focus: auto focus ends; focus_speaker 0 with nobody focused is no focus', async () => {
    const { h, room, a, eps, status } = await setup();
    await status({ focus_speaker: 1 });
    expect(room.status.auto_focus_usr_id).not.toBe('');
    await eps('focus', [a.usrId], 1);
    expect(room.status).toMatchObject({ focus_speaker: 0, auto_focus_usr_id: '', spec_focus_usr_ids: [a.usrId] });
    await status({ focus_speaker: 1 });
    await status({ focus_speaker: 0 });
    expect(room.status).toMatchObject({ focus_speaker: 0, auto_focus_usr_id: '', spec_focus_usr_ids: [] });
    await h.tick(3);
    expect(room.status.auto_focus_usr_id).toBe('');
    expect((await status({ focus_speaker: 2 })).status).toBe(400);
    h.engine.stop();
  });

  it('a room stored before the focus modes reports focus_speaker 0, so a console offers auto focus', async () => {
    const first = makeHarness({ simActivity: 0, config: { simEndpoints: 0 } });
    await first.engine.ready;
    first.login();
    const rec = first.engine.rooms.get(MR)!.record;
    delete (rec.status as { focus_speaker?: number }).focus_speaker;
    first.engine.rooms.get(MR)!.recordDirty = true;
    await first.tick(2);
    first.engine.stop();
    const again = makeHarness({ simActivity: 0, store: first.store, config: { simEndpoints: 0 } });
    await again.engine.ready;
    expect((await again.login().get('mr-status')).body.focus_speaker).toBe(0);
    again.engine.stop();
  });

  it('strict platform mode refuses focus_speaker (group focus-modes) and leaves the field out; auto_focus_usr_id stays', async () => {
    const h = makeHarness({ simActivity: 0, config: { wire: 'platform' } });
    const host = h.login();
    await h.engine.ready;
    const answer = await host.post('mr-status', { cmdid: 'mod_mr_status', focus_speaker: 1 });
    expect(answer.status).toBe(400);
    expect(answer.body.result).toBe(RC.unknownAction);
    const st = (await host.get('mr-status')).body;
    expect(st).not.toHaveProperty('focus_speaker');
    expect(st.auto_focus_usr_id).toBe('');
    h.engine.stop();
  });
});

describe('honoured guests (chair)', () => {
  it("set and unset singly and in bulk; the honoured guests' layout and subtitle reach them once marked", async () => {
    const { h, c: host, room } = quietRoom();
    const [a, b, d] = [...room.endpoints.values()].filter((e) => e.devType !== 'mr_cascade_sub' && !e.flags[POS.speaker]);
    const eps = (usr_ids: string[], value: unknown) => host.post('eps-status', { cmdid: 'ctrl_mr_eps', action: 'chair', usr_ids, value });
    await host.post('mosic-config', {
      cmdid: 'config_mosic',
      config_info: [
        { role: 'chair', mosic_id: '2*2', layout_mode: 2, roles_lst: [['-1'], ['-1'], ['-1'], ['-1']], poll_secs: 10, view_has_self: 0 },
      ],
    });
    expect(
      (await host.post('title-config', { cmdid: 'set_title', to_role: 'chair', message: 'Welcome, honoured guests', has_title: 1 })).status,
    ).toBe(200);
    expect(screenOf(room, a)).toMatchObject({ role: 'guest' });
    expect(screenOf(room, a).title?.message).not.toBe('Welcome, honoured guests');

    expect((await eps([a.usrId], 1)).status).toBe(200);
    expect(a.flags[POS.chair]).toBe(1);
    const seen = screenOf(room, a);
    expect(seen.role).toBe('chair');
    expect(seen.mosaic?.mosic_id).toBe('2*2');
    expect(seen.title).toMatchObject({ message: 'Welcome, honoured guests', has_title: 1 });
    // honoured guests are not audience: an audience ban does not bind them
    expect(room.isAudience(a)).toBe(false);

    expect((await eps([b.usrId, d.usrId], 1)).status).toBe(200);
    expect([b, d].map(viewRoleOf)).toEqual(['chair', 'chair']);
    expect((await eps([a.usrId, b.usrId, d.usrId], 0)).status).toBe(200);
    expect([a, b, d].map(viewRoleOf)).toEqual(['guest', 'guest', 'guest']);
    expect(room.status.chair_usr_id).toBe('');
    // refused whole, nothing changed: an unknown participant, a missing value
    expect((await eps([a.usrId, 'nobody'], 1)).body.result).toBe(RC.participantNotFound);
    expect(a.flags[POS.chair]).toBe(0);
    expect((await eps([a.usrId], undefined)).status).toBe(400);
    expect(h.engine.rooms.get(MR)!.endpoints.get(a.usrId)!.flags[POS.chair]).toBe(0);
    h.engine.stop();
  });
});
