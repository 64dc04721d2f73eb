import { afterEach, describe, expect, it } from 'vitest';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer, type RunningServer } from '../app';
import { ConfigError, loadConfig, testConfig } from '../config';
import { parseFrameAncestors } from './securityHeaders';
import { FakeEngine } from './testing/client';

const running: RunningServer[] = [];
const dirs: string[] = [];
afterEach(async () => {
  for (const s of running.splice(0)) await s.close();
  for (const d of dirs.splice(0)) await rm(d, { recursive: true, force: true });
});

describe('FRAME_ANCESTORS', () => {
  it("defaults to 'self' and accepts origins, 'self' and 'none'", () => {
    expect(parseFrameAncestors(undefined)).toEqual({ value: "'self'" });
    expect(parseFrameAncestors("'self' https://meet.example.com/ https://*.example.org:8443")).toEqual({
      value: "'self' https://meet.example.com https://*.example.org:8443",
    });
    expect(parseFrameAncestors('none')).toEqual({ value: "'none'" });
  });

  it('stops the server on a value that is not a source list', () => {
    expect(() => loadConfig({ FRAME_ANCESTORS: "https://a.example; script-src 'unsafe-inline'" })).toThrow(ConfigError);
    expect(() => loadConfig({ FRAME_ANCESTORS: '*' })).toThrow(/FRAME_ANCESTORS/);
  });
});

describe('console page headers', () => {
  it('serve every page with the CSP naming the configured frame ancestors', async () => {
    const dist = await mkdtemp(join(tmpdir(), 'podium-dist-'));
    dirs.push(dist);
    await writeFile(join(dist, 'index.html'), '<!doctype html><title>x</title>');
    const config = testConfig({ distDir: dist, frameAncestors: "'self' https://meet.example.com" });
    const server = await createServer(config, { engine: new FakeEngine(), log: { info() {}, warn() {}, error() {} } });
    running.push(server);
    for (const path of ['/', '/login', '/control', '/layout']) {
      const r = await fetch(`${server.origin}${path}`);
      const csp = r.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("frame-ancestors 'self' https://meet.example.com");
      expect(csp).toContain("script-src 'self';");
      expect(r.headers.get('referrer-policy')).toBe('same-origin');
      expect(r.headers.get('permissions-policy')).toContain('camera=()');
    }
  });

  it('leave the page policies off scripts, styles and fonts, where they do nothing, and keep them on documents', async () => {
    const dist = await mkdtemp(join(tmpdir(), 'podium-dist-'));
    dirs.push(dist);
    await writeFile(join(dist, 'index.html'), '<!doctype html><title>x</title>');
    await mkdir(join(dist, 'assets'));
    await writeFile(join(dist, 'assets', 'login-abc123.js'), 'export const x = 1;');
    await writeFile(join(dist, 'assets', 'index-abc123.css'), 'body{}');
    await writeFile(join(dist, 'assets', 'logo-abc123.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    const server = await createServer(testConfig({ distDir: dist }), {
      engine: new FakeEngine(),
      log: { info() {}, warn() {}, error() {} },
    });
    running.push(server);
    for (const path of ['/assets/login-abc123.js', '/assets/index-abc123.css']) {
      const r = await fetch(`${server.origin}${path}`);
      expect(r.status).toBe(200);
      expect(r.headers.get('content-security-policy')).toBeNull();
      expect(r.headers.get('permissions-policy')).toBeNull();
      // nosniff is what makes a script or style with the wrong type refused: it stays
      expect(r.headers.get('x-content-type-options')).toBe('nosniff');
    }
    // an SVG opened on its own is a document that can run script
    for (const path of ['/login', '/assets/logo-abc123.svg']) {
      const r = await fetch(`${server.origin}${path}`);
      expect(r.headers.get('content-security-policy')).toContain("script-src 'self'");
      expect(r.headers.get('permissions-policy')).toContain('camera=()');
    }
  });
});
