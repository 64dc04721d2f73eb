/** Issue 17 item 8: the verify-code limit is a sliding window, not a fixed minute. */
import { afterEach, describe, expect, it } from 'vitest';
import { createServer, type RunningServer } from '../app';
import { testConfig } from '../config';
import { FakeEngine, TestClient } from '../http/testing/client';

const running: RunningServer[] = [];
afterEach(async () => {
  for (const s of running.splice(0)) await s.close();
});

describe('verify-code limit', () => {
  it('never allows more than the limit in any 60 s and says exactly when the next slot frees', async () => {
    let clock = Date.now();
    const config = testConfig({ captchaTestCode: 'AB12' });
    const server = await createServer(config, {
      engine: new FakeEngine(),
      log: { info() {}, warn() {}, error() {} },
      now: () => clock,
      verifyCodesPerMinute: 2,
    });
    running.push(server);
    const client = new TestClient({ origin: server.origin, devid: config.devId, devtoken: config.devToken });
    const t0 = clock;
    const at = async (ms: number) => {
      clock = t0 + ms;
      return client.get('/rest/v1/meetings/verify-code', { nowMs: clock });
    };
    expect((await at(0)).status).toBe(200);
    expect((await at(58_000)).status).toBe(200);
    const refused = await at(59_000);
    expect(refused.status).toBe(429);
    // a slot frees when the first code is 60 s old, not when some fixed minute ends
    expect(refused.headers.get('retry-after')).toBe('1');
    expect((await at(60_500)).status).toBe(200);
    // a fixed window would have started afresh at 60 s and allowed a second code here
    expect((await at(60_600)).status).toBe(429);
    expect((await at(118_100)).status).toBe(200);
  });
});
