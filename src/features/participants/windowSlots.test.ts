import { describe, expect, it } from 'vitest';
import { nextSlotBase, slotKey } from './windowSlots';

const keys = (start: number, base: number, slots: number) => Array.from({ length: slots }, (_, i) => slotKey(start + i, base, slots));

describe('window slots: which row element shows which row', () => {
  it('a scroll within the window keeps each row that stays in view in its element', () => {
    const base = nextSlotBase({ start: 10, base: 4 }, 13, 8);
    expect(base).toBe(4);
    // rows 13..17 were at positions 3..7 and keep their keys at positions 0..4
    expect(keys(13, base, 8).slice(0, 5)).toEqual(keys(10, 4, 8).slice(3, 8));
  });

  it('a jump past the whole window keeps every element in its place (same keys in the same order)', () => {
    for (const [from, to] of [
      [0, 50],
      [50, 0],
      [7, 7 + 8],
      [123, 9000],
    ]) {
      const base = nextSlotBase({ start: from, base: 3 }, to, 8);
      expect(keys(to, base, 8)).toEqual(keys(from, 3, 8));
    }
  });

  it('keys are unique within the window', () => {
    const k = keys(37, nextSlotBase({ start: 0, base: 0 }, 37, 19), 19);
    expect(new Set(k).size).toBe(19);
  });
});
