/**
 * The evidence's recipes as the reference server applies them (issue 23 item 2): what the
 * platform's own client sends for mute all, raised hands and roll call, with the meaning
 * protocol-facts §3.1, §3.2 and §5.6 give, in both wire modes.
 */
import { describe, expect, it } from 'vitest';
import { RC } from '../../protocol/codes';
import { joinSoftTerminal, makeHarness, MR } from './testing/harness';
import type { WireMode } from '../../protocol/wire';

const MODES: WireMode[] = ['podium', 'platform'];

function meeting(wire: WireMode) {
  const h = makeHarness({ simActivity: 0, config: { wire, platformAssume: new Set() } });
  const c = h.login();
  const room = h.engine.rooms.get(MR)!;
  const eps = (action: string, usr_ids: string[], value?: unknown) =>
    c.post('eps-status', { cmdid: 'ctrl_mr_eps', action, usr_ids, value });
  const status = (key: string, value: unknown) => c.post('mr-status', { cmdid: 'mod_mr_status', [key]: value });
  const audience = () => [...room.endpoints.values()].filter((e) => room.isAudience(e) && e.devType !== 'mr_cascade_sub');
  const join = (usrId: string) => joinSoftTerminal(h.engine, usrId);
  return { h, c, room, eps, status, audience, join };
}

