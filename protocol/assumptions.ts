/**
 * Every call and field the console uses that no public evidence of the platform shows
 * (../shared/spec/protocol-facts.md, real-client-findings.md): the console spec names them, the
 * platform's own clients never send or read them. One list, shared by both sides:
 *
 * - the console marks a control of an assumed group "not offered by this platform" when the
 *   platform refuses one of its calls (404, 400, an unknown cmdid or action), with the reason;
 * - the reference server in strict platform mode (`WIRE=platform`) refuses every assumed call
 *   unless `PLATFORM_ASSUME` names its group (docs/protocol.md "Evidence and assumptions").
 *
 * Evidence grades: `spec` = only the console spec names it (no client of the platform has it);
 * `inferred` = a client of the platform declares the name but never uses it, so its meaning is
 * inferred ([I] in the facts); `podium` = Podium's own addition, in no source at all.
 * No I/O here.
 */

/** A switchable group of assumed calls (one `PLATFORM_ASSUME` entry each). */
export type AssumptionGroup =
  | 'picture-code'
  | 'waiting-room'
  | 'subtitle-position'
  | 'controllers'
  | 'activity'
  | 'meeting-passwords'
  | 'live-addresses'
  | 'meeting-modes'
  | 'private-talk'
  | 'host-role'
  | 'mass-actions'
  | 'podium-actions'
  | 'attendance'
  | 'hand-times'
  | 'management-facts'
  | 'room-properties'
  | 'user-number'
  | 'department-search'
  | 'audio-to-text'
  | 'focus-modes'
  | 'run-of-show'
  | 'call-quality'
  | 'user-changes';

export const ASSUMPTION_GROUPS: readonly AssumptionGroup[] = [
  'picture-code',
  'waiting-room',
  'subtitle-position',
  'controllers',
  'activity',
  'meeting-passwords',
  'live-addresses',
  'meeting-modes',
  'private-talk',
  'host-role',
  'mass-actions',
  'podium-actions',
  'attendance',
  'hand-times',
  'management-facts',
  'room-properties',
  'user-number',
  'department-search',
  'audio-to-text',
  'focus-modes',
  'run-of-show',
  'call-quality',
  'user-changes',
];

export type EvidenceGrade = 'spec' | 'inferred' | 'podium';

export interface AssumedCall {
  group: AssumptionGroup;
  /** the call or field as it goes on the wire */
  wire: string;
  kind: 'path' | 'action' | 'status-key' | 'field' | 'event';
  grade: EvidenceGrade;
  /** what the console does when the platform does not offer it */
  fallback: string;
}

