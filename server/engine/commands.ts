/**
 * The control commands of spec §7 and protocol-facts §2–§3, each a synchronous "validate, then
 * apply" step run inside {@link Engine.command}. Validation comes first and throws, so a refused
 * command changes nothing.
 */
import { RC } from '../../protocol/codes';
import type { MosicConfigEntry, MrStatus, TitleConfig, TitleTarget } from '../../protocol/wire';
import {
  callAddressKind,
  validateLiveAddresses,
  validateRoomPasswords,
  validateBypassUrl,
  validateTempCall,
} from '../../protocol/validation';
import type { Engine, SessionState } from './engine';
import { badField, CommandError, refused } from './errors';
import { LAYOUT_PANES, POLL_INTERVALS, defaultCustomConfig } from './mosaics';
import { POS, type Room } from './room';
import { TITLE_TARGETS } from './titles';
import { TITLE_SPEED_MAX } from '../../protocol/titles';
import { setAutoFocus } from './autoFocus';
import { bit, int, liveStartRefusal, oneOf, str, type Body } from './validate';
import { checkPermission } from './permissions';
import { setBan } from './eps/media';
import { endRollCall } from './eps/rollCall';
import { online, ruleCode } from './eps/shared';

// ctrl_mr_eps is a table of action handlers in eps/; permissions and the meeting-wide bans live
// apart too: re-exported here, where the routes and the run of show look for every command
export { checkPermission, HOST_FORBIDDEN, SUPERVISOR_FORBIDDEN } from './permissions';
export { ctrlMrEps, EPS_ACTIONS } from './eps/actions';
export { setBan };

// ---------------------------------------------------------------------------------------------
// mod_mr_status

const BIT_KEYS = {
  lock_mr: 'mr_locked',
  allow_unmute_self: 'allow_unmute_self',
  enable_guest: 'guest_enabled',
  show_camera_off: 'show_camera_off',
  guest_poll: 'guest_poll',
  speaker_poll: 'speaker_poll',
  chair_poll: 'chair_poll',
  force_mcu_layout: 'force_mcu_layout',
  auto_invite: 'auto_invite',
  same_layout: 'same_layout',
  live_chat: 'live_chat',
  title_enabled: 'title_enabled',
  // (assumed, group audio-to-text) the recogniser hears the two loudest channels (server/sim/asr.ts)
  asr_enabled: 'asr_enabled',
  focus_speaker: 'focus_speaker',
} as const satisfies Record<string, keyof MrStatus>;

const SPECIAL_KEYS = [
  'enable_rec',
  'enable_bypass',
  'enable_live',
  'all_guests_mute',
  'mr_vtx_mode',
  'mr_atx_mode',
  'record_copy',
  'cont_enabled',
  'chat_permission',
  'meeting_mode',
  'cascade_mode',
  'waiting_room',
  'roll_call',
] as const;

const STATUS_KEYS: readonly string[] = [...Object.keys(BIT_KEYS), ...SPECIAL_KEYS];

