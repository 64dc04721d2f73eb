import type { MosicGroupEntry } from '@protocol/wire';

/** What the diagrams need of a `sys_mosics` entry. */
export type MosaicGroupLike = Pick<MosicGroupEntry, 'mosic_id' | 'mosic_cnts' | 'layout_coord'> & Partial<Pick<MosicGroupEntry, 'layout_desc' | 'layout_type'>>;

/** A pane as fractions of the screen. */
export interface PaneRect {
  x: number;
  y: number;
  w: number;
  h: number;
}
