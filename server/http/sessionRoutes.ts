/**
 * The per-session calls of spec §7 and protocol-facts §2 under
 * `/rest/v1/meetings/:mrId/sessions/:sessId/`, and the engine's calls outside that prefix
 * (media statistics, forward_mmgr, the management login and its checks). Every handler validates
 * its input and answers a refusal as `{ cmdid: 'error', result, detail }`; nothing here trusts
 * the body's shape.
 */
import { RC } from '../../protocol/codes';
import type { SearchResponse } from '../../protocol/wire';
import { SEARCH_LIMIT, type SearchFilter } from '../engine/addressBook';
import {
  configMosic,
  createTempCall,
  ctrlMrEps,
  fecc,
  modBypassUrl,
  modMrInfo,
  modMrPwd,
  modMrStatus,
  modRtmpUrl,
  modSubtitlePosition,
  overtimeJudge,
  setTitle,
  stopMeeting,
} from '../engine/commands';
import type { Engine, SessionState } from '../engine/engine';
import { CommandError, badField } from '../engine/errors';
import { sysMosics } from '../engine/mosaics';
import type { Room } from '../engine/room';
import { asBody, int, intArray, reqId, str, strArray, type Body } from '../engine/validate';
import { callQuality, lossRates, mediaStreams } from '../sim/media';
import { registerManagementRoutes, type ManagementAuth } from './sessionManagement';
import { json, type ApiRequest, type ApiResult, type Router } from './router';

export const SESSION_PREFIX = '/rest/v1/meetings/:mrId/sessions/:sessId/';

const POLL_HEADERS: Readonly<Record<string, string>> = Object.freeze({ 'Content-Type': 'application/json; charset=utf-8' });

const pollAnswer = (bytes: Buffer): ApiResult => ({ status: 200, body: bytes, headers: POLL_HEADERS });

type SessionHandler = (req: ApiRequest, sess: SessionState, room: Room) => ApiResult | Promise<ApiResult>;

function refusal(e: unknown): ApiResult {
  if (e instanceof CommandError) return json(e.status, { cmdid: 'error', result: e.result, detail: e.detail });
  throw e;
}

/** The refusal answer of a thrown {@link CommandError}; anything else is rethrown to the platform (500). */
export function guard(fn: (req: ApiRequest) => ApiResult | Promise<ApiResult>): (req: ApiRequest) => Promise<ApiResult> {
  return async (req) => {
    try {
      return await fn(req);
    } catch (e) {
      return refusal(e);
    }
  };
}

/**
 * Registers every engine route on `router`. Per-session routes resolve the session from the path
 * (the platform has already checked the signature); the management routes share `mgmt`.
 * @returns the management authority, so tests can inspect it
 */
