/**
 * The participant table: every column of spec §2, windowed with fixed-height rows so a meeting
 * of 10,000 renders only the rows in view (plus a small overscan). Rows show the server's state
 * only; a command in flight marks its rows pending (wait cursor) until the answer arrives.
 */
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type CSSProperties } from 'react';
import { Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ParticipantRow } from './participantModel';
import type { CommandSink } from './commands';
import { columnScale, gridTemplate, minTableWidth, visibleColumns, type ColumnId } from './columns';
import { useColumnChoice } from './columnChoice';
import { ParticipantTableHeader } from './ParticipantTableHeader';
import { nextSlotBase, slotKey } from './windowSlots';
import { Row } from './ParticipantTableRow';
import type { FailedCallMark } from './failedCalls';

import type { PendingIds, RowDialog } from './tableTypes';

export type { PendingIds, RowDialog } from './tableTypes';

export interface ParticipantTableProps {
  /** rows of the active tab, in display order */
  rows: readonly ParticipantRow[];
  /** the roster number of a participant (Index), looked up for the rows on screen; absent: the row's own or its place */
  numberOf?: (usrId: string) => number | undefined;
  /** selected usr_ids (for bulk actions) */
  selected: ReadonlySet<string>;
  /** usr_ids with a command in flight */
  pending: PendingIds;
  /** replaces the selection */
  onSelectionChange: (next: ReadonlySet<string>) => void;
  /** sends a command to the session */
  onCommand: CommandSink;
  /** opens one of the row dialogs */
  onOpenDialog: (dialog: RowDialog, row: ParticipantRow) => void;
  /** height of the scrolling body in px; default 520 */
  height?: number;
  /** fixed row height in px; default 40 */
  rowHeight?: number;
  /** false: the waiting room is off, so "Move to waiting room" is offered disabled, with the reason */
  waitingRoomOn?: boolean;
  /** opens the operations menu of a row (Enter in the search box); a new object each time */
  menuRequest?: { usrId: string } | null;
  /** usr_id → how long the hand has been up ("2 min"), shown beside Permit / Refuse */
  raisedFor?: Pick<ReadonlyMap<string, string>, 'get'>;
  /** usr_ids whose hand has been up for over a minute, marked in every tab */
  longHands?: Pick<ReadonlySet<string>, 'has'>;
  /** invited addresses whose last call failed: their offline rows are marked */
  failedCalls?: ReadonlyMap<string, FailedCallMark>;
  /** the private talk: with whom ('' none; the row is marked), and whether this console may start one */
  privateTalk?: { usrId: string; canStart: boolean };
}

/**
 * Rows rendered beyond each edge of the view. Every scroll frame that moves the window re-renders
 * the rows it shows, so each extra row is work in that frame; a wheel step jumps past any overscan
 * anyway, and the scroll handler renders in the same frame as the scroll, so a few rows suffice.
 */
export const OVERSCAN = 3;
// Every column fits beside the sidebar in a 1440 px window; in a narrower one the secondary
// columns step back (columns.ts) so the operations stay on screen without sideways scrolling.

const gridStyle: CSSProperties = {
  display: 'grid',
  alignItems: 'center',
  columnGap: 6,
  paddingInline: 6,
};

/** The table's own width, followed as the window or the sidebar changes. */
function useWidth(ref: React.RefObject<HTMLDivElement | null>): number {
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(() => setWidth(el.clientWidth));
    ro.observe(el);
    setWidth(el.clientWidth);
    return () => ro.disconnect();
  }, [ref]);
  return width;
}