/** `mod_mr_status`: one or more keys, all validated before any is applied. */
export function modMrStatus(engine: Engine, sess: SessionState, room: Room, body: Body): void {
  const keys = Object.keys(body).filter((k) => k !== 'cmdid' && k !== 'req_id');
  if (!keys.length) throw badField('mod_mr_status', RC.fieldMissing);
  for (const k of keys) if (!STATUS_KEYS.includes(k)) throw badField(k, RC.unknownAction);
  for (const k of keys) checkPermission(sess, `status:${k}`);
  const st = room.status;
  const patch: Partial<MrStatus> = {};
  const values: Record<string, unknown> = {};
  for (const k of keys) {
    if (k === 'record_copy') values[k] = oneOf(body, k, ['speaker', 'guest', 'chair']);
    else if (k === 'chat_permission') values[k] = int(body, k, 0, 3);
    else if (k === 'meeting_mode') values[k] = oneOf(body, k, ['speaker', 'discussion']);
    else if (k === 'cascade_mode') values[k] = oneOf(body, k, ['', 'parent', 'child']);
    else values[k] = bit(body, k);
  }
  // rule checks before anything changes
  if (values.cascade_mode === '' && st.cascade_mode !== '' && room.cascadePoints() > 0) throw refused(RC.cascadePointsExist);
  if (values.enable_rec === 1 && (st.rec_state === 'recording' || st.rec_state === 'starting')) throw refused(RC.recordingAlreadyRunning);
  if (values.enable_rec === 0 && st.rec_state !== 'recording' && st.rec_state !== 'starting') throw refused(RC.recordingNotRunning);
  // the room's resource template decides whether it may record at all (resource_tmpl_info has_record)
  if (values.enable_rec === 1 && !room.record.resourceTmpl.hasRecord) throw refused(RC.recordingNotInTemplate);
  if (values.enable_bypass === 1 && !st.bypass_url) throw refused(RC.pushAddressNotSet);
  const liveRefusal = values.enable_live === 1 && !st.live_enabled ? liveStartRefusal(st) : undefined;
  if (liveRefusal !== undefined) throw refused(liveRefusal);

  for (const [k, field] of Object.entries(BIT_KEYS)) if (k in values) (patch as Record<string, unknown>)[field] = values[k];
  if ('record_copy' in values) patch.record_copy = values.record_copy as string;
  if ('chat_permission' in values) patch.chat_permission = values.chat_permission as MrStatus['chat_permission'];
  if ('cascade_mode' in values) patch.cascade_mode = values.cascade_mode as MrStatus['cascade_mode'];
  if ('enable_live' in values) patch.live_enabled = values.enable_live as 0 | 1;
  if ('enable_bypass' in values) patch.bypass_enabled = values.enable_bypass as 0 | 1;
  room.setStatus(patch);

  if ('title_enabled' in values) {
    // One truth for "subtitles on" (issue 12): the switch turns every target's `has_title` with
    // it, as `set_title` derives `title_enabled` from them; so the subtitle dialog's "Show
    // subtitle" agrees with the switch, and applying the dialog keeps the subtitles on.
    const on = values.title_enabled as 0 | 1;
    if (room.record.titles.some((t) => t.has_title !== on)) {
      room.record.titles = room.record.titles.map((t) => ({ ...t, has_title: on }));
      room.recordDirty = true;
      room.emit({ cmdid: 'title_config', titles: room.record.titles });
    }
  }
  // the focus modes exclude each other: auto focus ends specified focus (autoFocus.ts)
  if ('focus_speaker' in values) setAutoFocus(room, values.focus_speaker === 1);
  if ('allow_unmute_self' in values && values.allow_unmute_self === 0) {
    // nothing to do for the endpoints now: they simply may not unmute themselves any more
  }
  if ('cont_enabled' in values) {
    room.setStatus({ cont_enabled: values.cont_enabled as 0 | 1 });
    for (const ep of room.endpoints.values()) {
      if (!room.isAudience(ep)) continue;
      room.setFlag(ep, 'cont_allowed', values.cont_enabled as number);
      if (!values.cont_enabled && ep.flags[POS.cont_sender]) room.setFlag(ep, 'cont_sender', 0);
    }
  }
  if ('meeting_mode' in values) {
    // protocol-facts §3.1 recipe: discussion lets the audience speak, speaker mode mutes it
    room.setStatus({ meeting_mode: values.meeting_mode as MrStatus['meeting_mode'] });
    setBan(room, 'a_rx', 'audience', values.meeting_mode === 'speaker');
  }
  if ('roll_call' in values) {
    // The platform's roll-call recipe (facts §3.2 `roll_call` [I], §5.6): the flag opens and
    // closes the roll call; whom it calls is said by `a_rx` 1 for one participant meanwhile
    // (see ctrlMrEps). Closing it puts the last called back under the meeting's bans.
    if (values.roll_call === 1) room.setStatus({ roll_call: 1 });
    else endRollCall(room);
  }
  // `all_guests_mute` (facts §3.2 [C]) mutes the audience and, as Podium's ban does, binds whoever
  // joins or reconnects while it holds (Room.join → applyBans): "mute all" must not be undone by
  // a participant dialling in again.
  if ('all_guests_mute' in values) setBan(room, 'a_rx', 'audience', values.all_guests_mute === 1);
  // mr_atx_mode's meaning (audience may not listen) is inferred by symmetry with mr_vtx_mode ([I])
  if ('mr_atx_mode' in values) setBan(room, 'a_tx', 'audience', values.mr_atx_mode === 1);
  if ('mr_vtx_mode' in values) setBan(room, 'v_tx', 'audience', values.mr_vtx_mode === 1);
  if ('waiting_room' in values) {
    room.setStatus({ waiting_room: values.waiting_room as 0 | 1 });
    if (values.waiting_room === 0)
      room.setWaiting(
        [...room.endpoints.values()].filter((e) => e.flags[POS.waiting]),
        false,
      );
  }
  if ('enable_rec' in values) {
    if (values.enable_rec === 1) {
      const uuid = engine.newRecordUuid();
      room.setStatus({ rec_state: 'starting', record_uuid: uuid, flv_fsize: 0 });
      room.emit({ cmdid: 'xuding_rec_status', rec_state: 'starting', record_uuid: uuid });
    } else {
      room.setStatus({ rec_state: 'stopping' });
      room.emit({ cmdid: 'xuding_rec_status', rec_state: 'stopping', record_uuid: st.record_uuid });
    }
  }
}

