/**
 * Each activity entry as a sentence in the user's language (issue 26 item 6): who did what to
 * whom, the command named with the console's own words (its buttons and switches), and the wire
 * detail kept apart for support. A recipe the console sends as several requests (accept a raised
 * hand: `a_rx` 1 + `clear_hand`; start a roll call: the flag, `a_rx` 1, the layout) reads as the
 * one thing the host did, where the log's entries allow it (see {@link readActivity}).
 */
import { msg, plural } from '@lingui/core/macro';
import type { I18n, MessageDescriptor } from '@lingui/core';
import type { ActivityEntry, ActivityTarget } from '@protocol/wire';
import { valuesText, type ActivityReading, type ActivityRow } from './activityModel';
import { SWITCH_NAMES } from '#/i18n/switchNames';

/** "Host (127.0.0.1)", "Supervisor (this console)" ('' address: a local record). */
export function controllerText(i18n: I18n, role: ActivityEntry['role'], peerIp: string): string {
  const who = role === 'host' ? i18n._(msg`Host`) : i18n._(msg`Supervisor`);
  return peerIp ? i18n._(msg`${who} (${peerIp})`) : i18n._(msg`${who} (this console)`);
}

/** "Steady 01", "Steady 01 and Steady 02", "Steady 01 and 3 others"; '' without targets. */
export function targetsText(i18n: I18n, targets: readonly ActivityTarget[], more: number): string {
  const names = targets.map((x) => x.name || x.usr_id);
  const total = names.length + more;
  if (total === 0) return '';
  const first = names[0] ?? '';
  if (total === 1) return first;
  if (total === 2 && names.length === 2) return i18n._(msg`${first} and ${names[1]}`);
  const others = total - 1;
  return i18n._(msg`${first} and ${plural(others, { one: '# other', other: '# others' })}`);
}

/** `ctrl_mr_eps · hand_permit · value=0`: the entry as it went on the wire, for support. */
export function wireText(entry: Pick<ActivityEntry, 'cmdid' | 'action' | 'values'>): string {
  return [entry.cmdid, entry.action, valuesText(entry.values)].filter(Boolean).join(' · ');
}

const on = (v: unknown) => v === 1 || v === '1' || v === true;

/** A switch-like status key: its name as the console's switch or section says it. */
const STATUS_NAMES: Readonly<Record<string, MessageDescriptor>> = {
  enable_guest: SWITCH_NAMES.allowGuests,
  allow_unmute_self: SWITCH_NAMES.allowSelfUnmute,
  cont_enabled: SWITCH_NAMES.contentSharing,
  force_mcu_layout: SWITCH_NAMES.platformLayout,
  same_layout: SWITCH_NAMES.sameLayout,
  title_enabled: SWITCH_NAMES.subtitles,
  waiting_room: msg`Waiting room`,
  live_chat: msg`Allow live chat`,
  guest_poll: msg`Polling`,
  speaker_poll: msg`Polling`,
  chair_poll: msg`Polling`,
  chat_permission: msg`Chat permission`,
  meeting_mode: msg`Chat and meeting mode`,
  cascade_mode: msg`Cascade`,
  enable_bypass: msg`Push stream`,
  auto_invite: msg`Auto invite`,
  show_camera_off: msg`Show cameras that are off`,
  record_copy: msg`Recording`,
};

