/**
 * (podium) Run of show (issue 28): a meeting's agenda as an ordered list of segments, each setting
 * any of the meeting's on-screen and on-air state; Take applies one segment as a whole.
 *
 * This module is the versioned JSON document (the export file and what the server stores), its
 * validator (import and every server write use it, so both refuse the same things with the same
 * codes), the meeting state a segment is compared with, "capture current" and the pure diff that
 * Up Next shows. No I/O.
 *
 * Wire (assumption group `run-of-show`, grade podium; protocol/assumptions.ts):
 * - `GET {P}run-of-show` → {@link RunOfShowAnswer}
 * - `PUT` or `POST {P}run-of-show` `{ cmdid: 'put_run_of_show', revision, doc }`: saves the document
 *   when `revision` is the stored one; otherwise 409 with {@link RC.recordConflict} and `current`.
 * - `POST {P}run-of-show` `{ cmdid: 'take_segment', index }` | `{ cmdid: 'undo_take' }` |
 *   `{ cmdid: 'hold_segment', value: 0|1 }`: one command each, applied as a whole or refused;
 *   the answer has the live state and the revision, and, when the command wrote a new revision (a
 *   Take in rehearsal mode records `rehearsed_secs`), that revision's `doc` (optional: a console
 *   without it reads the document again when the feed announces the revision).
 * - event `run_of_show` {@link RunOfShowEvent}: the revision and the live state, to every controller.
 *
 * Length (over 400 lines on purpose): the document, its validator and the Up Next diff are one
 * versioned format: a field added to a segment changes all three in the same commit, and the
 * validator is the document's definition on import and on every server write.
 */
import { DecodeError } from './decodeCore';
import type { Bit, MeetingRole, TitleConfig } from './wire';

/** The commands `POST run-of-show` takes (the server refuses any other with unknownAction). */
export const RUN_OF_SHOW_COMMANDS = ['put_run_of_show', 'take_segment', 'undo_take', 'hold_segment', 'rehearsal_mode'] as const;
export type RunOfShowCommand = (typeof RUN_OF_SHOW_COMMANDS)[number];

export const RUN_OF_SHOW_VERSION = 1;
export const SEGMENTS_MAX = 200;
export const SEGMENT_NAME_MAX = 80;
export const BANNER_TEXT_MAX = 256;
export const TIMER_SECS_MAX = 24 * 3600;
const USR_ID_MAX = 128;
const IDS_MAX = 1000;
const PANES_MAX = 64;

/** The roles a segment may lay out (the mosaic dialog's four). */
export type SegmentRole = MeetingRole | 'custom';
export const SEGMENT_ROLES: readonly SegmentRole[] = ['speaker', 'chair', 'guest', 'custom'];

/** One role's layout, as `config_mosic` sends it (layout_mode is always 2). */
export interface SegmentMosaic {
  mosic_id: string;
  /** one list per pane: usr_ids or the tokens "0" auto, "-1" empty, "1010" main venue */
  roles_lst: string[][];
  poll_secs: number;
  view_has_self: Bit;
}

/** The banner as the subtitle dialog sends it, with its text in each language. */
export interface SegmentBanner {
  /** text per language; the endpoints show the non-empty ones joined by " / " (Chinese first) */
  text: { zh: string; en: string };
  to_role: 'all' | 'guest' | 'chair' | 'speaker';
  font_size: number;
  font_color: number;
  bg_color: number;
  bg_alpha: number;
  /** 0 plain, 1 bold, 2 italic, 3 scrolling */
  style: number;
  y_pos: number;
  h_align: number;
  v_align: number;
}

/** Mute policy: the audience muted or not, then exactly these participants unmuted. */
export interface SegmentMute {
  audience_muted: boolean;
  unmute: string[];
}

/**
 * The audience's listen/watch policy: whether the audience may hear and see the meeting
 * (`mr_atx_mode` / `mr_vtx_mode` 0) or is barred from it (1), as the console's bans set them.
 */
