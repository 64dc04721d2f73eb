import { describe, expect, it } from 'vitest';
import { spawn, spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseFlags } from './main';

const ROOT = join(import.meta.dirname, '..');

describe('main: command-line flags', () => {
  it('parses --upstream URL and --upstream=URL, and refuses unknown flags or a missing value', () => {
    expect(parseFlags([])).toEqual({ upstream: undefined });
    expect(parseFlags(['--upstream', 'https://p.example'])).toEqual({ upstream: 'https://p.example' });
    expect(parseFlags(['--upstream=https://p.example'])).toEqual({ upstream: 'https://p.example' });
    expect(() => parseFlags(['--upstraem', 'x'])).toThrow(TypeError);
    expect(() => parseFlags(['--upstream'])).toThrow(TypeError);
  });

  it('exits 1 with a clear message for a bad --upstream', () => {
    const r = spawnSync(process.execPath, ['--import', 'tsx', 'server/main.ts', '--upstream', 'not-a-url'], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', PORT: '0', DATA_DIR: join(tmpdir(), 'podium-never') },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/--upstream must be an http/);
  });

  it('with --upstream starts the console server in front of the platform instead of the engine', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts', '--upstream', 'http://127.0.0.1:1'], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', PORT: '0', DATA_DIR: join(tmpdir(), 'podium-never') },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    try {
      const url = await new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no start line in: ${out}`)), 20_000);
        child.stdout.on('data', (d: Buffer) => {
          out += d.toString();
          const m = /listening on (http:\/\/\S+?)\/, forwarding the API to http:\/\/127\.0\.0\.1:1/.exec(out);
          if (m) {
            clearTimeout(timer);
            resolve(m[1]);
          }
        });
        child.on('exit', (code) => reject(new Error(`exited ${code}: ${out}`)));
      });
      expect(out).not.toMatch(/demo meeting/);
      const res = await fetch(`${url}/rest/v1/meetings/verify-code`);
      expect(res.status).toBe(502);
    } finally {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
    }
  });
});