/** `stop_mr_req`: ends the meeting and every controller session. */
export function stopMeeting(engine: Engine, sess: SessionState, room: Room, body: Body): void {
  checkPermission(sess, 'stop_mr_req');
  str(body, 'reason', { optional: true, max: 256 });
  engine.endMeeting(room, 'host_hangup');
}

/** `mod_mr_info`: overtime, at most 9999 minutes, refused when it would run into the next booking. */
export function modMrInfo(engine: Engine, sess: SessionState, room: Room, body: Body): void {
  checkPermission(sess, 'mod_mr_info');
  const v = body.increase_secs;
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\d{1,12}$/.test(v.trim()) ? Number(v) : NaN;
  if (v === undefined) throw badField('increase_secs', RC.fieldMissing);
  if (!Number.isInteger(n) || n <= 0) throw badField('increase_secs', RC.overtimeInvalid);
  if (n > 9999 * 60) throw refused(RC.overtimeTooLong, 'increase_secs');
  const now = engine.nowSecs();
  const next = room.nextBooking(now);
  const newEnd = room.endDtm() + n;
  if (next && newEnd > next.startDtm) throw refused(RC.overtimeConflictsBooking, String(next.startDtm));
  room.record.duration += n;
  room.record.warnedMarks = [];
  room.recordDirty = true;
  room.emit({ cmdid: 'one_mr_info', mr_id: room.mrId, duration: room.record.duration, current_dtm: now });
  engine.emitSchedule(room, now);
}

/** `overtime_judge`: whether an extension would be accepted, and the most that would be. */
export function overtimeJudge(engine: Engine, room: Room, increaseSecs: number) {
  const now = engine.nowSecs();
  const next = room.nextBooking(now);
  const maxBySpec = 9999 * 60;
  const maxByBooking = next ? Math.max(0, next.startDtm - room.endDtm()) : maxBySpec;
  const max = Math.min(maxBySpec, maxByBooking);
  return {
    cmdid: 'overtime_judge_rsp',
    result: increaseSecs > 0 && increaseSecs <= max ? 0 : increaseSecs > maxBySpec ? RC.overtimeTooLong : RC.overtimeConflictsBooking,
    conflict: next && room.endDtm() + increaseSecs > next.startDtm ? 1 : 0,
    max_increase_secs: max,
    next_booking_dtm: next?.startDtm ?? 0,
    end_dtm: room.endDtm(),
  };
}

// ---------------------------------------------------------------------------------------------
// layouts, titles, subtitle position

/** The pane tokens of facts §5.6: `"0"` auto-assign, `"-1"` empty, `"1010"` the main venue. */
const PANE_TOKENS = new Set(['0', '-1', '1010']);
/**
 * `"-2"` ("unset") is Podium's own token, which consoles before issue 23 sent for an automatic
 * pane. Podium mode still takes it, as `"0"` (what it meant), so such a console keeps working;
 * platform mode refuses it like any token the platform's clients do not have.
 */
const LEGACY_UNSET = '-2';

