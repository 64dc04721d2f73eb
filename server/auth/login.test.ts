import { afterEach, describe, expect, it } from 'vitest';
import { inflateSync } from 'node:zlib';
import { RC } from '../../protocol/codes';
import { createServer, type RunningServer } from '../app';
import { testConfig, type Config } from '../config';
import { FakeEngine, TestClient } from '../http/testing/client';
import { crc32 } from './png';

const MR = '8008038';
const running: RunningServer[] = [];

afterEach(async () => {
  for (const s of running.splice(0)) await s.close();
});

async function start(overrides: Partial<Config> = {}) {
  const engine = new FakeEngine();
  engine.addRoom(MR);
  const delays: number[] = [];
  let clock = Date.now();
  const config = testConfig({ captchaTestCode: 'AB12', trustProxy: true, ...overrides });
  const server = await createServer(config, {
    engine,
    log: { info: () => {}, warn: () => {}, error: () => {} },
    now: () => clock,
    sleep: async (ms) => {
      delays.push(ms);
    },
  });
  running.push(server);
  const client = new TestClient({ origin: server.origin, devid: config.devId, devtoken: config.devToken });
  const advance = (ms: number) => {
    clock += ms;
  };
  const nowMs = () => clock;
  return { server, engine, client, delays, advance, nowMs };
}

type Ctx = Awaited<ReturnType<typeof start>>;

async function code(ctx: Ctx) {
  const r = await ctx.client.get('/rest/v1/meetings/verify-code', { nowMs: ctx.nowMs() });
  expect(r.status).toBe(200);
  return r.json as { code_id: string; base64: string; expires_in: number; datetime: number; cmdid: string };
}

async function attempt(ctx: Ctx, args: { mr?: string; pwd?: string; cert?: string | null; codeId?: string | null; ip?: string } = {}) {
  const mr = args.mr ?? MR;
  const codeId = args.codeId === undefined ? (await code(ctx)).code_id : args.codeId;
  const body: Record<string, unknown> = { cmdid: 'ctrl_mr_req', mr_id: mr, ctrl_pwd: args.pwd ?? '123456' };
  if (args.cert !== null) body.cert_code = args.cert ?? 'AB12';
  if (codeId !== null) body.code_id = codeId;
  return ctx.client.post(`/rest/v1/meetings/${mr}/sessions/`, body, {
    nowMs: ctx.nowMs(),
    headers: { 'x-forwarded-for': args.ip ?? '10.0.0.1' },
  });
}

