/**
 * A segment's timer on the endpoints' banner in front of the platform (issue 28 item 3). Against
 * Podium the server writes that countdown (server/engine/runOfShowTimer.ts); the platform has no
 * run of show, so the console that keeps it in its browser writes it, with the platform's own
 * `set_title` per role, in the server's words (`endpointTimerText`) and for the same role, after
 * the segment's own banner for that role.
 *
 * A write goes out only when the text changes, and the text changes only at the server's steps:
 * once a minute, every 10 s in the last minute and in the first minute over, then once a minute
 * over. A 3-minute timer is about a dozen writes per role instead of one a second, which the
 * endpoints could not read anyway; a held timer's text does not move, so Hold sends nothing.
 */
import { defaultTitle } from '../../protocol/titles';
import {
  bannerMessage,
  defaultBanner,
  endpointTimerText,
  timerAt,
  titleOfBanner,
  type RunOfShow,
  type RunOfShowState,
  type SegmentBanner,
} from '../../protocol/runOfShow';
import { BANNER_ROLES, titleSteps, type WireStep } from '../commands/requests';

type BannerRole = SegmentBanner['to_role'];

/**
 * Longest banner the platform draws, in UTF-8 bytes (facts §5.7: its client's rule, one line). The
 * timer text always fits; the segment's own banner in front of it is shortened instead.
 */
export const PLATFORM_BANNER_MAX_BYTES = 60;

/** What this console last wrote (or tried to write) of a timer into the endpoints' banner. */
export interface CountdownShown {
  /** which segment and since when: a new Take, or an Undo back to it, counts anew */
  airing: string;
  role: BannerRole;
  /** '' when what the endpoints show is not known (a write stopped half-way): the next look writes again */
  message: string;
  /** what goes back when the countdown ends: the segment's own banner for that role, or the banner off */
  restore: SegmentBanner | null;
}

/** A write the countdown needs: its requests, and what the banner shows once they are applied. */
export interface CountdownWrite {
  steps: WireStep[];
  shown: CountdownShown | null;
}

const bytes = (s: string) => new TextEncoder().encode(s).length;

/** `base · text`, the base shortened (with "…") so that the whole fits the platform's banner. */
function fitted(base: string, text: string): string {
  if (!base) return text;
  if (bytes(`${base} · ${text}`) <= PLATFORM_BANNER_MAX_BYTES) return `${base} · ${text}`;
  const room = PLATFORM_BANNER_MAX_BYTES - bytes(` · ${text}`) - bytes('…');
  let cut = '';
  for (const ch of base) {
    if (bytes(cut + ch) > room) break;
    cut += ch;
  }
  cut = cut.trimEnd();
  return cut ? `${cut}… · ${text}` : text;
}

/**
 * The countdown the segment on air asks for at `now`, or null (nothing on air, no timer, or a
 * timer not shown on the endpoints). The role is the server's: the timer's own, else the
 * segment banner's, else everyone.
 */
export function wantedCountdown(doc: RunOfShow, state: RunOfShowState, now: number): (CountdownShown & { look: SegmentBanner }) | null {
  const seg = doc.segments[state.current];
  if (state.current < 0 || !state.taken_at || !seg?.timer?.on_endpoints) return null;
  const role = seg.timer.to_role ?? seg.banner?.to_role ?? 'all';
  const own = seg.banner && seg.banner.to_role === role ? seg.banner : null;
  const text = endpointTimerText(timerAt(state, seg, now).left);
  return {
    airing: `${state.current}:${state.taken_at}:${seg.id}`,
    role,
    message: fitted(own ? bannerMessage(own) : '', text),
    restore: own,
    look: own ?? { ...defaultBanner({}), to_role: role },
  };
}

/** The requests that put `banner` (null: off) back on one role's endpoints. */
function restoreSteps(role: BannerRole, banner: SegmentBanner | null): WireStep[] {
  return titleSteps({ ...defaultTitle(role), ...titleOfBanner(banner), to_role: role });
}

/**
 * The write needed to go from what the banner shows (`shown`) to what is wanted, or null. A
 * countdown for the same role is written over the last one; an ended countdown (or one moving to
 * another role) first puts its segment's own banner back, or turns the banner off.
 */
export function countdownWrite(shown: CountdownShown | null, wanted: ReturnType<typeof wantedCountdown>): CountdownWrite | null {
  if (wanted && (!shown || shown.role === wanted.role)) {
    if (shown && shown.airing === wanted.airing && shown.message === wanted.message) return null;
    const { look, ...next } = wanted;
    return { steps: titleSteps({ ...defaultTitle(wanted.role), ...titleOfBanner(look), message: wanted.message }), shown: next };
  }
  if (shown) return { steps: restoreSteps(shown.role, shown.restore), shown: null };
  return null;
}

const rolesOf = (role: BannerRole): readonly string[] => (role === 'all' ? BANNER_ROLES : [role]);

/**
 * What the banner shows after a Take or an Undo applied in front of the platform (its first
 * `applied` steps). Where those steps wrote the banner over every role of the countdown there is
 * nothing left to put back. An Undo puts back the meeting before the Take, banner included: its
 * capture's banner is what goes back when the countdown ends (the Undo's own steps send the
 * banner only when the console saw it differ, and the console may not see the countdown's text).
 */
export function afterPlatformRun(
  shown: CountdownShown | null,
  run: { kind: 'take' | 'undo'; steps: readonly WireStep[]; applied: number },
  capture: { banner?: SegmentBanner | null } | null,
): CountdownShown | null {
  if (!shown) return null;
  const written = new Set(run.steps.slice(0, run.applied).flatMap((s) => (s.suffix === 'title-config' ? [String(s.body.to_role)] : [])));
  if (rolesOf(shown.role).every((r) => written.has(r))) return null;
  if (run.kind === 'undo' && capture?.banner !== undefined && run.applied === run.steps.length)
    return { ...shown, restore: capture.banner && { ...capture.banner, to_role: shown.role } };
  return shown;
}
