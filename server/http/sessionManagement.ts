/**
 * The management (CM) login the console offers for address-book and administrator functions:
 * a digits-only picture code, then `login_req` with the login id, the MD5 of the password and
 * the code. A management session id can be handed to a meeting session (`set-confmgr-ssid`).
 * Also the one CM command the engine serves: deleting rooms (`mr_deled`).
 */
import { randomBytes } from 'node:crypto';
import { RC } from '../../protocol/codes';
import { validateManagementLogin } from '../../protocol/validation';
import { VALIDATION_RESULT_CODES } from '../../protocol/validationCodes';
import { renderCaptcha } from '../auth/captchaImage';
import { VerifyCodes } from '../auth/verifyCodes';
import { COLLECTIONS, type Engine } from '../engine/engine';
import { CommandError } from '../engine/errors';
import { asBody, int, str } from '../engine/validate';
import { guard } from './guard';
import { json, type Router } from './router';

export interface ManagementAuth {
  isValid(ssid: string): boolean;
  /** a live management session that may change rooms and meetings */
  isPrivileged(ssid: string): boolean;
  codes: VerifyCodes;
}

interface AdminRecord {
  loginId: string;
  /** lowercase hex MD5 of the password */
  pwdMd5: string;
  /** may manage rooms and departments (an operator account may only log in) */
  privileged?: boolean;
}

const MGMT_SESSION_MS = 8 * 3600_000;

