/**
 * The host's choice of secondary columns (shown, hidden, or left to the width), kept in the
 * browser so it survives a reload.
 */
import { useCallback, useState } from 'react';
import type { ColumnId } from './columns';

const KEY = 'podium.participantColumns';

export type ColumnChoice = Partial<Record<ColumnId, boolean>>;

function read(): ColumnChoice {
  try {
    const raw = localStorage.getItem(KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : {};
    if (!parsed || typeof parsed !== 'object') return {};
    const out: ColumnChoice = {};
    for (const [k, v] of Object.entries(parsed)) if (typeof v === 'boolean') out[k as ColumnId] = v;
    return out;
  } catch {
    return {};
  }
}

export function useColumnChoice(): [ColumnChoice, (id: ColumnId, show: boolean) => void] {
  const [choice, setChoice] = useState<ColumnChoice>(read);
  const set = useCallback((id: ColumnId, show: boolean) => {
    setChoice((prev) => {
      const next = { ...prev, [id]: show };
      try {
        localStorage.setItem(KEY, JSON.stringify(next));
      } catch {
        // storage full or denied: the choice holds for this page
      }
      return next;
    });
  }, []);
  return [choice, set];
}
