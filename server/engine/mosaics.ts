/**
 * The screen layouts the reference MCU offers (`sys_mosics`) with real pane rectangles, and the
 * default per-role mosaic configuration.
 *
 * `layout_coord` is a flat list of pane rectangles `[x, y, w, h, x, y, w, h, ...]` in pixels of a
 * 1920×1080 canvas, pane 0 first (docs/protocol.md "Layouts").
 */
import type { MosicConfigEntry, MosicGroupEntry } from '../../protocol/wire';

const W = 1920;
const H = 1080;

type Rect = [number, number, number, number];

function grid(cols: number, rows: number, x0 = 0, y0 = 0, w = W, h = H): Rect[] {
  const out: Rect[] = [];
  const cw = Math.floor(w / cols);
  const ch = Math.floor(h / rows);
  for (let r = 0; r < rows; r++) for (let c = 0; c < cols; c++) out.push([x0 + c * cw, y0 + r * ch, cw, ch]);
  return out;
}

/** One large pane spanning `big`×`big` cells of an `n`×`n` grid at top-left, the rest small around it. */
function largeAndRim(n: number, big: number): Rect[] {
  const cw = Math.floor(W / n);
  const ch = Math.floor(H / n);
  const out: Rect[] = [[0, 0, cw * big, ch * big]];
  for (let r = 0; r < big; r++) for (let c = big; c < n; c++) out.push([c * cw, r * ch, cw, ch]);
  for (let r = big; r < n; r++) for (let c = 0; c < n; c++) out.push([c * cw, r * ch, cw, ch]);
  return out;
}

/** One full-screen pane with `n` small picture-in-picture panes along the bottom right. */
function pip(n: number): Rect[] {
  const w = 384;
  const h = 216;
  const out: Rect[] = [[0, 0, W, H]];
  for (let i = 0; i < n; i++) out.push([W - (n - i) * (w + 16), H - h - 16, w, h]);
  return out;
}

/** A large pane beside (right) or above (bottom) a strip of `n` small panes. */
function largeWithStrip(n: number, side: 'right' | 'bottom'): Rect[] {
  if (side === 'right') {
    const sw = Math.floor(W / 4);
    const sh = Math.floor(H / n);
    return [[0, 0, W - sw, H], ...Array.from({ length: n }, (_, i) => [W - sw, i * sh, sw, sh] as Rect)];
  }
  const sh = Math.floor(H / 4);
  const sw = Math.floor(W / n);
  return [[0, 0, W, H - sh], ...Array.from({ length: n }, (_, i) => [i * sw, H - sh, sw, sh] as Rect)];
}

interface LayoutDef {
  id: string;
  desc: string;
  type: 'equal' | 'large_small' | 'pip';
  rects: Rect[];
}

const LAYOUTS: LayoutDef[] = [
  { id: '1', desc: '1 pane', type: 'equal', rects: [[0, 0, W, H]] },
  { id: '1*1', desc: '2 equal panes', type: 'equal', rects: grid(2, 1, 0, 270, W, 540) },
  { id: '2*2', desc: '4 panes', type: 'equal', rects: grid(2, 2) },
  { id: '1+5', desc: '1 large + 5 small', type: 'large_small', rects: largeAndRim(3, 2) },
  { id: '1+7', desc: '1 large + 7 small', type: 'large_small', rects: largeAndRim(4, 3) },
  { id: '3*3', desc: '9 panes', type: 'equal', rects: grid(3, 3) },
  {
    id: '2+8_2',
    desc: '2 large + 8 small',
    type: 'large_small',
    rects: [...grid(2, 1, 0, 0, W, 540), ...grid(4, 2, 0, 540, W, 540)],
  },
  { id: '4*4', desc: '16 panes', type: 'equal', rects: grid(4, 4) },
  { id: '5*5', desc: '25 panes', type: 'equal', rects: grid(5, 5) },
  { id: 'pin', desc: '1 full + 2 picture-in-picture', type: 'pip', rects: pip(2) },
  { id: 'pin_2', desc: '1 large + 2 small, right', type: 'large_small', rects: largeWithStrip(2, 'right') },
  { id: 'pin_3', desc: '1 large + 2 small, bottom', type: 'large_small', rects: largeWithStrip(2, 'bottom') },
];

/** every layout by id */
export const LAYOUT_PANES: ReadonlyMap<string, number> = new Map(LAYOUTS.map((l) => [l.id, l.rects.length]));

/** The `mosic_group` answer of `sys_mosics`. */
export function sysMosics(): MosicGroupEntry[] {
  return LAYOUTS.map((l) => ({
    layout_mode: 2,
    mosic_id: l.id,
    layout_coord: l.rects.flat(),
    mosic_cnts: l.rects.length,
    layout_desc: l.desc,
    layout_type: l.type,
    default_layout_for_type: l.id === '2*2' ? 'equal' : l.id === '1+5' ? 'large_small' : l.id === 'pin' ? 'pip' : '',
  }));
}

/** The layout the MCU picks for `mosic_id: "auto"` with `visible` video sources. */
export function autoLayoutFor(visible: number): string {
  if (visible <= 1) return '1';
  if (visible === 2) return '1*1';
  if (visible <= 4) return '2*2';
  if (visible <= 6) return '1+5';
  if (visible <= 8) return '1+7';
  if (visible <= 9) return '3*3';
  if (visible <= 16) return '4*4';
  return '5*5';
}

export const POLL_INTERVALS = [10, 20, 30, 60, 120, 300] as const;

/**
 * The default custom layout (spec §3): 4*4, every pane auto-assigned (`"0"`, facts §5.6). Podium
 * once filled it with `"-2"` ("unset"), a token no client of the platform sends; layouts stored
 * with it are still read as they are.
 */
export function defaultCustomConfig(): MosicConfigEntry {
  return {
    role: 'custom',
    mosic_id: '4*4',
    layout_mode: 2,
    roles_lst: Array.from({ length: 16 }, () => ['0']),
    poll_secs: 10,
    view_has_self: 0,
    focus_pane: -1,
    content_pane: -1,
    special_pane: -1,
  };
}

/** The default configuration of all roles: speaker, chair and guest automatic, custom 4*4. */
export function defaultMosaicConfig(): MosicConfigEntry[] {
  const auto = (role: 'speaker' | 'chair' | 'guest', viewHasSelf: 0 | 1): MosicConfigEntry => ({
    role,
    mosic_id: 'auto',
    layout_mode: 2,
    roles_lst: [],
    poll_secs: 10,
    view_has_self: viewHasSelf,
    focus_pane: -1,
    content_pane: -1,
    special_pane: -1,
  });
  return [auto('speaker', 1), auto('chair', 0), auto('guest', 0), defaultCustomConfig()];
}
