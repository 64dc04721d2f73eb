/**
 * One row of the participant table: the participant's state cells and the buttons that act on
 * them, and their operations menu. The table (ParticipantTable.tsx) windows and lays out the rows.
 */
import { memo, useEffect, useRef } from 'react';
import classes from './ParticipantTable.module.css';
import { useLingui } from '@lingui/react/macro';
import { flag, protocolName, type ParticipantRow } from './participantModel';
import type { CommandSink } from './commands';
import type { RowDialog } from './tableTypes';
import { RowChip } from './RowChip';
import { BanBreachBadge } from './BanBreachBadge';
import { CallFailedBadge } from './CallFailedBadge';
import type { FailedCallMark } from './failedCalls';
import { useBanBreach } from '#/session/banBreaches';
import type { ColumnId } from './columns';
import { EyeIcon, MicIcon, SpeakerIcon } from './StateIcons';
import { QualityCell } from '#/quality/QualityCell';
import { RowMenu } from './RowMenu';

const INVITEE_NOTE = { color: 'var(--mantine-color-dimmed)', fontSize: 'var(--mantine-font-size-xs)' } as const;

export interface RowProps {
  row: ParticipantRow;
  index: number;
  /** the participant's own number in the roster, shown as Index */
  number: number;
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
  /** how long the hand has been up, when it is */
  raisedFor?: string;
  /** the hand has been up for over a minute: it stands out (issue 26 item 2) */
  handLong: boolean;
  /** offline, and the last call to them failed: why and when */
  callFailed?: FailedCallMark;
  /** the grid template and the columns shown */
  columns: string;
  shown: ReadonlySet<ColumnId>;
  /** this participant is in a private talk */
  talking: boolean;
  /** "Talk privately" is offered (a supervisor, no talk running) */
  canTalk: boolean;
}

