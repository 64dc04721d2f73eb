/**
 * The option list of a participant picker (a Mantine Select or MultiSelect), built the same way
 * everywhere: the picker's own fixed choices, what is selected (so the closed picker still shows
 * its name), and — only while the dropdown is open — the best matches of what the user typed.
 * When there are more matches than it shows, they come under a translated hint such as
 * "Showing 50 of 9,845 — type to narrow". Pair it with `filter={keepAllOptions}`: the options
 * are filtered here already.
 */
import { useCallback, useMemo } from 'react';
import type { ComboboxItem, ComboboxItemGroup, OptionsFilter } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { searchOnline, type PickableParticipant } from './searchOnline';

/** participants a picker shows at once; typing narrows the rest */
export const PICKER_OPTION_LIMIT = 50;

/** A picker option: a choice, or the truncated matches under their hint. */
export type ParticipantOption = ComboboxItem | ComboboxItemGroup<ComboboxItem, string>;

/** Mantine's own filter would filter (and, for 10,000, walk) the options again. */
export const keepAllOptions: OptionsFilter = ({ options }) => options;

export interface ParticipantOptionsInput {
  /** true while the dropdown is open: only then are the candidates searched */
  open: boolean;
  /** the candidates (an empty list while closed is fine) */
  candidates: readonly PickableParticipant[];
  /** what the user typed */
  search: string;
  /** choices offered before the participants (none, automatic…); shown when they match the search */
  fixed?: readonly ComboboxItem[];
  /** what is selected, offered even when it does not match (a fixed value keeps its fixed option) */
  selected?: readonly PickableParticipant[];
  /** candidates not to offer */
  skip?: (candidate: PickableParticipant) => boolean;
  /** default {@link PICKER_OPTION_LIMIT} */
  limit?: number;
}

/** The hint shown above the matches when not all of them are offered. */
export function useTruncationHint(): (shown: number, total: number) => string {
  const { t, i18n } = useLingui();
  // a new function only when the language changes (the context's `t` changes with it)
  return useCallback(
    (shownCount: number, totalCount: number) => {
      const shown = i18n.number(shownCount);
      const total = i18n.number(totalCount);
      return t`Showing ${shown} of ${total} — type to narrow`;
    },
    [t, i18n],
  );
}

export function useParticipantOptions(input: ParticipantOptionsInput): ParticipantOption[] {
  const { open, candidates, search, fixed, selected, skip, limit = PICKER_OPTION_LIMIT } = input;
  const hintFor = useTruncationHint();
  return useMemo(() => {
    const fixedValues = new Set((fixed ?? []).map((f) => f.value));
    const selectedItems = (selected ?? []).filter((s) => !fixedValues.has(s.usrId)).map(toItem);
    if (!open) return [...(fixed ?? []), ...selectedItems];
    const q = search.trim().toLowerCase();
    const picked = new Set((selected ?? []).map((s) => s.usrId));
    const fixedShown = (fixed ?? []).filter((f) => !q || picked.has(f.value) || f.label.toLowerCase().includes(q));
    const { matches, total } = searchOnline(candidates, search, limit, skip);
    const found = new Set(matches.map((m) => m.usrId));
    const items = matches.map(toItem);
    const missing = selectedItems.filter((s) => !found.has(s.value));
    const participants: ParticipantOption[] = total > matches.length ? [{ group: hintFor(matches.length, total), items }] : items;
    return [...fixedShown, ...missing, ...participants];
  }, [open, candidates, search, fixed, selected, skip, limit, hintFor]);
}

function toItem(p: PickableParticipant): ComboboxItem {
  return { value: p.usrId, label: p.name };
}
