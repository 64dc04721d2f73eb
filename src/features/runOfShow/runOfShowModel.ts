/**
 * The meeting as this console sees it, in the shape the run of show compares segments with
 * (protocol/runOfShow.ts `MeetingView`), and small helpers for building a document. No React.
 */
import { decodeUsrStats } from '@protocol/usrStats';
import type { MeetingView, RunOfShow, Segment, SegmentMosaic, SegmentRole } from '@protocol/runOfShow';
import type { MosicConfigEntry, MrStatus, TitleConfig } from '@protocol/wire';

/** The keys of the run-of-show panel (while it is open and no field has the focus). */
export const RUN_OF_SHOW_KEYS = { take: 't', next: 'n', back: 'b', hold: 'h', undo: 'u' } as const;

/** What a participant record gives the view: id, online, its usr_stats flag string. */
export interface ParticipantFlags {
  usr_id: string;
  online: 0 | 1;
  usr_stat: string;
}

export function consoleMeetingView(
  status: Partial<MrStatus> | null | undefined,
  mosaicConfigs: readonly MosicConfigEntry[],
  titles: readonly TitleConfig[],
  participants: readonly ParticipantFlags[],
): MeetingView {
  const online = participants.filter((p) => p.online === 1);
  const flags = online.map((p) => ({ id: p.usr_id, f: decodeUsrStats(p.usr_stat) }));
  const mosaics: Partial<Record<SegmentRole, SegmentMosaic>> = {};
  for (const c of mosaicConfigs)
    mosaics[c.role] = {
      mosic_id: c.mosic_id,
      roles_lst: c.roles_lst.map((p) => [...p]),
      poll_secs: c.poll_secs,
      view_has_self: c.view_has_self,
    };
  const all = titles.find((t) => t.to_role === 'all');
  const shown = all && all.has_title === 1 ? all : titles.find((t) => t.has_title === 1);
  return {
    main_venue: status?.spk_usr_id ?? '',
    guests: flags.filter((x) => x.f.chair === 1).map((x) => x.id),
    mosaics,
    banner: shown ? { message: shown.message } : null,
    audience_muted: status?.all_guests_mute === 1,
    unmuted: flags.filter((x) => x.f.a_rx === 1).map((x) => x.id),
    recording: status?.rec_state === 'recording' || status?.rec_state === 'starting',
    live: status?.live_enabled === 1,
    audience_listen: status?.mr_atx_mode !== 1,
    audience_watch: status?.mr_vtx_mode !== 1,
    roll_call: status?.roll_call === 1 ? (status.rollcall_usr_id ?? '') : '',
    online: new Set(online.map((p) => p.usr_id)),
  };
}

/** A segment id not used in `doc` yet. */
export function newSegmentId(doc: RunOfShow): string {
  const used = new Set(doc.segments.map((s) => s.id));
  for (let i = doc.segments.length + 1; ; i++) if (!used.has(`s${i}`)) return `s${i}`;
}

export function withSegments(doc: RunOfShow, segments: Segment[]): RunOfShow {
  return { ...doc, segments };
}

/** `segments` with the one at `from` moved to `to`. */
export function moveSegment(segments: readonly Segment[], from: number, to: number): Segment[] {
  const out = [...segments];
  if (to < 0 || to >= out.length) return out;
  const [s] = out.splice(from, 1);
  out.splice(to, 0, s);
  return out;
}

/** A segment's layout for one role where every pane is automatic (the panes of `count`). */
export function autoLayout(mosicId: string, panes: number): SegmentMosaic {
  return {
    mosic_id: mosicId,
    roles_lst: mosicId === 'auto' ? [] : Array.from({ length: panes }, (_, i) => [i === 0 ? '1010' : '0']),
    poll_secs: 10,
    view_has_self: 0,
  };
}