describe('verify code', () => {
  it('is a real PNG picture with valid chunks', async () => {
    const ctx = await start();
    const c = await code(ctx);
    expect(c.cmdid).toBe('verify_code');
    const png = Buffer.from(c.base64, 'base64');
    expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    // walk the chunks, checking each CRC, and inflate the image data
    let off = 8;
    const types: string[] = [];
    const idat: Buffer[] = [];
    let width = 0;
    let height = 0;
    while (off < png.length) {
      const len = png.readUInt32BE(off);
      const type = png.toString('ascii', off + 4, off + 8);
      const data = png.subarray(off + 8, off + 8 + len);
      expect(png.readUInt32BE(off + 8 + len)).toBe(crc32(png.subarray(off + 4, off + 8 + len)));
      if (type === 'IHDR') {
        width = data.readUInt32BE(0);
        height = data.readUInt32BE(4);
        expect(data[8]).toBe(8);
        expect(data[9]).toBe(2);
      }
      if (type === 'IDAT') idat.push(data);
      types.push(type);
      off += 12 + len;
    }
    expect(types[0]).toBe('IHDR');
    expect(types.at(-1)).toBe('IEND');
    expect(width).toBeGreaterThan(50);
    const raw = inflateSync(Buffer.concat(idat));
    expect(raw.length).toBe((width * 3 + 1) * height);
  });

  it('every request is a new challenge, valid for 120 s', async () => {
    const ctx = await start();
    const a = await code(ctx);
    const b = await code(ctx);
    expect(a.code_id).not.toBe(b.code_id);
    expect(a.expires_in).toBe(120);
  });

  it('pictures differ between challenges even for the same code (noise)', async () => {
    const ctx = await start();
    expect((await code(ctx)).base64).not.toBe((await code(ctx)).base64);
  });

  it('is single use: the second login with the same challenge is a wrong code', async () => {
    const ctx = await start();
    const { code_id } = await code(ctx);
    expect((await attempt(ctx, { codeId: code_id })).status).toBe(200);
    const again = await attempt(ctx, { codeId: code_id });
    expect(again.status).toBe(405);
    expect(again.json).toEqual({ cmdid: 'ctrl_mr_rsp', result: '405', extra: String(RC.verifyCodeIncorrect) });
  });

  it('a wrong answer uses the challenge up too', async () => {
    const ctx = await start();
    const { code_id } = await code(ctx);
    expect((await attempt(ctx, { codeId: code_id, cert: 'ZZ99' })).status).toBe(405);
    expect((await attempt(ctx, { codeId: code_id })).status).toBe(405);
  });

  it('expires after 120 s', async () => {
    const ctx = await start();
    const { code_id } = await code(ctx);
    ctx.advance(121_000);
    expect((await attempt(ctx, { codeId: code_id })).status).toBe(405);
  });

  it('is still good just before expiry', async () => {
    const ctx = await start();
    const { code_id } = await code(ctx);
    ctx.advance(119_000);
    expect((await attempt(ctx, { codeId: code_id })).status).toBe(200);
  });

  it('missing, malformed or unknown codes are wrong codes (405)', async () => {
    const ctx = await start();
    expect((await attempt(ctx, { cert: null })).status).toBe(405);
    expect((await attempt(ctx, { cert: 'toolong' })).status).toBe(405);
    expect((await attempt(ctx, { codeId: 'nosuchchallenge' })).status).toBe(405);
  });

  it('matches the code case-insensitively', async () => {
    const ctx = await start();
    expect((await attempt(ctx, { cert: 'ab12' })).status).toBe(200);
  });

  it('temp-verify-code gives the code as base64 text, usable without a code_id from the address it was issued to, once', async () => {
    const ctx = await start({ captchaTestCode: undefined });
    const fetchCode = async (ip: string) => {
      const r = await ctx.client.get('/rest/v1/meetings/temp-verify-code', { nowMs: ctx.nowMs(), headers: { 'x-forwarded-for': ip } });
      expect(r.json.cmdid).toBe('verify_code');
      return Buffer.from(r.json.base64, 'base64').toString('utf8');
    };
    const text = await fetchCode('10.0.0.1');
    expect(text).toMatch(/^[A-Z0-9]{4}$/);
    // another address cannot spend it
    expect((await attempt(ctx, { codeId: null, cert: text, ip: '10.0.0.7' })).status).toBe(405);
    const ok = await attempt(ctx, { codeId: null, cert: text });
    expect(ok.status).toBe(200);
    expect((await attempt(ctx, { codeId: null, cert: text })).status).toBe(405);
    // a wrong answer uses the address's code up: the right one afterwards is refused
    const next = await fetchCode('10.0.0.1');
    const wrong = next === '2222' ? '3333' : '2222';
    expect((await attempt(ctx, { codeId: null, cert: wrong })).status).toBe(405);
    expect((await attempt(ctx, { codeId: null, cert: next })).status).toBe(405);
  });

  it('a picture code works without code_id too, from the same address (the platform issues no code_id)', async () => {
    const ctx = await start();
    await ctx.client.get('/rest/v1/meetings/verify-code', { nowMs: ctx.nowMs(), headers: { 'x-forwarded-for': '10.0.0.1' } });
    expect((await attempt(ctx, { codeId: null })).status).toBe(200);
    expect((await attempt(ctx, { codeId: null })).status).toBe(405);
  });

  it('without CAPTCHA_TEST_CODE the test code is no answer', async () => {
    const ctx = await start({ captchaTestCode: undefined });
    // random codes never contain a 1, so AB12 cannot be right by chance
    expect((await attempt(ctx)).status).toBe(405);
  });
});

