/**
 * Server configuration from environment variables. Every variable is read and validated here,
 * once; the rest of the server gets a typed {@link Config}. A bad value is a
 * {@link ConfigError} listing every problem, which main.ts prints before exiting with code 1.
 *
 * The README's "Server configuration" section documents each variable; keep the two in step.
 */
import { isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { validateMeetingNumber } from '../protocol/validation';
import { STEADY_ENDPOINTS_MAX } from './sim/steady';
import type { SigningMode, WireMode } from '../protocol/wire';
import { parseFrameAncestors } from './http/securityHeaders';
import { parseAssumeList, type AssumptionGroup } from '../protocol/assumptions';
import { parseConfigReadFaults, type ConfigRead } from './http/configReadFaults';

export type { WireMode } from '../protocol/wire';

export interface DemoConfig {
  /** seed the demo tenant on an empty store */
  seed: boolean;
  mrId: string;
  hostPwd: string;
  supervisorPwd: string;
  /** minutes from the demo meeting's start to the room's next booking (overtime and booking-conflict rules); 180 when unset */
  bookingMinutes?: number;
  /** days from the seeding to the end of the demo tenant's service (the expiry reminder starts 30 days before); 20 when unset */
  serviceDays?: number;
  /** the demo room's resource template: most panes of a layout (`DEMO_MAX_MOSAIC`, 25 when unset) */
  maxMosaic?: number;
  /** the demo room's resource template allows recording (`DEMO_RECORDING`, true when unset) */
  recording?: boolean;
  /** the demo room's `max_call` (`DEMO_MAX_CALL`); unset: 1.5 × the simulated endpoints, at least 1000 */
  maxCall?: number;
}

export interface Config {
  port: number;
  host: string;
  /** absolute path of the embedded store's directory */
  dataDir: string;
  /** PostgreSQL URL: the store is then PostgreSQL instead of the embedded one in dataDir (see store/index.ts) */
  databaseUrl?: string;
  /**
   * `UPSTREAM_URL` or `--upstream`: the platform to forward `/rest/v1` to (http(s), no trailing
   * slash). Set, the server runs no engine: it serves the console and proxies the API.
   */
  upstreamUrl?: string;
  devId: string;
  devToken: string;
  /**
   * With `upstreamUrl`: DEV_ID and DEV_TOKEN when both were set, the credentials the proxy signs
   * every forwarded request with (server/http/upstreamProxy.ts); undefined, it signs nothing.
   */
  upstreamSigner?: { devid: string; devtoken: string };
  /** `WIRE`: podium (default) or platform; platform mode always signs compat */
  wire: WireMode;
  signing: SigningMode;
  /**
   * `PLATFORM_ASSUME`: the groups of assumed calls (protocol/assumptions.ts) platform mode offers
   * beyond the evidence; empty by default. Podium mode offers every group whatever this says.
   */
  platformAssume: ReadonlySet<AssumptionGroup>;
  apiAesMode: 0 | 1;
  /** frame prefix such as `/console`, or '' for none; never ends with a slash */
  basePath: string;
  demo: DemoConfig;
  simEndpoints: number;
  /**
   * simulated endpoints on top of `simEndpoints` that stay online and only obey controllers
   * (usr_ids `steady.01`…, names `Steady 01`…); for tests that must not lose their participant
   */
  simSteadyEndpoints: number;
  /** seed of the simulation's generators; undefined = the engine's fixed default */
  simSeed?: number;
  /** `ATTENDANCE_KEEP_HOURS`: hours a meeting's attendance (issue 29) is kept after it ends */
  attendanceKeepHours: number;
  /** `USER_NUMBER_DIGITS`: digits of a numeric user id / user number (spec §5 "configured digit count") */
  userNumberDigits: number;
  /** `SESSION_TIMEOUT_SECONDS`: a controller session without a poll for this long expires (default 30) */
  sessionTimeoutMs: number;
  /** take the client address from X-Forwarded-For (only behind a trusted reverse proxy) */
  trustProxy: boolean;
  /**
   * CAUTION: automated tests only. When set, every verify code equals this value, so the
   * picture check is void. Refused under NODE_ENV=production.
   */
  captchaTestCode?: string;
  /**
   * CAUTION: automated tests only (`TEST_FAIL_CONFIG_READS`). The first read of each named
   * config per session fails as a broken store would (server/http/configReadFaults.ts). Refused
   * under NODE_ENV=production.
   */
  testFailConfigReads: ConfigRead[];
  nodeEnv: string;
  /** directory of the built console (default `<repo>/dist`) */
  distDir: string;
  /** public base URL of the console for meeting share links (no trailing slash); default: the request's host */
  shareBaseUrl?: string;
  /** (issue 12) addresses of the platform's pages: help, join, manage, user, download */
  links?: Partial<Record<keyof typeof LINK_VARIABLES, string>>;
  /** mini-program id for the share mini-program code; without it that code is not available */
  shareMiniAppId?: string;
  /** CSP `frame-ancestors` sources of the console's pages (FRAME_ANCESTORS, http/securityHeaders.ts) */
  frameAncestors: string;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid server configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Repository root (this file lives in `<root>/server`). */
export const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Default developer id/token of compat signing. Not a secret: getPlatform hands them to every console. */
export const DEFAULT_DEV_ID = 'podium';
export const DEFAULT_DEV_TOKEN = 'podium-dev-token';

/** Verify codes use these characters (digits and capitals without the look-alikes 0/O, 1/I). */
export const VERIFY_CODE_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';

type Env = Record<string, string | undefined>;

/** Command-line flags of main.ts; each wins over its environment variable. */
export interface ConfigFlags {
  /** `--upstream URL` */
  upstream?: string;
}

/**
 * Reads the configuration from `env` (default `process.env`) and the command-line flags.
 * @throws ConfigError listing every invalid variable
 */
export function loadConfig(env: Env = process.env, flags: ConfigFlags = {}): Config {
  const problems: string[] = [];
  const str = (name: string): string | undefined => {
    const v = env[name];
    return v === undefined || v.trim() === '' ? undefined : v.trim();
  };
  const int = (name: string, def: number, min: number, max: number): number => {
    const v = str(name);
    if (v === undefined) return def;
    if (!/^-?\d+$/.test(v) || Number(v) < min || Number(v) > max) {
      problems.push(`${name} must be a whole number from ${min} to ${max} (got "${v}")`);
      return def;
    }
    return Number(v);
  };
  const bool = (name: string, def: boolean): boolean => {
    const v = str(name)?.toLowerCase();
    if (v === undefined) return def;
    if (['1', 'true', 'yes', 'on'].includes(v)) return true;
    if (['0', 'false', 'no', 'off'].includes(v)) return false;
    problems.push(`${name} must be 0 or 1 (got "${v}")`);
    return def;
  };
  const oneOf = <T extends string>(name: string, def: T, allowed: readonly T[]): T => {
    const v = str(name);
    if (v === undefined) return def;
    if (!(allowed as readonly string[]).includes(v)) {
      problems.push(`${name} must be one of ${allowed.join(', ')} (got "${v}")`);
      return def;
    }
    return v as T;
  };

  const nodeEnv = str('NODE_ENV') ?? 'development';
  const port = int('PORT', 8080, 0, 65535);
  const host = str('HOST') ?? '127.0.0.1';
  if (!/^[A-Za-z0-9.:\-[\]]+$/.test(host)) problems.push(`HOST must be a host name or IP address (got "${host}")`);

  const dataDirRaw = str('DATA_DIR') ?? './data';
  const dataDir = isAbsolute(dataDirRaw) ? dataDirRaw : resolve(process.cwd(), dataDirRaw);

  const databaseUrl = str('DATABASE_URL');
  if (databaseUrl !== undefined && !/^postgres(ql)?:\/\//i.test(databaseUrl)) {
    problems.push('DATABASE_URL must be a postgres:// or postgresql:// URL');
  }

  const devId = str('DEV_ID') ?? DEFAULT_DEV_ID;
  const devToken = str('DEV_TOKEN') ?? DEFAULT_DEV_TOKEN;
  // the id travels in a header and both are hashed joined by commas: keep them plain
  if (!/^[\x21-\x7e]{1,128}$/.test(devId) || devId.includes(',')) {
    problems.push('DEV_ID must be 1–128 printable ASCII characters without spaces or commas');
  }
  if (!/^[\x21-\x7e]{1,256}$/.test(devToken) || devToken.includes(',')) {
    problems.push('DEV_TOKEN must be 1–256 printable ASCII characters without spaces or commas');
  }

  const wire = oneOf<WireMode>('WIRE', 'podium', ['podium', 'platform']);
  // the platform knows only the MD5 token: platform mode defaults to compat and refuses strict
  const signing = oneOf<SigningMode>('SIGNING', wire === 'platform' ? 'compat' : 'strict', ['strict', 'compat']);
  if (wire === 'platform' && signing === 'strict') {
    problems.push(
      'SIGNING=strict cannot be used with WIRE=platform: the platform signs with the MD5 token only (leave SIGNING unset or set it to compat)',
    );
  }
  // a typo must not silently leave a group off: an unknown name stops the server
  let platformAssume: ReadonlySet<AssumptionGroup> = new Set();
  try {
    platformAssume = parseAssumeList(str('PLATFORM_ASSUME'));
  } catch (e) {
    problems.push((e as Error).message);
  }
  const aes = oneOf('API_AES_MODE', '0', ['0', '1']);

  let basePath = str('BASE_PATH') ?? '';
  if (basePath !== '') {
    if (!basePath.startsWith('/')) basePath = `/${basePath}`;
    basePath = basePath.replace(/\/+$/, '');
    if (!/^(\/[A-Za-z0-9._~-]+)+$/.test(basePath)) {
      problems.push(`BASE_PATH must look like /console or /a/b (letters, digits, . _ ~ -) (got "${str('BASE_PATH')}")`);
    } else if (/^\/(rest|api|status|oem|assets)(\/|$)/.test(basePath)) {
      problems.push(`BASE_PATH must not start with an API prefix (got "${basePath}")`);
    }
  }

  const mrId = str('DEMO_MR_ID') ?? '8008038';
  if (validateMeetingNumber(mrId) !== null) problems.push(`DEMO_MR_ID must be 4–20 digits (got "${mrId}")`);
  const hostPwd = str('DEMO_HOST_PWD') ?? '123456';
  const supervisorPwd = str('DEMO_SUPERVISOR_PWD') ?? '654321';
  // spec §5: passwords are digit strings and the host and supervisor passwords must differ
  if (!/^\d{1,32}$/.test(hostPwd)) problems.push('DEMO_HOST_PWD must be 1–32 digits');
  if (!/^\d{1,32}$/.test(supervisorPwd)) problems.push('DEMO_SUPERVISOR_PWD must be 1–32 digits');
  if (hostPwd === supervisorPwd) problems.push('DEMO_HOST_PWD and DEMO_SUPERVISOR_PWD must differ');
  const seed = bool('DEMO_SEED', true);
  const bookingMinutes = int('DEMO_BOOKING_MINUTES', 180, 1, 7 * 24 * 60);
  const serviceDays = int('DEMO_SERVICE_DAYS', 20, 1, 3650);
  const maxMosaic = int('DEMO_MAX_MOSAIC', 25, 1, 64);
  const recording = bool('DEMO_RECORDING', true);
  const maxCall = str('DEMO_MAX_CALL') === undefined ? undefined : int('DEMO_MAX_CALL', 1000, 1, 100000);

  const simEndpoints = int('SIM_ENDPOINTS', 40, 0, 20000);
  const simSteadyEndpoints = int('SIM_STEADY_ENDPOINTS', 0, 0, STEADY_ENDPOINTS_MAX);
  const simSeed = str('SIM_SEED') === undefined ? undefined : int('SIM_SEED', 0, 0, 2 ** 31 - 1);
  const attendanceKeepHours = int('ATTENDANCE_KEEP_HOURS', 72, 1, 24 * 365);
  // the demo address book's user numbers run from 1001: four digits
  const userNumberDigits = int('USER_NUMBER_DIGITS', 4, 1, 20);
  const trustProxy = bool('TRUST_PROXY', false);
  // a network cut longer than this ends the console's server session (it resumes with its token)
  const sessionTimeoutMs = int('SESSION_TIMEOUT_SECONDS', 30, 5, 3600) * 1000;

  const captchaTestCode = str('CAPTCHA_TEST_CODE');
  if (captchaTestCode !== undefined) {
    if (nodeEnv === 'production') {
      problems.push('CAPTCHA_TEST_CODE is for automated tests only and is refused when NODE_ENV=production');
    }
    if (!/^[A-Za-z0-9]{4}$/.test(captchaTestCode)) {
      problems.push('CAPTCHA_TEST_CODE must be 4 letters or digits');
    }
  }

  const configReadFaults = parseConfigReadFaults(str('TEST_FAIL_CONFIG_READS'));
  if ('error' in configReadFaults) problems.push(`TEST_FAIL_CONFIG_READS: ${configReadFaults.error}`);
  const testFailConfigReads = 'error' in configReadFaults ? [] : configReadFaults;
  if (testFailConfigReads.length && nodeEnv === 'production') {
    problems.push('TEST_FAIL_CONFIG_READS is for automated tests only and is refused when NODE_ENV=production');
  }

  const shareBaseUrl = str('SHARE_BASE_URL')?.replace(/\/+$/, '');
  if (shareBaseUrl !== undefined && !isHttpUrl(shareBaseUrl)) {
    problems.push(`SHARE_BASE_URL must be an http:// or https:// URL (got "${shareBaseUrl}")`);
  }
  const shareMiniAppId = str('SHARE_MINI_APPID');
  if (shareMiniAppId !== undefined && !/^[A-Za-z0-9_-]{1,64}$/.test(shareMiniAppId)) {
    problems.push('SHARE_MINI_APPID must be 1–64 letters, digits, _ or -');
  }

  // (issue 12) the platform pages the login screen links to, and the join page of the share link
  const links: Record<string, string> = {};
  for (const [key, name] of Object.entries(LINK_VARIABLES)) {
    const value = str(name);
    if (value === undefined) continue;
    if (!isHttpUrlWithQuery(value)) problems.push(`${name} must be an http:// or https:// URL (got "${value}")`);
    else links[key] = value;
  }

  const upstreamRaw = flags.upstream?.trim() || str('UPSTREAM_URL');
  const upstreamUrl = upstreamRaw?.replace(/\/+$/, '');
  if (upstreamUrl !== undefined && !isUpstreamUrl(upstreamUrl)) {
    const source = flags.upstream?.trim() ? '--upstream' : 'UPSTREAM_URL';
    problems.push(`${source} must be an http:// or https:// URL without user, query or fragment (got "${upstreamRaw}")`);
  }
  // in front of a platform the defaults would sign with credentials no platform has: only what was set counts
  const devSet = str('DEV_ID') !== undefined && str('DEV_TOKEN') !== undefined;
  if (upstreamUrl !== undefined && !devSet && (str('DEV_ID') !== undefined || str('DEV_TOKEN') !== undefined)) {
    problems.push('DEV_ID and DEV_TOKEN must be set together for --upstream: the proxy signs with both, or with neither');
  }

  const frameAncestors = parseFrameAncestors(str('FRAME_ANCESTORS'));
  if (frameAncestors.problem) problems.push(frameAncestors.problem);

  const distRaw = str('DIST_DIR');
  const distDir = distRaw ? resolve(process.cwd(), distRaw) : resolve(REPO_ROOT, 'dist');

  if (problems.length > 0) throw new ConfigError(problems);
  return {
    port,
    host,
    dataDir,
    databaseUrl,
    upstreamUrl,
    devId,
    devToken,
    upstreamSigner: upstreamUrl !== undefined && devSet ? { devid: devId, devtoken: devToken } : undefined,
    wire,
    signing,
    platformAssume,
    apiAesMode: aes === '1' ? 1 : 0,
    basePath,
    demo: { seed, mrId, hostPwd, supervisorPwd, bookingMinutes, serviceDays, maxMosaic, recording, maxCall },
    simEndpoints,
    simSteadyEndpoints,
    simSeed,
    attendanceKeepHours,
    userNumberDigits,
    sessionTimeoutMs,
    trustProxy,
    captchaTestCode: captchaTestCode?.toUpperCase(),
    testFailConfigReads,
    nodeEnv,
    distDir,
    shareBaseUrl,
    shareMiniAppId,
    links,
    frameAncestors: frameAncestors.value,
  };
}

/** The variables of the platform's pages (README "Server configuration"). */
export const LINK_VARIABLES = {
  help: 'LINK_HELP_URL',
  join: 'LINK_JOIN_URL',
  manage: 'LINK_MANAGE_URL',
  user: 'LINK_USER_URL',
  download: 'LINK_DOWNLOAD_URL',
} as const;

function isHttpUrlWithQuery(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.search === '' && url.hash === '';
  } catch {
    return false;
  }
}

function isUpstreamUrl(value: string): boolean {
  if (!isHttpUrl(value)) return false;
  const url = new URL(value);
  return url.username === '' && url.password === '' && !value.endsWith('?') && !value.includes('#');
}

/** A configuration for tests: port 0, in-memory friendly defaults, overridable. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  const base = loadConfig({ PORT: '0', DEMO_SEED: '0', SIM_ENDPOINTS: '0', NODE_ENV: 'test' });
  return { ...base, ...overrides, demo: { ...base.demo, ...overrides.demo } };
}