export interface SegmentListenWatch {
  audience_listen: boolean;
  audience_watch: boolean;
}

export interface SegmentTimer {
  secs: number;
  /** the share of `secs` elapsed at which the timer warns, 0.5–0.99 */
  warn_share: number;
  /** also shown on the endpoints through the banner ("2:00 left") */
  on_endpoints: boolean;
  /** who sees it on the endpoints (the banner's targets); absent: the segment banner's, else everyone */
  to_role?: SegmentBanner['to_role'];
}

/** One segment: every setting is optional; what is absent, Take leaves as it is. */
export interface Segment {
  id: string;
  name: string;
  /** usr_id of the main venue; '' for none */
  main_venue?: string;
  /** exactly these are honoured guests after Take */
  guests?: string[];
  mosaics?: Partial<Record<SegmentRole, SegmentMosaic>>;
  /** null: the banner off */
  banner?: SegmentBanner | null;
  mute?: SegmentMute;
  listen_watch?: SegmentListenWatch;
  /**
   * The roll call, in calling order: Take calls the first (the roll-call layout unless the segment
   * sets the main venue's or the audience's layout itself); "Call next" follows this order. An
   * empty list ends a roll call in progress.
   */
  roll_call?: string[];
  recording?: boolean;
  live?: boolean;
  timer?: SegmentTimer;
  /** seconds the segment ran when last rehearsed (written by the server in rehearsal mode) */
  rehearsed_secs?: number;
}

export interface RunOfShow {
  version: typeof RUN_OF_SHOW_VERSION;
  name: string;
  segments: Segment[];
}

/** The live state every controller sees (stored with the document). */
export interface RunOfShowState {
  /** the segment on air, -1 before the first Take */
  current: number;
  /** Unix seconds of the Take, 0 before */
  taken_at: number;
  /** Unix seconds the hold began, 0 when not held */
  held_since: number;
  /** seconds held before, not counted in the segment's time */
  held_secs: number;
  /** the segment before the last Take (undo goes back to it), -1 when none */
  previous: number;
  /** whether an undo snapshot exists */
  can_undo: boolean;
  /** increments on every Take, undo and hold */
  take_seq: number;
  /** rehearsal mode: every Take records how long the segment it ends ran (`rehearsed_secs`) */
  rehearsal: boolean;
}

export interface RunOfShowAnswer {
  cmdid: 'run_of_show';
  revision: number;
  doc: RunOfShow;
  state: RunOfShowState;
}

export interface RunOfShowEvent {
  cmdid: 'run_of_show';
  seq: number;
  revision: number;
  state: RunOfShowState;
}

export const EMPTY_RUN_OF_SHOW: RunOfShow = { version: RUN_OF_SHOW_VERSION, name: '', segments: [] };
export const INITIAL_STATE: RunOfShowState = {
  current: -1,
  taken_at: 0,
  held_since: 0,
  held_secs: 0,
  previous: -1,
  can_undo: false,
  take_seq: 0,
  rehearsal: false,
};

// ---------------------------------------------------------------------------------------------
// validation

/** Why a document is refused; the UI maps each to a sentence. */
export type RunOfShowErrorCode =
  | 'notObject'
  | 'version'
  | 'segments'
  | 'tooManySegments'
  | 'segment'
  | 'id'
  | 'duplicateId'
  | 'name'
  | 'usrId'
  | 'mosaic'
  | 'banner'
  | 'mute'
  | 'timer'
  | 'flag'
  | 'listenWatch'
  | 'rollCall'
  | 'unknownField';

export interface RunOfShowError {
  code: RunOfShowErrorCode;
  /** where, e.g. `segments[2].timer.secs` */
  path: string;
}

export type ValidationResult = { ok: true; doc: RunOfShow } | { ok: false; errors: RunOfShowError[] };

