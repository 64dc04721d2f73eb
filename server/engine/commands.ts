/**
 * The control commands of spec §7 and protocol-facts §2–§3, each a synchronous "validate, then
 * apply" step run inside {@link Engine.command}. Validation comes first and throws, so a refused
 * command changes nothing.
 */
import { RC } from '../../protocol/codes';
import type { MrStatus } from '../../protocol/wire';
import {
  callAddressKind,
  validateLiveAddresses,
  validateRoomPasswords,
  validateBypassUrl,
  validateTempCall,
} from '../../protocol/fieldValidation';
import type { EngineCore } from './engineCore';
import type { SessionState } from './engineConfig';
import { badField, CommandError, refused } from './errors';
import { POS, type Room } from './room';
import { setAutoFocus } from './autoFocus';
import { bit, int, liveStartRefusal, oneOf, str, type Body } from './validate';
import { checkPermission } from './permissions';
import { setBan } from './eps/media';
import { endRollCall } from './eps/rollCall';
import { online, ruleCode } from './eps/shared';

// ctrl_mr_eps is a table of action handlers in eps/; permissions, the meeting-wide bans and the
// layout and title commands live apart too: re-exported here, where the routes and the run of show look for every command
export { checkPermission, HOST_FORBIDDEN, SUPERVISOR_FORBIDDEN } from './permissions';
export { ctrlMrEps, EPS_ACTIONS } from './eps/actions';
export { setBan };
export { configMosic, modSubtitlePosition, setTitle } from './layoutCommands';

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
export function modMrStatus(engine: EngineCore, sess: SessionState, room: Room, body: Body): void {
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
export function stopMeeting(engine: EngineCore, sess: SessionState, room: Room, body: Body): void {
  checkPermission(sess, 'stop_mr_req');
  str(body, 'reason', { optional: true, max: 256 });
  engine.endMeeting(room, 'host_hangup');
}

/** `mod_mr_info`: overtime, at most 9999 minutes, refused when it would run into the next booking. */
export function modMrInfo(engine: EngineCore, sess: SessionState, room: Room, body: Body): void {
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
export function overtimeJudge(engine: EngineCore, room: Room, increaseSecs: number) {
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

export { CommandError };

// ---------------------------------------------------------------------------------------------
// calls, live, camera

/** `create_temp_call`: an interim call by address; the simulated dial joins or fails later. */
export function createTempCall(engine: EngineCore, sess: SessionState, room: Room, body: Body): void {
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
export function modBypassUrl(engine: EngineCore, sess: SessionState, room: Room, body: Body): void {
  checkPermission(sess, 'mod_bypass_url');
  const url = typeof body.bypass_url === 'string' ? body.bypass_url.trim() : body.bypass_url;
  const err = validateBypassUrl(url);
  if (err) throw refused(ruleCode(err), err);
  const enable = body.enable_bypass === undefined ? 1 : bit(body, 'enable_bypass');
  room.setStatus({ bypass_url: url as string, bypass_enabled: enable });
}

/** `mod_rtmp_url`: built-in live push and pull addresses, only while live is off. */
export function modRtmpUrl(engine: EngineCore, sess: SessionState, room: Room, body: Body): void {
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
export function fecc(engine: EngineCore, sess: SessionState, room: Room, body: Body): { action: string; movement: string } {
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
export function modMrPwd(engine: EngineCore, sess: SessionState, room: Room, body: Body): void {
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
