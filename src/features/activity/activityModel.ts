/**
 * The Activity panel's rules, without React: what kind a command is, who a controller is, the
 * filters, the shape of a row, and the CSV and JSON exports (the sentences: activitySentence.ts).
 */
import type { ActivityEntry } from '@protocol/wire';
import { CSV_BOM, csvCell, localTimeText } from '#/shared/csv';

// the CSV helpers are shared with the attendance and report exports (src/shared/csv.ts)
export { CSV_BOM, csvCell, localTimeText };

/** An entry (or a recipe) read: what the sentences of activitySentence.ts produce. */
export interface ActivityReading {
  /** the command as the console names it ("Mute", "Lock meeting", "Live") */
  command: string;
  /** who did what to whom, as one sentence */
  sentence: string;
}

/** One row of the activity: one entry, or the entries of one recipe read as what the host did. */
export interface ActivityRow extends ActivityReading {
  /** newest first; the first one's id keys the row and its time dates it */
  entries: readonly ActivityEntry[];
}

export type ActivityKind = 'participants' | 'meeting' | 'layout' | 'subtitles' | 'live' | 'other';
export const ACTIVITY_KINDS: readonly ActivityKind[] = ['participants', 'meeting', 'layout', 'subtitles', 'live', 'other'];

const KIND_OF_CMDID: Readonly<Record<string, ActivityKind>> = {
  ctrl_mr_eps: 'participants',
  create_temp_call: 'participants',
  ctrl_usr_fecc: 'participants',
  mod_mr_status: 'meeting',
  mod_mr_info: 'meeting',
  mod_mr_pwd: 'meeting',
  stop_mr_req: 'meeting',
  set_confmgr_ssid: 'meeting',
  config_mosic: 'layout',
  set_title: 'subtitles',
  mod_subtitle_position: 'subtitles',
  mod_bypass_url: 'live',
  mod_rtmp_url: 'live',
};

export const activityKind = (cmdid: string): ActivityKind => KIND_OF_CMDID[cmdid] ?? 'other';

/** Meeting settings that belong to another kind: Live on/off and pushing are live, the subtitle switch subtitles. */
const KIND_OF_STATUS_KEY: Readonly<Record<string, ActivityKind>> = {
  enable_live: 'live',
  enable_bypass: 'live',
  title_enabled: 'subtitles',
};

/** The kind of one entry: by its command, a meeting setting by the setting it changed. */
export function entryKind(entry: Pick<ActivityEntry, 'cmdid' | 'values'>): ActivityKind {
  if (entry.cmdid === 'mod_mr_status')
    for (const key of Object.keys(entry.values)) if (KIND_OF_STATUS_KEY[key]) return KIND_OF_STATUS_KEY[key];
  return activityKind(entry.cmdid);
}

/** one controller: its role and address ('' address: this console, in a local record) */
export const controllerKey = (entry: Pick<ActivityEntry, 'role' | 'peer_ip'>): string => `${entry.role}|${entry.peer_ip}`;

export interface ActivityFilter {
  /** a {@link controllerKey}, or '' for every controller */
  controller: string;
  /** part of a target's name or its usr_id, '' for any */
  participant: string;
  /** '' for every kind */
  kind: ActivityKind | '';
}

export const NO_FILTER: ActivityFilter = { controller: '', participant: '', kind: '' };

export function filterActivity(entries: readonly ActivityEntry[], filter: ActivityFilter): readonly ActivityEntry[] {
  const text = filter.participant.trim().toLowerCase();
  if (!filter.controller && !text && !filter.kind) return entries;
  return entries.filter(
    (e) =>
      (!filter.controller || controllerKey(e) === filter.controller) &&
      (!filter.kind || entryKind(e) === filter.kind) &&
      (!text || e.targets.some((t) => t.usr_id.toLowerCase() === text || t.name.toLowerCase().includes(text))),
  );
}

/** The distinct controllers of the entries, in the order they first appear (newest first). */
export function controllersOf(entries: readonly ActivityEntry[]): { key: string; role: ActivityEntry['role']; peerIp: string }[] {
  const seen = new Map<string, { key: string; role: ActivityEntry['role']; peerIp: string }>();
  for (const e of entries) {
    const key = controllerKey(e);
    if (!seen.has(key)) seen.set(key, { key, role: e.role, peerIp: e.peer_ip });
  }
  return [...seen.values()];
}

/**
 * `key=value` pairs of the values a command set, for reading (the export keeps the JSON); the
 * sub-action shows on its own, so its field is left out here.
 */
export function valuesText(values: Readonly<Record<string, unknown>>): string {
  return Object.entries(values)
    .filter(([k]) => k !== 'action')
    .map(([k, v]) => `${k}=${typeof v === 'string' ? v : JSON.stringify(v)}`)
    .join(', ');
}

const CSV_COLUMNS = [
  'local_time',
  'time_iso',
  'activity',
  'command',
  'outcome',
  // the wire columns, for support
  'id',
  'role',
  'address',
  'cmdid',
  'action',
  'targets',
  'more_targets',
  'values',
  'result',
  'status',
] as const;

/**
 * The rows as CSV for a spreadsheet, oldest first, one line per entry: UTF-8 with a byte-order
 * mark and CRLF line ends (what Excel expects), the local time and the ISO 8601 time (UTC), the
 * sentence and command of the entry's row (a recipe's steps each carry the recipe's sentence),
 * the outcome in words, then the wire columns.
 */
export function activityCsv(rows: readonly ActivityRow[], outcomeOf: (entry: ActivityEntry) => string): string {
  const lines: string[] = [];
  for (const row of [...rows].reverse()) {
    for (const e of [...row.entries].reverse()) {
      lines.push(
        [
          localTimeText(e.dtm),
          new Date(e.dtm * 1000).toISOString(),
          row.sentence,
          row.command,
          outcomeOf(e),
          e.id,
          e.role,
          e.peer_ip,
          e.cmdid,
          e.action,
          e.targets.map((t) => (t.name ? `${t.name} (${t.usr_id})` : t.usr_id)).join('; '),
          e.more_targets,
          JSON.stringify(e.values),
          e.result,
          e.status,
        ]
          .map(csvCell)
          .join(','),
      );
    }
  }
  return CSV_BOM + [CSV_COLUMNS.join(','), ...lines].join('\r\n') + '\r\n';
}

/** The entries as a JSON document, oldest first. */
export function activityJson(entries: readonly ActivityEntry[], meta: { mrId: string; source: 'server' | 'local' }): string {
  return JSON.stringify({ mr_id: meta.mrId, source: meta.source, entries: [...entries].reverse() }, null, 2);
}