const SEGMENT_KEYS = new Set([
  'id',
  'name',
  'main_venue',
  'guests',
  'mosaics',
  'banner',
  'mute',
  'listen_watch',
  'roll_call',
  'recording',
  'live',
  'timer',
  'rehearsed_secs',
]);
const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isInt = (v: unknown, min: number, max: number): v is number => typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max;
/** A C0 control character (U+0000–U+001F, tab and line breaks among them): never in an id or a one-line text. */
const hasControlCharacter = (s: string) => [...s].some((c) => c.charCodeAt(0) < 0x20);
const isUsrId = (v: unknown): v is string => typeof v === 'string' && v.length > 0 && v.length <= USR_ID_MAX && !hasControlCharacter(v);
const plainText = (v: unknown, max: number): v is string => typeof v === 'string' && [...v].length <= max && !hasControlCharacter(v);

/**
 * Checks a document (an imported file, a server write) and returns it cleaned of nothing: a valid
 * document is returned as given, an invalid one with every error found (at most 50).
 * @example validateRunOfShow(JSON.parse(text)) // { ok: false, errors: [{ code: 'version', path: 'version' }] }
 */
export function validateRunOfShow(value: unknown): ValidationResult {
  const errors: RunOfShowError[] = [];
  const fail = (code: RunOfShowErrorCode, path: string) => {
    if (errors.length < 50) errors.push({ code, path });
  };
  if (!isObj(value)) return { ok: false, errors: [{ code: 'notObject', path: '' }] };
  if (value.version !== RUN_OF_SHOW_VERSION) fail('version', 'version');
  if (!plainText(value.name ?? '', SEGMENT_NAME_MAX)) fail('name', 'name');
  for (const k of Object.keys(value)) if (k !== 'version' && k !== 'name' && k !== 'segments') fail('unknownField', k);
  const segments = value.segments;
  if (!Array.isArray(segments)) {
    fail('segments', 'segments');
    return { ok: false, errors };
  }
  if (segments.length > SEGMENTS_MAX) fail('tooManySegments', 'segments');
  const ids = new Set<string>();
  segments.slice(0, SEGMENTS_MAX).forEach((seg, i) => {
    const at = `segments[${i}]`;
    if (!isObj(seg)) return fail('segment', at);
    for (const k of Object.keys(seg)) if (!SEGMENT_KEYS.has(k)) fail('unknownField', `${at}.${k}`);
    if (typeof seg.id !== 'string' || !/^[A-Za-z0-9_-]{1,40}$/.test(seg.id)) fail('id', `${at}.id`);
    else if (ids.has(seg.id)) fail('duplicateId', `${at}.id`);
    else ids.add(seg.id);
    if (!plainText(seg.name, SEGMENT_NAME_MAX) || (seg.name as string).trim() === '') fail('name', `${at}.name`);
    if (seg.main_venue !== undefined && seg.main_venue !== '' && !isUsrId(seg.main_venue)) fail('usrId', `${at}.main_venue`);
    if (seg.guests !== undefined && !(Array.isArray(seg.guests) && seg.guests.length <= IDS_MAX && seg.guests.every(isUsrId)))
      fail('usrId', `${at}.guests`);
    if (seg.mosaics !== undefined) checkMosaics(seg.mosaics, `${at}.mosaics`, fail);
    if (seg.banner !== undefined && seg.banner !== null && !bannerOk(seg.banner)) fail('banner', `${at}.banner`);
    if (seg.mute !== undefined) {
      const m = seg.mute;
      if (
        !isObj(m) ||
        typeof m.audience_muted !== 'boolean' ||
        !Array.isArray(m.unmute) ||
        m.unmute.length > IDS_MAX ||
        !m.unmute.every(isUsrId)
      ) {
        fail('mute', `${at}.mute`);
      }
    }
    if (seg.listen_watch !== undefined) {
      const lw = seg.listen_watch;
      if (!isObj(lw) || typeof lw.audience_listen !== 'boolean' || typeof lw.audience_watch !== 'boolean' || Object.keys(lw).length !== 2)
        fail('listenWatch', `${at}.listen_watch`);
    }
    if (seg.roll_call !== undefined) {
      const rc = seg.roll_call;
      if (!Array.isArray(rc) || rc.length > IDS_MAX || !rc.every(isUsrId) || new Set(rc).size !== rc.length)
        fail('rollCall', `${at}.roll_call`);
    }
    if (seg.rehearsed_secs !== undefined && !isInt(seg.rehearsed_secs, 0, 7 * 24 * 3600)) fail('timer', `${at}.rehearsed_secs`);
    for (const f of ['recording', 'live'] as const) if (seg[f] !== undefined && typeof seg[f] !== 'boolean') fail('flag', `${at}.${f}`);
    if (seg.timer !== undefined) {
      const t = seg.timer;
      if (!isObj(t) || !isInt(t.secs, 1, TIMER_SECS_MAX)) fail('timer', `${at}.timer.secs`);
      else if (typeof t.warn_share !== 'number' || t.warn_share < 0.5 || t.warn_share > 0.99) fail('timer', `${at}.timer.warn_share`);
      else if (typeof t.on_endpoints !== 'boolean') fail('timer', `${at}.timer.on_endpoints`);
      else if (t.to_role !== undefined && !['all', 'guest', 'chair', 'speaker'].includes(t.to_role as string))
        fail('timer', `${at}.timer.to_role`);
    }
  });
  return errors.length ? { ok: false, errors } : { ok: true, doc: value as unknown as RunOfShow };
}

