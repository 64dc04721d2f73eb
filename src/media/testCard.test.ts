import { describe, expect, it } from 'vitest';
import { drawSlide, drawTestCard, sweep } from './testCard';

function recorder() {
  const calls: string[] = [];
  const ctx = new Proxy({} as Record<string, unknown>, {
    get:
      (_t, k) =>
      (...args: unknown[]) =>
        calls.push(`${String(k)}(${args.map(String).join(',')})`),
    set: (_t, k, v) => (calls.push(`${String(k)}=${v}`), true),
  });
  return { ctx: ctx as unknown as CanvasRenderingContext2D, calls };
}

describe('test cards', () => {
  it('sweep once every two seconds', () => {
    expect(sweep(0)).toBe(0);
    expect(sweep(1000)).toBe(0.5);
    expect(sweep(2000)).toBe(0);
  });

  it('draw a different picture as time passes, in the participant’s colour, with a ring while talking', () => {
    const a = recorder();
    const b = recorder();
    drawTestCard(a.ctx, '1001', 'Alice Zhang', false, 1000);
    drawTestCard(b.ctx, '1001', 'Alice Zhang', false, 1500);
    expect(a.calls).not.toEqual(b.calls);
    expect(a.calls).toContain('fillText(AZ,160,78)');
    const talking = recorder();
    drawTestCard(talking.ctx, '1001', 'Alice Zhang', true, 1000);
    expect(talking.calls).toContain('strokeStyle=#40c057');
    expect(a.calls).not.toContain('strokeStyle=#40c057');
  });

  it('turn slides every eight seconds', () => {
    const first = recorder();
    const next = recorder();
    drawSlide(first.ctx, '1001', 'Alice', 0);
    drawSlide(next.ctx, '1001', 'Alice', 8000);
    expect(first.calls.some((c) => c.startsWith('fillText(1 / 12'))).toBe(true);
    expect(next.calls.some((c) => c.startsWith('fillText(2 / 12'))).toBe(true);
  });
});
