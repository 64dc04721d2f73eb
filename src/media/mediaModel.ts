/**
 * What the media of a meeting look like from the server's live state: whose video runs, who is
 * heard, who presents, who is the main venue, and which participant each pane of a layout shows.
 * Pure functions over the merged participant records, written to stop early so a meeting of
 * 10,000 participants costs only what is shown.
 */
import { usrStat } from '@protocol/usrStats';
import type { MosicConfigEntry } from '@protocol/wire';

/** What the media layer needs of a merged participant record. */
export interface MediaParticipant {
  readonly usr_id: string;
  readonly usr_name: string;
  readonly ep_id: number;
  readonly online: 0 | 1;
  /** usr_stats flag string; '' while offline */
  readonly usr_stat: string;
}

/** Looks participants up; the participants actor's store fits it. */
export interface ParticipantLookup {
  get(usrId: string): MediaParticipant | undefined;
  list(): readonly MediaParticipant[];
}

/** Online and admitted (not in the waiting room): only those send media into the meeting. */
export function inMeeting(p: MediaParticipant | undefined): p is MediaParticipant {
  return !!p && p.online === 1 && !!p.usr_stat && usrStat(p.usr_stat, 'waiting') === 0;
}

/**
 * The MCU receives the participant's picture: `v_rx` on (a controller did not stop it) and the
 * camera not switched off at the endpoint.
 */
export function videoOn(p: MediaParticipant | undefined): boolean {
  return inMeeting(p) && usrStat(p.usr_stat, 'v_rx') === 1 && usrStat(p.usr_stat, 'camera') === 0;
}

/** Talking (`vad`), whether heard or not. */
export function talking(p: MediaParticipant | undefined): boolean {
  return inMeeting(p) && usrStat(p.usr_stat, 'vad') === 1;
}

/** Heard in the meeting: talking, not muted by the MCU (`a_rx`) and the microphone on. */
export function audible(p: MediaParticipant | undefined): boolean {
  return talking(p) && usrStat(p!.usr_stat, 'a_rx') === 1 && usrStat(p!.usr_stat, 'mic') === 0;
}

/** Sharing content (`cont_sender`). */
export function presenting(p: MediaParticipant | undefined): boolean {
  return inMeeting(p) && usrStat(p.usr_stat, 'cont_sender') === 1;
}

/** The main venue (`speaker`). */
export function isMainVenue(p: MediaParticipant | undefined): boolean {
  return inMeeting(p) && usrStat(p.usr_stat, 'speaker') === 1;
}

/**
 * Voices mixed into the meeting sound: the audible participants in list order, at most `max`
 * (an MCU mixes only its few loudest; at 10,000 participants nobody hears a thousand voices).
 */
export function audibleVoices(list: readonly MediaParticipant[], max = 4): string[] {
  const out: string[] = [];
  for (const p of list) {
    if (out.length >= max) break;
    if (audible(p)) out.push(p.usr_id);
  }
  return out;
}

/** The participants talking, as a set (for highlighting a handful of panes). */
export function talkingSet(list: readonly MediaParticipant[]): Set<string> {
  const out = new Set<string>();
  for (const p of list) if (talking(p)) out.add(p.usr_id);
  return out;
}

/** usr_id of whoever shares content, null when nobody does (the server allows one at a time). */
export function presenterOf(list: readonly MediaParticipant[]): string | null {
  for (const p of list) if (presenting(p)) return p.usr_id;
  return null;
}

/** usr_id of the main venue, null when none is set. */
export function mainVenueOf(list: readonly MediaParticipant[]): string | null {
  for (const p of list) if (isMainVenue(p)) return p.usr_id;
  return null;
}

/**
 * Whom the supervisor's preview shows: the chosen participant while in the meeting; otherwise
 * the main venue; otherwise the first participant in the meeting. Null when nobody is.
 */
export function previewTarget(chosen: string, lookup: ParticipantLookup): string | null {
  if (chosen && inMeeting(lookup.get(chosen))) return chosen;
  const list = lookup.list();
  const main = mainVenueOf(list);
  if (main) return main;
  for (const p of list) if (inMeeting(p)) return p.usr_id;
  return null;
}

/** What one pane shows. */
export type PaneContent = { kind: 'participant'; usrId: string } | { kind: 'content'; usrId: string } | { kind: 'empty' };

/** Pane tokens of `roles_lst` (protocol-facts §5.6). */
const TOKEN = { auto: '0', empty: '-1', mainVenue: '1010', unset: '-2' } as const;
export const AUTO_LAYOUT = 'auto';

