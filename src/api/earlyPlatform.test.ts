import { describe, expect, it, vi } from 'vitest';
import { createPlatformApi } from './platform';
import { EARLY_PLATFORM_GLOBAL, GET_PLATFORM_PATH, withEarlyPlatform, type EarlyPlatform } from './earlyPlatform';

const ORIGIN = 'http://console.test';
const platformAnswer = () =>
  new Response(
    JSON.stringify({
      code: 0,
      data: { version: '9.9', func_enabled: { api_aes_mode: 0 }, signing: { mode: 'compat', devid: 'd', devtoken: 't' } },
    }),
    {
      headers: { 'content-type': 'application/json' },
    },
  );

function setUp(early?: Partial<EarlyPlatform>) {
  const holder: { [EARLY_PLATFORM_GLOBAL]?: EarlyPlatform } = {};
  if (early)
    holder[EARLY_PLATFORM_GLOBAL] = { url: `${ORIGIN}${GET_PLATFORM_PATH}`, response: Promise.resolve(platformAnswer()), ...early };
  const network = vi.fn(async () => platformAnswer());
  return { holder, network, fetch: withEarlyPlatform(network as unknown as typeof fetch, holder) };
}

describe('the getPlatform index.html asked for', () => {
  it("answers the platform client's first getPlatform: no second request goes out", async () => {
    const { holder, network, fetch } = setUp({});
    const platform = createPlatformApi({ baseUrl: ORIGIN, fetch });
    const info = await platform.info();
    expect(info.response.data.version).toBe('9.9');
    expect(network).not.toHaveBeenCalled();
    expect(holder[EARLY_PLATFORM_GLOBAL]).toBeUndefined();
  });

  it('is taken once: a later getPlatform (after a failure, say) asks the network', async () => {
    const { network, fetch } = setUp({});
    await fetch(`${ORIGIN}${GET_PLATFORM_PATH}`);
    await fetch(`${ORIGIN}${GET_PLATFORM_PATH}`);
    expect(network).toHaveBeenCalledTimes(1);
  });

  it('answers only a GET of the address it asked (another prefix, another call, a POST go to the network)', async () => {
    const { holder, network, fetch } = setUp({});
    await fetch(`${ORIGIN}/console${GET_PLATFORM_PATH}`);
    await fetch(`${ORIGIN}/rest/v1/meetings/verify-code`);
    await fetch(`${ORIGIN}${GET_PLATFORM_PATH}`, { method: 'POST' });
    expect(network).toHaveBeenCalledTimes(3);
    expect(holder[EARLY_PLATFORM_GLOBAL]).toBeDefined();
  });

  it("hands on the shell's failure as the request's own: the client reports it and asks again next time", async () => {
    const { network, fetch } = setUp({ response: Promise.reject(new TypeError('Failed to fetch')) });
    const platform = createPlatformApi({ baseUrl: ORIGIN, fetch });
    await expect(platform.info()).rejects.toMatchObject({ kind: 'network' });
    await expect(platform.info()).resolves.toBeDefined();
    expect(network).toHaveBeenCalledTimes(1);
  });
});