describe('login outcomes', () => {
  it('host password → session with use_pwd host and a strict signing key', async () => {
    const ctx = await start();
    const r = await attempt(ctx);
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({
      cmdid: 'ctrl_mr_rsp',
      result: '200',
      mr_id: MR,
      use_pwd: 'host',
      signing: 'strict',
      mr_scene: 'conference',
    });
    expect(ctx.engine.getSession(r.json.sess_id)?.role).toBe('host');
    expect(Buffer.from(r.json.sign_key, 'base64')).toEqual(Buffer.from(ctx.engine.getSession(r.json.sess_id)!.signKey));
  });

  it('supervisor password → use_pwd supervisor', async () => {
    const ctx = await start();
    const r = await attempt(ctx, { pwd: '654321' });
    expect(r.status).toBe(200);
    expect(r.json.use_pwd).toBe('supervisor');
  });

  it('compat signing hands out no key', async () => {
    const ctx = await start({ signing: 'compat' });
    const r = await attempt(ctx);
    expect(r.json.signing).toBe('compat');
    expect(r.json.sign_key).toBeUndefined();
  });

  it('wrong password → 403', async () => {
    const ctx = await start();
    const r = await attempt(ctx, { pwd: '000000' });
    expect(r.status).toBe(403);
    expect(r.json).toEqual({ cmdid: 'ctrl_mr_rsp', result: '403', extra: String(RC.wrongMeetingPassword) });
    expect(ctx.engine.sessions.size).toBe(0);
  });

  it('unknown meeting → 404 with reason "meeting not found"', async () => {
    const ctx = await start();
    const r = await attempt(ctx, { mr: '1234567' });
    expect(r.status).toBe(404);
    expect(r.json).toEqual({ cmdid: 'ctrl_mr_rsp', result: '404', extra: 'meeting not found' });
  });

  it('rooms that cannot be controlled now → 404 with the RoomAuth reason', async () => {
    const ctx = await start();
    ctx.engine.addRoom('1111', { running: false, adhocDisabled: true });
    ctx.engine.addRoom('2222', { running: false, scheduledNotStarted: true });
    ctx.engine.addRoom('3333', { hostPwd: '', supervisorPwd: '' });
    expect((await attempt(ctx, { mr: '1111' })).json.extra).toBe('adhoc disabled');
    expect((await attempt(ctx, { mr: '2222' })).json.extra).toBe('the scheduled meeting did not start');
    expect((await attempt(ctx, { mr: '3333' })).json.extra).toBe('control password cannot be empty');
  });

  it('a malformed meeting number or missing password → 400 with the validation code', async () => {
    const ctx = await start();
    const badMr = await ctx.client.post('/rest/v1/meetings/12ab/sessions/', { ctrl_pwd: '1', cert_code: 'AB12' }, { nowMs: ctx.nowMs() });
    expect(badMr.status).toBe(400);
    expect(badMr.json.result).toBe(RC.meetingNumberFormat);
    const noPwd = await attempt(ctx, { pwd: '' });
    expect(noPwd.status).toBe(400);
    expect(noPwd.json.result).toBe(RC.controlPasswordEmpty);
  });

  it('a body naming another meeting than the path → 400', async () => {
    const ctx = await start();
    const r = await ctx.client.post(
      `/rest/v1/meetings/${MR}/sessions/`,
      { mr_id: '9999', ctrl_pwd: '123456', cert_code: 'AB12' },
      { nowMs: ctx.nowMs() },
    );
    expect(r.status).toBe(400);
    expect(r.json.detail).toBe('mr_id');
  });
});