export interface PaneInput {
  /** the role's configuration */
  config: MosicConfigEntry;
  /** panes of the layout drawn (the group of `cur_mosic_id` for an automatic layout) */
  paneCount: number;
  lookup: ParticipantLookup;
  /** seconds now, to rotate panes holding several participants every `poll_secs` */
  nowSecs: number;
}

/**
 * The participant (or content) of each pane: a named participant while in the meeting, the
 * main venue for `1010`, nothing for `-1`, and for automatic (`0`) or unset (`-2`) panes — and
 * every pane of an automatic layout — the next participant in the meeting not shown yet, the
 * main venue first. The content pane shows the shared content while someone presents.
 */
export function assignPanes({ config, paneCount, lookup, nowSecs }: PaneInput): PaneContent[] {
  const list = lookup.list();
  const main = mainVenueOf(list);
  const presenter = presenterOf(list);
  const automatic = config.mosic_id === AUTO_LAYOUT;
  const tokens = Array.from({ length: paneCount }, (_, i) => {
    if (automatic) return TOKEN.auto;
    const ids = config.roles_lst[i] ?? [TOKEN.unset];
    if (ids.length <= 1) return ids[0] ?? TOKEN.unset;
    const period = Math.max(1, config.poll_secs || 10);
    return ids[Math.floor(nowSecs / period) % ids.length];
  });
  const out: PaneContent[] = tokens.map(() => ({ kind: 'empty' }));
  const shown = new Set<string>();
  tokens.forEach((token, i) => {
    if (token === TOKEN.auto || token === TOKEN.unset || token === TOKEN.empty) return;
    const usrId = token === TOKEN.mainVenue ? main : token;
    if (usrId && inMeeting(lookup.get(usrId))) {
      out[i] = { kind: 'participant', usrId };
      shown.add(usrId);
    }
  });
  const autoPanes = tokens.map((tk, i) => (tk === TOKEN.auto || tk === TOKEN.unset ? i : -1)).filter((i) => i >= 0);
  if (autoPanes.length) {
    const next = autoCandidates(list, main, shown);
    for (const i of autoPanes) {
      const r = next.next();
      if (r.done) break;
      out[i] = { kind: 'participant', usrId: r.value };
    }
  }
  const contentPane = config.content_pane ?? -1;
  if (presenter && contentPane >= 0 && contentPane < paneCount) out[contentPane] = { kind: 'content', usrId: presenter };
  return out;
}

function* autoCandidates(list: readonly MediaParticipant[], main: string | null, shown: Set<string>): Generator<string> {
  if (main && !shown.has(main)) {
    shown.add(main);
    yield main;
  }
  for (const p of list) {
    if (shown.has(p.usr_id) || !inMeeting(p)) continue;
    shown.add(p.usr_id);
    yield p.usr_id;
  }
}

/** Up to two initials of a name: the first letters of two words, or the first character (CJK). */
export function initialsOf(name: string): string {
  const words = name
    .trim()
    .split(/[\s._-]+/)
    .filter(Boolean);
  if (words.length === 0) return '?';
  if (words.length === 1)
    return [...words[0]]
      .slice(0, /^[\x20-\x7e]+$/.test(words[0]) ? 2 : 1)
      .join('')
      .toUpperCase();
  return ([...words[0]][0] + [...words[1]][0]).toUpperCase();
}

/** A stable hue (0–359) per usr_id, so each test card keeps its colour. */
/**
 * The initials disc of a participant without video: its hue from the id, dark enough for white
 * initials to keep WCAG AA (4.5:1) on every hue (35 % lightness gave 3.9:1 on greens).
 */
export function avatarColour(usrId: string): string {
  const hue = hueOf(usrId);
  // HSL to RGB, saturation 45 %, lightness 28 %
  const s = 0.45;
  const l = 0.28;
  const k = (n: number) => (n + hue / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const channel = (n: number) => Math.round(255 * (l - a * Math.max(-1, Math.min(k(n) - 3, 9 - k(n), 1))));
  return `#${[channel(0), channel(8), channel(4)].map((c) => c.toString(16).padStart(2, '0')).join('')}`;
}

export function hueOf(usrId: string): number {
  let h = 2166136261;
  for (let i = 0; i < usrId.length; i++) h = Math.imul(h ^ usrId.charCodeAt(i), 16777619);
  return (h >>> 0) % 360;
}
