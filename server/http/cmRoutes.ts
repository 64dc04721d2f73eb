/**
 * The management (CM) calls the platform's Java management client makes after its login
 * (real-client-findings §4, protocol-facts §7), under `/rest/v1/app1/manager/sessions/{sid}/`:
 *
 * - `data/`: the CM long poll, `{cmdid:"get_changes", block_secs}` → array of events. Its first
 *   poll tells the meetings running (`mr_info`, the `query_mr` shape); later polls what changed
 *   since (`mr_info` of meetings that started, `stopped_mr` of those that ended), each once;
 *   nothing pending, it waits up to `block_secs`.
 * - meeting discovery: `mr/search-mr/` (running meetings), `mr/query-mr/`, `mr/stop-mr/`;
 * - booking a room's meeting: `schedules/` (`add_schedule`, scheduleRoutes.ts);
 * - the address book (same handlers as under the meeting session prefix), and
 *   `/rest/v1/app1/user/sessions/{sid}/usrs/get_usr_online_status/`;
 * - every other CM call of the catalogue answers 501 with {@link RC.notOfferedByReference}: the
 *   platform has it, this reference server does not.
 */
import { RC } from '../../protocol/codes';
import type { Engine } from '../engine/engine';
import { CommandError } from '../engine/errors';
import type { Room } from '../engine/room';
import { asBody, int, str, strArray } from '../engine/validate';
import { addressBookHandlers } from './addressBookRoutes';
import { addScheduleHandler } from './scheduleRoutes';
import type { ManagementAuth } from './sessionManagement';
import { guard } from './guard';
import { json, type ApiRequest, type ApiResult, type Router } from './router';

export const CM_PREFIX = '/rest/v1/app1/manager/sessions/:sid/';

/** CM calls of the platform this server does not offer: [method, suffix under {@link CM_PREFIX}]. */
export const CM_NOT_OFFERED: ReadonlyArray<readonly [string, string]> = [
  ['POST', 'mr/start-mr/'],
  ['POST', 'rooms/room_ids/search/'],
  ['POST', 'rooms/room_ids/'],
  ['POST', 'rooms/'],
  ['PUT', 'rooms/'],
  ['PUT', 'schedules/'],
  ['POST', 'schedules/trash-can/'],
  ['POST', 'usrs/'],
  ['PUT', 'usrs/'],
  ['POST', 'usrs/trash-can/'],
  ['POST', 'mr_templates/mr_template_ids/search/'],
  ['POST', 'mr_templates/mr_template_ids/'],
  ['POST', 'mr_templates/'],
  ['PUT', 'mr_templates/'],
  ['POST', 'mr_templates/trash-can/'],
  ['POST', 'resource_tmpls/resource_tmpl_id/search/'],
  ['POST', 'resource_tmpls/resource_tmpl_ids/'],
  ['POST', 'resource_tmpls/'],
  ['POST', 'resource_tmpls/trash-can/'],
  ['POST', 'common/get_resource_evaluation/'],
  ['GET', 'get_system_resource_statistics/'],
  ['POST', 'get_many_show_infos/'],
  ['POST', 'vods/vod_uuids/search/'],
  ['POST', 'vods/vod_uuids/'],
  ['POST', 'vods/del_or_restore_vods/'],
  ['POST', 'vods/share_or_watch_vod/'],
];

/**
 * Calls of the platform outside the CM prefix this server does not offer, [method, path]: the
 * room history of the statistics API (facts §7 `get_room_history_req`, findings §4).
 */
export const OTHER_NOT_OFFERED: ReadonlyArray<readonly [string, string]> = [
  ['POST', '/rest/v1/cloud/statistics'],
  ['GET', '/rest/v1/cloud/statistics'],
];

/** how often a held CM poll looks for meetings started or ended (CM clients are few) */
const CM_POLL_CHECK_MS = 250;

