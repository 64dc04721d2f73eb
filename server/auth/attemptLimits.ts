/**
 * The meeting login's attempt limits applied to the other calls that can be made without a
 * meeting session (issue 17, items 4 and 5). They wrap routes other parts register, so the
 * management login and the meeting checks keep their own shapes:
 *
 * - management login (`/app1/{x}/sessions/login_req/`): the same {@link LoginGuard} as the
 *   meeting login, keyed by the client address and the account (`mgmt:<login id>`); a locked
 *   client is answered 429 (result 1005, `retry_after`) without checking anything, a wrong
 *   password is held back like a meeting login's, and an address or browser that logged in to
 *   the account before is not refused by the account's lock (auth/loginTrust.ts);
 * - management verify codes: the same per-address sliding-window limit as the meeting's;
 * - `multi_login_verify` and `overtime_judge`: a locked address is refused, and each question
 *   from anyone but a controller of the meeting asked about counts as a failed attempt of the
 *   address and is held back like one, so meeting numbers cannot be probed faster than
 *   passwords. Whether the meeting runs, is idle or does not exist is not looked at before the
 *   answer is held (issue 24, point 5): the same count, the same delay, the same body.
 */
import { RC } from '../../protocol/codes';
import type { EngineFacade } from '../engine/facade';
import { json, type ApiRequest, type ApiResult, type Handler, type Router } from '../http/router';
import { addressKey, type LoginGuard } from './loginGuard';
import { lockKeys, refuseOverCodeLimit, remembered } from './loginRoutes';
import type { LoginTrust } from './loginTrust';
import type { SlidingWindowLimit } from './rateLimit';
import { controllerOf } from './sessionBinding';

export interface AttemptLimitDeps {
  guard: LoginGuard;
  codeLimit: SlidingWindowLimit;
  trust?: LoginTrust;
  engine: EngineFacade;
  sleep: (ms: number) => Promise<void>;
  log: (message: string) => void;
}

const MGMT_CODE_ROUTES = ['/rest/v1/app1/manager/sessions/web-verify-code/', '/rest/v1/app1/manager/sessions/verify-code/'];
const MGMT_LOGIN_ROUTE = '/rest/v1/app1/:x/sessions/login_req/';
const PROBE_ROUTES = ['/rest/v1/app1/manager/multi_login_verify/', '/rest/v1/app1/manager/overtime_judge/'];
/** answers of a login that failed on its verify code or its form: not a password guess */
const NOT_A_GUESS = new Set<number>([RC.verifyCodeIncorrect, RC.tooFrequent]);

export function limitPreSessionRoutes(router: Router, deps: AttemptLimitDeps): void {
  for (const path of MGMT_CODE_ROUTES) {
    router.wrap('GET', path, (inner) => (req) => {
      refuseOverCodeLimit(deps.codeLimit, req.ip);
      return inner(req);
    });
  }
  router.wrap('POST', MGMT_LOGIN_ROUTE, (inner) => managementLogin(inner, deps));
  for (const path of PROBE_ROUTES) router.wrap('POST', path, (inner) => meetingProbe(inner, deps));
}

function locked(retryAfterSec: number): ApiResult {
  return json(
    429,
    { cmdid: 'error', result: RC.tooManyLoginAttempts, detail: 'locked', retry_after: retryAfterSec },
    { 'Retry-After': String(retryAfterSec), 'Cache-Control': 'no-store' },
  );
}

function managementLogin(inner: Handler, deps: AttemptLimitDeps): Handler {
  return async (req) => {
    const ipKey = addressKey(req.ip);
    const loginId = loginIdOf(req);
    const scopeKey = loginId === undefined ? undefined : `mgmt:${loginId}`;
    const verdict = deps.guard.check(scopeKey ? lockKeys(deps, req, ipKey, scopeKey) : [ipKey]);
    if (verdict.locked) return locked(verdict.retryAfterSec);
    const result = await inner(req);
    if (isSuccess(result)) {
      deps.guard.reset(ipKey);
      return scopeKey ? remembered(deps, req, scopeKey, result) : result;
    }
    if (result.status === 400 || NOT_A_GUESS.has(resultCode(result) ?? -1)) return result;
    const delay = deps.guard.recordFailure(scopeKey ? [ipKey, scopeKey] : [ipKey]);
    deps.log(`management login refused for ${loginId ?? '?'} from ${req.ip}`);
    await deps.sleep(delay);
    return result;
  };
}

function meetingProbe(inner: Handler, deps: AttemptLimitDeps): Handler {
  return async (req) => {
    const ipKey = addressKey(req.ip);
    const verdict = deps.guard.check([ipKey]);
    if (verdict.locked) return locked(verdict.retryAfterSec);
    const body = req.body as { mr_id?: unknown } | undefined;
    const mrId = typeof body === 'object' && body !== null && typeof body.mr_id === 'string' ? body.mr_id : undefined;
    // a question naming no meeting is refused by its form alone; a controller asking about its
    // own meeting learns nothing it does not know
    if (mrId !== undefined && !controllerOf(deps.engine, req, mrId)) {
      const delay = deps.guard.recordFailure([ipKey]);
      await deps.sleep(delay);
    }
    return inner(req);
  };
}

function loginIdOf(req: ApiRequest): string | undefined {
  const b = req.body as { login_id?: unknown } | undefined;
  if (typeof b !== 'object' || b === null || typeof b.login_id !== 'string') return undefined;
  const id = b.login_id.trim().split('@')[0].toLowerCase();
  return id === '' || id.length > 128 ? undefined : id;
}

function bodyOf(result: ApiResult): Record<string, unknown> | undefined {
  let b = result.body;
  if (typeof b === 'string' || Buffer.isBuffer(b)) {
    try {
      b = JSON.parse(b.toString());
    } catch {
      return undefined;
    }
  }
  return typeof b === 'object' && b !== null ? (b as Record<string, unknown>) : undefined;
}

function isSuccess(result: ApiResult): boolean {
  const b = bodyOf(result);
  return result.status === 200 && typeof b?.session_id === 'string' && b.session_id !== '';
}

function resultCode(result: ApiResult): number | undefined {
  const r = bodyOf(result)?.result;
  const n = typeof r === 'number' ? r : typeof r === 'string' ? Number(r) : NaN;
  return Number.isFinite(n) ? n : undefined;
}