function checkMosaics(value: unknown, at: string, fail: (code: RunOfShowErrorCode, path: string) => void): void {
  if (!isObj(value)) return fail('mosaic', at);
  for (const [role, m] of Object.entries(value)) {
    const p = `${at}.${role}`;
    if (!(SEGMENT_ROLES as readonly string[]).includes(role)) {
      fail('mosaic', p);
      continue;
    }
    if (!isObj(m) || typeof m.mosic_id !== 'string' || !/^[A-Za-z0-9*+_.-]{1,16}$/.test(m.mosic_id)) {
      fail('mosaic', `${p}.mosic_id`);
      continue;
    }
    if (role === 'custom' && m.mosic_id === 'auto') fail('mosaic', `${p}.mosic_id`);
    const panesOk =
      Array.isArray(m.roles_lst) &&
      m.roles_lst.length <= PANES_MAX &&
      m.roles_lst.every((pane) => Array.isArray(pane) && pane.length >= 1 && pane.length <= PANES_MAX && pane.every(isUsrId));
    if (!panesOk || (m.mosic_id === 'auto' && (m.roles_lst as unknown[]).length !== 0)) fail('mosaic', `${p}.roles_lst`);
    if (!isInt(m.poll_secs, 0, 3600)) fail('mosaic', `${p}.poll_secs`);
    if (m.view_has_self !== 0 && m.view_has_self !== 1) fail('mosaic', `${p}.view_has_self`);
  }
}

function bannerOk(b: unknown): boolean {
  if (!isObj(b) || !isObj(b.text)) return false;
  if (!plainText(b.text.zh, BANNER_TEXT_MAX) || !plainText(b.text.en, BANNER_TEXT_MAX)) return false;
  if (
    bannerMessage(b as unknown as SegmentBanner).length === 0 ||
    [...bannerMessage(b as unknown as SegmentBanner)].length > BANNER_TEXT_MAX
  )
    return false;
  if (!['all', 'guest', 'chair', 'speaker'].includes(b.to_role as string)) return false;
  return (
    isInt(b.font_size, 8, 200) &&
    isInt(b.font_color, 0, 0xffffff) &&
    isInt(b.bg_color, 0, 0xffffff) &&
    isInt(b.bg_alpha, 0, 100) &&
    isInt(b.style, 0, 3) &&
    isInt(b.y_pos, 0, 100) &&
    isInt(b.h_align, 0, 2) &&
    isInt(b.v_align, 0, 2)
  );
}

