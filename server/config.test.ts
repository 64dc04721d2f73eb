import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';
import { createEngine } from './engine/index';
import { createMemoryStore } from './store/memoryStore';

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (e) {
    if (e instanceof ConfigError) return e.problems;
    throw e;
  }
  return [];
}

describe('loadConfig', () => {
  it('WIRE=platform signs compat by default and refuses SIGNING=strict beside it; other values are refused', () => {
    expect(loadConfig({ WIRE: 'platform' })).toMatchObject({ wire: 'platform', signing: 'compat' });
    expect(loadConfig({ WIRE: 'platform', SIGNING: 'compat' })).toMatchObject({ wire: 'platform', signing: 'compat' });
    expect(loadConfig({ WIRE: 'podium' })).toMatchObject({ wire: 'podium', signing: 'strict' });
    expect(problemsOf({ WIRE: 'platform', SIGNING: 'strict' }).join('\n')).toMatch(/SIGNING=strict cannot be used with WIRE=platform/);
    expect(problemsOf({ WIRE: 'real' }).join('\n')).toMatch(/WIRE must be one of podium, platform/);
  });

  it('PLATFORM_ASSUME names groups of assumed calls (none by default, all, a list); an unknown name stops the server', () => {
    expect([...loadConfig({ WIRE: 'platform' }).platformAssume]).toEqual([]);
    expect([...loadConfig({ WIRE: 'platform', PLATFORM_ASSUME: 'none' }).platformAssume]).toEqual([]);
    expect([...loadConfig({ WIRE: 'platform', PLATFORM_ASSUME: 'waiting-room, controllers' }).platformAssume]).toEqual([
      'waiting-room',
      'controllers',
    ]);
    expect(loadConfig({ WIRE: 'platform', PLATFORM_ASSUME: 'all' }).platformAssume.size).toBeGreaterThan(10);
    const problems = problemsOf({ WIRE: 'platform', PLATFORM_ASSUME: 'waiting-room,waitingroom' }).join('\n');
    expect(problems).toMatch(/PLATFORM_ASSUME: unknown group "waitingroom"/);
    expect(problems).toMatch(/known: .*waiting-room.*all, none/);
  });

  it('gives the documented defaults for an empty environment', () => {
    const c = loadConfig({});
    expect(c.port).toBe(8080);
    expect(c.host).toBe('127.0.0.1');
    expect(c.dataDir).toMatch(/data$/);
    expect(c.signing).toBe('strict');
    expect(c.wire).toBe('podium');
    expect(c.apiAesMode).toBe(0);
    expect(c.basePath).toBe('');
    expect(c.demo).toEqual({
      seed: true,
      mrId: '8008038',
      hostPwd: '123456',
      supervisorPwd: '654321',
      bookingMinutes: 180,
      serviceDays: 20,
      maxMosaic: 25,
      recording: true,
    });
    expect(c.simEndpoints).toBe(40);
    expect(c.simSteadyEndpoints).toBe(0);
    expect(c.trustProxy).toBe(false);
    expect(c.captchaTestCode).toBeUndefined();
    expect(c.databaseUrl).toBeUndefined();
  });

  it('reads every variable', () => {
    const c = loadConfig({
      PORT: '9000',
      HOST: '0.0.0.0',
      DATA_DIR: '/tmp/podium-x',
      DATABASE_URL: 'postgres://u:p@db/podium',
      DEV_ID: 'dev1',
      DEV_TOKEN: 'tok1',
      SIGNING: 'compat',
      API_AES_MODE: '1',
      BASE_PATH: 'frame/console/',
      DEMO_MR_ID: '0123',
      DEMO_HOST_PWD: '1111',
      DEMO_SUPERVISOR_PWD: '2222',
      DEMO_BOOKING_MINUTES: '12',
      DEMO_SERVICE_DAYS: '365',
      DEMO_SEED: '0',
      SIM_ENDPOINTS: '500',
      SIM_STEADY_ENDPOINTS: '6',
      SIM_SEED: '7',
      TRUST_PROXY: '1',
      CAPTCHA_TEST_CODE: 'ab2c',
      SHARE_BASE_URL: 'https://meet.example.com/',
      SHARE_MINI_APPID: 'wx_1',
    });
    expect(c).toMatchObject({
      port: 9000,
      host: '0.0.0.0',
      dataDir: '/tmp/podium-x',
      databaseUrl: 'postgres://u:p@db/podium',
      devId: 'dev1',
      devToken: 'tok1',
      signing: 'compat',
      apiAesMode: 1,
      basePath: '/frame/console',
      demo: { seed: false, mrId: '0123', hostPwd: '1111', supervisorPwd: '2222', bookingMinutes: 12, serviceDays: 365 },
      simEndpoints: 500,
      simSteadyEndpoints: 6,
      simSeed: 7,
      trustProxy: true,
      captchaTestCode: 'AB2C',
      shareBaseUrl: 'https://meet.example.com',
      shareMiniAppId: 'wx_1',
    });
  });

  it('refuses a share base URL that is not http(s) and a mini-program id with odd characters', () => {
    const problems = problemsOf({ SHARE_BASE_URL: 'javascript:alert(1)', SHARE_MINI_APPID: 'a b' });
    expect(problems.some((p) => p.startsWith('SHARE_BASE_URL'))).toBe(true);
    expect(problems.some((p) => p.startsWith('SHARE_MINI_APPID'))).toBe(true);
  });

  it('lists every bad value at once', () => {
    const problems = problemsOf({
      PORT: '70000',
      SIGNING: 'loose',
      API_AES_MODE: '2',
      DEMO_MR_ID: '80a',
      DEMO_HOST_PWD: '1',
      DEMO_SUPERVISOR_PWD: '1',
      DEMO_BOOKING_MINUTES: '0',
      DEMO_SERVICE_DAYS: '0',
      SIM_ENDPOINTS: 'many',
      SIM_STEADY_ENDPOINTS: 'some',
      TRUST_PROXY: 'maybe',
      BASE_PATH: '/a b',
      DATABASE_URL: 'mysql://x',
      DEV_ID: 'a,b',
    });
    const text = problems.join('\n');
    for (const name of [
      'PORT',
      'SIGNING',
      'API_AES_MODE',
      'DEMO_MR_ID',
      'must differ',
      'DEMO_BOOKING_MINUTES',
      'DEMO_SERVICE_DAYS',
      'SIM_ENDPOINTS',
      'SIM_STEADY_ENDPOINTS',
      'TRUST_PROXY',
      'BASE_PATH',
      'DATABASE_URL',
      'DEV_ID',
    ]) {
      expect(text).toContain(name);
    }
  });

  it('keeps the attendance 72 hours after a meeting by default, ATTENDANCE_KEEP_HOURS from 1 hour to a year', () => {
    expect(loadConfig({}).attendanceKeepHours).toBe(72);
    expect(loadConfig({ ATTENDANCE_KEEP_HOURS: '8760' }).attendanceKeepHours).toBe(8760);
    for (const bad of ['0', '8761', '1.5', 'week'])
      expect(problemsOf({ ATTENDANCE_KEEP_HOURS: bad }).join('\n')).toContain('ATTENDANCE_KEEP_HOURS');
  });

  it('expires a session after 30 s without a poll by default, SESSION_TIMEOUT_SECONDS from 5 s to an hour, and the engine takes it', () => {
    expect(loadConfig({}).sessionTimeoutMs).toBe(30_000);
    const config = loadConfig({ SESSION_TIMEOUT_SECONDS: '8' });
    expect(config.sessionTimeoutMs).toBe(8_000);
    const engine = createEngine({ store: createMemoryStore(), config, autoStart: false });
    expect(engine.config.sessionTimeoutMs).toBe(8_000);
    engine.stop();
    for (const bad of ['4', '3601', '1.5', 'soon'])
      expect(problemsOf({ SESSION_TIMEOUT_SECONDS: bad }).join('\n')).toContain('SESSION_TIMEOUT_SECONDS');
  });

  it('keeps the steady endpoints to 0–99, so their two-digit names stay unique', () => {
    expect(loadConfig({ SIM_STEADY_ENDPOINTS: '99' }).simSteadyEndpoints).toBe(99);
    for (const bad of ['100', '-1', '2.5'])
      expect(problemsOf({ SIM_STEADY_ENDPOINTS: bad })).toEqual([
        `SIM_STEADY_ENDPOINTS must be a whole number from 0 to 99 (got "${bad}")`,
      ]);
  });

  it('refuses CAPTCHA_TEST_CODE when NODE_ENV=production', () => {
    expect(problemsOf({ NODE_ENV: 'production', CAPTCHA_TEST_CODE: 'AB2C' }).join()).toMatch(/CAPTCHA_TEST_CODE.*production/);
    expect(problemsOf({ NODE_ENV: 'test', CAPTCHA_TEST_CODE: 'AB2C' })).toEqual([]);
  });

  it('refuses a CAPTCHA_TEST_CODE no picture could show', () => {
    expect(problemsOf({ CAPTCHA_TEST_CODE: '12' }).join()).toMatch(/CAPTCHA_TEST_CODE/);
  });

  it('refuses a base path that would shadow the API', () => {
    expect(problemsOf({ BASE_PATH: '/rest' }).join()).toMatch(/BASE_PATH/);
  });
  it('reads the upstream platform from UPSTREAM_URL or --upstream (the flag wins), without a trailing slash', () => {
    expect(loadConfig({}).upstreamUrl).toBeUndefined();
    expect(loadConfig({ UPSTREAM_URL: 'https://platform.example.com/meeting/' }).upstreamUrl).toBe('https://platform.example.com/meeting');
    expect(loadConfig({ UPSTREAM_URL: 'http://a.example' }, { upstream: 'http://10.0.0.9:8080' }).upstreamUrl).toBe('http://10.0.0.9:8080');
  });

  it('refuses an upstream that is not a plain http(s) URL, naming where it came from', () => {
    for (const bad of [
      'ftp://x.example',
      'platform.example.com',
      'https://u:p@x.example',
      'https://x.example/?a=1',
      'https://x.example/#top',
    ]) {
      expect(problemsOf({ UPSTREAM_URL: bad }).join()).toMatch(/UPSTREAM_URL must be an http/);
    }
    expect(() => loadConfig({}, { upstream: 'nope' })).toThrow(/--upstream must be an http/);
  });
});

describe('platform page links (issue 12)', () => {
  it('reads each LINK_*_URL and refuses one that is not an http(s) URL', () => {
    expect(loadConfig({}).links).toEqual({});
    const c = loadConfig({ LINK_HELP_URL: 'https://help.example.com/', LINK_JOIN_URL: 'https://meet.example.com/join' });
    expect(c.links).toEqual({ help: 'https://help.example.com/', join: 'https://meet.example.com/join' });
    expect(() => loadConfig({ LINK_DOWNLOAD_URL: 'ftp://x' })).toThrow(/LINK_DOWNLOAD_URL must be an http/);
  });
});