/** The table docs/protocol.md shows ("Evidence and assumptions"); a test keeps the two equal. */
export const ASSUMED_CALLS: readonly AssumedCall[] = [
  {
    group: 'picture-code',
    wire: 'GET /rest/v1/meetings/verify-code (picture)',
    kind: 'path',
    grade: 'spec',
    fallback: 'the login screen shows the text code of GET temp-verify-code, the one the platform’s clients use',
  },
  {
    group: 'waiting-room',
    wire: 'ctrl_mr_eps waiting_move / waiting_permit / waiting_refuse',
    kind: 'action',
    grade: 'spec',
    fallback: 'waiting-room controls not offered',
  },
  {
    group: 'waiting-room',
    wire: 'mod_mr_status waiting_room',
    kind: 'status-key',
    grade: 'spec',
    fallback: 'waiting-room switch not offered, said at once when the meeting status carries no waiting_room',
  },
  {
    group: 'waiting-room',
    wire: 'usr_stats position 16 (in the waiting room)',
    kind: 'field',
    grade: 'spec',
    fallback: 'nobody is shown waiting (the facts decode up to position 14)',
  },
  {
    group: 'waiting-room',
    wire: 'waiting_usr event',
    kind: 'event',
    grade: 'spec',
    fallback: 'the waiting list comes from usr_stats alone',
  },
  {
    group: 'subtitle-position',
    wire: 'POST mod-subtitle-position',
    kind: 'path',
    grade: 'spec',
    fallback: 'the banner’s own y_pos / h_align / v_align place it; position controls not offered',
  },
  {
    group: 'controllers',
    wire: 'GET controllers',
    kind: 'path',
    grade: 'podium',
    fallback: 'the other controllers are counted from mr_ctrl_in / mr_ctrl_out as “at least N”',
  },
  {
    group: 'activity',
    wire: 'GET activity',
    kind: 'path',
    grade: 'podium',
    fallback: 'the activity list holds this console’s own commands only',
  },
  { group: 'meeting-passwords', wire: 'GET / POST mr-pwd', kind: 'path', grade: 'spec', fallback: 'meeting passwords not offered' },
  {
    group: 'live-addresses',
    wire: 'POST mod-rtmp-url',
    kind: 'path',
    grade: 'spec',
    fallback: 'live addresses not offered (the push stream uses mod_bypass_url)',
  },
  {
    group: 'meeting-modes',
    wire: 'mod_mr_status chat_permission / live_chat / meeting_mode / cascade_mode / title_enabled',
    kind: 'status-key',
    grade: 'spec',
    fallback: 'that switch not offered',
  },
  { group: 'private-talk', wire: 'ctrl_mr_eps private_talk', kind: 'action', grade: 'podium', fallback: 'private talk not offered' },
  { group: 'host-role', wire: 'ctrl_mr_eps host', kind: 'action', grade: 'podium', fallback: 'make/cancel host not offered' },
  {
    group: 'mass-actions',
    wire: 'ctrl_mr_eps all_a_rx / all_a_tx / all_v_tx / all_leave (scope all)',
    kind: 'action',
    grade: 'podium',
    fallback: 'the evidence’s recipes: all_guests_mute, mr_atx_mode, mr_vtx_mode, drop of every participant',
  },
  {
    group: 'podium-actions',
    wire: 'ctrl_mr_eps hand_permit / roll_call_start / roll_call_next / roll_call_end',
    kind: 'action',
    grade: 'podium',
    fallback: 'none needed: the console sends the evidence’s recipes (a_rx + clear_hand, the roll-call layout)',
  },
  {
    group: 'attendance',
    wire: 'GET attendance; GET /api/v3/podium/attendance (header report-token)',
    kind: 'path',
    grade: 'podium',
    fallback: 'the console builds the attendance from what it sees since its login plus the enter times, and says so',
  },
  {
    group: 'hand-times',
    wire: 'online_eps_status hand_up_dtms (when each hand went up)',
    kind: 'field',
    grade: 'podium',
    fallback: 'a hand counts from when this console first saw it up (after a login: from the login)',
  },
  {
    group: 'audio-to-text',
    wire: 'mod_mr_status asr_enabled; asr_text event; GET transcript',
    kind: 'status-key',
    grade: 'spec',
    fallback: 'audio-to-text switch and live transcript not offered, said at once when the meeting status carries no asr_enabled',
  },
  {
    group: 'focus-modes',
    wire: 'mod_mr_status focus_speaker (auto focus: the focus follows the talker, auto_focus_usr_id)',
    kind: 'status-key',
    grade: 'inferred',
    fallback:
      'specified focus and no focus only (ctrl_mr_eps focus); auto focus not offered, and shown only when the platform reports auto_focus_usr_id',
  },
  {
    group: 'run-of-show',
    wire: 'GET / PUT / POST run-of-show (put_run_of_show, take_segment, undo_take, hold_segment, rehearsal_mode); run_of_show event',
    kind: 'path',
    grade: 'podium',
    fallback:
      'the run of show is kept in this browser only; Take and Undo are applied as the platform’s own commands, one after another; Hold stops the timer in this browser only; this browser writes a timer shown on the endpoints into their banner (set_title per role); no rehearsal mode',
  },
  {
    group: 'call-quality',
    wire: 'POST get_call_qa (usr_id); get_call_qa_rsp event',
    kind: 'path',
    grade: 'spec',
    fallback: 'the statistics chart alone (media_stream); the call-quality summary says the platform does not offer it',
  },
  {
    group: 'user-changes',
    wire: 'usr_ids event (the users whose details changed)',
    kind: 'event',
    grade: 'spec',
    fallback: 'a participant’s details (get_user_infos, facts §2 #14) are read when they are opened, not again on a change',
  },
  {
    group: 'user-number',
    wire: 'getPlatform data.usr_id_digits (the configured digit count of a numeric user id)',
    kind: 'field',
    grade: 'spec',
    fallback: 'adding by user number accepts 1–20 digits and the platform judges the length',
  },
  {
    group: 'department-search',
    wire: 'search_department_ids filter_type department_name',
    kind: 'field',
    grade: 'spec',
    fallback: 'department search by name not offered, said when the platform refuses it; the department tree is browsed',
  },
  {
    group: 'management-facts',
    wire: 'set_confmgr_ssid answer is_admin / admin_addr / client_ip',
    kind: 'field',
    grade: 'spec',
    fallback: 'the management login’s success state says “not told” for each; booking still goes to the platform, which judges the right',
  },
  {
    group: 'room-properties',
    wire: 'mr-status / one_mr_status max_call, region_id',
    kind: 'field',
    grade: 'spec',
    fallback: 'max calls read as the platform default 1000 and the region as the default (-1), facts §6.5, each marked “platform default”',
  },
];

