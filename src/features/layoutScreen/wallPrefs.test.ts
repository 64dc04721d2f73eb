import { describe, expect, it } from 'vitest';
import { DEFAULT_WALL_PREFS, loadWallPrefs, parseWallPrefs, saveWallPrefs, wallGrid, WALL_PREFS_KEY } from './wallPrefs';

describe('wall preferences', () => {
  it('read back what was saved', () => {
    const store = new Map<string, string>();
    const storage = { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v) };
    saveWallPrefs({ view: 'side', role: 'chair' }, storage);
    expect(store.has(WALL_PREFS_KEY)).toBe(true);
    expect(loadWallPrefs(storage)).toEqual({ view: 'side', role: 'chair' });
  });

  it('fall back to tabs on the audience for nothing, junk or unknown values', () => {
    expect(parseWallPrefs(null)).toEqual(DEFAULT_WALL_PREFS);
    expect(parseWallPrefs('{not json')).toEqual(DEFAULT_WALL_PREFS);
    expect(parseWallPrefs(JSON.stringify({ view: 'grid', role: 'custom' }))).toEqual(DEFAULT_WALL_PREFS);
    expect(parseWallPrefs(JSON.stringify({ view: 'side' }))).toEqual({ view: 'side', role: 'guest' });
  });

  it('survive a storage that throws', () => {
    const throwing = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
    };
    expect(loadWallPrefs(throwing)).toEqual(DEFAULT_WALL_PREFS);
    expect(() => saveWallPrefs({ view: 'side', role: 'speaker' }, throwing)).not.toThrow();
  });

  it('lay the three screens out where each is largest', () => {
    // a 16:9 window: two rows of two beat one row of three
    expect(wallGrid(1440, 810)).toEqual({ cols: 2, rows: 2 });
    // a very wide window (three monitors' worth): a row
    expect(wallGrid(3840, 700)).toEqual({ cols: 3, rows: 1 });
    // a portrait window: a column
    expect(wallGrid(800, 1400)).toEqual({ cols: 1, rows: 3 });
  });
});
