/**
 * A toolbar that holds one line (issue 26): the controls that fit stay on the line, the rest move
 * into one "More" button's list, in the same order and as the same controls (same names, same
 * test ids), so the host finds each where its label says. What fits is measured: each control's
 * width is kept from the last time it was on the line (a control is never drawn twice, so its
 * ids stay unique), and the language (`measureKey`) drops the kept widths to measure afresh.
 */
import { useCallback, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { Button, Popover, Stack } from '@mantine/core';
import { itemsThatOverflow } from './toolbarFit';

/** Where a control is drawn: on the line, or in the More list (menus open in place there). */
export type ToolbarPlace = 'bar' | 'more';

export interface ToolbarItem {
  /** stable key of the control */
  key: string;
  /** higher stays on the line longer */
  priority: number;
  /** draws the control for a place */
  render: (place: ToolbarPlace) => ReactNode;
}

export interface OverflowToolbarProps {
  /** the controls in line order */
  items: readonly ToolbarItem[];
  /** the More button's label */
  moreLabel: string;
  /** the More list's accessible name */
  listLabel: string;
  /** the toolbar's accessible name */
  label: string;
  /** widths change with it (the language): measured afresh */
  measureKey?: string;
  /** test id of the line; its list gets `${testId}-more-list`, its button `${testId}-more` */
  testId?: string;
}

/** px between controls */
const GAP = 8;
/** the More button's width before it was ever drawn */
const MORE_GUESS = 90;

function sameSet(a: ReadonlySet<string>, b: ReadonlySet<string>): boolean {
  return a.size === b.size && [...a].every((k) => b.has(k));
}

export function OverflowToolbar({ items, moreLabel, listLabel, label, measureKey, testId = 'toolbar' }: OverflowToolbarProps) {
  const bar = useRef<HTMLDivElement>(null);
  const widths = useRef(new Map<string, number>());
  const moreWidth = useRef(MORE_GUESS);
  const [hidden, setHidden] = useState<ReadonlySet<string>>(new Set());
  const [opened, setOpened] = useState(false);
  const moreButton = useRef<HTMLButtonElement>(null);
  const [measuredKey, setMeasuredKey] = useState(measureKey);
  // the language changed: every control back on the line, to be measured in its new words
  if (measuredKey !== measureKey) {
    setMeasuredKey(measureKey);
    widths.current.clear();
    setHidden(new Set());
  }

  const measure = useCallback(() => {
    const b = bar.current;
    if (!b) return;
    for (const slot of Array.from(b.querySelectorAll<HTMLElement>(':scope > [data-toolbar-item]'))) {
      widths.current.set(slot.dataset.toolbarItem ?? '', slot.offsetWidth);
    }
    const more = b.querySelector<HTMLElement>(':scope > [data-toolbar-more]');
    if (more) moreWidth.current = more.offsetWidth;
    const keys = Array.from(b.dataset.keys?.split(' ') ?? []).filter(Boolean);
    const priorities = JSON.parse(b.dataset.priorities ?? '{}') as Record<string, number>;
    const next = itemsThatOverflow(
      keys.map((key) => ({ key, priority: priorities[key] ?? 0, width: widths.current.get(key) ?? 0 })),
      b.clientWidth,
      GAP,
      moreWidth.current,
    );
    setHidden((prev) => {
      if (sameSet(prev, next)) return prev;
      // nothing moves under the host's hand: a control with the focus or an open menu stays
      for (const slot of Array.from(b.querySelectorAll<HTMLElement>(':scope > [data-toolbar-item]'))) {
        const key = slot.dataset.toolbarItem ?? '';
        const held = slot.contains(document.activeElement) || slot.querySelector('[aria-expanded="true"]') !== null;
        if (held && next.has(key) && !prev.has(key)) return prev;
      }
      return next;
    });
  }, []);

  // Measured when the controls on the line change, and when a size changes (below): not on every
  // render, for the toolbar renders with each feed batch and reading the layout then forced the
  // browser to lay out the page in the middle of the table's update (issue 27)
  const keys = items.map((item) => item.key).join(' ');
  const hiddenKeys = [...hidden].join(' ');
  useLayoutEffect(measure, [measure, keys, hiddenKeys, measuredKey]);
  useLayoutEffect(() => {
    const b = bar.current;
    if (!b) return;
    b.addEventListener('focusout', measure);
    if (typeof ResizeObserver === 'undefined') return () => b.removeEventListener('focusout', measure);
    // a label (a count, the focus mode) changes its control's width; the observer reports it after
    // the browser's own layout, so reading the widths then costs no extra layout
    const ro = new ResizeObserver(() => measure());
    ro.observe(b);
    for (const slot of Array.from(b.querySelectorAll<HTMLElement>(':scope > [data-toolbar-item], :scope > [data-toolbar-more]')))
      ro.observe(slot);
    return () => {
      ro.disconnect();
      b.removeEventListener('focusout', measure);
    };
  }, [measure, keys, hiddenKeys]);

  const shown = items.filter((item) => !hidden.has(item.key));
  const moved = items.filter((item) => hidden.has(item.key));
  const priorities = Object.fromEntries(items.map((item) => [item.key, item.priority]));

  return (
    <div
      ref={bar}
      role="toolbar"
      aria-label={label}
      data-testid={testId}
      data-keys={items.map((item) => item.key).join(' ')}
      data-priorities={JSON.stringify(priorities)}
      data-hidden-items={moved.map((item) => item.key).join(' ')}
      // one line: what does not fit is measured out, never wrapped; clipped while it is measured
      style={{ display: 'flex', flexWrap: 'nowrap', alignItems: 'center', gap: GAP, minWidth: 0, overflowX: 'clip' }}
    >
      {shown.map((item) => (
        <div key={item.key} data-toolbar-item={item.key} style={{ flexShrink: 0, display: 'flex', alignItems: 'center', gap: 6 }}>
          {item.render('bar')}
        </div>
      ))}
      {moved.length > 0 && (
        <div data-toolbar-more style={{ flexShrink: 0 }}>
          <Popover opened={opened} onChange={setOpened} position="bottom-end" shadow="md" trapFocus returnFocus closeOnEscape withinPortal>
            <Popover.Target>
              <Button
                ref={moreButton}
                size="compact-sm"
                variant="default"
                data-testid={`${testId}-more`}
                data-count={moved.length}
                aria-haspopup="dialog"
                aria-expanded={opened}
                onClick={() => setOpened((o) => !o)}
              >
                {moreLabel}
                <span aria-hidden style={{ marginLeft: 4 }}>
                  ▾
                </span>
              </Button>
            </Popover.Target>
            <Popover.Dropdown
              role="dialog"
              aria-label={listLabel}
              data-testid={`${testId}-more-list`}
              onClick={(e) => {
                // an action done closes the list; a menu's or a list's own button keeps it open. Focus
                // goes to More now, before a dialog the action opens takes it: the dialog gives it back
                // there, not to a control that left with the list
                const button = (e.target as Element).closest('button');
                if (button && !button.hasAttribute('aria-haspopup')) {
                  moreButton.current?.focus();
                  setOpened(false);
                }
              }}
            >
              <Stack gap="xs" align="flex-start">
                {moved.map((item) => (
                  <div key={item.key} data-toolbar-item-more={item.key} style={{ display: 'flex', alignItems: 'center', gap: 6 }}>
                    {item.render('more')}
                  </div>
                ))}
              </Stack>
            </Popover.Dropdown>
          </Popover>
        </div>
      )}
    </div>
  );
}