/** One entry read on its own. */
export function describeEntry(i18n: I18n, entry: ActivityEntry): ActivityReading {
  const who = controllerText(i18n, entry.role, entry.peer_ip);
  const targets = targetsText(i18n, entry.targets, entry.more_targets);
  const one = entry.targets.length + entry.more_targets === 1;
  const v = entry.values.value;
  const r = (command: MessageDescriptor, sentence: MessageDescriptor): ActivityReading => ({
    command: i18n._(command),
    sentence: i18n._(sentence),
  });
  if (entry.cmdid === 'ctrl_mr_eps') {
    switch (entry.action) {
      case 'a_rx':
        return on(v) ? r(msg`Unmute`, msg`${who} unmuted ${targets}`) : r(msg`Mute`, msg`${who} muted ${targets}`);
      case 'v_rx':
        return on(v)
          ? r(msg`Turn camera on`, msg`${who} turned the camera on for ${targets}`)
          : r(msg`Turn camera off`, msg`${who} turned the camera off for ${targets}`);
      case 'a_tx':
        return on(v)
          ? r(msg`Let listen`, msg`${who} let ${targets} listen`)
          : r(msg`Stop listening`, msg`${who} stopped ${targets} listening`);
      case 'v_tx':
        return on(v) ? r(msg`Let watch`, msg`${who} let ${targets} watch`) : r(msg`Stop watching`, msg`${who} stopped ${targets} watching`);
      case 'drop':
        return r(msg`Hang up`, msg`${who} hung up ${targets}`);
      case 'call':
        return r(msg`Call`, msg`${who} called ${targets}`);
      case 'add_participants':
        return r(msg`Invite`, msg`${who} invited ${targets}`);
      case 'del_participants':
        return r(msg`Remove from the list`, msg`${who} removed ${targets} from the invited list`);
      case 'speaker':
        return r(msg`Main venue`, msg`${who} made ${targets} the main venue`);
      case 'focus':
        return on(v) ? r(msg`Focus`, msg`${who} put the focus on ${targets}`) : r(msg`Focus`, msg`${who} took the focus off ${targets}`);
      case 'chair':
        return on(v)
          ? r(msg`Honoured guest`, msg`${who} made ${targets} honoured guest`)
          : r(msg`Honoured guest`, msg`${who} cancelled honoured guest for ${targets}`);
      case 'displayname': {
        const name = String(v ?? '');
        return r(msg`Rename`, msg`${who} renamed ${targets} to “${name}”`);
      }
      case 'clear_hand':
        return one
          ? r(msg`Lower hand`, msg`${who} lowered ${targets}'s raised hand`)
          : r(msg`Lower hand`, msg`${who} lowered the raised hands of ${targets}`);
      case 'clear_all_hand':
        return r(msg`Lower all hands`, msg`${who} lowered every raised hand`);
      case 'hand_permit':
        if (on(v))
          return one
            ? r(msg`Permit`, msg`${who} accepted ${targets}'s raised hand`)
            : r(msg`Permit`, msg`${who} accepted the raised hands of ${targets}`);
        return one
          ? r(msg`Refuse`, msg`${who} refused ${targets}'s raised hand`)
          : r(msg`Refuse`, msg`${who} refused the raised hands of ${targets}`);
      case 'waiting_permit':
        return r(msg`Admit`, msg`${who} admitted ${targets} from the waiting room`);
      case 'waiting_refuse':
        return r(msg`Refuse`, msg`${who} refused ${targets} from the waiting room`);
      case 'waiting_move':
        return r(msg`Move participants to the waiting room`, msg`${who} moved ${targets} to the waiting room`);
      case 'roll_call_start':
        return r(msg`Roll call`, msg`${who} started a roll call, calling ${targets}`);
      case 'roll_call_next':
        return r(msg`Roll call`, msg`${who} called ${targets} in the roll call`);
      case 'roll_call_end':
        return r(msg`Roll call`, msg`${who} ended the roll call`);
      case 'all_a_rx':
        return on(v) ? r(msg`Cancel mute all`, msg`${who} unmuted everyone`) : r(msg`Mute all`, msg`${who} muted everyone`);
      case 'all_a_tx':
        return on(v)
          ? r(msg`Allow all listening`, msg`${who} let everyone listen`)
          : r(msg`Forbid all listening`, msg`${who} stopped everyone listening`);
      case 'all_v_tx':
        return on(v)
          ? r(msg`Allow all watching`, msg`${who} let everyone watch`)
          : r(msg`Forbid all watching`, msg`${who} stopped everyone watching`);
      case 'all_leave':
        return r(msg`Hang up all`, msg`${who} hung up everyone`);
      case 'private_talk':
        return on(v)
          ? r(msg`Private talk`, msg`${who} started a private talk with ${targets}`)
          : r(msg`Private talk`, msg`${who} ended the private talk with ${targets}`);
    }
    const action = entry.action;
    return targets
      ? r(msg`Participant control`, msg`${who} sent “${action}” to ${targets}`)
      : r(msg`Participant control`, msg`${who} sent “${action}”`);
  }
  if (entry.cmdid === 'mod_mr_status') {
    const [key, value] = Object.entries(entry.values)[0] ?? ['', undefined];
    switch (key) {
      case 'lock_mr':
        return on(value) ? r(SWITCH_NAMES.lock, msg`${who} locked the meeting`) : r(SWITCH_NAMES.lock, msg`${who} unlocked the meeting`);
      case 'enable_rec':
        return on(value) ? r(msg`Start recording`, msg`${who} started recording`) : r(msg`Stop recording`, msg`${who} stopped recording`);
      case 'enable_live':
        return on(value) ? r(SWITCH_NAMES.live, msg`${who} turned Live on`) : r(SWITCH_NAMES.live, msg`${who} turned Live off`);
      case 'all_guests_mute':
        return on(value)
          ? r(msg`Mute all`, msg`${who} muted the audience (mute all)`)
          : r(msg`Cancel mute all`, msg`${who} cancelled mute all`);
      case 'mr_vtx_mode':
        return on(value)
          ? r(msg`Forbid all watching`, msg`${who} forbade all watching`)
          : r(msg`Allow all watching`, msg`${who} allowed all watching`);
      case 'mr_atx_mode':
        return on(value)
          ? r(msg`Forbid all listening`, msg`${who} forbade all listening`)
          : r(msg`Allow all listening`, msg`${who} allowed all listening`);
      case 'roll_call':
        return on(value) ? r(msg`Roll call`, msg`${who} started a roll call`) : r(msg`Roll call`, msg`${who} ended the roll call`);
      case 'focus_speaker':
        return on(value) ? r(msg`Auto focus`, msg`${who} turned auto focus on`) : r(msg`Auto focus`, msg`${who} turned auto focus off`);
    }
    const name = STATUS_NAMES[key];
    if (name) {
      const setting = i18n._(name);
      if (typeof value === 'number' && (value === 0 || value === 1)) {
        return value === 1 ? r(name, msg`${who} turned “${setting}” on`) : r(name, msg`${who} turned “${setting}” off`);
      }
      const shown = String(value ?? '');
      return r(name, msg`${who} set “${setting}” to ${shown}`);
    }
    return r(msg`Meeting setting`, msg`${who} changed a meeting setting (${key})`);
  }
  switch (entry.cmdid) {
    case 'stop_mr_req':
      return r(msg`End meeting`, msg`${who} ended the meeting`);
    case 'mod_mr_info': {
      const minutes = Math.round(Number(entry.values.increase_secs ?? 0) / 60);
      return r(msg`Delay`, msg`${who} extended the meeting by ${plural(minutes, { one: '# minute', other: '# minutes' })}`);
    }
    case 'mod_mr_pwd':
      return r(msg`Meeting passwords`, msg`${who} changed the meeting passwords`);
    // (podium) run of show (issue 28): one entry per Take, naming the segment
    case 'take_segment': {
      const segment = String(entry.values.segment ?? '');
      return r(msg`Run of show`, msg`${who} took the segment “${segment}”`);
    }
    case 'undo_take':
      return r(msg`Run of show`, msg`${who} undid the last take`);
    case 'hold_segment': {
      const segment = String(entry.values.segment ?? '');
      return Number(entry.values.value) === 1
        ? r(msg`Run of show`, msg`${who} held the segment “${segment}”`)
        : r(msg`Run of show`, msg`${who} resumed the segment “${segment}”`);
    }
    case 'config_mosic':
      return r(msg`Screen layout`, msg`${who} changed the screen layout`);
    case 'set_title':
      return r(msg`Subtitle settings`, msg`${who} changed the subtitle`);
    case 'mod_subtitle_position':
      return r(msg`Subtitle position`, msg`${who} moved the subtitle`);
    case 'mod_bypass_url':
      return r(msg`Push stream`, msg`${who} set the push address`);
    case 'mod_rtmp_url':
      return r(msg`Live addresses`, msg`${who} set the live push and pull addresses`);
    case 'create_temp_call':
      return r(msg`Temporary call`, msg`${who} made a temporary call`);
    case 'ctrl_usr_fecc':
      return r(msg`Camera control`, msg`${who} steered the camera of ${targets}`);
    case 'set_confmgr_ssid':
      return r(msg`Platform management login`, msg`${who} logged in to platform management`);
    case 'alert_snooze': {
      // this console's own entry (machines/alertBudget ALERT_SNOOZE_CMDID): no server hears of a snooze
      const minutes = Number(entry.values.minutes ?? 0);
      return r(
        msg`Snooze alerts`,
        msg`${who} snoozed the quality alerts of ${targets} for ${plural(minutes, { one: '# minute', other: '# minutes' })}`,
      );
    }
  }
  const cmdid = entry.cmdid;
  return { command: cmdid, sentence: i18n._(msg`${who} sent “${cmdid}”`) };
}

