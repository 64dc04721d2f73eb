/**
 * A layout drawn as its real panes: each pane a box at its place on a 16:9 screen, optionally
 * labelled with what it shows.
 */
import type { ReactNode } from 'react';
import { paneRects } from './mosaicModel';
import type { MosaicGroupLike } from './types';

export interface MosaicDiagramProps {
  /** the layout to draw */
  group: MosaicGroupLike;
  /** width in px; default 96 */
  width?: number;
  /** pane labels, by pane index; default none */
  labels?: readonly ReactNode[];
  /** pane index highlighted (focus); default none */
  highlight?: number;
}

export function MosaicDiagram({ group, width = 96, labels, highlight }: MosaicDiagramProps) {
  const rects = paneRects(group);
  return (
    <div
      data-testid="mosaic-diagram"
      data-mosic-id={group.mosic_id}
      data-panes={rects.length}
      style={{ position: 'relative', width, aspectRatio: '16 / 9', background: '#1f2933', borderRadius: 2 }}
    >
      {rects.map((r, i) => (
        <div
          key={i}
          data-pane={i}
          style={{
            position: 'absolute',
            left: `${r.x * 100}%`,
            top: `${r.y * 100}%`,
            width: `${r.w * 100}%`,
            height: `${r.h * 100}%`,
            boxSizing: 'border-box',
            border: `1px solid ${i === highlight ? '#fab005' : '#9fb3c8'}`,
            background: i === highlight ? 'rgba(250,176,5,0.25)' : 'rgba(159,179,200,0.15)',
            color: '#e4e7eb',
            fontSize: 9,
            overflow: 'hidden',
            textOverflow: 'ellipsis',
            whiteSpace: 'nowrap',
            padding: 1,
          }}
        >
          {labels?.[i]}
        </div>
      ))}
    </div>
  );
}
