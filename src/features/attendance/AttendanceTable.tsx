/**
 * The attendance table: one row per person, windowed with fixed-height rows so 10,000 people
 * render only the rows in view. Column headers sort (a second click reverses); the sort is told
 * to assistive technology with aria-sort.
 */
import { useCallback, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { Text, UnstyledButton } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { durationText, percentText, type AttendanceRow, type AttendanceSort, type AttendanceSortKey } from './attendanceModel';
import type { AttendanceWords } from './attendanceWords';
import classes from './attendance.module.css';

const OVERSCAN = 8;
// the share column is as wide as its header ("Share of the meeting"): at 4.5rem the header wrapped
// to three lines and ran into the first row; the roll-call cell holds "Present at 2 of 3 calls"
const TEMPLATE = 'minmax(10rem, 2fr) minmax(7rem, 1fr) 6rem 6rem 6rem minmax(8.5rem, 1fr) 4rem minmax(10rem, 1.2fr)';

export function AttendanceTable({
  rows,
  sort,
  onSort,
  words,
  height = 480,
  rowHeight = 36,
  windowed = true,
}: {
  rows: readonly AttendanceRow[];
  sort: AttendanceSort;
  onSort: (next: AttendanceSort) => void;
  words: AttendanceWords;
  /** height of the scrolling body in px */
  height?: number;
  rowHeight?: number;
  /** false draws every row (the printed report) */
  windowed?: boolean;
}) {
  const { t } = useLingui();
  const scroller = useRef<HTMLDivElement>(null);
  const [top, setTop] = useState(0);
  const onScroll = useCallback(() => setTop(scroller.current?.scrollTop ?? 0), []);
  const first = windowed ? Math.max(0, Math.floor(top / rowHeight) - OVERSCAN) : 0;
  const last = windowed ? Math.min(rows.length, Math.ceil((top + height) / rowHeight) + OVERSCAN) : rows.length;
  const grid: CSSProperties = { display: 'grid', gridTemplateColumns: TEMPLATE, alignItems: 'center', columnGap: 8 };

  const header = (key: AttendanceSortKey, label: ReactNode) => {
    const active = sort.key === key;
    return (
      <div role="columnheader" aria-sort={active ? (sort.dir === 'asc' ? 'ascending' : 'descending') : 'none'}>
        <UnstyledButton
          className={classes.sortButton}
          onClick={() =>
            onSort({
              key,
              dir: active && sort.dir === 'asc' ? 'desc' : active ? 'asc' : key === 'name' || key === 'state' ? 'asc' : 'desc',
            })
          }
        >
          {label}
          <span aria-hidden="true">{active ? (sort.dir === 'asc' ? ' ▲' : ' ▼') : ''}</span>
        </UnstyledButton>
      </div>
    );
  };

  const body = rows.slice(first, last).map((r, i) => (
    <div
      key={r.usrId}
      role="row"
      aria-rowindex={first + i + 2}
      className={classes.row}
      data-usr-id={r.usrId}
      data-state={r.state}
      style={{ ...grid, height: rowHeight, ...(windowed ? { position: 'absolute', top: (first + i) * rowHeight, left: 0, right: 0 } : {}) }}
    >
      <div role="cell" className={classes.nameCell} title={r.usrId}>
        {r.name || r.usrId}
        {!r.invited && (
          <Text span size="xs" c="dimmed">
            {' '}
            {words.notInvited}
          </Text>
        )}
      </div>
      <div role="cell" className={classes[r.state]}>
        {words.state(r.state)}
      </div>
      <div role="cell" title={r.firstJoin ? new Date(r.firstJoin * 1000).toISOString() : undefined}>
        {r.firstJoin === undefined ? '—' : words.time(r.firstJoin)}
      </div>
      <div role="cell" title={r.lastLeave ? new Date(r.lastLeave * 1000).toISOString() : undefined}>
        {r.lastLeave === undefined ? '—' : words.time(r.lastLeave)}
      </div>
      <div role="cell" data-total-secs={Math.round(r.totalSecs)}>
        {durationText(r.totalSecs)}
      </div>
      <div role="cell">{percentText(r.share)}</div>
      <div role="cell">{r.joins}</div>
      <div role="cell">{words.rollCall(r.rollCalls, r.answered)}</div>
    </div>
  ));

  return (
    <div
      role="table"
      aria-label={words.tableLabel}
      aria-rowcount={rows.length + 1}
      className={classes.table}
      data-testid="attendance-table"
      data-rows={rows.length}
    >
      <div role="rowgroup">
        {/* at least a row high, taller when a header wraps (a narrow window): never over the first row */}
        <div role="row" aria-rowindex={1} className={classes.headerRow} style={{ ...grid, alignItems: 'end', minHeight: rowHeight }}>
          {header('name', t`Name`)}
          {header('state', t`State`)}
          {header('firstJoin', t`First joined`)}
          {header('lastLeave', t`Last left`)}
          {header('total', t`Time present`)}
          {header('share', words.shareHeader)}
          {header('joins', t`Stays`)}
          <div role="columnheader">{t`Roll call`}</div>
        </div>
      </div>
      {windowed ? (
        <div
          ref={scroller}
          onScroll={onScroll}
          role="rowgroup"
          className={classes.scroller}
          style={{ height }}
          data-testid="attendance-scroller"
          // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region is scrolled by keyboard once focused (axe scrollable-region-focusable)
          tabIndex={0}
          aria-label={words.tableLabel}
        >
          <div style={{ position: 'relative', height: rows.length * rowHeight }}>{body}</div>
        </div>
      ) : (
        <div role="rowgroup">{body}</div>
      )}
      {rows.length === 0 && (
        <Text size="sm" c="dimmed" p="sm">
          {words.empty}
        </Text>
      )}
    </div>
  );
}
