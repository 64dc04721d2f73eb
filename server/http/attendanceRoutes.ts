/**
 * (podium) Attendance (issue 29), Podium's own calls of the assumption group `attendance`:
 *
 * - `GET {P}attendance?after=<usr_id>&limit=<n>`: the current meeting's history, for a controller
 *   of that meeting (its session, signed like every per-session call); the answer carries the
 *   meeting's `report_token`.
 * - `GET /api/v3/podium/attendance?after=&limit=` with the header `report-token: <token>`: the same
 *   history after the meeting (and with it the session) ended, until it expires
 *   (`ATTENDANCE_KEEP_HOURS`). The token is the credential: 256 random bits handed only to
 *   controllers with a session; it sits under `/api/` because a report is read when no session
 *   exists any more to sign with, and in a header so it stays out of access logs.
 *
 * Every parameter is checked; a bad one answers 400 with the field, nothing is read.
 */
import { ATTENDANCE_PAGE_DEFAULT, ATTENDANCE_PAGE_MAX } from '../../protocol/attendance';
import { RC } from '../../protocol/codes';
import type { Engine } from '../engine/engine';
import { badField, CommandError } from '../engine/errors';
import { json, type ApiRequest, type ApiResult, type Router } from './router';

export const REPORT_PATH = '/api/v3/podium/attendance';
export const REPORT_TOKEN_HEADER = 'report-token';

const USR_ID_MAX = 128;
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** A thrown refusal answered as `{ cmdid: 'error', result, detail }`. */
function guard(fn: (req: ApiRequest) => ApiResult): (req: ApiRequest) => ApiResult {
  return (req) => {
    try {
      return fn(req);
    } catch (e) {
      if (e instanceof CommandError) return json(e.status, { cmdid: 'error', result: e.result, detail: e.detail });
      throw e;
    }
  };
}

/** `after` and `limit` of the query, checked. */
export function pageParams(req: ApiRequest): { after?: string; limit: number } {
  for (const key of req.query.keys()) if (key !== 'after' && key !== 'limit') throw badField(key);
  const afters = req.query.getAll('after');
  const limits = req.query.getAll('limit');
  if (afters.length > 1) throw badField('after');
  if (limits.length > 1) throw badField('limit');
  const after = afters[0];
  if (after !== undefined && (after.length === 0 || after.length > USR_ID_MAX)) throw badField('after');
  const raw = limits[0];
  if (raw === undefined) return { after, limit: ATTENDANCE_PAGE_DEFAULT };
  if (!/^\d{1,5}$/.test(raw)) throw badField('limit');
  const limit = Number(raw);
  if (limit < 1 || limit > ATTENDANCE_PAGE_MAX) throw badField('limit');
  return { after, limit };
}

/** Registers both calls (before the assumed-call gate, which hides them in platform mode without the group). */
export function registerAttendanceRoutes(router: Router, engine: Engine, sessionPrefix: string): void {
  router.get(
    `${sessionPrefix}attendance`,
    guard((req) => {
      const sess = engine.sessionFor(req.params.mrId, req.params.sessId);
      const { after, limit } = pageParams(req);
      const room = engine.room(sess.mrId);
      return json(200, { cmdid: 'attendance', ...engine.attendance.pageOfRoom(room, after, limit) });
    }),
  );
  router.get(
    REPORT_PATH,
    guard((req) => {
      const header = req.headers[REPORT_TOKEN_HEADER];
      const token = typeof header === 'string' ? header.trim() : '';
      if (!TOKEN.test(token)) throw new CommandError(403, RC.noAccessRights, REPORT_TOKEN_HEADER);
      const { after, limit } = pageParams(req);
      const page = engine.attendance.pageOfToken(token, after, limit);
      // an unknown token and an expired history answer alike: either way there is nothing to read
      if (!page) throw new CommandError(404, RC.meetingNotFound, 'report');
      return json(200, { cmdid: 'attendance', ...page });
    }),
  );
}
