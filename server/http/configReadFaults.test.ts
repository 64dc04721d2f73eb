import { describe, expect, it } from 'vitest';
import { RC } from '../../protocol/codes';
import { loadConfig } from '../config';
import { makeHarness } from '../engine/testing/harness';
import { failFirstConfigReads, parseConfigReadFaults } from './configReadFaults';
import { SESSION_PREFIX } from './sessionRoutes';

describe('TEST_FAIL_CONFIG_READS (tests only): a config read fails once per session', () => {
  it('parses a list or all, and names an unknown read', () => {
    expect(parseConfigReadFaults(' title-config,sys_mosics ')).toEqual(['title-config', 'sys_mosics']);
    expect(parseConfigReadFaults('all')).toEqual(['title-config', 'mosic-config', 'sys_mosics']);
    expect(parseConfigReadFaults(undefined)).toEqual([]);
    expect(parseConfigReadFaults('mr-status')).toEqual({ error: expect.stringContaining('mr-status') });
  });

  it('is refused in production and off by default', () => {
    expect(loadConfig({}).testFailConfigReads).toEqual([]);
    expect(loadConfig({ TEST_FAIL_CONFIG_READS: 'title-config' }).testFailConfigReads).toEqual(['title-config']);
    expect(() => loadConfig({ NODE_ENV: 'production', TEST_FAIL_CONFIG_READS: 'title-config' })).toThrow(/TEST_FAIL_CONFIG_READS/);
  });

  it('answers the first read of each session 500/6001, the next as usual; other reads and strangers are untouched', async () => {
    const h = makeHarness({ simActivity: 0 });
    failFirstConfigReads(h.router, ['title-config'], SESSION_PREFIX);
    const a = h.login();
    const first = await a.get('title-config');
    expect(first.status).toBe(500);
    expect(first.body).toMatchObject({ result: RC.databaseError, detail: 'title-config' });
    expect((await a.get('title-config')).status).toBe(200);
    expect((await a.get('mosic-config')).status).toBe(200);
    expect((await h.login().get('title-config')).status).toBe(500);
    const stranger = await h.call('GET', '/rest/v1/meetings/8008038/sessions/nobody/title-config');
    expect(stranger.status).not.toBe(500);
    h.engine.stop();
  });
});
