/**
 * The search box above the participant table (issue 13 §1): filters the current tab as you type,
 * `/` or Ctrl+K jumps to it from anywhere but another field, Enter on a single match opens that
 * row's operations, and the count reads "12 of 9,851". One line beside the tabs (issue 26): its
 * name is its label, the shortcut shows as the key inside it, so no label row above the table.
 */
import { startTransition, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Group, Kbd, Text, TextInput } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { isSearchShortcut } from './searchModel';
import { searchCountText } from './outcomeText';

export interface SearchBoxProps {
  /**
   * the text changed: called in a transition, so the box shows each key at once and the table
   * (10,000 rows) follows without holding the typing up
   */
  onChange: (value: string) => void;
  /** rows of the tab that match */
  shown: number;
  /** rows of the tab */
  total: number;
  /** Enter was pressed in the box, with the text as typed (the table may not have caught up) */
  onEnter: (text: string) => void;
}

export function SearchBox({ onChange, shown, total, onEnter }: SearchBoxProps) {
  const { i18n, t } = useLingui();
  const input = useRef<HTMLInputElement>(null);
  // the box owns the text (the query only ever changes here): typed keys render only the box,
  // and the query follows in a transition
  const [text, setText] = useState('');
  const change = useCallback(
    (next: string) => {
      setText(next);
      startTransition(() => onChange(next));
    },
    [onChange],
  );

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      // the event's key and modifiers are getters of its prototype: passed one by one
      const key = { key: e.key, ctrlKey: e.ctrlKey, metaKey: e.metaKey, altKey: e.altKey, target: e.target as HTMLElement | null };
      if (e.defaultPrevented || !isSearchShortcut(key)) return;
      // a dialog above the table owns the keyboard
      if (document.querySelector('[role="dialog"][aria-modal="true"]')) return;
      e.preventDefault();
      input.current?.focus();
      input.current?.select();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const filtering = text.trim() !== '';
  // kept while the text is the same: the counts beside it move with every feed batch, and the
  // Mantine input (wrapper, input, section, shortcut mark) was rendered again each time (issue 27)
  const field = useMemo(
    () => (
      <TextInput
        ref={input}
        type="search"
        size="xs"
        w={250}
        aria-label={t`Find participant`}
        title={t`Find participant: name, number, address or id · press / or Ctrl+K`}
        placeholder={t`Find: name, number, address or id`}
        value={text}
        onChange={(e) => change(e.currentTarget.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            onEnter(text);
          } else if (e.key === 'Escape' && text) {
            e.preventDefault();
            change('');
          }
        }}
        rightSection={filtering ? undefined : <Kbd size="xs">/</Kbd>}
      />
    ),
    [t, text, change, onEnter, filtering],
  );
  return (
    <Group gap="xs" align="center" wrap="nowrap">
      {field}
      <Text
        size="sm"
        c="dimmed"
        id="participant-search-count"
        data-testid="search-count"
        data-shown={shown}
        data-total={total}
        aria-live="polite"
      >
        {filtering ? searchCountText(i18n, shown, total) : ''}
      </Text>
    </Group>
  );
}
