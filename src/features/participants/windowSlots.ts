/**
 * Which element of the windowed table shows which row (its React key). The table renders a fixed
 * number of row elements (slots) and re-fills them as it scrolls:
 * - a scroll within the window keeps each row that stays in view in its element (key = its index
 *   modulo the slot count), so only the rows coming in are re-filled and a focused row keeps focus;
 * - a jump past the whole window (a wheel flick, a drag of the scrollbar, a search) keeps every
 *   element where it is in the document and re-fills each in place. Keyed by index there, React
 *   moved most elements (insertBefore), and a moved element loses its layout box: the browser
 *   rebuilt and laid out each row from scratch in that frame (issue 27 item 1).
 */

/** The slots' offset after a move of the window's first row from `prev.start` to `start`. */
export function nextSlotBase(prev: { start: number; base: number }, start: number, slots: number): number {
  if (slots <= 0) return 0;
  if (Math.abs(start - prev.start) < slots) return prev.base;
  // position i keeps the key it had: (start + i + base) ≡ (prev.start + i + prev.base)
  return mod(prev.start + prev.base - start, slots);
}

/** The key of the row at `index` of the list. */
export function slotKey(index: number, base: number, slots: number): number {
  return mod(index + base, slots);
}

function mod(n: number, m: number): number {
  return ((n % m) + m) % m;
}