export function registerManagementRoutes(router: Router, engine: Engine, opts: { captchaTestCode?: string } = {}): ManagementAuth {
  const platform = engine.config.wire === 'platform';
  const codes = new VerifyCodes({
    alphabet: '0123456789',
    now: () => engine.clock.now(),
    fixedCode: managementTestCode(opts.captchaTestCode),
  });
  const sessions = new Map<string, { loginId: string; expiresAt: number; privileged: boolean }>();
  /** a management session that may change rooms and departments: 403/1088 without one, 556 without the right */
  const privileged = (sid: string) => {
    if (!auth.isValid(sid)) throw new CommandError(403, RC.loginAsAdministrator);
    if (!sessions.get(sid)!.privileged) throw new CommandError(556, RC.noAccessRights);
  };
  const auth: ManagementAuth = {
    codes,
    isValid(ssid) {
      const s = sessions.get(ssid);
      if (!s) return false;
      if (s.expiresAt <= engine.clock.now()) {
        sessions.delete(ssid);
        return false;
      }
      return true;
    },
    isPrivileged(ssid) {
      return auth.isValid(ssid) && sessions.get(ssid)!.privileged;
    },
  };

  router.get('/rest/v1/app1/manager/sessions/web-verify-code/', (req) => {
    const { codeId, code, expiresAt } = codes.issue('picture', req.ip);
    const body: Record<string, unknown> = {
      cmdid: 'verify_code',
      base64: renderCaptcha(code).toString('base64'),
      date_time: engine.clock.now() / 1000,
      datetime: engine.clock.now() / 1000,
    };
    // (podium) the platform's answer names no challenge: a login is matched by code and address
    if (!platform) {
      body.code_id = codeId;
      body.expires_in = Math.round((expiresAt - engine.clock.now()) / 1000);
    }
    return json(200, body, { 'Cache-Control': 'no-store' });
  });

  // the Java CM client's verify code (real-client-findings §3): it sends `cert_code` back as it
  // came, so the code travels in clear here, as on the platform; the attempt limits of the
  // login are what guard the password, and each code still buys one attempt
  router.get('/rest/v1/app1/manager/sessions/verify-code/', (req) => {
    const { code } = codes.issue('text', req.ip);
    return json(
      200,
      { cmdid: 'verify_code', base64: Buffer.from(code, 'utf8').toString('base64'), date_time: engine.clock.now() / 1000, cert_code: code },
      { 'Cache-Control': 'no-store' },
    );
  });

  router.post(
    '/rest/v1/app1/:x/sessions/login_req/',
    guard((req) => {
      const body = asBody(req.body);
      const loginId = typeof body.login_id === 'string' ? body.login_id.trim() : body.login_id;
      const pwd = body.login_pwd;
      const code = typeof body.cert_code === 'string' ? body.cert_code.trim() : body.cert_code;
      const rule = validateManagementLogin({ loginName: loginId, password: pwd, code });
      if (rule) throw new CommandError(400, VALIDATION_RESULT_CODES[rule] as typeof RC.verifyCodeFormat, rule);
      const codeId = str(body, 'code_id', { optional: true, max: 64 });
      const outcome = codes.consume(platform ? undefined : codeId || undefined, code as string, req.ip);
      if (outcome !== 'ok') throw new CommandError(403, RC.verifyCodeIncorrect, outcome);
      const name = String(loginId).split('@')[0];
      const admin = engine.store.get<AdminRecord>(COLLECTIONS.admins, name);
      if (!admin || admin.pwdMd5 !== String(pwd).toLowerCase()) throw new CommandError(403, RC.wrongUserPassword);
      const ssid = randomBytes(16).toString('hex');
      sessions.set(ssid, { loginId: name, expiresAt: engine.clock.now() + MGMT_SESSION_MS, privileged: admin.privileged !== false });
      // an administrator manages the top departments, and with them everything below (no seniors of their own)
      const departments = [...engine.addressBook.departments.values()].filter((d) => d.senior < 0).map((d) => d.id);
      // every field the Java CM client reads (real-client-findings §3), with its type there
      return json(200, {
        cmdid: 'login_rsp',
        result: '0',
        session_id: ssid,
        // meetings are addressed by their number alone: this server has one tenant, without prefix
        tenant_id: '',
        usr_type: 1,
        usr_mark: name,
        nick_name: 'Administrator',
        admin_nick_name: 'Administrator',
        last_login_ip: req.ip,
        last_login_time: Math.floor(engine.clock.now() / 1000),
        activate: '1',
        is_email_global_config: 0,
        is_pwd_changed: 1,
        tenant_tags: [],
        manager_deps: departments,
        manager_privileges: admin.privileged === false ? [] : ['rooms', 'meetings', 'departments'],
        pwd_regulation: 0,
        stand_alone: 1,
        all_manager_senior_dep_ids: departments.map(() => []),
        all_senior_dep_ids: departments.map(() => []),
      });
    }),
  );

  router.post(
    '/rest/v1/app1/manager/sessions/:sid/logout_req/',
    guard((req) => {
      sessions.delete(req.params.sid);
      return json(200, { cmdid: 'logout_rsp', result: 0 });
    }),
  );

  // CM delete_room (protocol-facts §7): running meetings end, controllers get mr_deled
  router.post(
    '/rest/v1/app1/manager/sessions/:sid/rooms/trash-can/',
    guard(async (req) => {
      privileged(req.params.sid);
      // the platform's room ids are integers (the Java client sends and reads them so); digit strings are taken too
      const raw = asBody(req.body).room_ids;
      if (!Array.isArray(raw) || raw.length > 100) throw new CommandError(400, RC.fieldWrongType, 'room_ids');
      const ids = raw.map((v) => (typeof v === 'number' && Number.isInteger(v) && v >= 0 ? String(v) : v));
      if (!ids.every((v): v is string => typeof v === 'string' && /^\d{1,32}$/.test(v)))
        throw new CommandError(400, RC.fieldWrongType, 'room_ids');
      const failIds: number[] = [];
      for (const id of ids) {
        if (!(await engine.deleteRoom(id))) failIds.push(Number(id));
      }
      return json(200, {
        cmdid: 'delete_room_rsp',
        result: 0,
        fail_ids: failIds,
        fail_reasons: failIds.map(() => String(RC.meetingNotFound)),
      });
    }),
  );

  // CM mod_department: a renamed department reaches every running meeting as department_info
  router.add(
    'PUT',
    '/rest/v1/app1/manager/sessions/:sid/departments/',
    guard(async (req) => {
      privileged(req.params.sid);
      const body = asBody(req.body);
      const id = int(body, 'department_id', 1, 1e9);
      const name = str(body, 'department_name', { max: 64 });
      if (!name) throw new CommandError(400, RC.departmentNameRequired, 'department_name');
      const desc = body.department_desc === undefined ? undefined : str(body, 'department_desc', { max: 256 });
      if (!(await engine.modifyDepartment(id, name, desc))) throw new CommandError(404, RC.departmentNotFound, String(id));
      return json(200, { cmdid: 'mod_department_rsp', result: 0 });
    }),
  );

  return auth;
}

/**
 * CAUTION: tests only. Under CAPTCHA_TEST_CODE the management code is fixed too; management
 * codes are digits only, so it is the test code's digits (padded with 0 to four digits).
 */
export function managementTestCode(captchaTestCode?: string): string | undefined {
  if (!captchaTestCode) return undefined;
  const digits = captchaTestCode.replace(/\D/g, '');
  return digits.length >= 4 ? digits : digits.padEnd(4, '0');
}