/** `config_mosic`: validated per-role layouts; `auto` clears the custom configuration. */
export function configMosic(engine: Engine, sess: SessionState, room: Room, body: Body): void {
  const list = body.config_info;
  if (!Array.isArray(list) || list.length === 0 || list.length > 4) throw badField('config_info');
  const next = room.record.mosaic.map((c) => ({ ...c, roles_lst: c.roles_lst.map((p) => [...p]) }));
  let clearCustom = false;
  const seen = new Set<string>();
  for (const raw of list) {
    if (!raw || typeof raw !== 'object' || Array.isArray(raw)) throw badField('config_info');
    const c = raw as Body;
    const role = oneOf(c, 'role', ['speaker', 'chair', 'guest', 'custom'] as const);
    if (seen.has(role)) throw badField('role', RC.valueOutOfRange);
    seen.add(role);
    const layoutMode = int(c, 'layout_mode', -100, 100);
    if (layoutMode !== 2) throw refused(RC.traditionalMosaicUnsupported, 'layout_mode');
    const mosicId = str(c, 'mosic_id', { max: 16 });
    const panes = mosicId === 'auto' ? 0 : LAYOUT_PANES.get(mosicId);
    if (panes === undefined || (role === 'custom' && mosicId === 'auto')) throw refused(RC.invalidMosaicId, mosicId);
    // the resource template caps the panes of a layout (resource_tmpl_info max_mosic)
    const maxPanes = room.record.resourceTmpl.maxMosic;
    if (maxPanes > 0 && panes > maxPanes) throw refused(RC.mosaicOverTemplate, mosicId);
    const pollSecs = c.poll_secs === undefined ? 10 : int(c, 'poll_secs', 0, 3600);
    if (!(POLL_INTERVALS as readonly number[]).includes(pollSecs)) throw badField('poll_secs', RC.valueOutOfRange);
    const viewHasSelf = c.view_has_self === undefined ? 0 : bit(c, 'view_has_self');
    let roles: string[][] = [];
    if (mosicId !== 'auto') {
      const rl = c.roles_lst;
      if (!Array.isArray(rl) || rl.length !== panes) throw refused(RC.invalidPaneToken, 'roles_lst');
      roles = rl.map((pane) => {
        if (!Array.isArray(pane) || pane.length === 0 || pane.length > 64) throw refused(RC.invalidPaneToken, 'roles_lst');
        return pane.map((tok) => {
          if (typeof tok !== 'string') throw refused(RC.invalidPaneToken, String(tok));
          if (tok === LEGACY_UNSET && engine.config.wire !== 'platform') return '0';
          if (!PANE_TOKENS.has(tok) && !room.endpoints.has(tok)) throw refused(RC.invalidPaneToken, tok);
          return tok;
        });
      });
    }
    const paneIndex = (f: string) => {
      // platform mode has no pane marks (facts §5.6): ignored like any field the platform lacks
      if (c[f] === undefined || engine.config.wire === 'platform') return -1;
      return int(c, f, -1, Math.max(-1, panes - 1));
    };
    const entry: MosicConfigEntry = {
      role,
      mosic_id: mosicId,
      layout_mode: 2,
      roles_lst: roles,
      poll_secs: pollSecs,
      view_has_self: viewHasSelf,
      focus_pane: paneIndex('focus_pane'),
      content_pane: paneIndex('content_pane'),
      special_pane: paneIndex('special_pane'),
    };
    const i = next.findIndex((x) => x.role === role);
    if (i >= 0) next[i] = entry;
    else next.push(entry);
    if (mosicId === 'auto') clearCustom = true;
  }
  if (clearCustom) {
    const i = next.findIndex((x) => x.role === 'custom');
    if (i >= 0 && !seen.has('custom')) next[i] = defaultCustomConfig();
  }
  room.record.mosaic = next;
  room.recordDirty = true;
  room.emit({ cmdid: 'mosic_config', config_info: room.mosaicConfig() });
  const view = rollCallViewOfLayout(
    room,
    next.find((x) => x.role === 'guest'),
  );
  if (view && seen.has('guest')) room.setStatus({ rollcall_view: view });
}

/**
 * What the audience sees of a roll call, read from the guest layout of the roll-call recipe
 * (facts §5.6): `"1"` `[[called]]` is the called alone, `"1*1"` `[["1010"],[called]]` the main
 * venue beside them. Any other layout says nothing (undefined).
 */
function rollCallViewOfLayout(room: Room, guest: MosicConfigEntry | undefined): MrStatus['rollcall_view'] | undefined {
  const called = room.status.roll_call === 1 ? room.status.rollcall_usr_id : '';
  if (!called || !guest) return undefined;
  const panes = guest.roles_lst.map((p) => p.join(','));
  if (guest.mosic_id === '1' && panes[0] === called) return 'called_only';
  if (guest.mosic_id === '1*1' && panes[0] === '1010' && panes[1] === called) return 'with_speaker';
  return undefined;
}

