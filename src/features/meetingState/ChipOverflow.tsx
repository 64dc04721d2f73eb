/**
 * The header's chips on one line whatever the meeting (issue 26 item 3): the chips that fit show
 * in the header, the rest behind one "+N" button whose popover lists them, each still opening its
 * control. What fits is measured on an invisible ruler holding every chip (and the button), so the
 * chips shown never depend on the ones being shown — no flicker as a REC clock ticks.
 */
import { useCallback, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { Button, Popover, Stack } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { chipsThatFit } from './meetingStateModel';
import classes from './meetingState.module.css';

/** Where a chip is drawn: in the header, in the overflow's popover, or on the ruler (measured, never seen). */
export type ChipPlace = 'bar' | 'overflow' | 'ruler';

export interface OverflowChip {
  /** the chip's kind (its key and data-chip) */
  kind: string;
  /** draws the chip for a place */
  render: (place: ChipPlace) => ReactNode;
}

/** px between chips (the bar's gap) */
const GAP = 6;

/** a chip in the header from position `from` on has the focus or an open popover */
function holdsInteraction(bar: HTMLElement, from: number): boolean {
  const slots = Array.from(bar.querySelectorAll('[data-bar-slot]')).slice(from);
  return slots.some((slot) => slot.contains(document.activeElement) || slot.querySelector('[aria-expanded="true"]') !== null);
}

export function ChipOverflow({
  chips,
}: {
  /** the chips in header order; the last ones overflow first */
  chips: readonly OverflowChip[];
}) {
  const { t } = useLingui();
  const bar = useRef<HTMLDivElement>(null);
  const ruler = useRef<HTMLDivElement>(null);
  const more = useRef<HTMLButtonElement>(null);
  const [fit, setFit] = useState(chips.length);
  const [opened, setOpened] = useState(false);

  const measure = useCallback(() => {
    const b = bar.current;
    const r = ruler.current;
    if (!b || !r) return;
    const items = Array.from(r.children) as HTMLElement[];
    // the ruler's last child is the "+N" button
    const widths = items.slice(0, -1).map((el) => el.offsetWidth);
    const moreWidth = items.at(-1)?.offsetWidth ?? 0;
    const next = chipsThatFit(widths, b.clientWidth, GAP, moreWidth);
    setFit((prev) => {
      if (prev === next) return prev;
      // nothing moves under the host's hand: a chip that has the focus or its popover open stays
      // where it is until let go (REC's clock widening by a digit once took the controllers chip
      // from under its open popover, and focus went nowhere on Escape)
      if (next < prev && holdsInteraction(b, next)) return prev;
      return next;
    });
  }, []);

  // Measured when a chip comes or goes, and when a size changes (below): not on every render, for
  // a render per feed batch (a count moving) read the layout while the table was being updated and
  // forced the browser to lay out the page there and then (issue 27)
  const kinds = chips.map((c) => c.kind).join(' ');
  useLayoutEffect(measure, [measure, kinds]);
  useLayoutEffect(() => {
    const b = bar.current;
    const r = ruler.current;
    if (!b || !r) return;
    // the window's width too: the header's other items grow with the root font size
    window.addEventListener('resize', measure);
    // a chip held by focus (above) moves once focus leaves it
    b.addEventListener('focusout', measure);
    const stop = () => {
      window.removeEventListener('resize', measure);
      b.removeEventListener('focusout', measure);
    };
    if (typeof ResizeObserver === 'undefined') return stop;
    // a label (REC's clock, a count, a name) changes its chip's width on the ruler; the observer
    // reports it after the browser's own layout, so reading the widths then costs no extra layout
    const ro = new ResizeObserver(() => measure());
    ro.observe(b);
    for (const slot of Array.from(r.children)) ro.observe(slot);
    return () => {
      ro.disconnect();
      stop();
    };
  }, [measure, kinds]);

  const shown = chips.slice(0, fit);
  const hidden = chips.slice(fit);
  const count = hidden.length;
  const close = (focusButton: boolean) => {
    setOpened(false);
    if (focusButton) more.current?.focus();
  };

  return (
    <div className={classes.bar} ref={bar}>
      <div
        className={classes.track}
        role="group"
        aria-label={t`Meeting state`}
        data-testid="meeting-state"
        data-chips={chips.map((c) => c.kind).join(' ')}
        data-hidden-chips={hidden.map((c) => c.kind).join(' ')}
      >
        {shown.map((c) => (
          <span key={c.kind} className={classes.slot} data-bar-slot>
            {c.render('bar')}
          </span>
        ))}
        {count > 0 && (
          <Popover
            opened={opened && count > 0}
            onChange={setOpened}
            position="bottom-end"
            shadow="md"
            withArrow
            trapFocus
            closeOnEscape={false}
          >
            <Popover.Target>
              <Button
                ref={more}
                size="compact-sm"
                variant="default"
                className={classes.chip}
                data-chip="more"
                data-count={count}
                aria-label={t`More meeting states: ${count}`}
                title={t`Show the meeting states that do not fit the header`}
                aria-expanded={opened}
                aria-haspopup="dialog"
                onClick={() => setOpened((o) => !o)}
                onKeyDown={(e) => {
                  if (e.key === 'Escape' && opened) close(true);
                }}
              >
                +{count}
              </Button>
            </Popover.Target>
            <Popover.Dropdown
              role="dialog"
              aria-label={t`More meeting states`}
              data-testid="meeting-state-more"
              onKeyDown={(e) => {
                if (e.key === 'Escape') close(true);
              }}
              onClick={(e) => {
                // a chip that brings up its control elsewhere closes the list; one with a popover of its own keeps it
                const chip = (e.target as Element).closest('[data-chip]');
                if (chip && !chip.hasAttribute('aria-haspopup')) close(false);
              }}
            >
              <Stack gap={6} align="flex-start">
                {hidden.map((c) => (
                  <span key={c.kind}>{c.render('overflow')}</span>
                ))}
              </Stack>
            </Popover.Dropdown>
          </Popover>
        )}
      </div>
      {/* every chip at its natural width, out of sight and out of the accessibility tree */}
      <div className={classes.ruler} ref={ruler} aria-hidden>
        {chips.map((c) => (
          <span key={c.kind} className={classes.slot}>
            {c.render('ruler')}
          </span>
        ))}
        <span className={classes.slot}>
          <Button size="compact-sm" variant="default" className={classes.chip} tabIndex={-1}>
            +{chips.length}
          </Button>
        </span>
      </div>
    </div>
  );
}
