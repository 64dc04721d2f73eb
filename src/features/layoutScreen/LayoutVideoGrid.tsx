/**
 * One role's layout as live video: each pane at its place on a 16:9 screen showing the
 * participant (or content) the media model assigns it. Only the panes shown lease streams.
 */

import type { MosicConfigEntry } from '@protocol/wire';
import type { MeetingMediaSource } from '#/media/mediaSource';
import type { ParticipantFeed } from '#/media/simulatedMedia';
import { assignPanes, videoOn, type PaneContent } from '#/media/mediaModel';
import { useVideoStream } from '#/media/useMedia';
import { VideoTile } from '#/media/VideoTile';
import { paneRects } from '../mosaic/mosaicModel';
import type { MosaicGroupLike } from '../mosaic/types';

export interface LayoutVideoGridProps {
  media: MeetingMediaSource | null;
  feed: ParticipantFeed;
  /** the participants' version: panes are reassigned when it moves */
  version: number;
  config: MosicConfigEntry;
  /** the layout drawn (for an automatic layout, the one it resolves to) */
  group: MosaicGroupLike;
  /** the panes show video (false: name placeholders, nothing leased) */
  video: boolean;
  /** names on the panes (showName) */
  names: boolean;
  /** who talks, when the talking participant is marked (showTalk); null otherwise */
  talking: ReadonlySet<string> | null;
  /** accessible label of the grid */
  label: string;
}

export function LayoutVideoGrid({ media, feed, config, group, video, names, talking, label }: LayoutVideoGridProps) {
  const rects = paneRects(group);
  const panes = assignPanes({ config, paneCount: rects.length, lookup: feed, nowSecs: Math.floor(Date.now() / 1000) });
  return (
    <div
      role="group"
      aria-label={label}
      data-testid="layout-video-grid"
      data-mosic-id={group.mosic_id}
      data-panes={rects.length}
      style={{ position: 'relative', width: 'min(100%, calc((100vh - 260px) * 16 / 9))', minWidth: 320, aspectRatio: '16 / 9', background: '#0b0e11', margin: '0 auto' }}
    >
      {rects.map((r, i) => (
        <div
          key={i}
          data-pane={i}
          style={{ position: 'absolute', left: `${r.x * 100}%`, top: `${r.y * 100}%`, width: `${r.w * 100}%`, height: `${r.h * 100}%`, padding: 1, boxSizing: 'border-box' }}
        >
          <Pane media={media} feed={feed} pane={panes[i]} video={video} names={names} talking={talking} />
        </div>
      ))}
    </div>
  );
}

const fill = { position: 'absolute', inset: 0, width: '100%', height: '100%', aspectRatio: 'auto' } as const;

function Pane({
  media,
  feed,
  pane,
  video,
  names,
  talking,
}: {
  media: MeetingMediaSource | null;
  feed: ParticipantFeed;
  pane: PaneContent;
  video: boolean;
  names: boolean;
  talking: ReadonlySet<string> | null;
}) {
  const usrId = pane.kind === 'empty' ? null : pane.usrId;
  const kind = pane.kind === 'content' ? 'content' : 'participant';
  const stream = useVideoStream(media, kind, usrId, usrId !== null && video);
  if (!usrId) return <div data-testid="layout-pane-empty" style={{ ...fill, background: '#1f2933' }} />;
  const p = feed.get(usrId);
  const on = kind === 'content' || videoOn(p);
  return (
    <VideoTile
      testId="layout-pane"
      kind={kind}
      stream={stream}
      usrId={usrId}
      name={p?.usr_name || usrId}
      mode={!video ? 'hidden' : on ? 'live' : 'off'}
      showName={names}
      talking={kind === 'participant' && !!talking?.has(usrId)}
      style={fill}
    />
  );
}