describe('brute-force protection', () => {
  it('locks an address out after 10 failures, long before 100, even for the right password', async () => {
    const ctx = await start();
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await attempt(ctx, { pwd: `9${i}` })).status);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(403));
    expect(statuses.slice(10)).toEqual([429, 429]);
    const locked = await attempt(ctx);
    expect(locked.status).toBe(429);
    expect(locked.json.result).toBe('429');
    expect(locked.json.extra).toBe(String(RC.tooManyLoginAttempts));
    expect(locked.json.retry_after).toBeGreaterThan(0);
    expect(locked.json.retry_after).toBeLessThanOrEqual(15 * 60);
    expect(locked.headers.get('retry-after')).toBe(String(locked.json.retry_after));
    expect(ctx.engine.sessions.size).toBe(0);
  });

  it('holds each failed answer longer than the one before', async () => {
    const ctx = await start();
    for (let i = 0; i < 6; i++) await attempt(ctx, { pwd: '0' });
    expect(ctx.delays).toEqual([200, 400, 800, 1600, 3200, 5000]);
  });

  it('locks the meeting against guesses spread over many addresses', async () => {
    const ctx = await start();
    for (let i = 0; i < 10; i++) expect((await attempt(ctx, { pwd: '0', ip: `10.1.0.${i}` })).status).toBe(403);
    expect((await attempt(ctx, { ip: '10.9.9.9' })).status).toBe(429);
  });

  it('locks an address probing many meetings', async () => {
    const ctx = await start();
    for (let i = 0; i < 10; i++) expect((await attempt(ctx, { mr: `55550${i}` })).status).toBe(404);
    expect((await attempt(ctx)).status).toBe(429);
    expect((await attempt(ctx, { ip: '10.0.0.2' })).status).toBe(200);
  });

  it('opens again once the failures leave the 15-minute window', async () => {
    const ctx = await start();
    for (let i = 0; i < 10; i++) await attempt(ctx, { pwd: '0' });
    expect((await attempt(ctx)).status).toBe(429);
    ctx.advance(15 * 60_000 + 1000);
    expect((await attempt(ctx)).status).toBe(200);
  });

  it("a success clears the address's count", async () => {
    const ctx = await start();
    for (let i = 0; i < 9; i++) await attempt(ctx, { pwd: '0', mr: MR });
    ctx.engine.addRoom('4444');
    expect((await attempt(ctx, { mr: '4444' })).status).toBe(200);
    // the address starts over; the meeting 8008038 keeps its 9 failures
    expect((await attempt(ctx, { mr: '4444', pwd: '0' })).status).toBe(403);
    expect((await attempt(ctx, { mr: '4444' })).status).toBe(200);
  });

  it('concurrent guesses cannot slip past the limit', async () => {
    const ctx = await start();
    const codes = await Promise.all(Array.from({ length: 30 }, () => code(ctx)));
    const results = await Promise.all(codes.map((c) => attempt(ctx, { pwd: '0', codeId: c.code_id })));
    const forbidden = results.filter((r) => r.status === 403).length;
    expect(forbidden).toBe(10);
    expect(results.filter((r) => r.status === 429)).toHaveLength(20);
  });

  it('wrong verify codes do not count as password failures', async () => {
    const ctx = await start();
    for (let i = 0; i < 15; i++) expect((await attempt(ctx, { cert: 'ZZ99' })).status).toBe(405);
    expect((await attempt(ctx)).status).toBe(200);
  });
});

describe('verify-code issuance limit', () => {
  it('an address fetching pictures too fast gets 429 tooFrequent; others are unaffected', async () => {
    const engine = new FakeEngine();
    const config = testConfig({ trustProxy: true });
    const server = await createServer(config, {
      engine,
      verifyCodesPerMinute: 3,
      log: { info: () => {}, warn: () => {}, error: () => {} },
    });
    running.push(server);
    const client = new TestClient({ origin: server.origin, devid: config.devId, devtoken: config.devToken });
    const from = (ip: string) => client.get('/rest/v1/meetings/verify-code', { headers: { 'x-forwarded-for': ip } });
    for (let i = 0; i < 3; i++) expect((await from('10.0.0.7')).status).toBe(200);
    const refused = await from('10.0.0.7');
    expect(refused.status).toBe(429);
    expect(refused.json.result).toBe(RC.tooFrequent);
    expect((await from('10.0.0.8')).status).toBe(200);
  });
});
