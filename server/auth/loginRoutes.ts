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
 * | resume refused (podium) | 403 | `result: '403'`, `extra: '1013'` |
 * | malformed request | 400 | {@link ErrorBody} |
 *
 * (podium) The same path resumes a session: `{ cmdid, mr_id, resume_token }` without password
 * or code (docs/protocol.md "Session resume", rules in `resumeTokens.ts`). Every success answers
 * a fresh `resume_token`; refusals count against the same brute-force guard as logins.
 *
 * The order of checks matters: attempt limits first (a locked client learns nothing), then the
 * verify code (each attempt costs a solved picture), then the meeting, then the password.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { CMD } from '../../protocol/cmdids';
import { RC } from '../../protocol/codes';
import { encodeSignKey } from '../../protocol/signing';
import { validateMeetingNumber, validatePassword, validateVerifyCode } from '../../protocol/validation';
import { VALIDATION_RESULT_CODES } from '../../protocol/validationCodes';
import type { ControllerRole, LoginFailure, LoginResponse, SigningMode, VerifyCodeResponse, WireMode } from '../../protocol/wire';
import type { EngineFacade, RoomAuth } from '../engine/facade';
import { HttpError } from '../http/errors';
import { json, type ApiRequest, type ApiResult, type Router } from '../http/router';
import { renderCaptcha } from './captchaImage';
import { addressBucket, addressKey, type LoginGuard } from './loginGuard';
import { passwordsDigest, type ResumeTokens } from './resumeTokens';
import type { VerifyCodes } from './verifyCodes';
import type { LoginTrust } from './loginTrust';
import { SlidingWindowLimit } from './rateLimit';

export interface LoginDeps {
  engine: EngineFacade;
  /** verify codes one address may fetch per minute (each costs a picture; default 300) */
  codesPerMinute?: number;
  codes: VerifyCodes;
  guard: LoginGuard;
  signing: SigningMode;
  /** platform mode: no `code_id`, `expires_in`, `seq`, `sign_key`, `signing` or `resume_token` in answers */
  wire?: WireMode;
  now: () => number;
  /** waits before a failed answer goes out (tests pass a recorder) */
  sleep: (ms: number) => Promise<void>;
  log: (message: string) => void;
  /** (podium) session resume; without it a `resume_token` is refused */
  resume?: ResumeTokens;
  /** who logged in before: exempt from the meeting's lock (not from their address's) */
  trust?: LoginTrust;
  /** the verify-code limit, shared with the management login's codes */
  codeLimit?: SlidingWindowLimit;
}

const NO_STORE = { 'Cache-Control': 'no-store' };

export function registerLoginRoutes(router: Router, deps: LoginDeps): void {
  const limit = deps.codeLimit ?? verifyCodeLimit(deps.codesPerMinute, deps.now);
  const limited = (issue: (req: ApiRequest) => ApiResult) => (req: ApiRequest) => {
    refuseOverCodeLimit(limit, req.ip);
    return issue(req);
  };
  router.get(
    '/rest/v1/meetings/verify-code',
    limited((req) => pictureCode(deps, req.ip)),
  );
  router.get(
    '/rest/v1/meetings/temp-verify-code',
    limited((req) => textCode(deps, req.ip)),
  );
  router.post('/rest/v1/meetings/:mrId/sessions/', (req) => login(req, deps));
}

/** The verify-code limit per client address: `perMinute` in any sliding minute (default 300). */
export function verifyCodeLimit(perMinute = 300, now: () => number = Date.now): SlidingWindowLimit {
  return new SlidingWindowLimit(perMinute, 60_000, now);
}

/** 429 (result 9996) with `Retry-After` when an address has fetched its codes for the minute. */
export function refuseOverCodeLimit(limit: SlidingWindowLimit, ip: string): void {
  const key = addressBucket(ip);
  if (!limit.take(key)) {
    throw new HttpError(429, RC.tooFrequent, 'verify-code', { 'Retry-After': String(limit.retryAfterSec(key)) });
  }
}

function pictureCode(deps: LoginDeps, ip: string): ApiResult {
  return codeAnswer(deps, 'picture', ip, (code) => renderCaptcha(code).toString('base64'));
}

/** protocol-facts §1.3: `base64` is the code's text, for the platform's machine clients. */
function textCode(deps: LoginDeps, ip: string): ApiResult {
  return codeAnswer(deps, 'text', ip, (code) => Buffer.from(code, 'utf8').toString('base64'));
}

