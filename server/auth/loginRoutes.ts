/**
 * Verify code and controller login (protocol-facts §1.3–1.4, spec §4 "Login", §8 "Login
 * outcomes"):
 *
 * | outcome | HTTP | body |
 * |---|---|---|
 * | success | 200 | {@link LoginResponse}, `result: '200'` |
 * | wrong, expired, reused or missing verify code | 405 | `result: '405'`, `extra: '1003'` |
 * | wrong password | 403 | `result: '403'`, `extra: '4002'` |
 * | unknown meeting / not running | 404 | `result: '404'`, `extra` = reason string |
 * | too many failures | 429 | `result: '429'`, `extra: '1005'`, `retry_after` (s) |
 * | malformed request | 400 | {@link ErrorBody} |
 *
 * The order of checks matters: attempt limits first (a locked client learns nothing), then the
 * verify code (each attempt costs a solved picture), then the meeting, then the password.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { CMD } from '../../protocol/cmdids';
import { RC } from '../../protocol/codes';
import { encodeSignKey } from '../../protocol/signing';
import { validateMeetingNumber, validatePassword, validateVerifyCode, VALIDATION_RESULT_CODES } from '../../protocol/validation';
import type { ControllerRole, LoginFailure, LoginResponse, SigningMode, VerifyCodeResponse } from '../../protocol/wire';
import type { EngineFacade } from '../engine/facade';
import { HttpError } from '../http/errors';
import { json, type ApiRequest, type ApiResult, type Router } from '../http/router';
import { renderCaptcha } from './captchaImage';
import type { LoginGuard } from './loginGuard';
import type { VerifyCodes } from './verifyCodes';

export interface LoginDeps {
  engine: EngineFacade;
  /** verify codes one address may fetch per minute (each costs a picture; default 300) */
  codesPerMinute?: number;
  codes: VerifyCodes;
  guard: LoginGuard;
  signing: SigningMode;
  now: () => number;
  /** waits before a failed answer goes out (tests pass a recorder) */
  sleep: (ms: number) => Promise<void>;
  log: (message: string) => void;
}

const NO_STORE = { 'Cache-Control': 'no-store' };

export function registerLoginRoutes(router: Router, deps: LoginDeps): void {
  const limit = new PerMinuteLimit(deps.codesPerMinute ?? 300, deps.now);
  const limited = (issue: () => ApiResult) => (req: ApiRequest) => {
    if (!limit.take(req.ip)) throw new HttpError(429, RC.tooFrequent, 'verify-code', { 'Retry-After': '60' });
    return issue();
  };
  router.get('/rest/v1/meetings/verify-code', limited(() => pictureCode(deps)));
  router.get('/rest/v1/meetings/temp-verify-code', limited(() => textCode(deps)));
  router.post('/rest/v1/meetings/:mrId/sessions/', (req) => login(req, deps));
}

/**
 * Counts events per key in fixed one-minute windows: a cheap bound on how many pictures one
 * address can make the server draw and how many challenges it can park in memory.
 */
class PerMinuteLimit {
  private windowStart = 0;
  private counts = new Map<string, number>();

  constructor(
    private readonly max: number,
    private readonly now: () => number,
  ) {}

  take(key: string): boolean {
    const t = this.now();
    if (t - this.windowStart >= 60_000) {
      this.windowStart = t;
      this.counts = new Map();
    }
    const n = (this.counts.get(key) ?? 0) + 1;
    this.counts.set(key, n);
    return n <= this.max;
  }
}

function pictureCode(deps: LoginDeps): ApiResult {
  const { codeId, code, expiresAt } = deps.codes.issue('picture');
  const now = deps.now();
  const body: VerifyCodeResponse = {
    cmdid: CMD.verifyCode,
    base64: renderCaptcha(code).toString('base64'),
    datetime: now / 1000,
    code_id: codeId,
    expires_in: Math.round((expiresAt - now) / 1000),
  };
  return json(200, body, NO_STORE);
}

/** protocol-facts §1.3: `base64` is the code's text, for the platform's machine clients. */
function textCode(deps: LoginDeps): ApiResult {
  const { codeId, code, expiresAt } = deps.codes.issue('text');
  const now = deps.now();
  const body: VerifyCodeResponse = {
    cmdid: CMD.verifyCode,
    base64: Buffer.from(code, 'utf8').toString('base64'),
    datetime: now / 1000,
    code_id: codeId,
    expires_in: Math.round((expiresAt - now) / 1000),
  };
  return json(200, body, NO_STORE);
}

function failure(status: number, extra: string, retryAfter?: number): ApiResult {
  const body: LoginFailure = { cmdid: CMD.ctrlMrRsp, result: String(status), extra };
  if (retryAfter !== undefined) body.retry_after = retryAfter;
  const headers: Record<string, string> = { ...NO_STORE };
  if (retryAfter !== undefined) headers['Retry-After'] = String(retryAfter);
  return json(status, body, headers);
}