export function ParticipantTable({
  rows,
  numberOf,
  selected,
  pending,
  onSelectionChange,
  onCommand,
  onOpenDialog,
  height = 520,
  rowHeight = 40,
  waitingRoomOn,
  menuRequest,
  raisedFor,
  longHands,
  failedCalls,
  privateTalk,
}: ParticipantTableProps) {
  const { t } = useLingui();
  const [first, setFirst] = useState(0);
  const [menuFor, setMenuFor] = useState<string | null>(null);
  useEffect(() => {
    if (!menuRequest) return;
    // a request from outside (search Enter) opens that row's menu as a click on its button does:
    // focus moves to the button first, else the menu closes at once (focus left outside it)
    const id = CSS.escape(menuRequest.usrId);
    scroller.current?.querySelector<HTMLButtonElement>(`[data-usr-id="${id}"] button[aria-haspopup="menu"]`)?.focus();
    setMenuFor(menuRequest.usrId);
  }, [menuRequest]);
  const scroller = useRef<HTMLDivElement>(null);
  const box = useRef<HTMLDivElement>(null);
  const width = useWidth(box);
  const [choice, setChoice] = useColumnChoice();
  // the columns widen with the text in windows over 1440 px; the table's width follows the window's
  const scale = columnScale(typeof window === 'undefined' ? 0 : window.innerWidth);
  // the body's vertical scrollbar takes its width from the rows
  const columns = useMemo(() => visibleColumns(width > 0 ? (width - 16) / scale : 0, choice), [width, choice, scale]);
  const shown = useMemo(() => new Set<ColumnId>(columns.map((c) => c.id)), [columns]);
  const template = gridTemplate(columns, scale);

  const onScroll = useCallback(() => {
    const top = scroller.current?.scrollTop ?? 0;
    const next = Math.max(0, Math.floor(top / rowHeight) - OVERSCAN);
    setFirst((prev) => (prev === next ? prev : next));
  }, [rowHeight]);

  const visibleCount = Math.ceil(height / rowHeight) + OVERSCAN * 2;
  const start = Math.min(first, Math.max(0, rows.length - 1));
  const end = Math.min(rows.length, start + visibleCount);

  // once per change of rows or selection, not per scroll frame (10,000 lookups)
  const [allSelected, someSelected] = useMemo(() => {
    if (selected.size === 0 || rows.length === 0) return [false, false];
    const all = rows.every((r) => selected.has(r.usrId));
    return [all, !all && rows.some((r) => selected.has(r.usrId))];
  }, [rows, selected]);

  // The header is memoised apart from the body: a select-all made anew with each feed batch's rows
  // rendered it (its Mantine checkbox, column menu and quality settings) on every batch. It gets a
  // stable function that reads the rows of the last render.
  const forAll = useRef({ selected, allSelected, rows, onSelectionChange });
  useLayoutEffect(() => {
    forAll.current = { selected, allSelected, rows, onSelectionChange };
  });
  const toggleAll = useCallback(() => {
    const { selected: now, allSelected: all, rows: tabRows, onSelectionChange: change } = forAll.current;
    const next = new Set(now);
    if (all) for (const r of tabRows) next.delete(r.usrId);
    else for (const r of tabRows) next.add(r.usrId);
    change(next);
  }, []);

  const toggleOne = useCallback(
    (usrId: string) => {
      const next = new Set(selected);
      if (next.has(usrId)) next.delete(usrId);
      else next.add(usrId);
      onSelectionChange(next);
    },
    [selected, onSelectionChange],
  );

  const slice = useMemo(() => rows.slice(start, end), [rows, start, end]);
  // which row element shows which row (windowSlots.ts): rows staying in view keep theirs, a jump
  // past the window re-fills the elements in place instead of moving them
  const slots = useRef({ start, base: 0 });
  const base = nextSlotBase(slots.current, start, visibleCount);
  useLayoutEffect(() => {
    slots.current = { start, base };
  }, [start, base]);
  // The container's command sink and dialog opener are new functions whenever its counts change
  // (every feed batch): handed to the memoised rows as they are, every row on screen would
  // re-render on each batch. The rows get stable functions that call the latest ones.
  const latest = useRef({ onCommand, onOpenDialog });
  useLayoutEffect(() => {
    latest.current = { onCommand, onOpenDialog };
  });
  const stableCommand = useCallback<CommandSink>((...args) => latest.current.onCommand(...args), []);
  const stableOpenDialog = useCallback((dialog: RowDialog, row: ParticipantRow) => latest.current.onOpenDialog(dialog, row), []);

  return (
    // every column stays readable on narrow screens: the table scrolls sideways in its own box
    <div ref={box} style={{ overflowX: 'auto', maxWidth: '100%' }}>
      <div
        role="table"
        aria-label={t`Participants`}
        aria-rowcount={rows.length + 1}
        aria-busy={pending.size > 0}
        data-columns={columns.length}
        style={{ minWidth: Math.round(minTableWidth(columns) * scale) }}
      >
        <ParticipantTableHeader
          template={template}
          shown={shown}
          height={rowHeight}
          allSelected={allSelected}
          someSelected={someSelected}
          onToggleAll={toggleAll}
          onColumnChange={setChoice}
          style={gridStyle}
        />
        <div
          ref={scroller}
          onScroll={onScroll}
          data-testid="participant-scroller"
          style={{
            height,
            overflowY: 'auto',
            position: 'relative',
            contain: 'strict',
          }}
        >
          <div role="rowgroup" style={{ height: rows.length * rowHeight, position: 'relative' }}>
            <div style={{ transform: `translateY(${start * rowHeight}px)`, willChange: 'transform' }}>
              {slice.map((row, i) => (
                <Row
                  // keyed by slot: scrolling re-fills the same row elements instead of remounting them
                  key={slotKey(start + i, base, visibleCount)}
                  row={row}
                  index={start + i}
                  number={numberOf?.(row.usrId) ?? row.number ?? start + i + 1}
                  height={rowHeight}
                  selected={selected.has(row.usrId)}
                  pending={pending.has(row.usrId)}
                  menuOpen={menuFor === row.usrId}
                  onToggle={toggleOne}
                  onMenu={setMenuFor}
                  onCommand={stableCommand}
                  onOpenDialog={stableOpenDialog}
                  waitingRoomOff={waitingRoomOn === false}
                  raisedFor={raisedFor?.get(row.usrId)}
                  handLong={longHands?.has(row.usrId) === true}
                  callFailed={row.online ? undefined : failedCalls?.get(row.remoteAddr)}
                  columns={template}
                  shown={shown}
                  talking={privateTalk?.usrId === row.usrId}
                  canTalk={privateTalk?.canStart === true && !privateTalk.usrId}
                />
              ))}
            </div>
          </div>
          {rows.length === 0 && (
            <Text c="dimmed" ta="center" style={{ position: 'absolute', top: 16, insetInline: 0 }}>
              <Trans>No participants in this tab</Trans>
            </Text>
          )}
        </div>
      </div>
    </div>
  );
}
