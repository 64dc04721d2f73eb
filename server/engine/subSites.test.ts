/**
 * Sub-sites (cascade points) on the reference server (issue 30): non-cascade refused with the
 * spec's message while any exist, in both wire modes; removed like any participant (drop, then
 * del_participants) they are gone for good, the status tells the new count, and non-cascade is
 * then accepted.
 */
import { describe, expect, it } from 'vitest';
import { RC } from '../../protocol/codes';
import type { WireMode } from '../../protocol/wire';
import { makeHarness, MR, ofType } from './testing/harness';

const MODES: WireMode[] = ['podium', 'platform'];

function demo(wire: WireMode) {
  // platform mode with the assumed cascade_mode switch on (protocol/assumptions.ts 'meeting-modes')
  const h = makeHarness({ simActivity: 0, config: { wire, platformAssume: new Set(['meeting-modes']) } });
  const c = h.login();
  const room = h.engine.rooms.get(MR)!;
  const toNonCascade = () => c.post('mr-status', { cmdid: 'mod_mr_status', cascade_mode: '' });
  const eps = (action: string, usrIds: string[]) => c.post('eps-status', { cmdid: 'ctrl_mr_eps', action, usr_ids: usrIds });
  const subSites = () => [...room.roster.values()].filter((r) => r.devType === 'mr_cascade_sub').map((r) => r.usrId);
  return { h, c, room, toNonCascade, eps, subSites };
}

describe.each(MODES)('sub-sites (WIRE=%s)', (wire) => {
  it('the demo meeting is a parent meeting with a sub-site leg reported as dev_type mr_cascade_sub', async () => {
    const { h, c, room, subSites } = demo(wire);
    expect(room.status.cascade_mode).toBe('parent');
    const [sub] = subSites();
    expect(sub).toBeDefined();
    const info = (await c.get('eps-info')).body;
    expect(info.dev_type[info.usr_ids.indexOf(sub)]).toBe('mr_cascade_sub');
    h.engine.stop();
  });

  it('refuses non-cascade while a sub-site exists and changes nothing', async () => {
    const { h, room, toNonCascade } = demo(wire);
    const before = room.mrStatus();
    const r = await toNonCascade();
    expect(r).toMatchObject({ status: 403, body: { result: RC.cascadePointsExist } });
    expect(room.status.cascade_mode).toBe('parent');
    expect(room.mrStatus().cascade_points).toBe(before.cascade_points);
    h.engine.stop();
  });

  it('drop then del_participants removes a sub-site for good; the status tells 0 points; non-cascade is accepted', async () => {
    const { h, c, room, toNonCascade, eps, subSites } = demo(wire);
    const since = room.feed.head;
    for (const sub of subSites()) {
      expect((await eps('drop', [sub])).status).toBe(200);
      // hung up, a sub-site is still a cascade point: it is on the roster
      expect((await toNonCascade()).status).toBe(403);
      expect((await eps('del_participants', [sub])).status).toBe(200);
    }
    expect(subSites()).toEqual([]);
    expect(room.mrStatus().cascade_points).toBe(0);
    const told = ofType(await c.poll(since), 'one_mr_status').filter((e) => 'cascade_points' in e);
    expect(told.at(-1)?.cascade_points).toBe(0);
    // the simulated sub-meeting does not call back on its own (ten minutes, the session kept polling)
    for (let i = 0; i < 30; i++) {
      await h.tick(20);
      await c.poll(room.feed.head);
    }
    expect(room.mrStatus().cascade_points).toBe(0);
    expect((await toNonCascade()).status).toBe(200);
    expect(room.status.cascade_mode).toBe('');
    h.engine.stop();
  });

  it('a sub-venue invited by temporary call (usr_type 7) joins as a sub-site and counts again', async () => {
    const { h, c, room, eps, subSites } = demo(wire);
    for (const sub of subSites()) await eps('del_participants', [sub]);
    expect(room.mrStatus().cascade_points).toBe(0);
    // the simulated dial fails now and then (callFailure): call again until one answers
    for (let i = 0; i < 20 && subSites().length === 0; i++) {
      expect(
        (await c.post('temp-usrs', { cmdid: 'create_temp_call', call_url: '8008138@198.51.100.7', usr_type: 7, disp_name: 'Branch again' }))
          .status,
      ).toBe(200);
      await h.tick(5);
    }
    expect(subSites()).toHaveLength(1);
    expect(room.mrStatus().cascade_points).toBe(1);
    h.engine.stop();
  });
});
