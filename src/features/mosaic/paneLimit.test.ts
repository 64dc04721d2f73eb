import { describe, expect, it } from 'vitest';
import { overLimit, paneLimitOf } from './paneLimit';

const tmpl = { name: 'HD', max_mosic: 9, max_spk_mosic: 4, max_chair_mosic: 0, max_guest_mosic: 16 };

describe('paneLimitOf (issue 30: resource_tmpl_info limits the layouts)', () => {
  it('takes each role’s own cap, the overall one where a role has none, and none without a template', () => {
    expect(paneLimitOf(tmpl, 'speaker')).toBe(4);
    expect(paneLimitOf(tmpl, 'guest')).toBe(16);
    expect(paneLimitOf(tmpl, 'chair')).toBe(9);
    expect(paneLimitOf(tmpl, 'custom')).toBe(9);
    expect(paneLimitOf({ ...tmpl, max_mosic: 0, max_chair_mosic: 0 }, 'chair')).toBeUndefined();
    expect(paneLimitOf(null, 'speaker')).toBeUndefined();
  });

  it('a layout is over the cap only above it', () => {
    expect(overLimit(9, 4)).toBe(true);
    expect(overLimit(4, 4)).toBe(false);
    expect(overLimit(25, undefined)).toBe(false);
  });
});