describe.each(MODES)('recipes of the evidence (WIRE=%s)', (wire) => {
  it('all_guests_mute 1 mutes the audience and binds a later joiner and a reconnect; 0 lifts it', async () => {
    const { h, room, status, audience, join, eps } = meeting(wire);
    const [a] = audience();
    expect((await status('all_guests_mute', 1)).status).toBe(200);
    expect(room.status.all_guests_mute).toBe(1);
    expect(audience().every((e) => e.flags[0] === 0)).toBe(true);
    const late = join('late.joiner');
    expect(late.flags[0]).toBe(0);
    // unmuted individually, then reconnecting: the meeting's mute binds it again
    await eps('a_rx', [a.usrId], 1);
    expect(a.flags[0]).toBe(1);
    const again = join(a.usrId);
    expect(again.flags[0]).toBe(0);
    expect((await status('all_guests_mute', 0)).status).toBe(200);
    expect(audience().every((e) => e.flags[0] === 1)).toBe(true);
    expect(join('later.still').flags[0]).toBe(1);
    h.engine.stop();
  });

  it('clear_hand lowers one hand, clear_all_hand every hand; a_rx 1 + clear_hand is the accepted talker', async () => {
    const { h, room, eps, audience } = meeting(wire);
    const [a, b, c] = audience();
    for (const e of [a, b, c]) room.setFlag(e, 'hand', 1);
    await eps('a_rx', [a.usrId], 0);
    expect((await eps('a_rx', [a.usrId], 1)).status).toBe(200);
    expect((await eps('clear_hand', [a.usrId])).status).toBe(200);
    expect([a.flags[13], a.flags[0]]).toEqual([0, 1]);
    expect([b.flags[13], c.flags[13]]).toEqual([1, 1]);
    expect((await eps('clear_hand', ['nobody'])).body.result).toBe(RC.participantNotFound);
    expect((await eps('clear_all_hand', [])).status).toBe(200);
    expect([b.flags[13], c.flags[13]]).toEqual([0, 0]);
    h.engine.stop();
  });

  it('the roll-call recipe: roll_call 1, a_rx 1 for the called and the roll-call layout, seen by a second console', async () => {
    const { h, room, eps, status, audience } = meeting(wire);
    const other = h.login('supervisor');
    const [a, b] = audience();
    await status('all_guests_mute', 1);
    expect((await status('roll_call', 1)).status).toBe(200);
    await eps('a_rx', [a.usrId], 1);
    const layout = (called: string, guest: Record<string, unknown>) =>
      other.post('mosic-config', {
        cmdid: 'config_mosic',
        config_info: [
          { role: 'speaker', mosic_id: '1', layout_mode: 2, roles_lst: [[called]], poll_secs: 10, view_has_self: 0 },
          { role: 'guest', layout_mode: 2, poll_secs: 10, view_has_self: 0, ...guest },
        ],
      });
    expect((await layout(a.usrId, { mosic_id: '1*1', roles_lst: [['1010'], [a.usrId]] })).status).toBe(200);
    const seen = (await other.get('mr-status')).body;
    expect(seen).toMatchObject({ roll_call: 1, rollcall_usr_id: a.usrId, rollcall_view: 'with_speaker' });
    expect(seen.rollcall_hist[a.usrId]).toBe(`${a.uri.replace(/^sip:/, '').replace(/;.*$/, '')}`);
    expect(a.flags[0]).toBe(1);
    // the next one: the previous called falls back under the meeting's mute
    await eps('a_rx', [b.usrId], 1);
    await layout(b.usrId, { mosic_id: '1', roles_lst: [[b.usrId]] });
    expect((await other.get('mr-status')).body).toMatchObject({ roll_call: 1, rollcall_usr_id: b.usrId, rollcall_view: 'called_only' });
    expect([a.flags[0], b.flags[0]]).toEqual([0, 1]);
    expect(Object.keys(room.status.rollcall_hist)).toEqual(expect.arrayContaining([a.usrId, b.usrId]));
    expect((await status('roll_call', 0)).status).toBe(200);
    expect((await other.get('mr-status')).body).toMatchObject({ roll_call: 0, rollcall_usr_id: '' });
    expect(b.flags[0]).toBe(0);
    // without a roll call, unmuting one participant calls nobody
    await eps('a_rx', [a.usrId], 1);
    expect(room.status.rollcall_usr_id).toBe('');
    h.engine.stop();
  });

  it('a bulk unmute during a roll call calls nobody', async () => {
    const { h, room, eps, status, audience } = meeting(wire);
    const [a, b] = audience();
    await status('roll_call', 1);
    await eps('a_rx', [a.usrId, b.usrId], 1);
    expect(room.status.rollcall_usr_id).toBe('');
    h.engine.stop();
  });

  it("a banner set once per role (the platform client's way) is the banner of every target", async () => {
    const { h, c, room } = meeting(wire);
    for (const to_role of ['guest', 'speaker', 'chair']) {
      expect((await c.post('title-config', { cmdid: 'set_title', to_role, message: 'Welcome', has_title: 1, font_size: 40 })).status).toBe(
        200,
      );
    }
    expect(room.record.titles.find((t) => t.to_role === 'all')).toMatchObject({ message: 'Welcome', has_title: 1, font_size: 40 });
    expect((await c.get('title-config')).body).toMatchObject({ message: 'Welcome', has_title: 1 });
    h.engine.stop();
  });

  it('automatic panes are "0"; the default custom layout holds no "-2"', async () => {
    const { h, c } = meeting(wire);
    const custom = (await c.get('mosic-config')).body.config_info.find((x: { role: string }) => x.role === 'custom');
    expect(custom.roles_lst).toEqual(Array(16).fill(['0']));
    h.engine.stop();
  });
});

describe('the legacy "-2" pane token', () => {
  const entry = {
    role: 'guest',
    mosic_id: '2*2',
    layout_mode: 2,
    poll_secs: 10,
    view_has_self: 0,
    roles_lst: [['-2'], ['0'], ['-1'], ['1010']],
  };
  it('platform mode refuses it: no client of the platform sends it', async () => {
    const { h, c } = meeting('platform');
    expect((await c.post('mosic-config', { cmdid: 'config_mosic', config_info: [entry] })).body.result).toBe(RC.invalidPaneToken);
    h.engine.stop();
  });
  it('podium mode takes it as "0" (an older console still works)', async () => {
    const { h, c } = meeting('podium');
    expect((await c.post('mosic-config', { cmdid: 'config_mosic', config_info: [entry] })).status).toBe(200);
    const guest = (await c.get('mosic-config')).body.config_info.find((x: { role: string }) => x.role === 'guest');
    expect(guest.roles_lst).toEqual([['0'], ['0'], ['-1'], ['1010']]);
    h.engine.stop();
  });
});