const ACTION_GROUP: Readonly<Record<string, AssumptionGroup>> = {
  waiting_move: 'waiting-room',
  waiting_permit: 'waiting-room',
  waiting_refuse: 'waiting-room',
  private_talk: 'private-talk',
  host: 'host-role',
  all_a_rx: 'mass-actions',
  all_a_tx: 'mass-actions',
  all_v_tx: 'mass-actions',
  all_leave: 'mass-actions',
  hand_permit: 'podium-actions',
  roll_call_start: 'podium-actions',
  roll_call_next: 'podium-actions',
  roll_call_end: 'podium-actions',
};

const STATUS_KEY_GROUP: Readonly<Record<string, AssumptionGroup>> = {
  waiting_room: 'waiting-room',
  chat_permission: 'meeting-modes',
  live_chat: 'meeting-modes',
  meeting_mode: 'meeting-modes',
  cascade_mode: 'meeting-modes',
  title_enabled: 'meeting-modes',
  asr_enabled: 'audio-to-text',
  focus_speaker: 'focus-modes',
};

const SUFFIX_GROUP: Readonly<Record<string, AssumptionGroup>> = {
  'mod-subtitle-position': 'subtitle-position',
  controllers: 'controllers',
  activity: 'activity',
  attendance: 'attendance',
  'mr-pwd': 'meeting-passwords',
  'mod-rtmp-url': 'live-addresses',
  transcript: 'audio-to-text',
  'run-of-show': 'run-of-show',
  get_call_qa: 'call-quality',
};

/**
 * The assumed group of a request under the session prefix, or undefined when the evidence shows
 * it. `suffix` is the part after `…/sessions/{sess_id}/` (a query is ignored).
 * @example assumedGroupOf('eps-status', { cmdid: 'ctrl_mr_eps', action: 'waiting_move' }) // 'waiting-room'
 * @example assumedGroupOf('eps-status', { cmdid: 'ctrl_mr_eps', action: 'a_rx' }) // undefined
 */
export function assumedGroupOf(suffix: string, body?: unknown): AssumptionGroup | undefined {
  const bare = suffix.replace(/[?#].*$/, '').replace(/^\/+|\/+$/g, '');
  const bySuffix = SUFFIX_GROUP[bare];
  if (bySuffix) return bySuffix;
  if (!body || typeof body !== 'object' || Array.isArray(body)) return undefined;
  const b = body as Record<string, unknown>;
  if (bare === 'eps-status' && typeof b.action === 'string') return ACTION_GROUP[b.action];
  if (bare === 'mr-status' && b.cmdid === 'mod_mr_status') {
    for (const key of Object.keys(b)) {
      const group = STATUS_KEY_GROUP[key];
      if (group) return group;
    }
  }
  return undefined;
}

/** The assumed group of a path outside the session prefix (the picture verify code, the attendance report). */
export function assumedGroupOfPath(path: string): AssumptionGroup | undefined {
  const bare = path.replace(/[?#].*$/, '').replace(/\/+$/, '');
  if (bare === '/api/v3/podium/attendance') return 'attendance';
  return bare === '/rest/v1/meetings/verify-code' ? 'picture-code' : undefined;
}

/**
 * Parses a `PLATFORM_ASSUME` value: comma-separated group names, `all` or `none`.
 * Throws on an unknown name, so a typo does not silently leave a group off.
 * @example parseAssumeList('waiting-room, controllers') // Set { 'waiting-room', 'controllers' }
 */
export function parseAssumeList(value: string | undefined): Set<AssumptionGroup> {
  const out = new Set<AssumptionGroup>();
  for (const raw of (value ?? '').split(',')) {
    const name = raw.trim();
    if (!name || name === 'none') continue;
    if (name === 'all') return new Set(ASSUMPTION_GROUPS);
    if (!(ASSUMPTION_GROUPS as readonly string[]).includes(name)) {
      throw new Error(`PLATFORM_ASSUME: unknown group "${name}" (known: ${ASSUMPTION_GROUPS.join(', ')}, all, none)`);
    }
    out.add(name as AssumptionGroup);
  }
  return out;
}
