/**
 * Which controls of a one-line toolbar move into its "More" list (issue 26): the least important
 * go first, and a more important one never goes while a less important one stays, so the line
 * reads the same at every width, only shorter.
 */

export interface FitItem {
  /** the item's key */
  key: string;
  /** higher stays on the line longer */
  priority: number;
  /** px it takes on the line (its last measure) */
  width: number;
}

/**
 * The keys that do not fit a line `available` px wide with `gap` px between items, keeping room
 * for the "More" button (`moreWidth`) once anything is left out. An unmeasured line (0 px: not
 * laid out yet, or a test DOM without layout) leaves everything on it.
 */
export function itemsThatOverflow(items: readonly FitItem[], available: number, gap: number, moreWidth: number): Set<string> {
  const total = items.reduce((sum, item) => sum + item.width, 0) + gap * Math.max(0, items.length - 1);
  if (available <= 0 || total <= available) return new Set();
  const byPriority = items
    .map((item, index) => ({ item, index }))
    .sort((a, b) => b.item.priority - a.item.priority || a.index - b.index)
    .map(({ item }) => item);
  const hidden = new Set<string>();
  let used = moreWidth;
  for (const item of byPriority) {
    if (hidden.size === 0 && used + gap + item.width <= available) used += gap + item.width;
    else hidden.add(item.key);
  }
  return hidden;
}
