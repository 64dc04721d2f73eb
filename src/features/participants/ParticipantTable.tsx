/**
 * The participant table: every column of spec §2, windowed with fixed-height rows so a meeting
 * of 10,000 renders only the rows in view (plus a small overscan). Rows show the server's state
 * only; a command in flight marks its rows pending (wait cursor) until the answer arrives.
 */
import { memo, useCallback, useEffect, useMemo, useRef, useState, type CSSProperties } from 'react';
import { Checkbox, Menu, Text } from '@mantine/core';
import classes from './ParticipantTable.module.css';
import { Trans, useLingui } from '@lingui/react/macro';
import { flag, protocolName, type ParticipantRow } from './participantModel';
import type { CommandSink } from './commands';
import { requestActivityFor } from '#/session/activityRequest';

/** Which usr_ids wait for a command's answer (a Set, or the commands actor's count Map). */
export type PendingIds = Pick<ReadonlySet<string>, 'has' | 'size'>;

/** Dialogs a row can open; the container owns them. */
export type RowDialog = 'rename' | 'camera' | 'mic' | 'stats';

export interface ParticipantTableProps {
  /** rows of the active tab, in display order */
  rows: readonly ParticipantRow[];
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
  /** false: the waiting room is off, so "Move to waiting hall" is offered disabled, with the reason */
  waitingRoomOn?: boolean;
}

const OVERSCAN = 8;
// Sized so that every column, the operations included, fits beside the sidebar in a 1440 px
// window; narrower windows scroll the table sideways.
const COLUMNS =
  '28px minmax(110px,1.5fr) 40px 60px minmax(110px,1.3fr) 128px 64px 76px 84px 128px 100px 96px';
/** the fixed columns plus the two flexible ones at their minimum, gaps and padding */
const TABLE_MIN_WIDTH = 1102;

const gridStyle: CSSProperties = {
  display: 'grid',
  gridTemplateColumns: COLUMNS,
  alignItems: 'center',
  columnGap: 6,
  paddingInline: 6,
};

