/**
 * Platform bootstrap calls of the login screen (spec §7 "Before and at login").
 * `getPlatform` is unsigned: its answer is how the console learns to sign (mode, devid,
 * devtoken) and whether `api_aes_mode` is on. The others are signed in compat mode.
 */
import {
  decodeNginxConfigResponse,
  decodeOemIconTitleResponse,
  decodePlatformResponse,
  decodeStandaloneResponse,
} from '@protocol/decode';
import type { NginxConfigResponse, OemIconTitleResponse, PlatformResponse, StandaloneResponse } from '@protocol/wire';
import { createTransport, type ClientOptions, type PlatformSettings, type Transport } from './transport';

export interface PlatformApi {
  /** GET /api/v3/app/getPlatform (unsigned) */
  getPlatform(signal?: AbortSignal): Promise<PlatformResponse>;
  /** the settings of getPlatform, fetched once and cached (a failure is not cached) */
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

/** The signing/AES settings of a getPlatform answer. */
export function platformSettings(rsp: PlatformResponse): PlatformSettings {
  return { signing: rsp.data.signing, aesMode: rsp.data.func_enabled.api_aes_mode === 1 };
}

/**
 * The platform client. Pass `settings` to skip getPlatform (when they are already known).
 * @example const platform = createPlatformApi({ baseUrl: server.url }); await platform.settings();
 */
export function createPlatformApi(options: ClientOptions & { settings?: PlatformSettings } = {}): PlatformClient {
  let cached: Promise<PlatformSettings> | undefined = options.settings ? Promise.resolve(options.settings) : undefined;
  const transport = createTransport(options, () => settings());

  const getPlatform = (signal?: AbortSignal) =>
    transport.request({ method: 'GET', path: '/api/v3/app/getPlatform', unsigned: true, signal, decode: decodePlatformResponse });

  function settings(signal?: AbortSignal): Promise<PlatformSettings> {
    if (!cached) {
      const p = getPlatform(signal).then(platformSettings);
      cached = p;
      p.catch(() => {
        if (cached === p) cached = undefined;
      });
    }
    return cached;
  }

  return {
    transport,
    getPlatform,
    settings,
    isStandalone: (signal) =>
      transport.request({ method: 'GET', path: '/app1/is_standalone/', signal, decode: decodeStandaloneResponse }),
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
