/**
 * Platform bootstrap calls of the login screen (spec §7 "Before and at login").
 * `getPlatform` is unsigned: its answer is how the console learns who signs (the credentials of
 * a Podium server's `data.signing`, or a signing `--upstream` proxy's `X-Podium-Signer` header)
 * and whether `api_aes_mode` is on. The others are signed in compat mode.
 */
import { decodeNginxConfigResponse, decodeOemIconTitleResponse, decodePlatformResponse, decodeStandaloneResponse } from '@protocol/decode';
import {
  UPSTREAM_SIGNER,
  UPSTREAM_SIGNER_HEADER,
  type NginxConfigResponse,
  type OemIconTitleResponse,
  type PlatformResponse,
  type StandaloneResponse,
} from '@protocol/wire';
import { createTransport, type ClientOptions, type PlatformSettings, type Transport } from './transport';
import type { PlatformPort } from '@machines/api';
import { GET_PLATFORM_PATH } from './earlyPlatform';

/** One getPlatform answer: its body and the settings it and its headers give. */
export interface PlatformInfo {
  response: PlatformResponse;
  settings: PlatformSettings;
}

export interface PlatformApi {
  /** GET /api/v3/app/getPlatform (unsigned) */
  getPlatform(signal?: AbortSignal): Promise<PlatformResponse>;
  /** getPlatform's answer and settings, fetched once and cached (a failure is not cached) */
  info(signal?: AbortSignal): Promise<PlatformInfo>;
  /** the settings of {@link PlatformApi.info} */
  settings(signal?: AbortSignal): Promise<PlatformSettings>;
  /** GET /app1/is_standalone/ */
  isStandalone(signal?: AbortSignal): Promise<StandaloneResponse>;
  /** GET /oem/name/{oemId}/icon_title/icon_title_char/ */
  oemIconTitle(oemId: string, signal?: AbortSignal): Promise<OemIconTitleResponse>;
  /** POST /oem/get_nginx_config */
  nginxConfig(signal?: AbortSignal): Promise<NginxConfigResponse>;
}

/** A platform client plus the signed transport it shares with the login and session clients. */
export type PlatformClient = PlatformApi & { readonly transport: Transport };

/**
 * The signing/AES settings of a getPlatform answer; `headers` are its response headers (a
 * signing proxy announces itself there, never in the body a platform could fill).
 */
export function platformSettings(rsp: PlatformResponse, headers?: Headers): PlatformSettings {
  const upstreamSigns = headers?.get(UPSTREAM_SIGNER_HEADER)?.trim().toLowerCase() === UPSTREAM_SIGNER;
  return {
    ...(rsp.data.signing ? { signing: rsp.data.signing } : {}),
    ...(upstreamSigns ? { upstreamSigns } : {}),
    aesMode: rsp.data.func_enabled.api_aes_mode === 1,
  };
}

/**
 * The platform client. Pass `settings` to skip getPlatform (when they are already known).
 * @example const platform = createPlatformApi({ baseUrl: server.url }); await platform.settings();
 */
export function createPlatformApi(options: ClientOptions & { settings?: PlatformSettings } = {}): PlatformClient {
  let cached: Promise<PlatformInfo> | undefined;
  const transport = createTransport(options, () => settings());

  const getPlatform = (signal?: AbortSignal) =>
    transport.request({ method: 'GET', path: GET_PLATFORM_PATH, unsigned: true, signal, decode: decodePlatformResponse });

  function info(signal?: AbortSignal): Promise<PlatformInfo> {
    if (!cached) {
      let headers: Headers | undefined;
      const p = transport
        .request({
          method: 'GET',
          path: GET_PLATFORM_PATH,
          unsigned: true,
          signal,
          decode: decodePlatformResponse,
          onHeaders: (h) => (headers = h),
        })
        .then((response) => ({ response, settings: platformSettings(response, headers) }));
      cached = p;
      p.catch(() => {
        if (cached === p) cached = undefined;
      });
    }
    return cached;
  }

  function settings(signal?: AbortSignal): Promise<PlatformSettings> {
    return options.settings ? Promise.resolve(options.settings) : info(signal).then((i) => i.settings);
  }

  return {
    transport,
    getPlatform,
    info,
    settings,
    isStandalone: (signal) => transport.request({ method: 'GET', path: '/app1/is_standalone/', signal, decode: decodeStandaloneResponse }),
    oemIconTitle: (oemId, signal) =>
      transport.request({
        method: 'GET',
        path: `/oem/name/${encodeURIComponent(oemId)}/icon_title/icon_title_char/`,
        signal,
        decode: decodeOemIconTitleResponse,
      }),
    nginxConfig: (signal) =>
      transport.request({ method: 'POST', path: '/oem/get_nginx_config', body: {}, signal, decode: decodeNginxConfigResponse }),
  };
}

/**
 * The session's port to the platform (machines/api.ts {@link PlatformPort}): getPlatform and
 * signed requests by path over this client's transport, a management session named in the
 * `sessionid` header as the platform's management client names it (facts §1.2).
 */
export function platformPort(client: PlatformClient): PlatformPort {
  return {
    getPlatform: (signal) => client.getPlatform(signal),
    request: <T>(method: 'GET' | 'POST', path: string, body?: unknown, options?: { sessionId?: string; signal?: AbortSignal }) =>
      client.transport.request<T>({
        method,
        path,
        body,
        signal: options?.signal,
        session: options?.sessionId ? { sessId: options.sessionId } : undefined,
      }),
  };
}