/** `set_title`: one target, or every target for `to_role: "all"`. */
export function setTitle(engine: Engine, sess: SessionState, room: Room, body: Body): void {
  const toRole = oneOf(body, 'to_role', TITLE_TARGETS) as TitleTarget;
  const message = str(body, 'message', { optional: true, max: 5000, trim: false });
  if ([...message].length > 256) throw refused(RC.titleTooLong, 'message');
  if (/[\t\r\n]/.test(message)) throw badField('message', RC.valueOutOfRange);
  const current = room.record.titles.find((t) => t.to_role === toRole)!;
  const num = (f: keyof TitleConfig, min: number, max: number) => (body[f] === undefined ? (current[f] as number) : int(body, f, min, max));
  const patch: Omit<TitleConfig, 'to_role'> = {
    message,
    has_title: body.has_title === undefined ? current.has_title : bit(body, 'has_title'),
    font_size: num('font_size', 8, 200),
    font_color: num('font_color', 0, 0xffffff),
    bg_color: num('bg_color', 0, 0xffffff),
    bg_alpha: num('bg_alpha', 0, 100),
    font_name: body.font_name === undefined ? current.font_name : str(body, 'font_name', { max: 64 }) || 'san',
    speed: num('speed', 0, TITLE_SPEED_MAX),
    y_pos: num('y_pos', 0, 100),
    h_align: num('h_align', 0, 2),
    v_align: num('v_align', 0, 2),
    h_margin: num('h_margin', 0, 1000),
    v_margin: num('v_margin', 0, 1000),
    style: body.style === undefined ? (current.style ?? 0) : int(body, 'style', 0, 3),
    shadow: body.shadow === undefined ? (current.shadow ?? 0) : bit(body, 'shadow'),
  };
  room.record.titles = room.record.titles.map((t) => (toRole === 'all' || t.to_role === toRole ? { ...t, ...patch } : t));
  // The platform's client sets a banner for everyone as one `set_title` per role (facts §5.7):
  // once the three roles carry the same banner, podium's `all` target is that banner too, so a
  // console reading `all` sees what was set.
  if (toRole !== 'all') {
    const strip = ({ to_role: _r, ...rest }: TitleConfig) => JSON.stringify(rest);
    const roles = room.record.titles.filter((t) => t.to_role === 'guest' || t.to_role === 'speaker' || t.to_role === 'chair');
    if (roles.length === 3 && roles.every((t) => strip(t) === strip(roles[0]))) {
      room.record.titles = room.record.titles.map((t) => (t.to_role === 'all' ? { ...roles[0], to_role: 'all' } : t));
    }
  }
  room.recordDirty = true;
  room.emit(room.titleConfig());
  const anyOn = room.record.titles.some((t) => t.has_title === 1) ? 1 : 0;
  room.setStatus({ title_enabled: anyOn });
}

export function modSubtitlePosition(engine: Engine, sess: SessionState, room: Room, body: Body): void {
  room.setStatus({
    subtitle_position: {
      horizontal_position: oneOf(body, 'horizontal_position', ['left', 'center', 'right'] as const),
      vertical_position: oneOf(body, 'vertical_position', ['top', 'middle', 'bottom'] as const),
      horizontal_margin: int(body, 'horizontal_margin', 0, 100),
      vertical_margin: int(body, 'vertical_margin', 0, 100),
    },
  });
}

export { CommandError };

// ---------------------------------------------------------------------------------------------
// calls, live, camera

/** `create_temp_call`: an interim call by address; the simulated dial joins or fails later. */
export function createTempCall(engine: Engine, sess: SessionState, room: Room, body: Body): void {
  checkPermission(sess, 'create_temp_call');
  const address = typeof body.call_url === 'string' ? body.call_url.trim() : body.call_url;
  const name = typeof body.disp_name === 'string' ? body.disp_name.trim() : body.disp_name;
  const err = validateTempCall({ address, displayName: name });
  if (err) throw refused(ruleCode(err), err);
  const usrType = body.usr_type === undefined ? 2 : int(body, 'usr_type', 1, 7);
  const kind = callAddressKind(address as string);
  const protoType = kind === 'h323' || usrType === 1 ? 1 : 2;
  engine.driver?.dial(room, {
    callAddr: address as string,
    name: name as string,
    usrType: kind === 'meeting' ? 7 : usrType,
    protoType,
  });
}

