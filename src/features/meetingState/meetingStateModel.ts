/**
 * What the header's state chips show (issue 13 §5): one chip per meeting state that is on, in a
 * fixed order so a host's eye finds each at the same place. Pure: the container reads the
 * session's actors and the clock, this decides.
 */

/** A controller logged in now, as the server lists them. */
export interface OnlineControllerView {
  role: string;
  peer_ip: string;
  /** 1 for this console's own session */
  self: 0 | 1;
}

export interface MeetingStateInput {
  /** the recording machine's state (or the status' `rec_state`) */
  recState: string | undefined;
  /** Unix seconds the recording started, when the server tells (podium `rec_start_dtm`) */
  recStartDtm: number | undefined;
  live: boolean;
  locked: boolean;
  /** people in the waiting room now */
  waiting: number;
  /** online participants with a raised hand */
  hands: number;
  /** name of the participant a roll call has called, '' when no roll call runs */
  rollCallName: string;
  /** usr_id of the private talk's participant, '' when none */
  privateTalkUsrId: string;
  /** the name of that participant ('' when not known) */
  privateTalkName: string;
  /** Unix seconds the private talk began, when the server tells */
  privateTalkStartDtm: number | undefined;
  /** every controller online (this console's own session included, marked self) */
  controllers: readonly OnlineControllerView[];
  /** the focus mode (spec §6) and the names of who is in focus (specified) or whom auto focus picked */
  focus?: FocusView;
}

/** The focus as the header shows it: specified or auto with its names; none shows no chip. */
export interface FocusView {
  mode: 'specified' | 'auto' | 'none';
  /** names (or usr_ids while the roster does not know them) of who is in focus; [] when auto focus picked nobody yet */
  names: readonly string[];
}

export type MeetingChip =
  | { kind: 'rec'; startDtm: number | undefined }
  | { kind: 'live' }
  | { kind: 'locked' }
  | { kind: 'waiting'; count: number }
  | { kind: 'hands'; count: number }
  | { kind: 'rollCall'; name: string }
  | { kind: 'privateTalk'; usrId: string; name: string; startDtm: number | undefined }
  | { kind: 'focus'; mode: 'specified' | 'auto'; names: readonly string[] }
  | { kind: 'controllers'; others: readonly OnlineControllerView[] };

/** The chips of the states that are on, in header order. */
export function meetingChips(input: MeetingStateInput): MeetingChip[] {
  const chips: MeetingChip[] = [];
  // stopping still writes the file: REC stays until the recorder reports idle
  if (input.recState === 'recording' || input.recState === 'stopping') {
    chips.push({ kind: 'rec', startDtm: input.recStartDtm || undefined });
  }
  if (input.live) chips.push({ kind: 'live' });
  if (input.locked) chips.push({ kind: 'locked' });
  if (input.waiting > 0) chips.push({ kind: 'waiting', count: input.waiting });
  if (input.hands > 0) chips.push({ kind: 'hands', count: input.hands });
  if (input.rollCallName) chips.push({ kind: 'rollCall', name: input.rollCallName });
  if (input.privateTalkUsrId) {
    chips.push({
      kind: 'privateTalk',
      usrId: input.privateTalkUsrId,
      name: input.privateTalkName || input.privateTalkUsrId,
      startDtm: input.privateTalkStartDtm || undefined,
    });
  }
  // non-focus is the calm default: no chip; auto focus shows even before it has picked anyone
  if (input.focus && input.focus.mode !== 'none') chips.push({ kind: 'focus', mode: input.focus.mode, names: input.focus.names });
  const others = input.controllers.filter((c) => c.self !== 1);
  if (others.length > 0) chips.push({ kind: 'controllers', others });
  return chips;
}

/**
 * Seconds a state has lasted: from the server's start time when it gives one, else from when this
 * console first saw the state (a platform that reports no start time); never negative (clocks differ).
 * @example elapsedSeconds(1000, 990_000, 1_003_500) // 3 (the server's start wins)
 */
export function elapsedSeconds(startDtm: number | undefined, seenAtMs: number, nowMs: number): number {
  const from = startDtm ? startDtm * 1000 : seenAtMs;
  return Math.max(0, Math.floor((nowMs - from) / 1000));
}

/**
 * A duration as a clock: m:ss under an hour, h:mm:ss from then on.
 * @example formatElapsed(75) // '1:15'
 * @example formatElapsed(3725) // '1:02:05'
 */
export function formatElapsed(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}

/**
 * How many chips, in header order, the header shows in `available` px: all when they fit, else
 * as many as fit beside the "+N" button that lists the rest (which may be none of them).
 * @example chipsThatFit([100, 100, 100], 320, 6, 40) // 3: 312 px
 * @example chipsThatFit([100, 100, 100], 300, 6, 40) // 2: 100 + 6 + 100 + 6 + 40 = 252
 */
export function chipsThatFit(widths: readonly number[], available: number, gap: number, moreWidth: number): number {
  // not laid out yet (or a test without layout): nothing to decide, every chip shows
  if (available <= 0) return widths.length;
  const total = widths.reduce((sum, w) => sum + w, 0) + gap * Math.max(0, widths.length - 1);
  if (total <= available) return widths.length;
  let used = moreWidth;
  let n = 0;
  for (const w of widths) {
    if (used + w + gap > available) break;
    used += w + gap;
    n++;
  }
  return n;
}
