/**
 * `ctrl_mr_eps` actions on who is in the meeting: hang up (some, all, the audience), call roster
 * entries, add participants from the address book (by user or department), remove them, and the
 * waiting room (admit, refuse, move into it).
 */
import { RC } from '../../../protocol/codes';
import { validateUserNumber } from '../../../protocol/fieldValidation';
import { badField, refused } from '../errors';
import { POS, type Endpoint, type RosterEntry } from '../room';
import { int, intArray } from '../validate';
import { online, ruleCode, type EpsContext, type EpsHandler } from './shared';

/** Hangs up one endpoint on a controller's word: left, logged, and not redialled at once. */
function hangUp({ engine, room, nowSecs }: EpsContext, ep: Endpoint): void {
  room.leave(ep.usrId, 'host_hangup', nowSecs);
  engine.logLeft(room, ep, 'host_hangup');
  engine.driver?.dropped(room, ep.usrId);
}

const drop: EpsHandler = (c) => {
  for (const ep of online(c.room, c.ids)) hangUp(c, ep);
};

/** `all_leave`: everyone, or (scope `audience`) the audience only. */
const allLeave: EpsHandler = (c) => {
  for (const ep of [...c.room.endpoints.values()]) {
    if (c.scope === 'audience' && !c.room.isAudience(ep)) continue;
    hangUp(c, ep);
  }
};

/** `call`: dials roster entries not in the meeting (those in it are left alone). */
const call: EpsHandler = ({ engine, room, ids }) => {
  if (!ids.length) throw badField('usr_ids', RC.fieldMissing);
  const entries = ids.map((id) => {
    const r = room.roster.get(id);
    if (!r) throw refused(RC.participantNotFound, id);
    return r;
  });
  for (const r of entries) {
    if (room.endpoints.has(r.usrId)) continue;
    engine.driver?.dial(room, {
      usrId: r.usrId,
      callAddr: r.callAddr,
      name: r.name,
      usrType: r.usrType,
      protoType: r.usrType === 1 ? 1 : 2,
      abUserId: /^\d+$/.test(r.usrId) ? Number(r.usrId) : undefined,
      dep: r.dep,
    });
  }
};

/** `add_participants`: address-book users (by number, or every user of departments) onto the roster, then dialled. */
const addParticipants: EpsHandler = ({ engine, room, body, ids }) => {
  const depIds = intArray(body, 'dep_ids', { optional: true, max: 200 });
  const recursion = body.recursion === undefined ? 0 : int(body, 'recursion', 0, 1);
  const userIds = new Set<number>();
  for (const id of ids) {
    // spec §5: adding by user number requires a number (cuid) of the configured digit count
    const rule = validateUserNumber(id, engine.config.userNumberDigits);
    if (rule) throw refused(ruleCode(rule), id);
    if (!engine.addressBook.users.has(Number(id))) throw refused(RC.userNotFound, id);
    userIds.add(Number(id));
  }
  for (const d of depIds) if (!engine.addressBook.departments.has(d)) throw refused(RC.departmentNotFound, String(d));
  if (depIds.length) for (const u of engine.addressBook.childrenOf(depIds, recursion === 1).usrIds) userIds.add(u);
  if (!userIds.size) throw badField('usr_ids', RC.fieldMissing);
  if (userIds.size > 2000) throw refused(RC.userSearchTooMany);
  const entries: RosterEntry[] = [];
  let appointNo = room.roster.size + 1;
  for (const uid of userIds) {
    const u = engine.addressBook.users.get(uid)!;
    if (room.roster.has(String(uid))) continue;
    entries.push({
      usrId: String(uid),
      name: u.nick,
      usrType: u.usrType === 1 ? 1 : 2,
      attr: `${u.usrType}-${appointNo++}-0`,
      callAddr: u.callAddr.replace('@', ','),
      dep: u.deps[0] ?? 0,
      devType: u.isEndpoint ? 'hard_terminal' : 'soft_terminal',
      appoint: 1,
      gbk: u.nick,
    });
  }
  room.addToRoster(entries);
  for (const e of entries) {
    engine.driver?.dial(room, {
      usrId: e.usrId,
      callAddr: e.callAddr.replace(',', '@'),
      name: e.name,
      usrType: e.usrType,
      protoType: e.usrType === 1 ? 1 : 2,
      abUserId: Number(e.usrId),
      dep: e.dep,
    });
  }
};

/** `del_participants`: off the roster, hung up when in the meeting. */
const delParticipants: EpsHandler = (c) => {
  const { room, ids } = c;
  if (!ids.length) throw badField('usr_ids', RC.fieldMissing);
  for (const id of ids) if (!room.roster.has(id) && !room.endpoints.has(id)) throw refused(RC.participantNotFound, id);
  for (const id of ids) {
    const ep = room.endpoints.get(id);
    if (ep) hangUp(c, ep);
  }
  room.removeFromRoster(ids);
};

/** `waiting_permit`, `waiting_refuse`: some (or every) waiting endpoint admitted, or hung up. */
const waitingAnswer: EpsHandler = (c) => {
  const { room, ids, action } = c;
  const eps = ids.length ? online(room, ids) : [...room.endpoints.values()].filter((e) => e.flags[POS.waiting]);
  for (const ep of eps) if (!ep.flags[POS.waiting]) throw badField(ep.usrId, RC.valueOutOfRange);
  if (action === 'waiting_permit') room.setWaiting(eps, false);
  else for (const ep of eps) hangUp(c, ep);
};

/** `waiting_move`: into the waiting room (hand down, content stopped). */
const waitingMove: EpsHandler = ({ room, ids, st }) => {
  if (!st.waiting_room) throw refused(RC.waitingRoomDisabled);
  const eps = online(room, ids);
  room.setWaiting(eps, true);
  for (const ep of eps) {
    room.setFlag(ep, 'hand', 0);
    room.setFlag(ep, 'cont_sender', 0);
  }
};

export const CALL_ACTIONS = {
  drop,
  all_leave: allLeave,
  call,
  add_participants: addParticipants,
  del_participants: delParticipants,
  waiting_permit: waitingAnswer,
  waiting_refuse: waitingAnswer,
  waiting_move: waitingMove,
} satisfies Record<string, EpsHandler>;
