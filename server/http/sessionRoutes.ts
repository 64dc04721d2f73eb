/**
 * The per-session calls of spec §7 and protocol-facts §2 under
 * `/rest/v1/meetings/:mrId/sessions/:sessId/`, and the engine's calls outside that prefix
 * (media statistics, forward_mmgr, the management login and its checks). Every handler validates
 * its input and answers a refusal as `{ cmdid: 'error', result, detail }`; nothing here trusts
 * the body's shape.
 */
import { ACTIVITY_PAGE_MAX } from '../engine/activity';
import { TRANSCRIPT_PAGE_MAX } from '../engine/transcript';
import { RC } from '../../protocol/codes';
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
import { ENDED_LEG_SECS, type Room } from '../engine/room';
import { asBody, int, reqId, str, strArray, type Body } from '../engine/validate';
import { callQuality, lossRates, mediaStreams } from '../sim/media';
import { addressBookHandlers } from './addressBookRoutes';
import { registerAttendanceRoutes } from './attendanceRoutes';
import { registerRunOfShowRoutes } from './runOfShowRoutes';
import { gateAssumedCalls } from './assumedCalls';
import { failFirstConfigReads, type ConfigRead } from './configReadFaults';
import { registerCmRoutes } from './cmRoutes';
import { registerManagementRoutes, type ManagementAuth } from './sessionManagement';
import { json, type ApiRequest, type ApiResult, type Router } from './router';
import { guard } from './guard';
import { oneJobPerTurn, jsonChunksInTurns } from './turnQueue';
import { controllerOf } from '../auth/sessionBinding';

export const SESSION_PREFIX = '/rest/v1/meetings/:mrId/sessions/:sessId/';

const POLL_HEADERS: Readonly<Record<string, string>> = Object.freeze({ 'Content-Type': 'application/json; charset=utf-8' });

const pollAnswer = (bytes: Buffer): ApiResult => ({ status: 200, body: bytes, headers: POLL_HEADERS });

type SessionHandler = (req: ApiRequest, sess: SessionState, room: Room) => ApiResult | Promise<ApiResult>;

/**
 * Registers every engine route on `router`. Per-session routes resolve the session from the path
 * (the platform has already checked the signature); the management routes share `mgmt`.
 * @returns the management authority, so tests can inspect it
 */