interface LoginBody {
  ctrlPwd: string;
  certCode: string | undefined;
  codeId: string | undefined;
}

function readLoginBody(req: ApiRequest, mrId: string): LoginBody {
  const mrError = validateMeetingNumber(mrId);
  if (mrError) throw new HttpError(400, VALIDATION_RESULT_CODES[mrError], 'mr_id');
  const body = req.body;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new HttpError(400, RC.fieldMissing, 'body');
  const b = body as Record<string, unknown>;
  if (b.cmdid !== undefined && b.cmdid !== CMD.ctrlMrReq) throw new HttpError(400, RC.fieldWrongType, 'cmdid');
  if (b.mr_id !== undefined && (typeof b.mr_id !== 'string' || b.mr_id !== mrId)) {
    throw new HttpError(400, RC.fieldWrongType, 'mr_id');
  }
  if (b.ctrl_pwd !== undefined && typeof b.ctrl_pwd !== 'string') throw new HttpError(400, RC.fieldWrongType, 'ctrl_pwd');
  const pwdError = validatePassword(b.ctrl_pwd);
  if (pwdError) throw new HttpError(400, VALIDATION_RESULT_CODES[pwdError], 'ctrl_pwd');
  if (b.code_id !== undefined && typeof b.code_id !== 'string') throw new HttpError(400, RC.fieldWrongType, 'code_id');
  if (b.cert_code !== undefined && typeof b.cert_code !== 'string') throw new HttpError(400, RC.fieldWrongType, 'cert_code');
  return {
    ctrlPwd: b.ctrl_pwd as string,
    // a missing or malformed code is a wrong code (405), not a malformed request
    certCode: validateVerifyCode(b.cert_code) === null ? (b.cert_code as string) : undefined,
    codeId: b.code_id as string | undefined,
  };
}

/**
 * Compares secrets in time independent of where (and whether in length) they differ: both are
 * hashed to equal-length digests first. An empty stored password never matches.
 */
function secretEquals(given: string, expected: string): boolean {
  if (expected === '') return false;
  const digest = (s: string) => createHash('sha256').update(s, 'utf8').digest();
  return timingSafeEqual(digest(given), digest(expected));
}

async function login(req: ApiRequest, deps: LoginDeps): Promise<ApiResult> {
  const mrId = req.params.mrId;
  const body = readLoginBody(req, mrId);
  const ipKey = `ip:${req.ip}`;
  const mrKey = `mr:${mrId}`;

  // Everything from here to the recording of a failure is synchronous, so concurrent attempts
  // cannot slip past the limit between check and count.
  const verdict = deps.guard.check([ipKey, mrKey]);
  if (verdict.locked) return failure(429, String(RC.tooManyLoginAttempts), verdict.retryAfterSec);

  const code = body.certCode === undefined ? 'missing' : deps.codes.consume(body.codeId, body.certCode);
  if (code !== 'ok') return failure(405, String(RC.verifyCodeIncorrect));

  const room = deps.engine.roomAuth(mrId);
  let reason: string | undefined;
  if (!room) reason = 'meeting not found';
  else if (room.hostPwd === '' && room.supervisorPwd === '') reason = 'control password cannot be empty';
  else if (!room.running && room.scheduledNotStarted) reason = 'the scheduled meeting did not start';
  else if (!room.running && room.adhocDisabled) reason = 'adhoc disabled';
  else if (!room.running) reason = 'meeting not found';
  if (reason !== undefined || !room) {
    // probing meeting numbers counts against the address only: the meeting is not under attack
    const delay = deps.guard.recordFailure([ipKey]);
    await deps.sleep(delay);
    return failure(404, reason ?? 'meeting not found');
  }

  let role: ControllerRole | undefined;
  if (secretEquals(body.ctrlPwd, room.hostPwd)) role = 'host';
  else if (secretEquals(body.ctrlPwd, room.supervisorPwd)) role = 'supervisor';
  if (!role) {
    const delay = deps.guard.recordFailure([ipKey, mrKey]);
    deps.log(`login refused: wrong password for meeting ${mrId} from ${req.ip} (${deps.guard.count(mrKey)} recent failures)`);
    await deps.sleep(delay);
    return failure(403, String(RC.wrongMeetingPassword));
  }

  deps.guard.reset(ipKey);
  const session = deps.engine.openSession({ mrId, role, peerIp: req.ip });
  const rsp: LoginResponse = {
    cmdid: CMD.ctrlMrRsp,
    result: '200',
    mr_id: mrId,
    sess_id: session.sessId,
    use_pwd: role,
    extra: '',
    mr_start_dtm: room.mrStartDtm,
    schedule_start_dtm: room.scheduleStartDtm,
    schedule_name: room.scheduleName,
    stand_alone: 1,
    invalid_time: 0,
    after_sale_mgr_email: '',
    expired_notify: '',
    mr_scene: room.mrScene,
    signing: deps.signing,
  };
  if (deps.signing === 'strict') rsp.sign_key = encodeSignKey(session.signKey);
  return json(200, rsp, NO_STORE);
}
