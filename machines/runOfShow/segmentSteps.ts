/**
 * In front of the platform, which has no Take (issue 28 item 4): a segment as the sequence of the
 * platform's own requests, the recipes the console's dialogs send (machines/commands/requests.ts),
 * in the order the reference server applies a Take. Each step carries what it changes, so the
 * panel can show progress and name a refused step. Only what differs from the meeting now is sent.
 */
import { defaultTitle } from '../../protocol/titles';
import {
  bannerMessage,
  PANE_TOKENS,
  SEGMENT_ROLES,
  titleOfBanner,
  type MeetingView,
  type Segment,
  type SegmentMosaic,
  type SegmentRole,
} from '../../protocol/runOfShow';
import type { MosicConfigEntry } from '../../protocol/wire';
import {
  epsStep,
  layoutStep,
  listenBanSteps,
  muteAllSteps,
  rollCallEndSteps,
  rollCallStartSteps,
  statusStep,
  titleSteps,
  watchBanSteps,
  type WireStep,
} from '../commands/requests';

/** What a step changes, for the progress line ("3 of 7: audience layout"). */
export type StepWhat =
  'mainVenue' | 'guests' | 'rollCall' | 'layouts' | 'banner' | 'mute' | 'unmute' | 'listen' | 'watch' | 'recording' | 'live';

export interface SegmentStep extends WireStep {
  what: StepWhat;
}

const entry = (role: SegmentRole, m: SegmentMosaic): MosicConfigEntry => ({
  role,
  layout_mode: 2,
  ...m,
  roles_lst: m.roles_lst.map((p) => [...p]),
});

/**
 * The platform requests that take `seg` from the meeting `view`, in order.
 * @example segmentSteps(view, { id: 'a', name: 'A', main_venue: 'b7' }) // [{ what: 'mainVenue', suffix: 'eps-status', body: { action: 'speaker', usr_ids: ['b7'], value: 1 } }]
 */
export function segmentSteps(view: MeetingView, seg: Segment): SegmentStep[] {
  const out: SegmentStep[] = [];
  const add = (what: StepWhat, steps: WireStep[]) => out.push(...steps.map((s) => ({ ...s, what })));
  if (seg.main_venue !== undefined && seg.main_venue !== view.main_venue) {
    // no main venue: `speaker` for the empty id, as the participant list's "cancel main venue" sends it
    add('mainVenue', [epsStep('speaker', [seg.main_venue || ''], 1)]);
  }
  if (seg.guests) {
    const want = new Set(seg.guests);
    const off = view.guests.filter((g) => !want.has(g) && view.online.has(g));
    const on = seg.guests.filter((g) => !view.guests.includes(g));
    if (off.length) add('guests', [epsStep('chair', off, 0)]);
    if (on.length) add('guests', [epsStep('chair', on, 1)]);
  }
  const muteBinds = seg.mute ? seg.mute.audience_muted : view.audience_muted;
  if (seg.roll_call && view.roll_call) add('rollCall', rollCallEndSteps(view.roll_call, muteBinds, []));
  // the mute policy before a roll call starts: while one is on, unmuting one participant calls them
  if (seg.mute) {
    if (seg.mute.audience_muted !== view.audience_muted) add('mute', muteAllSteps(seg.mute.audience_muted));
    const unmuted = new Set(view.unmuted);
    const unmute = seg.mute.unmute.filter((u) => !unmuted.has(u));
    if (unmute.length) add('unmute', [epsStep('a_rx', unmute, 1)]);
  }
  if (seg.roll_call?.length) add('rollCall', rollCallStartSteps(seg.roll_call[0], 'with_speaker'));
  const layouts = SEGMENT_ROLES.flatMap((role) => (seg.mosaics?.[role] ? [entry(role, seg.mosaics[role]!)] : []));
  if (layouts.length) add('layouts', [layoutStep(layouts)]);
  if (seg.banner !== undefined) {
    const title = { ...defaultTitle('all'), ...titleOfBanner(seg.banner) };
    add('banner', titleSteps(title));
  }
  if (seg.listen_watch) {
    if (seg.listen_watch.audience_listen !== view.audience_listen) add('listen', listenBanSteps(!seg.listen_watch.audience_listen));
    if (seg.listen_watch.audience_watch !== view.audience_watch) add('watch', watchBanSteps(!seg.listen_watch.audience_watch));
  }
  if (seg.recording !== undefined && seg.recording !== view.recording) add('recording', [statusStep('enable_rec', seg.recording ? 1 : 0)]);
  if (seg.live !== undefined && seg.live !== view.live) add('live', [statusStep('enable_live', seg.live ? 1 : 0)]);
  return out;
}

const sameMosaic = (a: SegmentMosaic | undefined, b: SegmentMosaic) =>
  a !== undefined &&
  a.mosic_id === b.mosic_id &&
  a.poll_secs === b.poll_secs &&
  a.view_has_self === b.view_has_self &&
  JSON.stringify(a.roles_lst) === JSON.stringify(b.roles_lst);

/**
 * Undo in front of the platform: the requests that put back `before` (the meeting captured when
 * the last Take began, `captureSegment`) from the meeting `now`. As the server's undo does, a
 * participant who has left since is left out (an empty main venue, an automatic pane). What is
 * already as it was is not sent again, and whoever was unmuted since is muted again: a Take only
 * unmutes, so without that step the capture would not come back whole.
 * @example undoSteps(now, captureSegment(view, 'undo', 'undo')).map((s) => s.what) // ['mainVenue', 'layouts', 'mute']
 */
export function undoSteps(now: MeetingView, before: Segment): SegmentStep[] {
  const present = (id: string) => now.online.has(id);
  const called = (before.roll_call ?? []).filter(present);
  const rollCallBack = before.roll_call !== undefined && (called[0] ?? '') !== now.roll_call;
  // a roll call started or ended again lays the screens out itself: every captured layout goes after it
  const mosaics = Object.fromEntries(
    Object.entries(before.mosaics ?? {})
      .filter(([role, m]) => rollCallBack || !sameMosaic(now.mosaics[role as SegmentRole], m!))
      .map(([role, m]) => [
        role,
        { ...m!, roles_lst: m!.roles_lst.map((p) => p.map((t) => (PANE_TOKENS.has(t) || present(t) ? t : '0'))) },
      ]),
  );
  const bannerBack =
    before.banner !== undefined &&
    (before.banner === null ? now.banner !== null : now.banner === null || now.banner.message !== bannerMessage(before.banner));
  const seg: Segment = {
    ...before,
    main_venue: before.main_venue === undefined ? undefined : before.main_venue && present(before.main_venue) ? before.main_venue : '',
    guests: before.guests?.filter(present),
    mute: before.mute && { ...before.mute, unmute: before.mute.unmute.filter(present) },
    roll_call: rollCallBack ? called : undefined,
    mosaics,
    banner: bannerBack ? before.banner : undefined,
  };
  const out = segmentSteps(now, seg);
  if (before.mute) {
    const keep = new Set(before.mute.unmute);
    const mute = now.unmuted.filter((u) => !keep.has(u) && present(u));
    if (mute.length) out.push({ ...epsStep('a_rx', mute, 0), what: 'mute' });
  }
  return out;
}