/** What the endpoints show of a banner: the texts that are set, Chinese first, joined by " / ". */
export function bannerMessage(banner: SegmentBanner): string {
  return [banner.text.zh.trim(), banner.text.en.trim()].filter(Boolean).join(' / ');
}

/** A banner with the subtitle dialog's defaults and the given text. */
export function defaultBanner(text: { zh?: string; en?: string }): SegmentBanner {
  return {
    text: { zh: text.zh ?? '', en: text.en ?? '' },
    to_role: 'all',
    font_size: 36,
    font_color: 0xffffff,
    bg_color: 0x000000,
    bg_alpha: 50,
    style: 0,
    y_pos: 90,
    h_align: 1,
    v_align: 2,
  };
}

/** The `set_title` fields of a banner (`to_role`, message and look); null → the banner off. */
export function titleOfBanner(banner: SegmentBanner | null): Omit<TitleConfig, 'font_name' | 'speed' | 'h_margin' | 'v_margin'> {
  if (!banner) return { ...titleOfBanner(defaultBanner({ en: ' ' })), message: '', has_title: 0 };
  const { text: _t, ...look } = banner;
  return { ...look, message: bannerMessage(banner), has_title: 1 };
}

/**
 * The look of the meeting's banner (the 'all' target's, else the first), so that a capture of the
 * meeting puts the banner back as it was and not in the default style.
 */
export function bannerLook(titles: readonly TitleConfig[]): Partial<SegmentBanner> {
  const t = titles.find((x) => x.to_role === 'all') ?? titles[0];
  if (!t) return {};
  return {
    font_size: t.font_size,
    font_color: t.font_color,
    bg_color: t.bg_color,
    bg_alpha: t.bg_alpha,
    style: t.style ?? 0,
    y_pos: t.y_pos,
    h_align: t.h_align,
    v_align: t.v_align,
  };
}

// ---------------------------------------------------------------------------------------------
// the meeting as a segment sees it

/** The part of the meeting's state a segment sets, as both sides read it. */
export interface MeetingView {
  main_venue: string;
  guests: readonly string[];
  mosaics: Partial<Record<SegmentRole, SegmentMosaic>>;
  /** the banner shown to everyone ('all' target), null when off */
  banner: { message: string } | null;
  audience_muted: boolean;
  /** usr_ids unmuted now (a_rx on) */
  unmuted: readonly string[];
  recording: boolean;
  live: boolean;
  /** the audience may hear / see the meeting (no listen or watch ban on it) */
  audience_listen: boolean;
  audience_watch: boolean;
  /** the participant called now while a roll call is in progress, '' when none */
  roll_call: string;
  /** usr_ids connected now */
  online: ReadonlySet<string>;
}

/** "Capture current": the meeting's settings as a segment (without banner text languages: it goes to both). */
export function captureSegment(view: MeetingView, id: string, name: string, titleLook?: Partial<SegmentBanner>): Segment {
  const seg: Segment = {
    id,
    name,
    main_venue: view.main_venue,
    guests: [...view.guests],
    mosaics: Object.fromEntries(Object.entries(view.mosaics).map(([r, m]) => [r, { ...m!, roles_lst: m!.roles_lst.map((p) => [...p]) }])),
    banner: view.banner ? { ...defaultBanner({}), ...titleLook, text: { zh: view.banner.message, en: '' } } : null,
    mute: { audience_muted: view.audience_muted, unmute: [...view.unmuted] },
    listen_watch: { audience_listen: view.audience_listen, audience_watch: view.audience_watch },
    roll_call: view.roll_call ? [view.roll_call] : [],
    recording: view.recording,
    live: view.live,
  };
  return seg;
}

/**
 * Everyone a segment needs connected at Take: main venue, honoured guests, the unmuted, the panes'
 * participants and the first of the roll call (the later ones are called when they are reached).
 */
