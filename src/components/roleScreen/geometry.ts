/**
 * Pane geometry of a screen layout (`sys_mosics` entries): shared by the screen-layout dialog's
 * diagrams and previews and the layout window's monitor wall.
 */
import type { MosicGroupEntry } from '@protocol/wire';

/** What the drawings need of a `sys_mosics` entry. */
export type MosaicGroupLike = Pick<MosicGroupEntry, 'mosic_id' | 'mosic_cnts' | 'layout_coord'> &
  Partial<Pick<MosicGroupEntry, 'layout_desc' | 'layout_type'>>;

/** A pane as fractions of the screen. */
export interface PaneRect {
  x: number;
  y: number;
  w: number;
  h: number;
}

/**
 * Pane rectangles of a layout as fractions of the screen (0–1). `layout_coord` is read as
 * `[x, y, w, h]` per pane in any unit (normalised by the largest extent); without usable
 * coordinates the panes are drawn as an even grid.
 */
export function paneRects(group: MosaicGroupLike): PaneRect[] {
  const count = Math.max(1, group.mosic_cnts || 1);
  const c = group.layout_coord ?? [];
  if (c.length >= count * 4 && c.every((v) => Number.isFinite(v) && v >= 0)) {
    let maxX = 0;
    let maxY = 0;
    for (let i = 0; i < count; i++) {
      maxX = Math.max(maxX, c[i * 4] + c[i * 4 + 2]);
      maxY = Math.max(maxY, c[i * 4 + 1] + c[i * 4 + 3]);
    }
    if (maxX > 0 && maxY > 0) {
      return Array.from({ length: count }, (_, i) => ({
        x: c[i * 4] / maxX,
        y: c[i * 4 + 1] / maxY,
        w: c[i * 4 + 2] / maxX,
        h: c[i * 4 + 3] / maxY,
      }));
    }
  }
  const cols = Math.ceil(Math.sqrt(count));
  const rows = Math.ceil(count / cols);
  return Array.from({ length: count }, (_, i) => ({ x: (i % cols) / cols, y: Math.floor(i / cols) / rows, w: 1 / cols, h: 1 / rows }));
}