export function registerSessionRoutes(
  router: Router,
  engine: Engine,
  /** `wire: 'platform'`: media statistics answer the developer signature alone, as the platform does */
  opts: { captchaTestCode?: string; wire?: 'podium' | 'platform'; failConfigReads?: readonly ConfigRead[] } = {},
): ManagementAuth {
  // (podium) statistics only to a controller of their meeting (issue 17 item 6)
  const statsScoped = opts.wire !== 'platform';
  const P = SESSION_PREFIX;
  const podium = engine.config.wire !== 'platform';
  // (podium) the activity log; platform mode keeps it only when PLATFORM_ASSUME names `activity`
  const activityLog = engine.offers('activity');
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
      // (podium) the command goes into the meeting's activity log with its own events
      const ans = await engine.command(
        sess,
        reqId(body),
        (room) => apply(engine, sess, room, body),
        activityLog ? { cmdid, body } : undefined,
      );
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
  const snapshotTurn = oneJobPerTurn();
  const snapshot = (build: (room: Room) => object) => {
    // a 10,000-endpoint meeting's snapshot takes about 20 ms to serialise: it is built at once
    // (a copy, consistent with the seq it carries), then serialised a slice per event-loop turn,
    // so a console loading four at once does not hold the loop for all four in one stretch
    // The session is checked when the request arrives: one that logs out while its snapshots
    // wait for their turns still gets what it asked for while it was valid
    return session(async (_req, _s, room) => {
      await snapshotTurn();
      room.flush();
      const snap = podium ? { ...build(room), seq: room.feed.head } : build(room);
      const chunks = await jsonChunksInTurns(snap as Record<string, unknown>, snapshotTurn);
      return json(200, chunks, { 'Content-Type': 'application/json; charset=utf-8' });
    });
  };

  // meeting status and info
  router.get(
    `${P}mr-status`,
    snapshot((room) => room.mrStatus()),
  );
  router.post(`${P}mr-status`, command({ mod_mr_status: modMrStatus, stop_mr_req: stopMeeting }));
  router.get(
    `${P}mr-info`,
    snapshot((room) => room.mrInfoAnswer(engine.nowSecs())),
  );
  router.post(`${P}mr-info`, command({ mod_mr_info: modMrInfo }));
  router.post(`${P}mr-pwd`, command({ mod_mr_pwd: modMrPwd }));

  // endpoints and roster
  router.get(
    `${P}eps-info`,
    snapshot((room) => ({ cmdid: 'online_eps_info', ...room.epsInfo() })),
  );
  router.get(
    `${P}eps-status`,
    snapshot((room) => ({ cmdid: 'online_eps_status', ...room.epsStatus() })),
  );
  router.post(`${P}eps-status`, command({ ctrl_mr_eps: ctrlMrEps }));
  router.get(
    `${P}participants`,
    snapshot((room) => ({ cmdid: 'mr_participants', ...room.participants() })),
  );
  // (podium, issue 12) the controllers logged in to the meeting now, for the console's "N
  // controllers online": role and address of each, the asker marked `self`; never another
  // controller's session id
  router.get(
    `${P}controllers`,
    session((_req, sess) => {
      const controllers: Array<{ role: string; peer_ip: string; self: 0 | 1 }> = [];
      for (const s of engine.sessions.values()) {
        if (s.mrId !== sess.mrId || s.closing) continue;
        controllers.push({ role: s.role, peer_ip: s.peerIp, self: s.sessId === sess.sessId ? 1 : 0 });
      }
      return json(200, { cmdid: 'controllers_rsp', controllers });
    }),
  );
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
  router.get(
    `${P}sys_mosics`,
    session(() => json(200, { cmdid: 'sys_mosics', mosic_group: sysMosics() })),
  );
  router.get(
    `${P}mosic-config`,
    snapshot((room) => ({ cmdid: 'mosic_config', config_info: room.mosaicConfig() })),
  );
  router.post(`${P}mosic-config`, command({ config_mosic: configMosic }));
  router.get(
    `${P}title-config`,
    snapshot((room) => room.titleConfig()),
  );
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
  registerCmRoutes(router, engine, mgmt);
  router.post(
    `${P}set-confmgr-ssid`,
    session((req, sess) => {
      const body = asBody(req.body);
      const ssid = str(body, 'ssid', { max: 128 }) || str(body, 'confmgr_ssid', { optional: true, max: 128 });
      if (!mgmt.isValid(ssid)) throw new CommandError(403, RC.loginAsAdministrator, 'ssid');
      sess.confmgrSsid = ssid;
      // the spec's "admin flag and address, client IP" (group 'management-facts'): whether the session
      // may act as administrator, where the management platform is, and this console's address
      if (!engine.offers('management-facts')) return json(200, { cmdid: 'set_confmgr_ssid', result: 0 });
      // this server is its own management platform: its address as the console reached it
      const adminAddr = `${req.headers['x-forwarded-proto'] === 'https' ? 'https' : 'http'}://${req.headers.host ?? ''}/`;
      return json(200, {
        cmdid: 'set_confmgr_ssid',
        result: 0,
        is_admin: mgmt.isPrivileged(ssid) ? 1 : 0,
        admin_addr: adminAddr,
        client_ip: req.ip,
      });
    }),
  );
  const logout = session(async (_req, sess) => {
    await engine.logout(sess);
    return json(200, { cmdid: 'logout_rsp', result: 0 });
  }, true);
  router.post(`${P}logout_req`, logout);
  router.add('DELETE', '/rest/v1/meetings/:mrId/sessions/:sessId', logout);
  // (podium) the activity log, newest first, in pages: `?before=<id>&limit=<n>`
  if (activityLog) {
    router.get(
      `${P}activity`,
      session((req, sess) => {
        const before = req.query.get('before');
        const limit = req.query.get('limit');
        const num = (v: string | null, field: string, max: number) => {
          if (v === null) return undefined;
          if (!/^\d{1,12}$/.test(v) || Number(v) < 1 || Number(v) > max) throw badField(field, RC.valueOutOfRange);
          return Number(v);
        };
        const page = engine.activity.page(
          sess.mrId,
          num(before, 'before', Number.MAX_SAFE_INTEGER),
          num(limit, 'limit', ACTIVITY_PAGE_MAX) ?? 100,
        );
        return json(200, { cmdid: 'activity', ...page });
      }),
    );
  }
  // (assumed, group audio-to-text) the meeting's transcript, oldest first: `?after=<id>&limit=<n>`
  if (engine.offers('audio-to-text')) {
    router.get(
      `${P}transcript`,
      session((req, sess, room) => {
        const num = (v: string | null, field: string, max: number) => {
          if (v === null) return undefined;
          if (!/^\d{1,12}$/.test(v) || Number(v) > max) throw badField(field, RC.valueOutOfRange);
          return Number(v);
        };
        const after = num(req.query.get('after'), 'after', Number.MAX_SAFE_INTEGER) ?? 0;
        const limit = Math.max(1, num(req.query.get('limit'), 'limit', TRANSCRIPT_PAGE_MAX) ?? TRANSCRIPT_PAGE_MAX);
        return json(200, { cmdid: 'transcript', ...engine.transcript.page(sess.mrId, room.record.meetingNo, after, limit) });
      }),
    );
  }
  router.get(
    `${P}logs`,
    session((_req, sess) => json(200, { cmdid: 'logs', events: engine.logsOf(sess.mrId) })),
  );

  // address book (also under the management prefix, see cmRoutes.ts)
  for (const [suffix, handler] of Object.entries(addressBookHandlers(engine))) router.post(`${P}${suffix}`, session(handler));

  // media statistics (no session segment, protocol-facts §5.9)
  router.get(
    '/status/participant/:id/media_stream', // the platform client's spelling (facts §2 #22); the router takes a trailing slash too
    guard((req) => {
      if (!/^\d{1,12}$/.test(req.params.id)) throw badField('id');
      const epId = Number(req.params.id);
      const rooms = statsScoped ? [...engine.rooms.values()].filter((r) => controllerOf(engine, req, r.mrId)) : [...engine.rooms.values()];
      for (const room of rooms) {
        for (const ep of room.endpoints.values()) {
          if (ep.epId !== epId) continue;
          return json(200, {
            cmdid: 'media_stream',
            refer_num: 1,
            remote_addr: ep.uri.replace(/^[a-z0-9]+:/, ''),
            uuid: ep.uuid,
            local_addr: ep.localRtpIp,
            data: mediaStreams(ep, engine.nowSecs()),
          });
        }
      }
      // a leg that ended a moment ago answers with no streams (Room.endedLegs)
      for (const room of rooms) {
        const ended = room.endedLegs.get(epId);
        if (!ended || engine.nowSecs() - ended.endedAt > ENDED_LEG_SECS) continue;
        const ep = ended.ep;
        return json(200, {
          cmdid: 'media_stream',
          refer_num: 1,
          remote_addr: ep.uri.replace(/^[a-z0-9]+:/, ''),
          uuid: ep.uuid,
          local_addr: ep.localRtpIp,
          data: [],
        });
      }
      throw new CommandError(404, RC.endpointOffline, req.params.id);
    }),
  );
  router.post(
    '/status/participant/packets_lost_rate/',
    guard((req) => {
      const body = asBody(typeof req.body === 'string' ? safeJson(req.body) : req.body);
      const mrId = str(body, 'mr_id', { max: 32 });
      // another meeting's statistics answer as an unknown meeting's
      if (statsScoped && !controllerOf(engine, req, mrId)) throw new CommandError(404, RC.meetingNotFound);
      const room = engine.room(mrId);
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
      // not looked up: the answer must not tell whether a meeting exists
      const mrId = str(body, 'mr_id', { optional: true, max: 32 });
      return json(200, { cmdid: 'forward_mmgr_rsp', result: 0, mr_id: mrId, url: '/confmgr/' });
    }),
  );
  router.post(
    '/rest/v1/app1/manager/overtime_judge/',
    guard((req) => {
      const body = asBody(req.body);
      const mrId = str(body, 'mr_id', { max: 32 });
      // only a controller of the meeting may ask (it tells booking times); anyone else gets the
      // answer of an unknown meeting, so the call tells nothing about which meetings exist
      if (!controllerOf(engine, req, mrId)) throw new CommandError(404, RC.meetingNotFound);
      const room = engine.room(mrId);
      if (!room.record.running) throw new CommandError(403, RC.meetingEnded);
      const secs = body.increase_secs !== undefined ? int(body, 'increase_secs', 0, 1e9) : int(body, 'increase_minutes', 0, 1e7) * 60;
      return json(200, overtimeJudge(engine, room, secs));
    }),
  );
  router.post(
    '/rest/v1/app1/manager/multi_login_verify/',
    guard((req) => {
      const body = asBody(req.body);
      str(body, 'mr_id', { max: 32 });
      // the same answer for every meeting number, running or not (no probing without a login)
      return json(200, { cmdid: 'multi_login_verify_rsp', result: 0, allowed: 1 });
    }),
  );

  // (podium) attendance of the meeting, and the report after it (attendanceRoutes.ts)
  registerAttendanceRoutes(router, engine, P);
  // (podium) run of show (issue 28): the document, Take / undo / hold as single commands
  registerRunOfShowRoutes(router, engine, P, session, activityLog);
  // strict platform mode: the assumed calls of groups PLATFORM_ASSUME does not name are refused
  gateAssumedCalls(router, (group) => engine.offers(group), P);
  // CAUTION: tests only (TEST_FAIL_CONFIG_READS): a config read fails once per session
  if (opts.failConfigReads?.length) failFirstConfigReads(router, opts.failConfigReads, P);
  return mgmt;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
