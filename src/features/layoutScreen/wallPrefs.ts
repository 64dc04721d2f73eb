/**
 * The supervisor's choices on the layout window's monitor wall, kept in the browser: one role at a
 * time in tabs (which one) or the three roles side by side. A value another version wrote, or
 * junk, falls back to the defaults.
 */
import type { MeetingRole } from '@protocol/wire';

export type WallView = 'tabs' | 'side';

export interface WallPrefs {
  view: WallView;
  /** the role shown in tabs view */
  role: MeetingRole;
}

export const WALL_PREFS_KEY = 'podium.layoutWall';
export const DEFAULT_WALL_PREFS: WallPrefs = { view: 'tabs', role: 'guest' };

const ROLES: readonly string[] = ['speaker', 'chair', 'guest'];

/** Reads the stored choices (`raw` as localStorage holds it). */
export function parseWallPrefs(raw: string | null): WallPrefs {
  if (!raw) return DEFAULT_WALL_PREFS;
  try {
    const v = JSON.parse(raw) as Partial<Record<keyof WallPrefs, unknown>>;
    return {
      view: v.view === 'side' || v.view === 'tabs' ? v.view : DEFAULT_WALL_PREFS.view,
      role: typeof v.role === 'string' && ROLES.includes(v.role) ? (v.role as MeetingRole) : DEFAULT_WALL_PREFS.role,
    };
  } catch {
    return DEFAULT_WALL_PREFS;
  }
}

export function loadWallPrefs(storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage): WallPrefs {
  try {
    return parseWallPrefs(storage?.getItem(WALL_PREFS_KEY) ?? null);
  } catch {
    return DEFAULT_WALL_PREFS; // storage refused (private mode, a sandboxed frame)
  }
}

export function saveWallPrefs(prefs: WallPrefs, storage: Pick<Storage, 'setItem'> | undefined = globalThis.localStorage): void {
  try {
    storage?.setItem(WALL_PREFS_KEY, JSON.stringify(prefs));
  } catch {
    // storage refused: the choice lasts as long as the window
  }
}

/**
 * How to lay `count` 16:9 screens out side by side in a window of `width` × `height` (less the
 * room each needs for its heading): the grid of columns × rows in which each screen is largest. A
 * wide window puts three in a row only when that beats two rows of two.
 */
export function wallGrid(width: number, height: number, count = 3, heading = 24): { cols: number; rows: number } {
  let best = { cols: count, rows: 1, size: -1 };
  for (let cols = 1; cols <= count; cols++) {
    const rows = Math.ceil(count / cols);
    const size = Math.min(width / cols, ((height / rows - heading) * 16) / 9);
    if (size > best.size) best = { cols, rows, size };
  }
  return { cols: best.cols, rows: best.rows };
}
