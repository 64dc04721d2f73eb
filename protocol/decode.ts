/**
 * Runtime decoders for every response of wire.ts and every long-poll event of events.ts.
 * Machines decode server payloads at the actor boundary with these, so a malformed answer
 * becomes one {@link DecodeError} instead of `undefined` deep inside a reducer.
 *
 * What is checked: `cmdid` (when the object carries one), the type of every known field, and
 * that parallel arrays (`usr_ids[i]`, `usr_names[i]`…) have equal lengths. Unknown fields are
 * dropped. Fields marked "(podium)" in wire.ts, and platform fields a real platform may leave
 * out, get neutral defaults when absent (for parallel arrays: one default per entry), so the
 * console also works against a platform that does not send them. Unknown event `cmdid`s are
 * dropped, not errors: the platform adds events over time. No I/O and no dependency here.
 */
import type {
  Bit,
  ErrorBody,
  LoginFailure,
  LoginResponse,
  NginxConfigResponse,
  OemIconTitleResponse,
  PlatformResponse,
  StandaloneResponse,
  VerifyCodeResponse,
} from './wire';
import {
  DecodeError,
  type Decoder,
  isObj,
  str,
  num,
  bit,
  oneOf,
  recordOf,
  opt,
  dflt,
  object,
  type Fields,
  mrScene,
  role,
} from './decodeCore';

export * from './decodeCore';
export * from './decodeSession';

// ---------------------------------------------------------------------------------------------
// Responses

export const decodePlatformResponse: Decoder<PlatformResponse> = object<PlatformResponse>('getPlatform', {
  code: num,
  data: object<PlatformResponse['data']>('getPlatform data', {
    func_enabled: (v, p = '') => {
      const flags = recordOf(num)(v, p);
      return { api_aes_mode: 0, live_builtin: 1, conf_statistics: 0, ...flags, ...pickBits(flags, p) };
    },
    // a Podium extension the platform does not send (wire.ts): absent is no credentials, not an error
    signing: opt(
      object<NonNullable<PlatformResponse['data']['signing']>>('signing', {
        mode: oneOf('strict', 'compat'),
        devid: str,
        devtoken: str,
      }),
    ),
    version: dflt(str, ''),
    links: opt((v) => platformLinksOf(v)),
    // an assumption (group user-number): a value that is no whole number from 1 to 20 counts as absent
    usr_id_digits: opt((v) => (typeof v === 'number' && Number.isInteger(v) && v >= 1 && v <= 20 ? v : undefined)),
  }),
});

/** Only absolute http(s) addresses are kept: anything else is no link at all. */
function platformLinksOf(value: unknown): PlatformResponse['data']['links'] {
  if (!isObj(value)) return undefined;
  const out: Record<string, string> = {};
  for (const key of ['help', 'join', 'manage', 'user', 'download'] as const) {
    const v = value[key];
    if (typeof v === 'string' && /^https?:\/\/[^\s]+$/i.test(v)) out[key] = v;
  }
  return out;
}

function pickBits(flags: Record<string, number>, p: string): Record<string, Bit> {
  const out: Record<string, Bit> = {};
  for (const k of ['api_aes_mode', 'live_builtin', 'conf_statistics']) {
    if (k in flags) out[k] = bit(flags[k], `${p}.${k}`);
  }
  return out;
}

export const decodeStandaloneResponse = object<StandaloneResponse>('is_standalone', {
  code: num,
  data: object<StandaloneResponse['data']>('is_standalone data', { is_standalone: dflt(bit, 0) }),
});

export const decodeOemIconTitleResponse = object<OemIconTitleResponse>('icon_title', {
  code: num,
  data: object<OemIconTitleResponse['data']>('icon_title data', {
    oem_id: dflt(str, ''),
    title: object<OemIconTitleResponse['data']['title']>('title', { zh: dflt(str, ''), en: dflt(str, '') }),
    icon: dflt(str, ''),
  }),
});

export const decodeNginxConfigResponse = object<NginxConfigResponse>('nginx config', {
  code: num,
  data: object<NginxConfigResponse['data']>('nginx config data', {
    http_port: dflt(num, 0),
    https_port: dflt(num, 0),
    base_path: dflt(str, ''),
  }),
});

export const decodeVerifyCodeResponse = object<VerifyCodeResponse>(
  'verify_code',
  { cmdid: str, base64: str, datetime: dflt(num, 0), code_id: dflt(str, ''), expires_in: dflt(num, 0) },
  { cmdid: 'verify_code' },
);

const loginFields: Fields<LoginResponse> = {
  cmdid: str,
  result: (v, p) => (typeof v === 'number' ? String(v) : str(v, p)),
  mr_id: str,
  sess_id: (v, p = '') => {
    const s = str(v, p);
    if (s === '') throw new DecodeError(p, 'a non-empty session id');
    return s;
  },
  use_pwd: dflt(role, 'host'),
  extra: dflt(str, ''),
  mr_start_dtm: dflt(num, 0),
  schedule_start_dtm: dflt(num, 0),
  schedule_name: dflt(str, ''),
  stand_alone: dflt(num, 0),
  invalid_time: dflt(num, 0),
  after_sale_mgr_email: dflt(str, ''),
  expired_notify: dflt(str, ''),
  mr_scene: dflt(mrScene, 'conference'),
  sign_key: opt(str),
  signing: opt(oneOf('strict', 'compat')),
  resume_token: opt(str),
  seq: opt(num),
};
const decodeLoginRaw = object<LoginResponse>('ctrl_mr_rsp', loginFields, { cmdid: 'ctrl_mr_rsp' });

/** Login answer; `signing` defaults to strict when a `sign_key` came, else compat. */
export const decodeLoginResponse: Decoder<LoginResponse> = (v, p) => {
  const r = decodeLoginRaw(v, p);
  if (!r.signing) r.signing = r.sign_key ? 'strict' : 'compat';
  if (r.signing === 'strict' && !r.sign_key) throw new DecodeError(`${p ?? ''}.sign_key`, 'present in strict mode');
  return r;
};

export const decodeLoginFailure = object<LoginFailure>(
  'ctrl_mr_rsp failure',
  {
    cmdid: str,
    result: (v, p) => (typeof v === 'number' ? String(v) : str(v, p)),
    extra: opt(str),
    retry_after: opt(num),
  },
  { cmdid: 'ctrl_mr_rsp', cmdidOptional: true },
);

export const decodeErrorBody = object<ErrorBody>(
  'error',
  { cmdid: str, result: num, detail: opt(str) },
  { cmdid: 'error', cmdidOptional: true },
);
