/**
 * What the UI does with a failed request: spec §8 "HTTP handling", as data. The UI translates
 * the message codes with Lingui; nothing here is user text.
 *
 * | outcome | kind | message code |
 * |---|---|---|
 * | 2xx | `none` | – |
 * | 304, 405 | `silent` | `http.304`, `http.405` (405 on the login = `login.badCode`) |
 * | 401 | `silent` | `http.401` (wording "login permission invalid, log in again", for a re-login prompt) |
 * | 403 with result 1088 | `silent` | `result` (result 1088, "log in as administrator") |
 * | 403 with a result code | `message` | `result` → show `codeMessage(result)` of protocol/codes.ts |
 * | 403 without one | `message` | `http.403` |
 * | 404 | `message` | `http.404` "Request link does not exist", with `url` |
 * | 500, 550 | `message` | `http.500` server error, with `url` |
 * | 556 | `message` | `http.556` no access rights, contact the administrator |
 * | (podium) 400, 409, 422, 429 with a result code | `message` | `result` (validation refusals: the dialog keeps its input) |
 * | 502 | `alertReload` | `http.502` services temporarily inaccessible |
 * | 555 | `alertReload` | `http.555` invalid request url, log in again |
 * | 503 | `alertReload` | `http.503` an outage, worded as §8 words any other status |
 * | 504 | `alertReload` | `http.504` time-out, log in again |
 * | client time-out | `alertReload` | `timeout` worded as 504 (§8) |
 * | no answer at all (network down) | `alertReload` | `network` worded as any other status (§8) |
 * | 499 | `alertReload` | `http.499` login timed out, log in again |
 * | any other status, unreadable answer | `alertReload` | `http.other` request server failed, log in again |
 * | any other failure on `/status/participant/…` | `message` | `http.statisticsDisabled` meeting statistics function not enabled |
 * | the caller aborted | `silent` | `aborted` |
 *
 * On `/status/participant/…` a 401 stays silent (the session the read named is gone: a console
 * logging out, or one whose session another tab ended; nothing is wrong with the statistics) and
 * an outage stays an outage (502, 503, 504, a time-out, no answer): "statistics not enabled"
 * would be untrue, and the background quality reads would queue a toast of it per request while
 * the platform is unreachable, ahead of the notices the host needs then.
 *
 * `alertReload`: an alert whose button reloads the page. Those of an outage (502, 503, 504, a
 * time-out, no answer at all) carry `outage: true`: the platform may come back by itself, so the
 * alert goes when it answers again (src/components/requestFailure.tsx, issue 23 item 5).
 */
import { SILENT_RESULT_CODES } from '@protocol/resultCodes';
import { isApiError, type ApiError } from '@protocol/errors';

export type FailureMessage =
  | 'result'
  | 'login.badCode'
  | 'aborted'
  | 'http.304'
  | 'http.401'
  | 'http.403'
  | 'http.404'
  | 'http.405'
  | 'http.499'
  | 'http.500'
  | 'http.502'
  | 'http.503'
  | 'http.504'
  | 'timeout'
  | 'network'
  | 'http.555'
  | 'http.556'
  | 'http.other'
  | 'http.statisticsDisabled';

export type FailureClass =
  | { kind: 'none' }
  | { kind: 'silent'; message: FailureMessage; result?: number }
  | { kind: 'message'; message: FailureMessage; result?: number; url?: string }
  | { kind: 'alertReload'; message: FailureMessage; url?: string; status?: number; outage?: boolean };

const OUTAGE_STATUSES = new Set([502, 503, 504]);

/** No answer, or the platform's gateway says it is unreachable: it may come back by itself. */
function isOutage(err: ApiError): boolean {
  return err.kind === 'timeout' || err.kind === 'network' || (err.kind === 'http' && OUTAGE_STATUSES.has(err.status));
}

const LOGIN_PATH = /\/rest\/v1\/meetings\/[^/]+\/sessions\/?$/;
const RESULT_STATUSES = new Set([400, 409, 422, 429]);

/**
 * Classifies a request failure for the UI (spec §8).
 * @example classifyFailure(new ApiError('http', 502, '/x')) // { kind: 'alertReload', message: 'http.502' }
 */
export function classifyFailure(err: unknown): FailureClass {
  if (!isApiError(err)) return { kind: 'alertReload', message: 'http.other' };
  const { status, url, result } = err;
  if (err.kind === 'aborted') return { kind: 'silent', message: 'aborted' };
  if (err.kind === 'http' && status >= 200 && status <= 299) return { kind: 'none' };
  const path = url.split('?')[0];
  if (path.includes('/status/participant/') && !isOutage(err) && !(err.kind === 'http' && status === 401))
    return { kind: 'message', message: 'http.statisticsDisabled', url };
  if (err.kind === 'timeout') return { kind: 'alertReload', message: 'timeout', url, status: 0, outage: true };
  if (err.kind === 'network') return { kind: 'alertReload', message: 'network', url, status: 0, outage: true };
  if (err.kind !== 'http') return { kind: 'alertReload', message: 'http.other', url };

  switch (status) {
    case 304:
      return { kind: 'silent', message: 'http.304' };
    case 401:
      return { kind: 'silent', message: 'http.401', result };
    case 405:
      return LOGIN_PATH.test(path) ? { kind: 'silent', message: 'login.badCode', result } : { kind: 'silent', message: 'http.405' };
    case 403:
      if (result !== undefined && SILENT_RESULT_CODES.has(result)) return { kind: 'silent', message: 'result', result };
      return result !== undefined ? { kind: 'message', message: 'result', result } : { kind: 'message', message: 'http.403' };
    case 404:
      return { kind: 'message', message: 'http.404', url, result };
    case 500:
    case 550:
      return { kind: 'message', message: 'http.500', url, result };
    case 556:
      return { kind: 'message', message: 'http.556' };
    case 502:
      return { kind: 'alertReload', message: 'http.502', url, status, outage: true };
    case 555:
      return { kind: 'alertReload', message: 'http.555', url };
    case 504:
      return { kind: 'alertReload', message: 'http.504', url, status, outage: true };
    case 499:
      return { kind: 'alertReload', message: 'http.499', url };
    default:
      // §8 words 503 as any other status, but a host needs to tell an outage (a gateway or a platform
      // restarting) from a refusal: its own words (issue 26 item 5)
      if (status === 503) return { kind: 'alertReload', message: 'http.503', url, status, outage: true };
      if (RESULT_STATUSES.has(status) && result !== undefined) {
        if (SILENT_RESULT_CODES.has(result)) return { kind: 'silent', message: 'result', result };
        return { kind: 'message', message: 'result', result };
      }
      return { kind: 'alertReload', message: 'http.other', url };
  }
}