export function ParticipantTable({
  rows,
  selected,
  pending,
  onSelectionChange,
  onCommand,
  onOpenDialog,
  height = 520,
  rowHeight = 40,
  waitingRoomOn,
}: ParticipantTableProps) {
  const { t } = useLingui();
  const [first, setFirst] = useState(0);
  const [menuFor, setMenuFor] = useState<string | null>(null);
  const scroller = useRef<HTMLDivElement>(null);

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

  const toggleAll = () => {
    const next = new Set(selected);
    if (allSelected) for (const r of rows) next.delete(r.usrId);
    else for (const r of rows) next.add(r.usrId);
    onSelectionChange(next);
  };

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

  return (
    // every column stays readable on narrow screens: the table scrolls sideways in its own box
    <div style={{ overflowX: 'auto', maxWidth: '100%' }}>
      <div
        role="table"
        aria-label={t`Participants`}
        aria-rowcount={rows.length + 1}
        aria-busy={pending.size > 0}
        style={{ minWidth: TABLE_MIN_WIDTH }}
      >
        <div role="rowgroup">
          <div role="row" aria-rowindex={1} style={{ ...gridStyle, height: rowHeight, fontWeight: 600 }}>
            <div role="columnheader">
              <Checkbox
                aria-label={t`Select all in this tab`}
                checked={allSelected}
                indeterminate={someSelected}
                onChange={toggleAll}
                size="xs"
              />
            </div>
            <div role="columnheader">
              <Trans>Name</Trans>
            </div>
            <div role="columnheader">
              <Trans>Index</Trans>
            </div>
            <div role="columnheader">
              <Trans>Protocol</Trans>
            </div>
            <div role="columnheader">
              <Trans>Remote address</Trans>
            </div>
            <div role="columnheader">
              <Trans>Status</Trans>
            </div>
            <div role="columnheader">
              <Trans>Share content</Trans>
            </div>
            <div role="columnheader">
              <Trans>Audio</Trans>
            </div>
            <div role="columnheader">
              <Trans>Speaker</Trans>
            </div>
            <div role="columnheader">
              <Trans>Raised hand</Trans>
            </div>
            <div role="columnheader">
              <Trans>Video/watch</Trans>
            </div>
            <div role="columnheader">
              <Trans>Operation</Trans>
            </div>
          </div>
        </div>
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
                  key={(start + i) % slice.length}
                  row={row}
                  index={start + i}
                  height={rowHeight}
                  selected={selected.has(row.usrId)}
                  pending={pending.has(row.usrId)}
                  menuOpen={menuFor === row.usrId}
                  onToggle={toggleOne}
                  onMenu={setMenuFor}
                  onCommand={onCommand}
                  onOpenDialog={onOpenDialog}
                  waitingRoomOff={waitingRoomOn === false}
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

interface RowProps {
  row: ParticipantRow;
  index: number;
  height: number;
  selected: boolean;
  pending: boolean;
  /** the operations menu of this row is open */
  menuOpen: boolean;
  onToggle: (usrId: string) => void;
  onMenu: (usrId: string | null) => void;
  onCommand: CommandSink;
  onOpenDialog: (dialog: RowDialog, row: ParticipantRow) => void;
  waitingRoomOff: boolean;
}

const Row = memo(function Row({
  row,
  index,
  height,
  selected,
  pending,
  menuOpen,
  onToggle,
  onMenu,
  onCommand,
  onOpenDialog,
  waitingRoomOff,
}: RowProps) {
  const { t } = useLingui();
  const name = row.name;
  const ids = [row.usrId];
  const waiting = row.waiting;
  const inMeeting = row.online && !waiting;
  const audio = flag(row, 'a_rx');
  const listen = flag(row, 'a_tx');
  const watch = flag(row, 'v_tx');
  const video = flag(row, 'v_rx');
  const hand = flag(row, 'hand');
  const host = flag(row, 'host');
  const speaker = flag(row, 'speaker');
  const focus = flag(row, 'focus');
  const sharing = flag(row, 'cont_sender');
  const eps = (cmd: Parameters<CommandSink>[0] & { type: 'eps' }) => onCommand(cmd);

  // The button is a new element once its menu opens or closes (it moves into the menu's target):
  // a menu closed with Escape or a click outside would leave focus nowhere, so it goes back here.
  const opsRef = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(menuOpen);
  useEffect(() => {
    const lost = document.activeElement === null || document.activeElement === document.body;
    if (wasOpen.current && !menuOpen && lost) opsRef.current?.focus();
    wasOpen.current = menuOpen;
  }, [menuOpen]);

  const opsButton = (
    <button
      ref={opsRef}
      type="button"
      className={classes.chip}
      data-tone="plain"
      aria-label={t`Operations for ${name}`}
      aria-haspopup="menu"
      aria-expanded={menuOpen}
      onClick={() => onMenu(menuOpen ? null : row.usrId)}
    >
      <Trans>Operations</Trans>
    </button>
  );

  return (
    <div
      role="row"
      className={classes.row}
      aria-rowindex={index + 2}
      aria-selected={selected}
      aria-label={name}
      data-usr-id={row.usrId}
      data-online={row.online}
      data-waiting={waiting}
      data-pending={pending}
      data-hand={hand}
      style={{ gridTemplateColumns: COLUMNS, height, cursor: pending ? 'wait' : undefined }}
    >
      <div role="cell">
        <input
          type="checkbox"
          aria-label={t`Select ${name}`}
          checked={selected}
          onChange={() => onToggle(row.usrId)}
        />
      </div>
      <div role="cell" className={classes.clip} title={name}>
        {name}
      </div>
      <div role="cell">{index + 1}</div>
      <div role="cell">{protocolName(row.protocol) ?? t`Auto`}</div>
      <div role="cell" className={classes.clip} title={row.remoteAddr}>
        {row.remoteAddr}
      </div>
      <div role="cell" className={`${classes.cellGroup} ${classes.wrap}`}>
        {waiting ? (
          <span className={classes.badge} data-status="waiting">
            <Trans>Waiting</Trans>
          </span>
        ) : row.online ? (
          <span className={classes.badge} data-status="online">
            <Trans>Online</Trans>
          </span>
        ) : (
          <span className={classes.badge} data-status="offline">
            <Trans>Offline</Trans>
          </span>
        )}
        {host && (
          <span className={classes.badge} data-role="host">
            <Trans>Host</Trans>
          </span>
        )}
        {speaker && (
          <span className={classes.badge} data-role="speaker">
            <Trans>Main venue</Trans>
          </span>
        )}
        {focus && (
          <span className={classes.badge} data-role="focus">
            <Trans>Focus</Trans>
          </span>
        )}
      </div>
      <div role="cell" data-sharing={sharing}>
        {sharing ? <Trans>Sharing</Trans> : '–'}
      </div>
      <div role="cell">
        {inMeeting ? (
          <button
            type="button"
            className={classes.chip}
            aria-label={audio ? t`On: mute ${name}` : t`Muted: unmute ${name}`}
            data-state={audio ? 'on' : 'off'}
            disabled={pending}
            onClick={() => eps({ type: 'eps', action: 'a_rx', usrIds: ids, value: audio ? 0 : 1 })}
          >
            {audio ? <Trans>On</Trans> : <Trans>Muted</Trans>}
          </button>
        ) : (
          '–'
        )}
      </div>
      <div role="cell">
        {inMeeting ? (
          <button
            type="button"
            className={classes.chip}
            aria-label={listen ? t`Listening: stop ${name} listening` : t`Silenced: let ${name} listen`}
            data-state={listen ? 'on' : 'off'}
            disabled={pending}
            onClick={() => eps({ type: 'eps', action: 'a_tx', usrIds: ids, value: listen ? 0 : 1 })}
          >
            {listen ? <Trans>Listening</Trans> : <Trans>Silenced</Trans>}
          </button>
        ) : (
          '–'
        )}
      </div>
      <div role="cell">
        {inMeeting && hand ? (
          <div className={classes.cellGroup}>
            <button
              type="button"
              className={classes.chip}
              data-tone="ok"
              aria-label={t`Permit ${name} to speak`}
              disabled={pending}
              onClick={() => eps({ type: 'eps', action: 'hand_permit', usrIds: ids, value: 1 })}
            >
              <Trans>Permit</Trans>
            </button>
            <button
              type="button"
              className={classes.chip}
              data-tone="plain"
              aria-label={t`Refuse ${name}'s raised hand`}
              disabled={pending}
              onClick={() => eps({ type: 'eps', action: 'hand_permit', usrIds: ids, value: 0 })}
            >
              <Trans>Refuse</Trans>
            </button>
          </div>
        ) : (
          '–'
        )}
      </div>
      <div role="cell">
        {inMeeting ? (
          <div className={classes.cellGroup}>
            <span
              role="img"
              className={classes.camera}
              data-video={video}
              aria-label={video ? t`Video on` : t`No video`}
              title={video ? t`Video on` : t`No video`}
            />
            <button
              type="button"
              className={classes.chip}
              aria-label={watch ? t`Watching: stop ${name} watching` : t`Blind: let ${name} watch`}
              data-state={watch ? 'on' : 'off'}
              disabled={pending}
              onClick={() => eps({ type: 'eps', action: 'v_tx', usrIds: ids, value: watch ? 0 : 1 })}
            >
              {watch ? <Trans>Watching</Trans> : <Trans>Blind</Trans>}
            </button>
          </div>
        ) : (
          '–'
        )}
      </div>
      <div role="cell">
        {!menuOpen ? (
          opsButton
        ) : (
          // the menu (a popover with its own positioning) exists only for the row that asked
          <Menu opened onChange={(open) => !open && onMenu(null)} position="bottom-end" withinPortal>
            <Menu.Target>{opsButton}</Menu.Target>
            <Menu.Dropdown>
              <Menu.Item onClick={() => onOpenDialog('rename', row)}>
                <Trans>Rename</Trans>
              </Menu.Item>
              {inMeeting && (
                <>
                  <Menu.Item
                    onClick={() => eps({ type: 'eps', action: 'host', usrIds: ids, value: host ? 0 : 1 })}
                  >
                    {host ? <Trans>Unset host</Trans> : <Trans>Set as host</Trans>}
                  </Menu.Item>
                  <Menu.Item
                    onClick={() =>
                      // protocol-facts §3.1: the main venue is cleared with an empty usr_id
                      eps({ type: 'eps', action: 'speaker', usrIds: speaker ? [''] : ids, value: 1 })
                    }
                  >
                    {speaker ? <Trans>Cancel main venue</Trans> : <Trans>Set as main venue</Trans>}
                  </Menu.Item>
                  <Menu.Item
                    onClick={() => eps({ type: 'eps', action: 'focus', usrIds: ids, value: focus ? 0 : 1 })}
                  >
                    {focus ? <Trans>Cancel focus</Trans> : <Trans>Set focus</Trans>}
                  </Menu.Item>
                  <Menu.Item
                    disabled={waitingRoomOff}
                    onClick={() => eps({ type: 'eps', action: 'waiting_move', usrIds: ids })}
                  >
                    <Trans>Move to waiting hall</Trans>
                    {waitingRoomOff && (
                      <Text size="xs" c="dimmed" component="span" display="block">
                        <Trans>The waiting room is off</Trans>
                      </Text>
                    )}
                  </Menu.Item>
                  <Menu.Item onClick={() => onOpenDialog('camera', row)}>
                    <Trans>Camera control</Trans>
                  </Menu.Item>
                  <Menu.Item onClick={() => onOpenDialog('mic', row)}>
                    <Trans>Microphone adjustment</Trans>
                  </Menu.Item>
                  <Menu.Item onClick={() => onOpenDialog('stats', row)}>
                    <Trans>Statistics</Trans>
                  </Menu.Item>
                </>
              )}
              {waiting && (
                <>
                  <Menu.Item onClick={() => eps({ type: 'eps', action: 'waiting_permit', usrIds: ids })}>
                    <Trans>Admit from waiting hall</Trans>
                  </Menu.Item>
                  <Menu.Item onClick={() => eps({ type: 'eps', action: 'waiting_refuse', usrIds: ids })}>
                    <Trans>Refuse from waiting hall</Trans>
                  </Menu.Item>
                </>
              )}
              <Menu.Item onClick={() => requestActivityFor({ usrId: row.usrId, name: row.name })}>
                <Trans>Activity</Trans>
              </Menu.Item>
              <Menu.Divider />
              {row.online ? (
                <Menu.Item color="red.9" onClick={() => eps({ type: 'eps', action: 'drop', usrIds: ids })}>
                  <Trans>Hang up</Trans>
                </Menu.Item>
              ) : (
                <Menu.Item onClick={() => eps({ type: 'eps', action: 'call', usrIds: ids })}>
                  <Trans>Call again</Trans>
                </Menu.Item>
              )}
            </Menu.Dropdown>
          </Menu>
        )}
      </div>
    </div>
  );
});