/** seconds within which the requests of one recipe are sent */
const RECIPE_SECS = 5;

const sameTargets = (a: ActivityEntry, b: ActivityEntry) =>
  a.more_targets === 0 &&
  b.more_targets === 0 &&
  a.targets.length === b.targets.length &&
  a.targets.every((t, i) => t.usr_id === b.targets[i]?.usr_id);

/** `b` was sent right before `a` by the same controller, and both were applied. */
const follows = (a: ActivityEntry, b: ActivityEntry | undefined): b is ActivityEntry =>
  !!b &&
  b.id === a.id - 1 &&
  b.role === a.role &&
  b.peer_ip === a.peer_ip &&
  a.dtm - b.dtm <= RECIPE_SECS &&
  a.result === 0 &&
  b.result === 0;

const isEps = (e: ActivityEntry, action: string, value?: number) =>
  e.cmdid === 'ctrl_mr_eps' && e.action === action && (value === undefined || on(e.values.value) === (value === 1));
const isStatus = (e: ActivityEntry, key: string, value: number) =>
  e.cmdid === 'mod_mr_status' && key in e.values && on(e.values[key]) === (value === 1);

/**
 * The entries (newest first) as rows: the console's recipes (machines/commands/requests.ts) become
 * one row each — accept a raised hand (`a_rx` 1 then `clear_hand` for the same people, then
 * perhaps the talk layout); start a roll call (`roll_call` 1, `a_rx` 1 for the called, the
 * layout); call the next one while it is open (`a_rx` 1, perhaps `a_rx` 0 for the previous, the
 * layout); end it (perhaps `a_rx` 0 and the layout put back, `roll_call` 0). Anything else, or a
 * recipe a step of which was refused or another controller's request came between, stays one row
 * per entry.
 */