export function registerCmRoutes(router: Router, engine: Engine, mgmt: ManagementAuth): void {
  const M = CM_PREFIX;
  const cm = (handler: (req: ApiRequest) => ApiResult | Promise<ApiResult>, privileged = false) =>
    guard((req) => {
      const sid = req.params.sid;
      if (!mgmt.isValid(sid)) throw new CommandError(403, RC.loginAsAdministrator, 'session_id');
      if (privileged && !mgmt.isPrivileged(sid)) throw new CommandError(556, RC.noAccessRights);
      return handler(req);
    });

  /** the running meetings each CM session was last told of (undefined: not polled yet) */
  const told = new Map<string, Set<string>>();
  const running = () => [...engine.rooms.values()].filter((r) => r.record.running).map((r) => r.mrId);

  /** What changed for `sid` since its last poll, as events; the session counts as told. */
  const changesFor = (sid: string): object[] => {
    // management sessions end by logout or age: forget what they were told
    for (const known of told.keys()) if (known !== sid && !mgmt.isValid(known)) told.delete(known);
    const now = new Set(running());
    const before = told.get(sid);
    told.set(sid, now);
    const started = [...now].filter((id) => !before?.has(id));
    const stopped = before ? [...before].filter((id) => !now.has(id)) : [];
    const events: object[] = [];
    if (started.length) events.push(mrInfo(engine, started));
    if (stopped.length) events.push({ cmdid: 'stopped_mr', mr_ids: stopped });
    return events;
  };

  router.post(
    `${M}data/`,
    cm(async (req) => {
      const body = asBody(req.body ?? {});
      const blockSecs = body.block_secs === undefined ? 10 : int(body, 'block_secs', 0, 60);
      const sid = req.params.sid;
      const deadline = Date.now() + blockSecs * 1000;
      let events = changesFor(sid);
      while (events.length === 0 && Date.now() < deadline && !req.signal.aborted && mgmt.isValid(sid)) {
        await new Promise((r) => setTimeout(r, Math.min(CM_POLL_CHECK_MS, Math.max(0, deadline - Date.now()))));
        events = changesFor(sid);
      }
      return json(200, events);
    }),
  );

  router.get(
    `${M}mr/search-mr/`,
    cm(() => json(200, { cmdid: 'mr_ids', mr_ids: running() })),
  );
  router.post(
    `${M}mr/query-mr/`,
    cm((req) => {
      const ids = strArray(asBody(req.body), 'mr_ids', { max: 1000, maxLen: 32 });
      return json(200, mrInfo(engine, ids));
    }),
  );
  router.post(
    `${M}mr/stop-mr/`,
    cm((req) => {
      const body = asBody(req.body);
      const mrId = str(body, 'mr_id', { max: 32 });
      str(body, 'reason', { optional: true, max: 256 });
      const room = engine.rooms.get(mrId);
      if (!room) throw new CommandError(404, RC.meetingNotFound, mrId);
      if (!room.record.running) throw new CommandError(403, RC.meetingEnded, mrId);
      engine.endMeeting(room, 'host_hangup');
      return json(200, { cmdid: 'stopped_mr', mr_ids: [mrId] });
    }, true),
  );

  // booking a room's meeting (scheduleRoutes.ts): an administrator's right, like stopping one
  router.post(`${M}schedules/`, cm(addScheduleHandler(engine), true));

  const book = addressBookHandlers(engine);
  for (const [suffix, handler] of Object.entries(book)) router.post(`${M}${suffix}`, cm(handler));
  router.post('/rest/v1/app1/user/sessions/:sid/usrs/get_usr_online_status/', cm(book['usrs/get_usr_online_status/']));

  for (const [method, suffix] of CM_NOT_OFFERED) {
    router.add(
      method,
      `${M}${suffix}`,
      cm(() => json(501, { cmdid: 'error', result: RC.notOfferedByReference, detail: suffix })),
    );
  }
  // no management session in the path: the developer signature is the only check, as for any call
  for (const [method, path] of OTHER_NOT_OFFERED) {
    router.add(method, path, () => json(501, { cmdid: 'error', result: RC.notOfferedByReference, detail: path }));
  }
}

/**
 * A speaker in `mr_info.speaker_usr_ids`: the evidence writes −1 for "no speaker" (findings §7) and
 * its CM user ids are integers; an endpoint that is no address-book user keeps its string id.
 */
function speakerId(usrId: string): number | string {
  if (usrId === '') return -1;
  return /^[1-9]\d{0,14}$/.test(usrId) ? Number(usrId) : usrId;
}

/**
 * `mr_info` (the `query_mr` answer and CM event, protocol-facts §7): parallel arrays over the
 * running meetings among `ids`, in their order; unknown or ended ones are left out.
 */
export function mrInfo(engine: Engine, ids: readonly string[]): Record<string, unknown> {
  const rooms = ids.map((id) => engine.rooms.get(id)).filter((r): r is Room => r !== undefined && r.record.running);
  const col = <T>(f: (room: Room) => T) => rooms.map(f);
  return {
    cmdid: 'mr_info',
    mr_ids: col((r) => r.mrId),
    create_dtms: col((r) => r.record.createDtm),
    mr_lockeds: col((r) => r.status.mr_locked),
    mr_names: col((r) => r.record.mrName),
    durations: col((r) => r.record.duration),
    bandwidths: col((r) => r.record.bandwidth),
    launcher_usr_names: col((r) => r.record.launcherUid),
    join_pwds: col((r) => r.record.joinPwd ?? ''),
    ctrl_pwds: col((r) => r.record.hostPwd),
    supervisor_pwds: col((r) => r.record.supervisorPwd),
    extras: col(() => ''),
    mr_modes: col((r) => (r.record.mrKind === 'scheduled' ? 1 : 0)),
    live_pwds: col(() => ''),
    uuids: col((r) => `${r.mrId}-${r.record.realLaunchDtm}`),
    auto_invites: col((r) => r.status.auto_invite),
    all_guests_mutes: col((r) => r.status.all_guests_mute),
    allow_unmute_selfs: col((r) => r.status.allow_unmute_self),
    enable_guests: col((r) => r.status.guest_enabled),
    features: col((r) => r.record.features),
    force_mcu_layouts: col(() => 0),
    same_layouts: col(() => 0),
    invite_endpoint_ids: col(() => [] as number[]),
    invite_usr_ids: col(() => [] as number[]),
    speaker_usr_ids: col((r) => speakerId(r.status.spk_usr_id)),
    focus_usr_ids: col((r) => r.status.spec_focus_usr_ids[0] ?? ''),
    mr_vtx_mode: col(() => 0),
  };
}
