/**
 * What one role's screen shows, pane by pane: the layout it is drawn in (an automatic layout as
 * the one the server resolved), each pane's place, and the participant (or shared content) in it
 * with the name and the video and talking states the tile draws. The layout window's monitor
 * wall draws it live; the screen-layout dialog draws it for a draft configuration before Apply,
 * from the same function, so the preview and the window agree.
 */
import type { MeetingRole, MosicConfigEntry, MosicGroupEntry } from '@protocol/wire';
import { assignPanes, talking as isTalking, videoOn, type ParticipantLookup } from '#/media/mediaModel';
import { paneRects, type MosaicGroupLike, type PaneRect } from './geometry';

/** The roles that each see a screen: main venue, honoured guest, audience. */
export const SCREEN_ROLES: readonly MeetingRole[] = ['speaker', 'chair', 'guest'];

const AUTO = 'auto';

/** The automatic layout the server resolves now (`cur_mosic_id` of any automatic entry; the same for every role). */
export function resolvedAutoLayout(configs: readonly MosicConfigEntry[] | undefined): string | undefined {
  return configs?.find((c) => c.mosic_id === AUTO && c.cur_mosic_id)?.cur_mosic_id;
}

/**
 * The layout a role's screen is drawn in. An automatic configuration is drawn as the layout the
 * server resolved it to: its own `cur_mosic_id`, else `autoResolved` (a draft switched to
 * automatic has none yet), else one full pane.
 */
export function screenGroup(config: MosicConfigEntry, layouts: readonly MosicGroupEntry[], autoResolved?: string): MosaicGroupLike {
  const automatic = config.mosic_id === AUTO;
  const id = automatic ? (config.cur_mosic_id ?? autoResolved ?? '1') : config.mosic_id;
  return (
    layouts.find((l) => l.mosic_id === id) ?? {
      mosic_id: id,
      mosic_cnts: automatic ? 1 : Math.max(1, config.roles_lst.length),
      layout_coord: [],
    }
  );
}

/** One pane of a role's screen as a tile draws it. */
export interface ScreenPane {
  index: number;
  rect: PaneRect;
  kind: 'empty' | 'participant' | 'content';
  /** who is shown (the presenter for content); null for an empty pane */
  usrId: string | null;
  /** the participant's display name ('' for an empty pane) */
  name: string;
  /** the participant's video reaches the meeting (content: always) */
  videoOn: boolean;
  /** the participant talks now */
  talking: boolean;
  /** the configuration's focus pane */
  focus: boolean;
}

export interface ScreenInput {
  config: MosicConfigEntry;
  /** the layout drawn ({@link screenGroup}) */
  group: MosaicGroupLike;
  lookup: ParticipantLookup;
  /** seconds now: panes holding several participants rotate every `poll_secs` */
  nowSecs: number;
}

/** The panes of a role's screen, in pane order. */
export function screenPanes({ config, group, lookup, nowSecs }: ScreenInput): ScreenPane[] {
  const rects = paneRects(group);
  const contents = assignPanes({ config, paneCount: rects.length, lookup, nowSecs });
  return rects.map((rect, index) => {
    const content = contents[index] ?? { kind: 'empty' as const };
    const focus = config.focus_pane === index;
    if (content.kind === 'empty') return { index, rect, kind: 'empty', usrId: null, name: '', videoOn: false, talking: false, focus };
    const p = lookup.get(content.usrId);
    const name = p?.usr_name || content.usrId;
    if (content.kind === 'content')
      return { index, rect, kind: 'content', usrId: content.usrId, name, videoOn: true, talking: false, focus };
    return { index, rect, kind: 'participant', usrId: content.usrId, name, videoOn: videoOn(p), talking: isTalking(p), focus };
  });
}

/** The names a screen shows, pane by pane ('' for an empty pane): what the dialog's preview and the window are compared by. */
export function screenNames(panes: readonly ScreenPane[]): string[] {
  return panes.map((p) => p.name);
}