export function readActivity(i18n: I18n, entries: readonly ActivityEntry[]): ActivityRow[] {
  const rows: ActivityRow[] = [];
  // the entries sent while a roll call was open (its flag on, not yet off), oldest first
  const inRollCall = new Set<number>();
  let rolling = false;
  for (let k = entries.length - 1; k >= 0; k--) {
    const e = entries[k];
    if (isStatus(e, 'roll_call', 1)) rolling = true;
    else if (isStatus(e, 'roll_call', 0)) rolling = false;
    else if (rolling) inRollCall.add(e.id);
  }
  for (let i = 0; i < entries.length; i++) {
    const e = entries[i];
    const who = controllerText(i18n, e.role, e.peer_ip);
    // ending a roll call: (the last called muted again) (the layout put back) the flag off
    if (isStatus(e, 'roll_call', 0)) {
      const group = [e];
      let k = i + 1;
      if (entries[k]?.cmdid === 'config_mosic' && inRollCall.has(entries[k].id) && follows(group[group.length - 1], entries[k]))
        group.push(entries[k++]);
      if (entries[k] && isEps(entries[k], 'a_rx', 0) && inRollCall.has(entries[k].id) && follows(group[group.length - 1], entries[k]))
        group.push(entries[k++]);
      rows.push({ entries: group, command: i18n._(msg`Roll call`), sentence: i18n._(msg`${who} ended the roll call`) });
      i += group.length - 1;
      continue;
    }
    // newest first: a recipe's last request comes first here
    const layout = e.cmdid === 'config_mosic' ? e : undefined;
    const j = layout ? i + 1 : i;
    const last = entries[j];
    const prev = entries[j + 1];
    if (last && (!layout || follows(layout, last))) {
      if (isEps(last, 'clear_hand') && follows(last, prev) && isEps(prev, 'a_rx', 1) && sameTargets(last, prev)) {
        const targets = targetsText(i18n, last.targets, last.more_targets);
        const one = last.targets.length === 1;
        const group = layout ? [layout, last, prev] : [last, prev];
        rows.push({
          entries: group,
          command: i18n._(msg`Permit`),
          sentence: one
            ? i18n._(msg`${who} accepted ${targets}'s raised hand`)
            : i18n._(msg`${who} accepted the raised hands of ${targets}`),
        });
        i += group.length - 1;
        continue;
      }
      if (layout && isEps(last, 'a_rx', 1) && follows(last, prev) && isStatus(prev, 'roll_call', 1)) {
        const targets = targetsText(i18n, last.targets, last.more_targets);
        rows.push({
          entries: [layout, last, prev],
          command: i18n._(msg`Roll call`),
          sentence: i18n._(msg`${who} started a roll call, calling ${targets}`),
        });
        i += 2;
        continue;
      }
      // calling the next one: the floor to them (the previous muted again), the layout
      if (layout && inRollCall.has(layout.id)) {
        const group = [layout];
        if (isEps(last, 'a_rx', 0) && inRollCall.has(last.id)) group.push(last);
        const called = entries[i + group.length];
        if (called && isEps(called, 'a_rx', 1) && inRollCall.has(called.id) && follows(group[group.length - 1], called)) {
          group.push(called);
          const targets = targetsText(i18n, called.targets, called.more_targets);
          rows.push({ entries: group, command: i18n._(msg`Roll call`), sentence: i18n._(msg`${who} called ${targets} in the roll call`) });
          i += group.length - 1;
          continue;
        }
      }
    }
    rows.push({ entries: [e], ...describeEntry(i18n, e) });
  }
  return rows;
}
