// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { installRootFontSize, rootFontSizePx } from './rootFontSize';

describe('root font size (spec §9: window width / 110)', () => {
  it('computes width / 110', () => {
    expect(rootFontSizePx(1100)).toBe(10);
    expect(rootFontSizePx(1920)).toBeCloseTo(17.4545, 3);
  });

  it('follows the window on resize until disposed', () => {
    const win = window as unknown as Window & { happyDOM: { setInnerWidth(w: number): void } };
    win.happyDOM.setInnerWidth(1100);
    const dispose = installRootFontSize(window);
    expect(document.documentElement.style.fontSize).toBe('10px');
    win.happyDOM.setInnerWidth(2200);
    window.dispatchEvent(new Event('resize'));
    expect(document.documentElement.style.fontSize).toBe('20px');
    dispose();
    win.happyDOM.setInnerWidth(1100);
    window.dispatchEvent(new Event('resize'));
    expect(document.documentElement.style.fontSize).toBe('20px');
  });
});
