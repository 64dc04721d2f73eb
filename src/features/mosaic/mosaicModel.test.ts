import { describe, expect, it } from 'vitest';
import {
  sameConfig,
  assignPane,
  autoConfig,
  configFor,
  defaultCustomConfig,
  movePane,
  offersPaneMarks,
  PANE,
  paneRects,
  withLayout,
} from './mosaicModel';

describe('mosaic defaults', () => {
  it('custom layout is 4*4 with 16 auto-assigned slots ("0", facts §5.6), mode 2, poll 10 s', () => {
    const c = defaultCustomConfig();
    expect(c.mosic_id).toBe('4*4');
    expect(c.roles_lst).toHaveLength(16);
    expect(c.roles_lst.every((p) => p[0] === '0')).toBe(true);
    expect(c.layout_mode).toBe(2);
    expect(c.poll_secs).toBe(10);
  });

  it('a layout stored with podium\'s old "-2" is read, and would be sent, as "0"', () => {
    const stored = {
      role: 'guest',
      mosic_id: '1*1',
      layout_mode: 2,
      roles_lst: [['-2'], ['u1']],
      poll_secs: 10,
      view_has_self: 0,
    } as const;
    expect(configFor('guest', [{ ...stored, roles_lst: stored.roles_lst.map((p) => [...p]) }]).roles_lst).toEqual([['0'], ['u1']]);
  });

  it('roles without a server config are automatic, one full cell', () => {
    expect(configFor('guest', [])).toEqual(autoConfig('guest'));
    expect(autoConfig('guest').roles_lst).toEqual([]);
  });
});

describe('editing', () => {
  it('keeps assignments that fit when the layout shrinks', () => {
    let c = assignPane(defaultCustomConfig(), 0, 'u1');
    c = assignPane(c, 5, PANE.mainVenue);
    c = { ...c, focus_pane: 5 };
    const small = withLayout(c, '2*2', 4);
    expect(small.roles_lst).toEqual([['u1'], ['0'], ['0'], ['0']]);
    expect(small.focus_pane).toBe(-1);
  });

  it('automatic drops the panes', () => {
    expect(withLayout(defaultCustomConfig(), 'auto', 0).roles_lst).toEqual([]);
  });

  it('drag-to-sort moves a pane and its marks', () => {
    let c = withLayout(defaultCustomConfig(), '2*2', 4);
    c = assignPane(assignPane(c, 0, 'a'), 3, 'd');
    c = { ...c, focus_pane: 3 };
    const moved = movePane(c, 3, 0);
    expect(moved.roles_lst.map((p) => p[0])).toEqual(['d', 'a', '0', '0']);
    expect(moved.focus_pane).toBe(0);
  });
});

describe('pane geometry', () => {
  it('reads [x,y,w,h] coordinates in any unit', () => {
    const rects = paneRects({ mosic_id: '1+1', mosic_cnts: 2, layout_coord: [0, 0, 960, 1080, 960, 0, 960, 1080] });
    expect(rects).toEqual([
      { x: 0, y: 0, w: 0.5, h: 1 },
      { x: 0.5, y: 0, w: 0.5, h: 1 },
    ]);
  });

  it('falls back to an even grid', () => {
    const rects = paneRects({ mosic_id: '3*3', mosic_cnts: 9, layout_coord: [] });
    expect(rects).toHaveLength(9);
    expect(rects[4]).toEqual({ x: 1 / 3, y: 1 / 3, w: 1 / 3, h: 1 / 3 });
  });
});

describe('sameConfig', () => {
  it('treats missing pane marks as none and sees pane changes', () => {
    const a = withLayout(defaultCustomConfig(), '2*2', 4);
    const { focus_pane: _f, ...withoutMarks } = a;
    expect(sameConfig(a, withoutMarks)).toBe(true);
    expect(sameConfig(a, assignPane(a, 1, 'u1'))).toBe(false);
  });
});

describe('offersPaneMarks', () => {
  it("offers pane marks only when the server's entries carry them", () => {
    const podium = configFor('speaker', undefined);
    const platformEntry = {
      role: 'speaker' as const,
      mosic_id: '2*2',
      layout_mode: 2,
      roles_lst: [['0'], ['0'], ['0'], ['0']],
      poll_secs: 10,
      view_has_self: 1 as const,
    };
    expect(offersPaneMarks(undefined)).toBe(true);
    expect(offersPaneMarks([{ ...defaultCustomConfig() }])).toBe(true);
    expect(offersPaneMarks([platformEntry])).toBe(false);
    expect(podium.role).toBe('speaker');
  });
});
