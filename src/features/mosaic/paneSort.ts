/**
 * Keyboard sorting of the layout's panes, the pattern of accessible sortable lists: Space or
 * Enter on a pane's handle picks the pane up, the arrow keys (Home/End) move it, Space or Enter
 * drops it, Escape puts it back where it was. Pure: the dialog applies the moves to its draft
 * and announces what each step says (an aria-live region). No React here.
 */

/** A pane being carried by the keyboard: where it started and where it is now. */
export interface Lifted {
  from: number;
  at: number;
}

/** What a key did: the next carrying state, the move to apply to the draft, and what to announce. */
export interface SortStep {
  lifted: Lifted | null;
  /** move the pane at `from` to `to` in the draft */
  move?: { from: number; to: number };
  announce?: { kind: 'picked' | 'moved' | 'dropped' | 'cancelled'; position: number; count: number };
}

/** The step a key makes on the handle of pane `pane` of `count`; undefined when the key is not ours. */
export function paneSortKey(key: string, pane: number, count: number, lifted: Lifted | null): SortStep | undefined {
  if (lifted === null) {
    if (key !== ' ' && key !== 'Enter') return undefined;
    return { lifted: { from: pane, at: pane }, announce: { kind: 'picked', position: pane + 1, count } };
  }
  if (key === ' ' || key === 'Enter') return { lifted: null, announce: { kind: 'dropped', position: lifted.at + 1, count } };
  if (key === 'Escape') {
    return {
      lifted: null,
      move: lifted.at === lifted.from ? undefined : { from: lifted.at, to: lifted.from },
      announce: { kind: 'cancelled', position: lifted.from + 1, count },
    };
  }
  const target =
    key === 'ArrowUp' || key === 'ArrowLeft'
      ? lifted.at - 1
      : key === 'ArrowDown' || key === 'ArrowRight'
        ? lifted.at + 1
        : key === 'Home'
          ? 0
          : key === 'End'
            ? count - 1
            : undefined;
  if (target === undefined) return undefined;
  const to = Math.max(0, Math.min(count - 1, target));
  if (to === lifted.at) return { lifted, announce: { kind: 'moved', position: to + 1, count } };
  return { lifted: { from: lifted.from, at: to }, move: { from: lifted.at, to }, announce: { kind: 'moved', position: to + 1, count } };
}
