/**
 * The segment editor's draft: what each section holds while the user types (numbers may be half
 * typed), how it is read from a segment, checked, and turned back into one. Every part is
 * optional: undefined means "unchanged by this segment", and then the segment leaves it out.
 * No React.
 */
import {
  defaultBanner,
  type Segment,
  type SegmentBanner,
  type SegmentListenWatch,
  type SegmentMosaic,
  type SegmentMute,
  type SegmentRole,
} from '@protocol/runOfShow';
import { autoLayout } from '../runOfShowModel';

export interface TimerDraft {
  minutes: number | string;
  /** the warning share in percent, 50–99 */
  warnPercent: number | string;
  onEndpoints: boolean;
  /** who sees it on the endpoints; undefined: the segment banner's targets, else everyone */
  toRole?: SegmentBanner['to_role'];
}

export interface LayoutDraft {
  mosic_id: string;
  poll_secs: number | string;
}

export interface SegmentDraft {
  name: string;
  main_venue?: string;
  guests?: string[];
  layouts: Partial<Record<SegmentRole, LayoutDraft>>;
  /** null: the banner off */
  banner?: SegmentBanner | null;
  mute?: SegmentMute;
  listen_watch?: SegmentListenWatch;
  /** the roll call in calling order; [] ends one in progress */
  roll_call?: string[];
  recording?: boolean;
  live?: boolean;
  timer?: TimerDraft;
}

export type DraftError = 'name' | 'bannerText' | 'timerMinutes' | 'warnShare' | 'pollSecs' | 'customAuto';

export function draftOf(seg: Segment): SegmentDraft {
  const layouts: SegmentDraft['layouts'] = {};
  for (const [role, m] of Object.entries(seg.mosaics ?? {}))
    if (m) layouts[role as SegmentRole] = { mosic_id: m.mosic_id, poll_secs: m.poll_secs };
  return {
    name: seg.name,
    main_venue: seg.main_venue,
    guests: seg.guests ? [...seg.guests] : undefined,
    layouts,
    banner: seg.banner === undefined ? undefined : seg.banner ? { ...seg.banner, text: { ...seg.banner.text } } : null,
    mute: seg.mute ? { ...seg.mute, unmute: [...seg.mute.unmute] } : undefined,
    listen_watch: seg.listen_watch ? { ...seg.listen_watch } : undefined,
    roll_call: seg.roll_call ? [...seg.roll_call] : undefined,
    recording: seg.recording,
    live: seg.live,
    timer: seg.timer
      ? {
          minutes: seg.timer.secs / 60,
          warnPercent: Math.round(seg.timer.warn_share * 100),
          onEndpoints: seg.timer.on_endpoints,
          toRole: seg.timer.to_role,
        }
      : undefined,
  };
}

const num = (v: number | string) => (typeof v === 'number' ? v : v.trim() === '' ? NaN : Number(v));

/** The problems of a draft, by where they are shown. */
export function draftErrors(d: SegmentDraft): { error: DraftError; role?: SegmentRole }[] {
  const out: { error: DraftError; role?: SegmentRole }[] = [];
  if (d.name.trim() === '') out.push({ error: 'name' });
  if (d.banner && !d.banner.text.zh.trim() && !d.banner.text.en.trim()) out.push({ error: 'bannerText' });
  if (d.timer) {
    const m = num(d.timer.minutes);
    if (!(m > 0 && m * 60 <= 24 * 3600)) out.push({ error: 'timerMinutes' });
    const w = num(d.timer.warnPercent);
    if (!(Number.isInteger(w) && w >= 50 && w <= 99)) out.push({ error: 'warnShare' });
  }
  for (const [role, l] of Object.entries(d.layouts) as [SegmentRole, LayoutDraft][]) {
    const p = num(l.poll_secs);
    if (!(Number.isInteger(p) && p >= 0 && p <= 3600)) out.push({ error: 'pollSecs', role });
    if (role === 'custom' && l.mosic_id === 'auto') out.push({ error: 'customAuto', role });
  }
  return out;
}

/**
 * The segment a valid draft saves. Layouts whose choice did not change keep their panes (set by
 * capture or import); a new choice gets automatic panes with the main venue in the first.
 */
export function segmentOf(id: string, d: SegmentDraft, before: Segment, paneCount: (mosicId: string) => number): Segment {
  const seg: Segment = { id, name: d.name.trim() };
  if (d.main_venue !== undefined) seg.main_venue = d.main_venue;
  if (d.guests !== undefined) seg.guests = [...d.guests];
  const mosaics: Partial<Record<SegmentRole, SegmentMosaic>> = {};
  for (const [role, l] of Object.entries(d.layouts) as [SegmentRole, LayoutDraft][]) {
    const had = before.mosaics?.[role];
    const base = had && had.mosic_id === l.mosic_id ? had : autoLayout(l.mosic_id, paneCount(l.mosic_id));
    mosaics[role] = { ...base, poll_secs: num(l.poll_secs) };
  }
  if (Object.keys(mosaics).length) seg.mosaics = mosaics;
  if (d.banner === null) seg.banner = null;
  else if (d.banner) seg.banner = { ...d.banner, text: { zh: d.banner.text.zh.trim(), en: d.banner.text.en.trim() } };
  if (d.mute) seg.mute = { audience_muted: d.mute.audience_muted, unmute: [...d.mute.unmute] };
  if (d.listen_watch) seg.listen_watch = { ...d.listen_watch };
  if (d.roll_call) seg.roll_call = [...d.roll_call];
  if (d.recording !== undefined) seg.recording = d.recording;
  if (d.live !== undefined) seg.live = d.live;
  if (d.timer) {
    seg.timer = {
      secs: Math.round(num(d.timer.minutes) * 60),
      warn_share: num(d.timer.warnPercent) / 100,
      on_endpoints: d.timer.onEndpoints,
    };
    // an imported segment's timer target is kept through an edit, not dropped on Save
    if (d.timer.toRole !== undefined) seg.timer.to_role = d.timer.toRole;
  }
  // a rehearsal's time stays with the segment it was measured on
  if (before.rehearsed_secs !== undefined) seg.rehearsed_secs = before.rehearsed_secs;
  return seg;
}

/** A banner switched on in the editor starts from the subtitle dialog's defaults. */
export const newBanner = (): SegmentBanner => defaultBanner({});