/** `mod_bypass_url`: the push (bypass) address, any rtmp(s) URL; `enable_bypass: 1` starts pushing. */
export function modBypassUrl(engine: Engine, sess: SessionState, room: Room, body: Body): void {
  checkPermission(sess, 'mod_bypass_url');
  const url = typeof body.bypass_url === 'string' ? body.bypass_url.trim() : body.bypass_url;
  const err = validateBypassUrl(url);
  if (err) throw refused(ruleCode(err), err);
  const enable = body.enable_bypass === undefined ? 1 : bit(body, 'enable_bypass');
  room.setStatus({ bypass_url: url as string, bypass_enabled: enable });
}

/** `mod_rtmp_url`: built-in live push and pull addresses, only while live is off. */
export function modRtmpUrl(engine: Engine, sess: SessionState, room: Room, body: Body): void {
  checkPermission(sess, 'mod_rtmp_url');
  const pushUrl = typeof body.push_url === 'string' ? body.push_url.trim() : body.push_url;
  const pullUrl = typeof body.rtmp_url === 'string' ? body.rtmp_url.trim() : body.rtmp_url;
  const err = validateLiveAddresses({ pushUrl, pullUrl });
  if (err) throw refused(ruleCode(err), err);
  if (room.status.live_service_type !== 'builtin') throw refused(RC.liveAddressBuiltinOnly);
  if (room.status.live_enabled) throw refused(RC.liveAddressWhileLiveOn);
  room.setStatus({ push_url: pushUrl as string, rtmp_url: pullUrl as string });
}

/**
 * `ctrl_usr_fecc`: far-end camera control. The simulated camera has nothing to show, so the
 * command is validated, checked against the endpoint (online, not waiting, with video) and logged.
 */
export function fecc(engine: Engine, sess: SessionState, room: Room, body: Body): { action: string; movement: string } {
  const action = oneOf(body, 'action', ['start', 'continue', 'stop'] as const);
  const usrId = str(body, 'usr_id', { max: 128 });
  const movement = oneOf(body, 'movement', ['in', 'out', 'left', 'right', 'up', 'down'] as const);
  if (body.timeout !== undefined) int(body, 'timeout', 0, 60000);
  if (body.speed !== undefined) int(body, 'speed', 0, 10);
  const [ep] = online(room, [usrId]);
  if (ep.flags[POS.waiting]) throw refused(RC.endpointOffline, usrId);
  return { action, movement };
}

/**
 * `mod_mr_pwd` (podium): new join, host and supervisor passwords. Controllers whose password
 * changed are logged out (`force_logout` reason `password_changed`), except the one asking.
 */
export function modMrPwd(engine: Engine, sess: SessionState, room: Room, body: Body): void {
  checkPermission(sess, 'mod_mr_pwd');
  const text = (f: string) => (typeof body[f] === 'string' ? (body[f] as string).trim() : body[f] === undefined ? undefined : '\u0000');
  // a password left out stays as it is (the console is not told the current ones)
  const r = room.record;
  if (text('ctrl_pwd') === undefined && text('supervisor_pwd') === undefined && text('join_pwd') === undefined)
    throw badField('ctrl_pwd', RC.fieldMissing);
  const host = text('ctrl_pwd') ?? r.hostPwd;
  const supervisor = text('supervisor_pwd') ?? r.supervisorPwd;
  const join = text('join_pwd') ?? r.joinPwd;
  const err = validateRoomPasswords({ join, host, supervisor });
  if (err) throw refused(ruleCode(err), err);
  if (host.length > 32 || supervisor.length > 32 || (join ?? '').length > 32) throw badField('ctrl_pwd', RC.fieldTooLong);
  const hostChanged = r.hostPwd !== host;
  const supervisorChanged = r.supervisorPwd !== supervisor;
  r.hostPwd = host;
  r.supervisorPwd = supervisor;
  if (join !== undefined) r.joinPwd = join;
  room.recordDirty = true;
  // nobody resumes a session under the old passwords, the asker's own token included
  if (hostChanged || supervisorChanged) engine.revokeResume({ kind: 'meeting', mrId: room.mrId });
  for (const s of [...engine.sessions.values()]) {
    if (s.mrId !== room.mrId || s.sessId === sess.sessId) continue;
    if ((s.role === 'host' && hostChanged) || (s.role === 'supervisor' && supervisorChanged))
      engine.forceLogout(s.sessId, 'password_changed');
  }
}
