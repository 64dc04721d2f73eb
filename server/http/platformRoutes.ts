/**
 * What the console asks before anyone logs in (spec §7 "Before and at login"): the platform
 * flags (and, in podium mode only, the signing parameters), whether the platform is standalone, the login-screen branding
 * and where the platform is served.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '../config';
import { REPO_ROOT } from '../config';
import type { NginxConfigResponse, OemIconTitleResponse, PlatformResponse, StandaloneResponse } from '../../protocol/wire';
import { json, type Router } from './router';

/** The package version, reported by getPlatform. */
export const SERVER_VERSION: string = (() => {
  try {
    return (JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { version?: string }).version ?? '0.0.0';
  } catch {
    return '0.0.0';
  }
})();

const ICON_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="12" fill="#1c7ed6"/>' +
  '<rect x="14" y="34" width="36" height="8" rx="2" fill="#fff"/><rect x="22" y="20" width="20" height="14" rx="3" fill="#fff"/>' +
  '<rect x="18" y="42" width="6" height="10" fill="#fff"/><rect x="40" y="42" width="6" height="10" fill="#fff"/></svg>';

export const ICON_DATA_URL = `data:image/svg+xml;base64,${Buffer.from(ICON_SVG).toString('base64')}`;

export interface PlatformRouteDeps {
  config: Config;
  /** the port actually listened on (PORT may be 0) */
  port: () => number;
}

export function registerPlatformRoutes(router: Router, deps: PlatformRouteDeps): void {
  const { config } = deps;
  const noCache = { 'Cache-Control': 'no-cache' };

  router.get('/api/v3/app/getPlatform', () => {
    const body: PlatformResponse = {
      code: 0,
      data: {
        func_enabled: { api_aes_mode: config.apiAesMode, live_builtin: 1, conf_statistics: 1 },
        version: SERVER_VERSION,
        links: config.links ?? {},
      },
    };
    // (podium extension) In podium mode the devtoken is not a secret: compat signing is integrity
    // against accidents, not authentication, and every console must be able to compute it. No
    // evidence shows the platform handing out credentials, so platform mode sends none: a
    // console in front of it is signed for by the `--upstream` proxy (upstreamProxy.ts).
    if (config.wire !== 'platform') body.data.signing = { mode: config.signing, devid: config.devId, devtoken: config.devToken };
    // spec §5 "configured digit count": how the console learns it is an assumption (group user-number)
    if (config.wire !== 'platform' || config.platformAssume.has('user-number')) body.data.usr_id_digits = config.userNumberDigits;
    return json(200, body, noCache);
  });

  const standalone = () => json(200, { code: 0, data: { is_standalone: 1 } } satisfies StandaloneResponse, noCache);
  router.get('/app1/is_standalone/', standalone);
  router.get('/rest/v1/app1/is_standalone/', standalone);

  const iconTitle = (oemId: string) =>
    json(
      200,
      {
        code: 0,
        data: { oem_id: oemId, title: { zh: 'Podium 会议控制台', en: 'Podium Meeting Control' }, icon: ICON_DATA_URL },
      } satisfies OemIconTitleResponse,
      { 'Cache-Control': 'public, max-age=300' },
    );
  router.get('/oem/name/:oemId/icon_title/icon_title_char/', (req) => iconTitle(req.params.oemId));
  router.get('/rest/v1/oem/name/:oemId/icon_title/icon_title_char/', (req) => iconTitle(req.params.oemId));

  const nginx = () =>
    json(
      200,
      { code: 0, data: { http_port: deps.port(), https_port: 0, base_path: config.basePath } } satisfies NginxConfigResponse,
      noCache,
    );
  router.post('/oem/get_nginx_config', nginx);
  router.post('/rest/v1/oem/get_nginx_config', nginx);
}