/** (podium) `code_id` and `expires_in` beside what the platform answers (`cmdid`, `base64`, `datetime`). */
function codeAnswer(deps: LoginDeps, kind: 'picture' | 'text', ip: string, encode: (code: string) => string): ApiResult {
  const { codeId, code, expiresAt } = deps.codes.issue(kind, ip);
  const now = deps.now();
  const body: Omit<VerifyCodeResponse, 'code_id' | 'expires_in'> & Partial<VerifyCodeResponse> = {
    cmdid: CMD.verifyCode,
    base64: encode(code),
    datetime: now / 1000,
  };
  if (deps.wire !== 'platform') {
    body.code_id = codeId;
    body.expires_in = Math.round((expiresAt - now) / 1000);
  }
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

/** The token of a resume request, or undefined when the body is a password login. */
function readResumeToken(req: ApiRequest, mrId: string): string | undefined {
  const b = req.body;
  if (typeof b !== 'object' || b === null || Array.isArray(b) || !('resume_token' in b)) return undefined;
  const { resume_token: token, ctrl_pwd: pwd, cmdid, mr_id: bodyMrId } = b as Record<string, unknown>;
  const mrError = validateMeetingNumber(mrId);
  if (mrError) throw new HttpError(400, VALIDATION_RESULT_CODES[mrError], 'mr_id');
  if (typeof token !== 'string') throw new HttpError(400, RC.fieldWrongType, 'resume_token');
  // one request is either a login or a resume: a password beside a token is a client bug
  if (pwd !== undefined) throw new HttpError(400, RC.fieldWrongType, 'ctrl_pwd');
  if (cmdid !== undefined && cmdid !== CMD.ctrlMrReq) throw new HttpError(400, RC.fieldWrongType, 'cmdid');
  if (bodyMrId !== undefined && bodyMrId !== mrId) throw new HttpError(400, RC.fieldWrongType, 'mr_id');
  return token;
}

async function login(req: ApiRequest, deps: LoginDeps): Promise<ApiResult> {
  const mrId = req.params.mrId;
  const resumeToken = readResumeToken(req, mrId);
  if (resumeToken !== undefined) return resume(req, deps, mrId, resumeToken);
  const body = readLoginBody(req, mrId);
  const ipKey = addressKey(req.ip);
  const mrKey = `mr:${mrId}`;

  // Everything from here to the recording of a failure is synchronous, so concurrent attempts
  // cannot slip past the limit between check and count.
  const ipVerdict = deps.guard.check([ipKey]);
  if (ipVerdict.locked) return failure(429, String(RC.tooManyLoginAttempts), ipVerdict.retryAfterSec);
  // A locked meeting still checks the password of a role this client logged in with before
  // (so guessers cannot lock the real host out), and only that role's (issue 24, point 2).
  const mrVerdict = deps.guard.check([mrKey]);
  const roles: ControllerRole[] = mrVerdict.locked ? knownRoles(deps, req, mrId) : ['host', 'supervisor'];
  if (mrVerdict.locked && roles.length === 0) return failure(429, String(RC.tooManyLoginAttempts), mrVerdict.retryAfterSec);

  // platform mode issues no code_id, so one sent anyway names nothing: the code is found by address
  const codeId = deps.wire === 'platform' ? undefined : body.codeId;
  const code = body.certCode === undefined ? 'missing' : deps.codes.consume(codeId, body.certCode, req.ip);
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

  const role = roles.find((r) => secretEquals(body.ctrlPwd, passwordOf(room, r)));
  if (!role && mrVerdict.locked) {
    // the other role's password was not looked at: the answer is the stranger's, and the
    // address pays for the attempt
    const delay = deps.guard.recordFailure([ipKey]);
    deps.log(`login refused: meeting ${mrId} locked, not this client's role's password, from ${req.ip}`);
    await deps.sleep(delay);
    return failure(429, String(RC.tooManyLoginAttempts), mrVerdict.retryAfterSec);
  }
  if (!role) {
    const delay = deps.guard.recordFailure([ipKey, mrKey]);
    deps.log(`login refused: wrong password for meeting ${mrId} from ${req.ip} (${deps.guard.count(mrKey)} recent failures)`);
    await deps.sleep(delay);
    return failure(403, String(RC.wrongMeetingPassword));
  }

  deps.guard.reset(ipKey);
  return rememberedRole(deps, req, room, role, await opened(deps, room, role, req.ip));
}

function passwordOf(room: RoomAuth, role: ControllerRole): string {
  return role === 'host' ? room.hostPwd : room.supervisorPwd;
}

/**
 * The roles of this meeting this client logged in with before (by address or device cookie),
 * under the roles' current passwords.
 */
function knownRoles(deps: LoginDeps, req: ApiRequest, mrId: string): ControllerRole[] {
  const trust = deps.trust;
  const room = deps.engine.roomAuth(mrId);
  if (!trust || !room) return [];
  const cookie = cookieOf(req);
  return (['host', 'supervisor'] as const).filter((r) => trust.isKnown(trust.roleScope(mrId, r, passwordOf(room, r)), req.ip, cookie));
}

/** A successful meeting login's answer, marking this browser as known for the role it proved. */
function rememberedRole(deps: LoginDeps, req: ApiRequest, room: RoomAuth, role: ControllerRole, result: ApiResult): ApiResult {
  if (!deps.trust) return result;
  return remembered(deps, req, deps.trust.roleScope(room.mrId, role, passwordOf(room, role)), result);
}

/**
 * The lock keys that apply to this client: always its address; the scope (a management
 * account) only when the client never logged in to it before, so guessers cannot lock the real
 * owner out. (The meeting login decides per role, see {@link knownRoles}.)
 */
export function lockKeys(deps: { trust?: LoginTrust }, req: ApiRequest, ipKey: string, scopeKey: string): string[] {
  const known = deps.trust?.isKnown(scopeKey, req.ip, cookieOf(req)) ?? false;
  return known ? [ipKey] : [ipKey, scopeKey];
}

/** A successful login's answer with the device cookie that marks this browser as known. */
export function remembered(deps: { trust?: LoginTrust }, req: ApiRequest, scopeKey: string, result: ApiResult): ApiResult {
  if (!deps.trust || result.status !== 200) return result;
  const secure = req.headers['x-forwarded-proto'] === 'https';
  return { ...result, headers: { ...result.headers, 'Set-Cookie': deps.trust.remember(scopeKey, req.ip, cookieOf(req), secure) } };
}

function cookieOf(req: ApiRequest): string | undefined {
  const c = req.headers.cookie;
  return Array.isArray(c) ? c.join('; ') : c;
}

/**
 * Opens a session for a role that proved itself (password, or resume token) and answers the
 * login response with the session's resume token.
 */
async function opened(deps: LoginDeps, room: RoomAuth, role: ControllerRole, peerIp: string): Promise<ApiResult> {
  const mrId = room.mrId;
  const session = deps.engine.openSession({ mrId, role, peerIp });
  const rsp: Omit<LoginResponse, 'signing'> & Partial<LoginResponse> = {
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
  };
  // the platform answers none of these: its clients poll without a cursor and sign with MD5
  if (deps.wire === 'platform') return json(200, rsp, NO_STORE);
  rsp.signing = deps.signing;
  if (deps.signing === 'strict') rsp.sign_key = encodeSignKey(session.signKey);
  // where this session's feed starts: the console polls from here after its first load
  if (session.loginSeq !== undefined) rsp.seq = session.loginSeq;
  if (deps.resume) {
    try {
      rsp.resume_token = await deps.resume.issue({
        mrId,
        role,
        peerIp,
        sessId: session.sessId,
        meetingStart: room.mrStartDtm,
        authDigest: passwordsDigest(room.hostPwd, room.supervisorPwd),
      });
    } catch (e) {
      // the session is open either way: without a token it simply cannot be resumed
      deps.log(`resume token not stored for meeting ${mrId}: ${e instanceof Error ? e.message : String(e)}`);
    }
  }
  return json(200, rsp, NO_STORE);
}

/**
 * A resume: the token must be valid for this meeting and address, and the meeting it was issued
 * in must still run under the same passwords. Refusals are all alike to the client (403, 1013)
 * and count as failed attempts from its address.
 */
async function resume(req: ApiRequest, deps: LoginDeps, mrId: string, token: string): Promise<ApiResult> {
  const ipKey = addressKey(req.ip);
  // a valid token proves the client logged in before: only its address's lock applies
  const verdict = deps.guard.check([ipKey]);
  if (verdict.locked) return failure(429, String(RC.tooManyLoginAttempts), verdict.retryAfterSec);

  const refuse = async (why: string): Promise<ApiResult> => {
    const delay = deps.guard.recordFailure([ipKey]);
    deps.log(`resume refused (${why}) for meeting ${mrId} from ${req.ip}`);
    await deps.sleep(delay);
    return failure(403, String(RC.resumeRefused));
  };
  if (!deps.resume) return refuse('disabled');
  const outcome = await deps.resume.redeem(token, mrId, req.ip);
  if (!outcome.ok) return refuse(outcome.why);
  const { grant } = outcome;
  const room = deps.engine.roomAuth(mrId);
  if (!room || !room.running) return refuse('meeting not running');
  if (room.mrStartDtm !== grant.meetingStart) return refuse('another meeting');
  if (passwordsDigest(room.hostPwd, room.supervisorPwd) !== grant.authDigest) return refuse('passwords changed');
  deps.guard.reset(ipKey);
  return rememberedRole(deps, req, room, grant.role, await opened(deps, room, grant.role, req.ip));
}
