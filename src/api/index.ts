/**
 * The console's HTTP client: typed ky clients for the platform bootstrap, the login and one
 * session, plus {@link classifyFailure} for the UI. Machines receive these through `input`.
 */
import type { LoginApi, ResumeSession, SessionApi } from '@machines/api';
import { createLoginApi } from './login';
import { createPlatformApi, type PlatformClient } from './platform';
import { createResumeSession, createSessionApi, type SessionApiOptions } from './session';
import type { ClientOptions, PlatformSettings } from './transport';

export { basePathFromPathname, currentBasePath, defaultBaseUrl, withBasePath } from './basePath';
export { classifyFailure, type FailureClass, type FailureMessage } from './classify';
export { createLoginApi } from './login';
export { createPlatformApi, platformPort, platformSettings, type PlatformApi, type PlatformClient, type PlatformInfo } from './platform';
export { createRelogin, createResumeSession, createSessionApi, newReqId, type SessionApiOptions, type SessionKeys } from './session';
export {
  createTransport,
  signingProblem,
  SigningUnavailableError,
  type ClientOptions,
  type PlatformSettings,
  type RequestSpec,
  type SigningProblem,
  type Transport,
} from './transport';
export { trimStrings } from './trim';

export interface ApiClient {
  platform: PlatformClient;
  login: LoginApi;
  /** a session client for a login (as the session record keeps it), sharing the platform settings */
  session(login: SessionApiOptions['login'], extra?: Pick<SessionApiOptions, 'onInvalidEvent'>): SessionApi;
  /** (podium) the session actor's resume port: a new session for an expired one's token */
  resume: ResumeSession;
}

/**
 * One client for the whole console: getPlatform is fetched once and shared by the login and
 * every session.
 * @example const api = createApiClient(); const code = await api.login.getVerifyCode();
 */
export function createApiClient(options: ClientOptions & { settings?: PlatformSettings } = {}): ApiClient {
  const platform = createPlatformApi(options);
  return {
    platform,
    login: createLoginApi({ ...options, platform }),
    session: (login, extra) => createSessionApi({ ...options, ...extra, platform, login }),
    resume: createResumeSession({ ...options, platform }),
  };
}
