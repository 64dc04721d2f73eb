import { describe, expect, it } from 'vitest';
import { paneSortKey } from './paneSort';

describe('paneSortKey', () => {
  it('ignores every key but Space and Enter until a pane is picked up', () => {
    expect(paneSortKey('ArrowDown', 1, 4, null)).toBeUndefined();
    expect(paneSortKey(' ', 1, 4, null)).toEqual({ lifted: { from: 1, at: 1 }, announce: { kind: 'picked', position: 2, count: 4 } });
    expect(paneSortKey('Enter', 0, 4, null)?.lifted).toEqual({ from: 0, at: 0 });
  });

  it('moves by arrows, Home and End, stopping at the ends', () => {
    expect(paneSortKey('ArrowDown', 1, 4, { from: 1, at: 1 })).toEqual({
      lifted: { from: 1, at: 2 },
      move: { from: 1, to: 2 },
      announce: { kind: 'moved', position: 3, count: 4 },
    });
    expect(paneSortKey('ArrowLeft', 2, 4, { from: 1, at: 2 })?.move).toEqual({ from: 2, to: 1 });
    expect(paneSortKey('Home', 3, 4, { from: 1, at: 3 })?.move).toEqual({ from: 3, to: 0 });
    expect(paneSortKey('End', 0, 4, { from: 1, at: 0 })?.move).toEqual({ from: 0, to: 3 });
    const atTop = paneSortKey('ArrowUp', 0, 4, { from: 2, at: 0 });
    expect(atTop?.move).toBeUndefined();
    expect(atTop?.lifted).toEqual({ from: 2, at: 0 });
    expect(paneSortKey('x', 0, 4, { from: 0, at: 0 })).toBeUndefined();
  });

  it('drops where the pane is, or on Escape moves it back to where it started', () => {
    expect(paneSortKey(' ', 3, 4, { from: 1, at: 3 })).toEqual({ lifted: null, announce: { kind: 'dropped', position: 4, count: 4 } });
    expect(paneSortKey('Escape', 3, 4, { from: 1, at: 3 })).toEqual({
      lifted: null,
      move: { from: 3, to: 1 },
      announce: { kind: 'cancelled', position: 2, count: 4 },
    });
    expect(paneSortKey('Escape', 1, 4, { from: 1, at: 1 })?.move).toBeUndefined();
  });
});