export const Row = memo(function Row({
  row,
  index,
  number,
  height,
  selected,
  pending,
  menuOpen,
  onToggle,
  onMenu,
  onCommand,
  onOpenDialog,
  waitingRoomOff,
  raisedFor,
  handLong,
  callFailed,
  columns,
  shown,
  talking,
  canTalk,
}: RowProps) {
  // plain strings rather than <Trans> elements: a row is refilled on every scroll frame, and each
  // element is a component to render there (the same messages, so the catalogs do not change)
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
  const chair = flag(row, 'chair');
  const focus = flag(row, 'focus');
  const sharing = flag(row, 'cont_sender');
  const eps = (cmd: Parameters<CommandSink>[0] & { type: 'eps' | 'acceptHands' | 'refuseHands' }) => onCommand(cmd);
  // free against a meeting-wide ban: the one state of these cells that is an alarm, not a status
  const breach = useBanBreach(row.usrId);
  const against = (kind: 'mute' | 'listen' | 'watch') => (inMeeting && breach?.kinds.includes(kind)) || undefined;

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
      {t`Operations`}
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
      data-private-talk={talking || undefined}
      style={{ gridTemplateColumns: columns, height, cursor: pending ? 'wait' : undefined }}
    >
      <div role="cell">
        <input type="checkbox" aria-label={t`Select ${name}`} checked={selected} onChange={() => onToggle(row.usrId)} />
      </div>
      {/* a long name shows in full on hover (title) and on keyboard focus (CSS) */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- focus is how a keyboard user reads the clipped name in full */}
      <div role="cell" className={`${classes.clip} ${classes.fullOnFocus}`} title={name} tabIndex={0}>
        {name}
        {/* an invitee's appointed mark and department, grey: facts of the roster, not alarms */}
        {row.appointed && (
          <span
            role="img"
            aria-label={t`Appointed participant`}
            title={t`Appointed participant`}
            data-testid="appointed-mark"
            style={INVITEE_NOTE}
          >
            {' ◆'}
          </span>
        )}
        {row.department && (
          <span data-testid="invitee-department" title={row.department} style={INVITEE_NOTE}>
            {` · ${row.department}`}
          </span>
        )}
      </div>
      {shown.has('index') && <div role="cell">{number}</div>}
      {shown.has('protocol') && <div role="cell">{protocolName(row.protocol) ?? t`Auto`}</div>}
      {shown.has('address') && (
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- focus is how a keyboard user reads the clipped address in full
        <div role="cell" className={`${classes.clip} ${classes.fullOnFocus}`} title={row.remoteAddr} tabIndex={0}>
          {row.remoteAddr}
        </div>
      )}
      <div role="cell" className={`${classes.cellGroup} ${classes.wrap}`}>
        {waiting ? (
          <span className={classes.badge} data-status="waiting">
            {t`Waiting`}
          </span>
        ) : row.online ? (
          <span className={classes.badge} data-status="online">
            {t`Online`}
          </span>
        ) : (
          <>
            <span className={classes.badge} data-status="offline">
              {t`Offline`}
            </span>
            {callFailed && <CallFailedBadge mark={callFailed} />}
          </>
        )}
        {host && (
          <span className={classes.badge} data-role="host" title={t`Host`}>
            {t`Host`}
          </span>
        )}
        {speaker && (
          <span className={classes.badge} data-role="speaker" title={t`Main venue`}>
            {t`Main venue`}
          </span>
        )}
        {/* a role, not an alarm: grey like the other role marks' outline */}
        {chair && (
          <span className={classes.badge} data-role="chair" title={t`Honoured guest: sees the honoured guests' layout and subtitle`}>
            {t`Honoured guest`}
          </span>
        )}
        {focus && (
          <span className={classes.badge} data-role="focus">
            {t`Focus`}
          </span>
        )}
        {inMeeting && breach && <BanBreachBadge mark={breach} />}
        {talking && (
          <span className={classes.badge} data-role="private-talk">
            {t`Private talk`}
          </span>
        )}
      </div>
      {shown.has('share') && (
        <div role="cell" data-sharing={sharing}>
          {sharing ? t`Sharing` : '–'}
        </div>
      )}
      <div role="cell">
        {inMeeting ? (
          <RowChip
            on={audio}
            label={audio ? t`On: mute ${name}` : t`Muted: unmute ${name}`}
            title={audio ? t`Click to mute ${name}` : t`Click to unmute ${name}`}
            text={audio ? t`On` : t`Muted`}
            icon={<MicIcon off={!audio} />}
            alarm={against('mute')}
            pending={pending}
            onClick={() => eps({ type: 'eps', action: 'a_rx', usrIds: ids, value: audio ? 0 : 1 })}
          />
        ) : (
          '–'
        )}
      </div>
      <div role="cell">
        {inMeeting ? (
          <RowChip
            on={listen}
            label={listen ? t`Listening: stop ${name} listening` : t`Silenced: let ${name} listen`}
            title={listen ? t`Click to stop ${name} listening` : t`Click to let ${name} listen`}
            text={listen ? t`Listening` : t`Silenced`}
            icon={<SpeakerIcon off={!listen} />}
            alarm={against('listen')}
            pending={pending}
            onClick={() => eps({ type: 'eps', action: 'a_tx', usrIds: ids, value: listen ? 0 : 1 })}
          />
        ) : (
          '–'
        )}
      </div>
      <div role="cell">
        {inMeeting && hand ? (
          <div className={raisedFor || handLong ? classes.handCell : classes.cellGroup} data-hand-long={handLong || undefined}>
            {raisedFor ? (
              <span className={classes.raisedFor} data-testid="raised-for" title={t`Hand raised for ${raisedFor}`}>
                {raisedFor}
              </span>
            ) : (
              handLong && (
                <span className={classes.raisedFor} title={t`Hand raised over a minute ago`}>
                  {t`Over 1 min`}
                </span>
              )
            )}
            {/* the two answers stay on one line under the time: wrapped, Refuse fell out of the row */}
            <span className={classes.cellGroup}>
              <RowChip
                tone="ok"
                label={t`Permit ${name} to speak`}
                text={t`Permit`}
                pending={pending}
                onClick={() => eps({ type: 'acceptHands', usrIds: ids })}
              />
              <RowChip
                tone="plain"
                label={t`Refuse ${name}'s raised hand`}
                text={t`Refuse`}
                pending={pending}
                onClick={() => eps({ type: 'refuseHands', usrIds: ids })}
              />
            </span>
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
            <RowChip
              on={watch}
              label={watch ? t`Watching: stop ${name} watching` : t`Blind: let ${name} watch`}
              title={watch ? t`Click to stop ${name} watching` : t`Click to let ${name} watch`}
              text={watch ? t`Watching` : t`Blind`}
              icon={<EyeIcon off={!watch} />}
              alarm={against('watch')}
              pending={pending}
              onClick={() => eps({ type: 'eps', action: 'v_tx', usrIds: ids, value: watch ? 0 : 1 })}
            />
          </div>
        ) : (
          '–'
        )}
      </div>
      {shown.has('quality') && <div role="cell">{waiting ? '–' : <QualityCell usrId={row.usrId} />}</div>}
      <div role="cell">
        {!menuOpen ? (
          opsButton
        ) : (
          // the menu (a popover with its own positioning) exists only for the row that asked
          <RowMenu
            row={row}
            opsButton={opsButton}
            onMenu={onMenu}
            onCommand={eps}
            onOpenDialog={onOpenDialog}
            waitingRoomOff={waitingRoomOff}
            canTalk={canTalk}
          />
        )}
      </div>
    </div>
  );
});
