/**
 * `ctrl_mr_eps` actions on who an endpoint is in the meeting: chair, host (controller), speaker,
 * focus, display name, and the supervisor's private talk.
 */
import { RC } from '../../../protocol/codes';
import { notePrivateTalkOwner } from '../../auth/privateTalk';
import { badField, refused } from '../errors';
import type { RosterEntry } from '../room';
import { bit } from '../validate';
import { bitValue, online, rolesChanged, type EpsHandler } from './shared';

/** `chair`, `host`, `is_controller` (the same flag as `host`): kept across rejoins, bans re-applied. */
const role: EpsHandler = ({ room, body, ids, st, action }) => {
  const value = bitValue(body);
  const flag = action === 'chair' ? 'chair' : 'host';
  for (const ep of online(room, ids)) {
    room.setFlag(ep, flag, value);
    room.sticky(ep.usrId)[flag] = value;
    rolesChanged(room, ep);
  }
  if (action === 'chair') {
    if (value) room.setStatus({ chair_usr_id: ids[ids.length - 1] });
    else if (ids.includes(st.chair_usr_id)) room.setStatus({ chair_usr_id: '' });
  }
};

/** `speaker`: one speaker at most; value 0 for someone who is not the speaker changes nothing. */
const speaker: EpsHandler = ({ room, body, ids, st }) => {
  const value = body.value === undefined ? 1 : bit(body, 'value');
  const target = ids.length === 0 || ids[0] === '' || value === 0 ? undefined : online(room, [ids[0]])[0];
  if (ids.length > 1) throw badField('usr_ids', RC.valueOutOfRange);
  const prev = st.spk_usr_id ? room.endpoints.get(st.spk_usr_id) : undefined;
  if (value === 0 && ids[0] && ids[0] !== st.spk_usr_id) return;
  room.setStatus({ spk_usr_id: target?.usrId ?? '' });
  if (prev && prev !== target) {
    room.setFlag(prev, 'speaker', 0);
    rolesChanged(room, prev);
  }
  if (target) {
    room.setFlag(target, 'speaker', 1);
    rolesChanged(room, target);
  }
};

const focus: EpsHandler = ({ room, body, ids, st }) => {
  const value = bitValue(body);
  const eps = online(room, ids);
  const set = new Set(st.spec_focus_usr_ids);
  // focusing someone is specified focus: auto focus ends
  if (value && st.focus_speaker === 1) room.setStatus({ focus_speaker: 0, auto_focus_usr_id: '' });
  for (const ep of eps) {
    room.setFlag(ep, 'focus', value);
    if (value) set.add(ep.usrId);
    else set.delete(ep.usrId);
  }
  room.setStatus({ spec_focus_usr_ids: [...set] });
};

/** `displayname`: the endpoints' and roster entries' name, kept across rejoins, told as `user_infos`. */
const displayName: EpsHandler = ({ room, body, ids }) => {
  const name = typeof body.value === 'string' ? body.value.trim() : '';
  if (!name) throw refused(RC.nameRequired, 'value');
  if (name.length > 64) throw refused(RC.nameTooLong, 'value');
  const eps = online(room, ids);
  const changedRoster: RosterEntry[] = [];
  for (const ep of eps) {
    ep.name = name;
    ep.gbk = name;
    room.sticky(ep.usrId).name = name;
    room.markInfo(ep.usrId);
    const r = room.roster.get(ep.usrId);
    if (r) changedRoster.push({ ...r, name, gbk: name });
  }
  room.addToRoster(changedRoster);
  room.emit({
    cmdid: 'user_infos',
    usr_ids: eps.map((e) => e.usrId),
    nick_names: eps.map((e) => e.name),
    usr_types: eps.map((e) => room.roster.get(e.usrId)?.usrType ?? 2),
    phone_nos: eps.map(() => ''),
  });
};

/** `private_talk` (supervisor only): one endpoint talks with this session alone; value 0 ends it. */
const privateTalk: EpsHandler = ({ engine, sess, room, body, ids }) => {
  const value = bitValue(body);
  if (value) {
    const [ep] = online(room, ids.slice(0, 1));
    room.setStatus({ private_talk_usr_id: ep.usrId, private_talk_start_dtm: engine.nowSecs() });
  } else room.setStatus({ private_talk_usr_id: '', private_talk_start_dtm: 0 });
  notePrivateTalkOwner(room, value ? sess.sessId : undefined);
};

export const ROLE_ACTIONS = {
  chair: role,
  host: role,
  is_controller: role,
  speaker,
  focus,
  displayname: displayName,
  private_talk: privateTalk,
} satisfies Record<string, EpsHandler>;