export function neededIds(seg: Segment): string[] {
  const out = new Set<string>();
  if (seg.main_venue) out.add(seg.main_venue);
  if (seg.roll_call?.length) out.add(seg.roll_call[0]);
  for (const g of seg.guests ?? []) out.add(g);
  for (const u of seg.mute?.unmute ?? []) out.add(u);
  for (const m of Object.values(seg.mosaics ?? {}))
    for (const pane of m?.roles_lst ?? []) for (const tok of pane) if (!PANE_TOKENS.has(tok)) out.add(tok);
  return [...out];
}

export const PANE_TOKENS: ReadonlySet<string> = new Set(['0', '-1', '1010']);

/**
 * The segment with participants replaced for one Take (a substitute for someone offline or
 * missing): every place the segment names them — main venue, honoured guests, unmuted, panes.
 * The stored segment is not changed.
 * @example substituteSegment(seg, { 'branch-7': 'branch-8' }).main_venue // 'branch-8' where it was 'branch-7'
 */
export function substituteSegment(seg: Segment, substitutes: Readonly<Record<string, string>>): Segment {
  const sub = (id: string) => (Object.prototype.hasOwnProperty.call(substitutes, id) ? substitutes[id] : id);
  const uniq = (ids: string[]) => [...new Set(ids.map(sub))];
  const out: Segment = { ...seg };
  if (seg.main_venue) out.main_venue = sub(seg.main_venue);
  if (seg.guests) out.guests = uniq(seg.guests);
  if (seg.mute) out.mute = { ...seg.mute, unmute: uniq(seg.mute.unmute) };
  if (seg.roll_call) out.roll_call = uniq(seg.roll_call);
  if (seg.mosaics) {
    out.mosaics = Object.fromEntries(
      Object.entries(seg.mosaics).map(([r, m]) => [
        r,
        { ...m!, roles_lst: m!.roles_lst.map((pane) => pane.map((t) => (PANE_TOKENS.has(t) ? t : sub(t)))) },
      ]),
    );
  }
  return out;
}

/**
 * A substitute for each participant the segment needs who is not connected: the next connected
 * participant after them in the roster's order (wrapping round) whom the segment does not already
 * name and who is not already someone else's substitute. None when nobody is left.
 * @example suggestSubstitutes(seg, ['b7'], ['b6', 'b7', 'b8'], new Set(['b6', 'b8'])) // { b7: 'b8' }
 */