export function registerSessionRoutes(router: Router, engine: Engine, opts: { captchaTestCode?: string } = {}): ManagementAuth {
  const P = SESSION_PREFIX;
  const session = (handler: SessionHandler, allowClosing = false) =>
    guard((req) => {
      const sess = engine.sessionFor(req.params.mrId, req.params.sessId, allowClosing);
      return handler(req, sess, engine.room(sess.mrId));
    });
  /** A command: body checked, `cmdid` as expected, applied once per req_id. */
  const command = (cmdids: Record<string, (engine: Engine, sess: SessionState, room: Room, body: Body) => unknown>) =>
    session(async (req, sess) => {
      const body = asBody(req.body);
      const cmdid = typeof body.cmdid === 'string' ? body.cmdid : Object.keys(cmdids)[0];
      const apply = cmdids[cmdid];
      if (!apply) throw badField('cmdid', RC.unknownAction);
      const ans = await engine.command(sess, reqId(body), (room) => apply(engine, sess, room, body));
      return json(ans.status, ans.body);
    });

  // long poll
  router.post(
    `${P}changes`,
    // the same Buffer for every poll at the same cursor (never an AES path: sent as is)
    session((req, sess) => engine.pollBytes(sess, req.body, req.signal).then(pollAnswer), true),
  );

  /**
   * A snapshot with the feed position it reflects (podium `seq`): pending deltas are flushed
   * first, so polling from `seq` neither misses nor repeats a change.
   */
  const snapshot = (build: (room: Room) => object) => {
    const answer = session((_req, _s, room) => {
      room.flush();
      return json(200, { ...build(room), seq: room.feed.head });
    });
    // a 10,000-endpoint meeting's snapshot takes milliseconds to build and encode: each waits
    // for its own event-loop turn, so a console loading four at once does not hold the loop
    // for all four in one stretch
    return (req: ApiRequest) => new Promise<void>((resolve) => setImmediate(resolve)).then(() => answer(req));
  };

  // meeting status and info
  router.get(`${P}mr-status`, snapshot((room) => room.mrStatus()));
  router.post(`${P}mr-status`, command({ mod_mr_status: modMrStatus, stop_mr_req: stopMeeting }));
  router.get(`${P}mr-info`, snapshot((room) => room.mrInfo(engine.nowSecs())));
  router.post(`${P}mr-info`, command({ mod_mr_info: modMrInfo }));
  router.post(`${P}mr-pwd`, command({ mod_mr_pwd: modMrPwd }));

  // endpoints and roster
  router.get(`${P}eps-info`, snapshot((room) => ({ cmdid: 'online_eps_info', ...room.epsInfo() })));
  router.get(`${P}eps-status`, snapshot((room) => ({ cmdid: 'online_eps_status', ...room.epsStatus() })));
  router.post(`${P}eps-status`, command({ ctrl_mr_eps: ctrlMrEps }));
  router.get(`${P}participants`, snapshot((room) => ({ cmdid: 'mr_participants', ...room.participants() })));
  router.post(
    `${P}user-infos`,
    session((req, _s, room) => {
      const body = asBody(req.body);
      const ids = strArray(body, 'usr_ids', { max: 5000 });
      const found = ids.filter((id) => room.endpoints.has(id) || room.roster.has(id));
      const name = (id: string) => room.endpoints.get(id)?.name ?? room.roster.get(id)?.name ?? '';
      const abUser = (id: string) => (/^\d+$/.test(id) ? engine.addressBook.users.get(Number(id)) : undefined);
      return json(200, {
        cmdid: 'user_infos',
        usr_ids: found,
        nick_names: found.map(name),
        usr_types: found.map((id) => room.roster.get(id)?.usrType ?? 2),
        phone_nos: found.map((id) => abUser(id)?.phone ?? ''),
        call_addrs: found.map((id) => room.roster.get(id)?.callAddr ?? room.endpoints.get(id)?.uri ?? ''),
      });
    }),
  );

  // layouts, titles
  router.get(`${P}sys_mosics`, session(() => json(200, { cmdid: 'sys_mosics', mosic_group: sysMosics() })));
  router.get(`${P}mosic-config`, snapshot((room) => ({ cmdid: 'mosic_config', config_info: room.mosaicConfig() })));
  router.post(`${P}mosic-config`, command({ config_mosic: configMosic }));
  router.get(`${P}title-config`, snapshot((room) => ({ cmdid: 'title_config', titles: room.record.titles })));
  router.post(`${P}title-config`, command({ set_title: setTitle }));
  router.post(`${P}mod-subtitle-position`, command({ mod_subtitle_position: modSubtitlePosition }));

  // calls, live, camera
  router.post(`${P}temp-usrs`, command({ create_temp_call: createTempCall }));
  router.post(`${P}mod-bypass-url`, command({ mod_bypass_url: modBypassUrl }));
  router.post(`${P}mod-rtmp-url`, command({ mod_rtmp_url: modRtmpUrl }));
  router.post(`${P}fecc`, command({ ctrl_usr_fecc: fecc }));
  router.post(
    `${P}get_call_qa`,
    command({
      get_call_qa: (eng, sess, room, body) => {
        const usrId = body.usr_id === undefined ? '' : str(body, 'usr_id', { max: 128 });
        const epId = body.ep_id === undefined ? NaN : int(body, 'ep_id', 0, Number.MAX_SAFE_INTEGER);
        const ep = usrId ? room.endpoints.get(usrId) : [...room.endpoints.values()].find((e) => e.epId === epId);
        if (!usrId && Number.isNaN(epId)) throw badField('usr_id', RC.fieldMissing);
        if (!ep) throw new CommandError(403, RC.endpointOffline, usrId || String(epId));
        room.emit({ cmdid: 'get_call_qa_rsp', ep_id: ep.epId, usr_id: ep.usrId, qa: callQuality(ep, eng.nowSecs()) }, sess.sessId);
      },
    }),
  );

  // management session hand-over, logout, logs
  const mgmt = registerManagementRoutes(router, engine, opts);
  router.post(
    `${P}set-confmgr-ssid`,
    session((req, sess) => {
      const body = asBody(req.body);
      const ssid = str(body, 'ssid', { max: 128 }) || str(body, 'confmgr_ssid', { optional: true, max: 128 });
      if (!mgmt.isValid(ssid)) throw new CommandError(403, RC.loginAsAdministrator, 'ssid');
      sess.confmgrSsid = ssid;
      return json(200, { cmdid: 'set_confmgr_ssid', result: 0, is_admin: 1 });
    }),
  );
  const logout = session(async (_req, sess) => {
    await engine.logout(sess);
    return json(200, { cmdid: 'logout_rsp', result: 0 });
  }, true);
  router.post(`${P}logout_req`, logout);
  router.add('DELETE', '/rest/v1/meetings/:mrId/sessions/:sessId', logout);
  router.get(`${P}logs`, session((_req, sess) => json(200, { cmdid: 'logs', events: engine.logsOf(sess.mrId) })));

  // address book
  const filters = (body: Body, allowed: readonly string[]): SearchFilter[] => {
    const types = strArray(body, 'filter_type', { optional: true, max: 10, maxLen: 64 });
    const raw = body.filter_value;
    const values = raw === undefined ? [] : Array.isArray(raw) ? raw : null;
    if (!values || values.length !== types.length) throw badField('filter_value');
    return types.map((type, i) => {
      if (!allowed.includes(type)) throw badField('filter_type', RC.valueOutOfRange);
      const v = values[i];
      if (typeof v !== 'string' && typeof v !== 'number') throw badField('filter_value');
      if (String(v).length > 256) throw badField('filter_value', RC.fieldTooLong);
      return { type, value: v };
    });
  };
  const searchAnswer = (cmdid: 'usr_ids' | 'department_ids', r: { ids: number[]; total: number; tooMany: boolean }) => {
    const body: SearchResponse & Record<string, unknown> = { cmdid, ids: r.ids, total: r.total, too_many: r.tooMany ? 1 : 0 };
    body[cmdid === 'usr_ids' ? 'usr_ids' : 'department_ids'] = r.ids;
    if (r.tooMany) body.result = RC.userSearchTooMany;
    return json(200, body);
  };
  router.post(
    `${P}usrs/usr_id/search/`,
    session((req) => {
      const body = asBody(req.body);
      const sortby = body.sortby === undefined ? undefined : str(body, 'sortby', { max: 32 });
      const f = filters(body, ['usr_mark', 'call_addr', 'nick_name', 'login_id', 'phone_no', 'email', 'keyword', 'department_id']);
      return searchAnswer('usr_ids', engine.addressBook.searchUsers(f, sortby));
    }),
  );
  router.post(
    `${P}departments/department_ids/search/`,
    session((req) => {
      const f = filters(asBody(req.body), ['senior_id', 'department_name', 'department_id']);
      const r = engine.addressBook.searchDepartments(f);
      if (r.tooMany) return json(200, { cmdid: 'department_ids', ids: r.ids, department_ids: r.ids, total: r.total, too_many: 1, result: RC.departmentSearchTooMany });
      return searchAnswer('department_ids', r);
    }),
  );
  /** subscribe: 304 when every requested record is unchanged since the given last_modify_dtms */
  const unchanged = (ids: number[], dtms: number[], current: (id: number) => number | undefined) =>
    dtms.length === ids.length && ids.length > 0 && ids.every((id, i) => current(id) === dtms[i]);
  router.post(
    `${P}usrs/usr_ids/`,
    session((req) => {
      const body = asBody(req.body);
      const ids = intArray(body, 'usr_ids', { max: SEARCH_LIMIT });
      const dtms = intArray(body, 'last_modify_dtms', { optional: true, max: SEARCH_LIMIT });
      if (unchanged(ids, dtms, (id) => engine.addressBook.users.get(id)?.lastModify)) return { status: 304 };
      const info = engine.addressBook.usrInfo(ids, (id) => engine.isUserOnline(id));
      return json(200, { ...info, fail_usr_ids: ids.filter((id) => !engine.addressBook.users.has(id)) });
    }),
  );
  router.post(
    `${P}departments/department_ids/`,
    session((req) => {
      const body = asBody(req.body);
      const ids = intArray(body, 'department_ids', { max: SEARCH_LIMIT });
      const dtms = intArray(body, 'last_modify_dtms', { optional: true, max: SEARCH_LIMIT });
      if (unchanged(ids, dtms, (id) => engine.addressBook.departments.get(id)?.lastModify)) return { status: 304 };
      return json(200, engine.addressBook.departmentInfo(ids));
    }),
  );
  router.post(
    `${P}departments/children_ids/`,
    session((req) => {
      const body = asBody(req.body);
      const ids = body.department_ids !== undefined ? intArray(body, 'department_ids', { max: 100 }) : [int(body, 'department_id', -1, 1e9)];
      const recursion = body.recursion === undefined ? 0 : int(body, 'recursion', 0, 1);
      const r = engine.addressBook.childrenOf(ids, recursion === 1);
      const tooMany = r.usrIds.length > SEARCH_LIMIT;
      return json(200, {
        cmdid: 'children_ids',
        department_ids: r.departmentIds,
        usr_ids: r.usrIds.slice(0, SEARCH_LIMIT),
        usr_total: r.usrIds.length,
        too_many: tooMany ? 1 : 0,
      });
    }),
  );
  router.post(
    `${P}usrs/get_usr_online_status/`,
    session((req) => {
      const ids = intArray(asBody(req.body), 'usr_ids', { max: SEARCH_LIMIT });
      const known = ids.filter((id) => engine.addressBook.users.has(id));
      return json(200, {
        cmdid: 'get_usr_online_status',
        usr_ids: known,
        online_status: known.map((id) => (engine.isUserOnline(id) ? 1 : 0)),
        fail_usr_ids: ids.filter((id) => !engine.addressBook.users.has(id)),
      });
    }),
  );

  // media statistics (no session segment, protocol-facts §5.9)
  router.get(
    '/status/participant/:id/media_stream/',
    guard((req) => {
      if (!/^\d{1,12}$/.test(req.params.id)) throw badField('id');
      const epId = Number(req.params.id);
      for (const room of engine.rooms.values()) {
        for (const ep of room.endpoints.values()) {
          if (ep.epId !== epId) continue;
          return json(200, {
            refer_num: 1,
            remote_addr: ep.uri.replace(/^[a-z0-9]+:/, ''),
            uuid: ep.uuid,
            local_addr: ep.localRtpIp,
            data: mediaStreams(ep, engine.nowSecs()),
          });
        }
      }
      throw new CommandError(404, RC.endpointOffline, req.params.id);
    }),
  );
  router.post(
    '/status/participant/packets_lost_rate/',
    guard((req) => {
      const body = asBody(typeof req.body === 'string' ? safeJson(req.body) : req.body);
      const room = engine.room(str(body, 'mr_id', { max: 32 }));
      const uuids = new Set(strArray(body, 'uuids', { optional: true, max: 10000, maxLen: 256 }));
      const out: Record<string, [number, number]> = {};
      const now = engine.nowSecs();
      for (const ep of room.endpoints.values()) {
        if (uuids.size && !uuids.has(ep.uuid) && !uuids.has(String(ep.epId))) continue;
        out[uuids.has(String(ep.epId)) ? String(ep.epId) : ep.uuid] = lossRates(ep, now);
      }
      return json(200, out);
    }),
  );

  router.post(
    '/rest/v1/meetings/forward_mmgr',
    guard((req) => {
      const body = asBody(req.body ?? {});
      const mrId = str(body, 'mr_id', { optional: true, max: 32 });
      if (mrId) engine.room(mrId);
      return json(200, { cmdid: 'forward_mmgr_rsp', result: 0, mr_id: mrId, url: '/confmgr/' });
    }),
  );
  router.post(
    '/rest/v1/app1/manager/overtime_judge/',
    guard((req) => {
      const body = asBody(req.body);
      const room = engine.room(str(body, 'mr_id', { max: 32 }));
      if (!room.record.running) throw new CommandError(403, RC.meetingEnded);
      const secs =
        body.increase_secs !== undefined ? int(body, 'increase_secs', 0, 1e9) : int(body, 'increase_minutes', 0, 1e7) * 60;
      return json(200, overtimeJudge(engine, room, secs));
    }),
  );
  router.post(
    '/rest/v1/app1/manager/multi_login_verify/',
    guard((req) => {
      const body = asBody(req.body);
      const mrId = str(body, 'mr_id', { max: 32 });
      const room = engine.room(mrId);
      let controllers = 0;
      for (const s of engine.sessions.values()) if (s.mrId === room.mrId && !s.closing) controllers++;
      return json(200, { cmdid: 'multi_login_verify_rsp', result: 0, allowed: 1, controllers });
    }),
  );

  return mgmt;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
