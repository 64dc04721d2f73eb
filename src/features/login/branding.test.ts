import { describe, expect, it, vi } from 'vitest';
import type { PlatformApi } from '#/api/platform';
import { brandingForScreen, loadBrandingAhead } from './branding';

/** A platform whose four branding calls answer at once and are counted. */
function countingPlatform() {
  const calls = { info: 0, oem: 0, standalone: 0, nginx: 0 };
  const platform = {
    info: vi.fn(async () => {
      calls.info += 1;
      return { response: { data: { version: '9.1', links: {} } }, settings: { signing: { mode: 'compat', devid: 'd', devtoken: 't' } } };
    }),
    oemIconTitle: vi.fn(async () => {
      calls.oem += 1;
      return { data: { title: { zh: '会议', en: 'Meeting' }, icon: 'data:image/png;base64,AA==' } };
    }),
    isStandalone: vi.fn(async () => {
      calls.standalone += 1;
      return { data: { is_standalone: 1 } };
    }),
    nginxConfig: vi.fn(async () => {
      calls.nginx += 1;
      return { data: { http_port: 80, https_port: 443 } };
    }),
  } as unknown as PlatformApi;
  return { platform, calls };
}

const store = () => ({ setStandalone: vi.fn(), setPorts: vi.fn() });

describe('the login branding asked for ahead (issue 27 item 3)', () => {
  it('asks the platform at once, before anyone takes it', () => {
    const { platform, calls } = countingPlatform();
    loadBrandingAhead(platform, store());
    expect(calls).toEqual({ info: 1, oem: 1, standalone: 1, nginx: 1 });
  });

  it("is handed once to the screen's first load; a later load asks again", async () => {
    const { platform, calls } = countingPlatform();
    const ahead = loadBrandingAhead(platform, store());
    const first = await brandingForScreen(ahead, platform, store());
    expect(first.title?.en).toBe('Meeting');
    expect(first.platformVersion).toBe('9.1');
    expect(calls.oem).toBe(1);
    await brandingForScreen(ahead, platform, store());
    expect(calls.oem).toBe(2);
  });

  it('without one, the screen loads its branding itself', async () => {
    const { platform, calls } = countingPlatform();
    const branding = await brandingForScreen(undefined, platform, store());
    expect(branding.icon).toBe('data:image/png;base64,AA==');
    expect(calls).toEqual({ info: 1, oem: 1, standalone: 1, nginx: 1 });
  });
});
