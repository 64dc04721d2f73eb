/**
 * In front of the platform, which has no Take (issue 28 item 4): a segment as the sequence of the
 * platform's own requests, the recipes the console's dialogs send (machines/commands/requests.ts),
 * in the order the reference server applies a Take. Each step carries what it changes, so the
 * panel can show progress and name a refused step. Only what differs from the meeting now is sent.
 */
import { defaultTitle } from '../../protocol/titles';
import {
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
  if (seg.roll_call?.length) add('rollCall', rollCallStartSteps(seg.roll_call[0], 'with_speaker'));
  const layouts = SEGMENT_ROLES.flatMap((role) => (seg.mosaics?.[role] ? [entry(role, seg.mosaics[role]!)] : []));
  if (layouts.length) add('layouts', [layoutStep(layouts)]);
  if (seg.banner !== undefined) {
    const title = { ...defaultTitle('all'), ...titleOfBanner(seg.banner) };
    add('banner', titleSteps(title));
  }
  if (seg.mute) {
    if (seg.mute.audience_muted !== view.audience_muted) add('mute', muteAllSteps(seg.mute.audience_muted));
    const unmuted = new Set(view.unmuted);
    const unmute = seg.mute.unmute.filter((u) => !unmuted.has(u));
    if (unmute.length) add('unmute', [epsStep('a_rx', unmute, 1)]);
  }
  if (seg.listen_watch) {
    if (seg.listen_watch.audience_listen !== view.audience_listen) add('listen', listenBanSteps(!seg.listen_watch.audience_listen));
    if (seg.listen_watch.audience_watch !== view.audience_watch) add('watch', watchBanSteps(!seg.listen_watch.audience_watch));
  }
  if (seg.recording !== undefined && seg.recording !== view.recording) add('recording', [statusStep('enable_rec', seg.recording ? 1 : 0)]);
  if (seg.live !== undefined && seg.live !== view.live) add('live', [statusStep('enable_live', seg.live ? 1 : 0)]);
  return out;
}
