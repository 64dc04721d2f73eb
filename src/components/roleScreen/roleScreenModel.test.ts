import { describe, expect, it } from 'vitest';
import { encodeUsrStats, type UsrStatsFlags } from '@protocol/usrStats';
import type { MosicConfigEntry, MosicGroupEntry } from '@protocol/wire';
import type { MediaParticipant, ParticipantLookup } from '#/media/mediaModel';
import { resolvedAutoLayout, screenGroup, screenNames, screenPanes } from './roleScreenModel';

function person(usrId: string, name: string, flags: Partial<UsrStatsFlags> = {}, online: 0 | 1 = 1): MediaParticipant {
  return {
    usr_id: usrId,
    usr_name: name,
    ep_id: online ? 7 : 0,
    online,
    usr_stat: online ? encodeUsrStats({ a_rx: 1, v_rx: 1, a_tx: 1, v_tx: 1, ...flags }) : '',
  };
}
function lookupOf(list: MediaParticipant[]): ParticipantLookup {
  const map = new Map(list.map((p) => [p.usr_id, p]));
  return { get: (id) => map.get(id), list: () => list };
}
const group = (mosic_id: string, mosic_cnts: number, layout_coord: number[] = []): MosicGroupEntry => ({
  mosic_id,
  mosic_cnts,
  layout_coord,
  layout_desc: mosic_id,
  layout_mode: 2,
  layout_type: 'normal',
  default_layout_for_type: '',
});
const layouts = [group('1', 1), group('1+1', 2, [0, 0, 960, 1080, 960, 0, 960, 1080]), group('2*2', 4)];
const config = (mosic_id: string, roles: string[][], extra: Partial<MosicConfigEntry> = {}): MosicConfigEntry => ({
  role: 'speaker',
  mosic_id,
  layout_mode: 2,
  roles_lst: roles,
  poll_secs: 10,
  view_has_self: 1,
  ...extra,
});

describe('a role screen', () => {
  const people = lookupOf([
    person('a', 'Ann'),
    person('b', 'Ben', { v_rx: 0 }),
    person('c', 'Cai', { vad: 1 }),
    person('gone', 'Gone', {}, 0),
  ]);

  it('draws a fixed layout in its own geometry', () => {
    const c = config('1+1', [['a'], ['b']]);
    const panes = screenPanes({ config: c, group: screenGroup(c, layouts), lookup: people, nowSecs: 0 });
    expect(panes.map((p) => p.rect)).toEqual([
      { x: 0, y: 0, w: 0.5, h: 1 },
      { x: 0.5, y: 0, w: 0.5, h: 1 },
    ]);
  });

  it('names each pane once, with its video and talking states', () => {
    const c = config('2*2', [['a'], ['b'], ['c'], ['-1']], { focus_pane: 2 });
    const panes = screenPanes({ config: c, group: screenGroup(c, layouts), lookup: people, nowSecs: 0 });
    expect(screenNames(panes)).toEqual(['Ann', 'Ben', 'Cai', '']);
    expect(panes.map((p) => p.videoOn)).toEqual([true, false, true, false]);
    expect(panes.map((p) => p.talking)).toEqual([false, false, true, false]);
    expect(panes.map((p) => p.focus)).toEqual([false, false, true, false]);
    expect(panes[3].kind).toBe('empty');
  });

  it('leaves a pane empty whose participant is not in the meeting', () => {
    const c = config('1+1', [['gone'], ['a']]);
    expect(screenNames(screenPanes({ config: c, group: screenGroup(c, layouts), lookup: people, nowSecs: 0 }))).toEqual(['', 'Ann']);
  });

  it('draws an automatic layout as the one the server resolved, or as a draft the resolution of another role', () => {
    const resolved = config('auto', [], { cur_mosic_id: '2*2' });
    expect(screenGroup(resolved, layouts).mosic_id).toBe('2*2');
    const draft = config('auto', []);
    expect(resolvedAutoLayout([config('1', [['a']]), { ...resolved, role: 'guest' }])).toBe('2*2');
    expect(screenGroup(draft, layouts, '1+1').mosic_id).toBe('1+1');
    expect(screenGroup(draft, layouts).mosic_id).toBe('1');
    const panes = screenPanes({ config: resolved, group: screenGroup(resolved, layouts), lookup: people, nowSecs: 0 });
    // every pane of an automatic layout takes the next participant in the meeting
    expect(screenNames(panes)).toEqual(['Ann', 'Ben', 'Cai', '']);
  });

  it('keeps as many panes as a layout the server did not list has roles', () => {
    expect(screenGroup(config('3*3', [['a'], ['b']]), layouts)).toEqual({ mosic_id: '3*3', mosic_cnts: 2, layout_coord: [] });
  });
});
