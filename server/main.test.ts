import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { testConfig } from './config';
import { FakeEngine, TestClient } from './http/testing/client';
import { startServer } from './main';
import { createMemoryStore } from './store/memoryStore';

const ROOT = join(import.meta.dirname, '..');

function runMain(env: Record<string, string>) {
  return spawnSync(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', ...env },
    encoding: 'utf8',
    timeout: 30_000,
  });
}

describe('main', () => {
  it('refuses to start with CAPTCHA_TEST_CODE under NODE_ENV=production (exit 1, clear message)', () => {
    const r = runMain({ NODE_ENV: 'production', CAPTCHA_TEST_CODE: 'AB12', PORT: '0', DATA_DIR: join(tmpdir(), 'podium-never') });
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/CAPTCHA_TEST_CODE is for automated tests only/);
    expect(r.stdout).not.toMatch(/listening/);
  });

  it('refuses to start with an unknown PLATFORM_ASSUME group (exit 1, naming it and the known ones)', () => {
    const r = runMain({
      WIRE: 'platform',
      PLATFORM_ASSUME: 'waiting-room,waitingroom',
      PORT: '0',
      DATA_DIR: join(tmpdir(), 'podium-never'),
    });
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/PLATFORM_ASSUME: unknown group "waitingroom" \(known: picture-code, waiting-room,/);
    expect(r.stdout).not.toMatch(/listening/);
  });

  it('exits 1 listing every bad variable', () => {
    const r = runMain({ PORT: 'eighty', SIGNING: 'sometimes' });
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/PORT/);
    expect(r.stderr).toMatch(/SIGNING/);
  });

  it('startServer wires store, engine and routes: the demo meeting accepts a login and a signed request', async () => {
    const config = testConfig({
      captchaTestCode: 'AB12',
      demo: { seed: true, mrId: '8008038', hostPwd: '123456', supervisorPwd: '654321' },
      shareBaseUrl: 'https://meet.example.com',
      shareMiniAppId: 'wx123',
      links: { join: 'https://meet.example.com/join' },
    });
    const server = await startServer(config, { store: createMemoryStore(), log: { info: () => {}, warn: () => {}, error: () => {} } });
    try {
      const client = new TestClient({ origin: server.origin, devid: config.devId, devtoken: config.devToken });
      const code = await client.get('/rest/v1/meetings/verify-code');
      const login = await client.post('/rest/v1/meetings/8008038/sessions/', {
        cmdid: 'ctrl_mr_req',
        mr_id: '8008038',
        ctrl_pwd: '654321',
        cert_code: 'AB12',
        code_id: code.json.code_id,
      });
      expect(login.status).toBe(200);
      expect(login.json.use_pwd).toBe('supervisor');
      const key = new Uint8Array(Buffer.from(login.json.sign_key, 'base64'));
      const status = await client.get(`/rest/v1/meetings/8008038/sessions/${login.json.sess_id}/mr-status`, {
        sign: { sessId: login.json.sess_id, key },
      });
      expect(status.status).toBe(200);
      expect(status.json.mr_id).toBe('8008038');
      // the login answers where this session's feed starts (before its own mr_ctrl_in)
      expect(login.json.seq).toBeLessThan(status.json.seq);
      // the meeting share is served with the configured public address
      const share = await client.get(`/rest/v1/meetings/8008038/sessions/${login.json.sess_id}/share-info`, {
        sign: { sessId: login.json.sess_id, key },
      });
      expect(share.status).toBe(200);
      expect(share.json.share_link).toEqual({ result: 0, value: 'https://meet.example.com/join?mr-id=8008038' });
      expect(share.json.mini_qrcode.result).toBe(0);
    } finally {
      await server.close();
    }
  });

  it('close() flushes the embedded store so the data is there for the next start', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'podium-main-'));
    try {
      const config = testConfig({ dataDir: dir, demo: { seed: true, mrId: '8008038', hostPwd: '123456', supervisorPwd: '654321' } });
      const quiet = { info: () => {}, warn: () => {}, error: () => {} };
      const first = await startServer(config, { log: quiet });
      await first.close();
      expect(await readdir(dir)).toContain('snapshot.json');
      const second = await startServer({ ...config, demo: { ...config.demo, seed: false } }, { log: quiet });
      try {
        expect(second.engine.roomAuth('8008038')?.hostPwd).toBe('123456');
      } finally {
        await second.close();
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('the fake engine of the HTTP tests satisfies the same seam', () => {
    // keeps the test double honest: if the facade grows, this stops compiling
    const e: Parameters<typeof import('./app').createServer>[1]['engine'] = new FakeEngine();
    expect(e.roomAuth('x')).toBeUndefined();
  });
});