export function suggestSubstitutes(
  seg: Segment,
  missing: readonly string[],
  roster: readonly string[],
  online: ReadonlySet<string>,
): Record<string, string> {
  const taken = new Set(neededIds(seg));
  const out: Record<string, string> = {};
  for (const id of missing) {
    const at = roster.indexOf(id);
    for (let i = 1; i <= roster.length; i++) {
      const candidate = roster[(Math.max(at, -1) + i + roster.length) % roster.length];
      if (!online.has(candidate) || taken.has(candidate)) continue;
      out[id] = candidate;
      taken.add(candidate);
      break;
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// what Take changes

/** One change Take makes, in codes and counts the UI words ("Audience layout 2×2 → 1+5"). */
export type SegmentChange =
  | { kind: 'mainVenue'; from: string; to: string; onAir: true }
  | { kind: 'guests'; added: number; removed: number }
  | { kind: 'layout'; role: SegmentRole; from: string; to: string }
  | { kind: 'panes'; role: SegmentRole }
  | { kind: 'banner'; change: 'on' | 'off' | 'text' }
  | { kind: 'audienceMute'; muted: boolean }
  | { kind: 'unmute'; count: number }
  | { kind: 'listen'; allowed: boolean }
  | { kind: 'watch'; allowed: boolean }
  /** a roll call of `count` starts with `first` (a running one is replaced) */
  | { kind: 'rollCall'; count: number; first: string }
  | { kind: 'rollCallEnd' }
  | { kind: 'recording'; on: boolean; onAir: true }
  | { kind: 'live'; on: boolean; onAir: true }
  | { kind: 'timer'; secs: number };

export interface SegmentDiff {
  changes: SegmentChange[];
  /** a change seen outside the meeting (live push, recording, main venue) */
  onAir: boolean;
  /** participants the segment needs who are not connected */
  missing: string[];
}

const samePanes = (a: string[][], b: string[][]) => JSON.stringify(a) === JSON.stringify(b);

/**
 * What taking `seg` changes in the meeting `view`, per role and with counts; an empty list means
 * nothing visible changes.
 * @example diffSegment(view, seg).changes // [{ kind: 'layout', role: 'guest', from: '4', to: '1+5' }, { kind: 'banner', change: 'on' }]
 */
export function diffSegment(view: MeetingView, seg: Segment): SegmentDiff {
  const changes: SegmentChange[] = [];
  if (seg.main_venue !== undefined && seg.main_venue !== view.main_venue) {
    changes.push({ kind: 'mainVenue', from: view.main_venue, to: seg.main_venue, onAir: true });
  }
  if (seg.guests) {
    const now = new Set(view.guests);
    const next = new Set(seg.guests);
    const added = [...next].filter((g) => !now.has(g)).length;
    const removed = [...now].filter((g) => !next.has(g)).length;
    if (added || removed) changes.push({ kind: 'guests', added, removed });
  }
  for (const role of SEGMENT_ROLES) {
    const want = seg.mosaics?.[role];
    if (!want) continue;
    const have = view.mosaics[role];
    if (!have || have.mosic_id !== want.mosic_id) changes.push({ kind: 'layout', role, from: have?.mosic_id ?? '', to: want.mosic_id });
    else if (!samePanes(have.roles_lst, want.roles_lst) || have.poll_secs !== want.poll_secs) changes.push({ kind: 'panes', role });
  }
  if (seg.banner !== undefined) {
    const next = seg.banner ? bannerMessage(seg.banner) : null;
    if (next === null && view.banner) changes.push({ kind: 'banner', change: 'off' });
    else if (next !== null && !view.banner) changes.push({ kind: 'banner', change: 'on' });
    else if (next !== null && view.banner && view.banner.message !== next) changes.push({ kind: 'banner', change: 'text' });
  }
  if (seg.mute) {
    if (seg.mute.audience_muted !== view.audience_muted) changes.push({ kind: 'audienceMute', muted: seg.mute.audience_muted });
    const unmuted = new Set(view.unmuted);
    const count = seg.mute.unmute.filter((u) => !unmuted.has(u)).length;
    if (count) changes.push({ kind: 'unmute', count });
  }
  if (seg.listen_watch) {
    if (seg.listen_watch.audience_listen !== view.audience_listen)
      changes.push({ kind: 'listen', allowed: seg.listen_watch.audience_listen });
    if (seg.listen_watch.audience_watch !== view.audience_watch) changes.push({ kind: 'watch', allowed: seg.listen_watch.audience_watch });
  }
  if (seg.roll_call) {
    if (seg.roll_call.length) changes.push({ kind: 'rollCall', count: seg.roll_call.length, first: seg.roll_call[0] });
    else if (view.roll_call) changes.push({ kind: 'rollCallEnd' });
  }
  if (seg.recording !== undefined && seg.recording !== view.recording) changes.push({ kind: 'recording', on: seg.recording, onAir: true });
  if (seg.live !== undefined && seg.live !== view.live) changes.push({ kind: 'live', on: seg.live, onAir: true });
  if (seg.timer) changes.push({ kind: 'timer', secs: seg.timer.secs });
  const missing = neededIds(seg).filter((id) => !view.online.has(id));
  return { changes, onAir: changes.some((c) => 'onAir' in c), missing };
}

/**
 * Whom "Call next" calls in a segment's roll call: the first connected participant after the one
 * called now in the segment's order ('' when the end is reached; the first connected one when the
 * one called now is not in the list).
 * @example nextInRollCall(['b1', 'b2', 'b3'], 'b1', new Set(['b1', 'b3'])) // 'b3'
 */
export function nextInRollCall(order: readonly string[], called: string, online: ReadonlySet<string>): string {
  const at = order.indexOf(called);
  for (let i = at + 1; i < order.length; i++) if (online.has(order[i])) return order[i];
  return '';
}

// ---------------------------------------------------------------------------------------------
// timer

export type TimerPhase = 'none' | 'running' | 'warning' | 'overrun';

/** The timer of the segment on air at `nowSecs`: elapsed (held time excluded), left, phase. */
export function timerAt(
  state: RunOfShowState,
  seg: Segment | undefined,
  nowSecs: number,
): { elapsed: number; left: number; phase: TimerPhase } {
  if (state.current < 0 || !state.taken_at) return { elapsed: 0, left: 0, phase: 'none' };
  const until = state.held_since || nowSecs;
  const elapsed = Math.max(0, until - state.taken_at - state.held_secs);
  const timer = seg?.timer;
  if (!timer) return { elapsed, left: 0, phase: 'none' };
  const left = timer.secs - elapsed;
  const phase: TimerPhase = left < 0 ? 'overrun' : elapsed >= timer.secs * timer.warn_share ? 'warning' : 'running';
  return { elapsed, left, phase };
}

/** "2:05" / "-0:30" for a count of seconds. */
export function clockText(secs: number): string {
  const sign = secs < 0 ? '-' : '';
  const s = Math.abs(Math.trunc(secs));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, '0');
  return h ? `${sign}${h}:${String(m).padStart(2, '0')}:${ss}` : `${sign}${m}:${ss}`;
}

/**
 * The timer as the endpoints show it (both languages, Chinese first, like a banner): whole minutes
 * while more than one is left ("2:00 left"), then every 10 s; the overrun the same way ("+0:30 over").
 * The text changes only at those steps, so the server re-sends the banner once a minute, then
 * every 10 s.
 * @example endpointTimerText(95) // '剩余 2:00 / 2:00 left'
 */
export function endpointTimerText(left: number): string {
  if (left >= 0) {
    const shown = left > 60 ? Math.ceil(left / 60) * 60 : Math.ceil(left / 10) * 10;
    const c = clockText(shown);
    return `剩余 ${c} / ${c} left`;
  }
  const over = -left;
  const shown = over < 60 ? Math.floor(over / 10) * 10 : Math.floor(over / 60) * 60;
  const c = clockText(shown);
  return `超时 +${c} / +${c} over`;
}

/** Decodes the `run_of_show` event's state (anything missing reads as the initial state). */
export function decodeRunOfShowState(v: unknown): RunOfShowState {
  if (!isObj(v)) return { ...INITIAL_STATE };
  const n = (k: keyof RunOfShowState, min: number) =>
    typeof v[k] === 'number' && Number.isFinite(v[k]) && (v[k] as number) >= min ? (v[k] as number) : (INITIAL_STATE[k] as number);
  return {
    current: n('current', -1),
    taken_at: n('taken_at', 0),
    held_since: n('held_since', 0),
    held_secs: n('held_secs', 0),
    previous: n('previous', -1),
    can_undo: v.can_undo === true,
    take_seq: n('take_seq', 0),
    rehearsal: v.rehearsal === true,
  };
}

/** Decodes the `run_of_show` event; throws on a malformed one, like every event decoder. */
export function decodeRunOfShowEvent(v: unknown, path = ''): RunOfShowEvent {
  if (!isObj(v) || v.cmdid !== 'run_of_show') throw new DecodeError(path, 'a run_of_show event');
  const seq = typeof v.seq === 'number' ? v.seq : 0;
  const revision = typeof v.revision === 'number' && Number.isInteger(v.revision) && v.revision >= 0 ? v.revision : 0;
  return { cmdid: 'run_of_show', seq, revision, state: decodeRunOfShowState(v.state) };
}
