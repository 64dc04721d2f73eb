/**
 * The operations menu of one participant row (spec §2): rename, roles, waiting room, camera,
 * microphone, statistics, private talk, activity, hang up or call again. Rendered only for the row
 * whose menu is open, so the rows a scroll frame refills carry none of it.
 */
import type { ReactElement } from 'react';
import { Menu, Text } from '@mantine/core';
import { Trans } from '@lingui/react/macro';
import { requestActivityFor } from '#/session/activityRequest';
import { requestPrivateTalk } from '#/session/privateTalk';
import { NotOfferedNote, useNotOfferedHere } from '#/session/notOffered';
import { flag, type ParticipantRow } from './participantModel';
import type { CommandSink } from './commands';
import type { RowDialog } from './tableTypes';

export interface RowMenuProps {
  row: ParticipantRow;
  /** the row's Operations button, the menu's target */
  opsButton: ReactElement;
  onMenu: (usrId: string | null) => void;
  onCommand: (cmd: Parameters<CommandSink>[0] & { type: 'eps' }) => void;
  onOpenDialog: (dialog: RowDialog, row: ParticipantRow) => void;
  /** the waiting room is off: "Move to waiting room" is offered disabled, with the reason */
  waitingRoomOff: boolean;
  /** "Talk privately" is offered (a supervisor, no talk running) */
  canTalk: boolean;
}

export function RowMenu({ row, opsButton, onMenu, onCommand: eps, onOpenDialog, waitingRoomOff, canTalk }: RowMenuProps) {
  // assumed calls this platform refused: their items stay, disabled, saying why (issue 23)
  const hostOff = useNotOfferedHere('host-role');
  const waitingOff = useNotOfferedHere('waiting-room');
  const talkOff = useNotOfferedHere('private-talk');
  const ids = [row.usrId];
  const waiting = row.waiting;
  const inMeeting = row.online && !waiting;
  const host = flag(row, 'host');
  const speaker = flag(row, 'speaker');
  const chair = flag(row, 'chair');
  const focus = flag(row, 'focus');
  return (
    <Menu opened onChange={(open) => !open && onMenu(null)} position="bottom-end" withinPortal>
      <Menu.Target>{opsButton}</Menu.Target>
      <Menu.Dropdown>
        <Menu.Item onClick={() => onOpenDialog('rename', row)}>
          <Trans>Rename</Trans>
        </Menu.Item>
        {inMeeting && (
          <>
            <Menu.Item
              disabled={hostOff !== undefined}
              onClick={() => eps({ type: 'eps', action: 'host', usrIds: ids, value: host ? 0 : 1 })}
            >
              {host ? <Trans>Unset host</Trans> : <Trans>Set as host</Trans>}
              <NotOfferedNote reason={hostOff} />
            </Menu.Item>
            <Menu.Item
              onClick={() =>
                // protocol-facts §3.1: the main venue is cleared with an empty usr_id
                eps({ type: 'eps', action: 'speaker', usrIds: speaker ? [''] : ids, value: 1 })
              }
            >
              {speaker ? <Trans>Cancel main venue</Trans> : <Trans>Set as main venue</Trans>}
            </Menu.Item>
            <Menu.Item onClick={() => eps({ type: 'eps', action: 'chair', usrIds: ids, value: chair ? 0 : 1 })}>
              {chair ? <Trans>Cancel honoured guest</Trans> : <Trans>Set as honoured guest</Trans>}
            </Menu.Item>
            <Menu.Item onClick={() => eps({ type: 'eps', action: 'focus', usrIds: ids, value: focus ? 0 : 1 })}>
              {focus ? <Trans>Cancel focus</Trans> : <Trans>Set focus</Trans>}
            </Menu.Item>
            <Menu.Item
              disabled={waitingRoomOff || waitingOff !== undefined}
              onClick={() => eps({ type: 'eps', action: 'waiting_move', usrIds: ids })}
            >
              <Trans>Move to waiting room</Trans>
              <NotOfferedNote reason={waitingOff} />
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
            <Menu.Item disabled={waitingOff !== undefined} onClick={() => eps({ type: 'eps', action: 'waiting_permit', usrIds: ids })}>
              <Trans>Admit from waiting room</Trans>
              <NotOfferedNote reason={waitingOff} />
            </Menu.Item>
            <Menu.Item disabled={waitingOff !== undefined} onClick={() => eps({ type: 'eps', action: 'waiting_refuse', usrIds: ids })}>
              <Trans>Refuse from waiting room</Trans>
            </Menu.Item>
          </>
        )}
        {inMeeting && canTalk && (
          <Menu.Item disabled={talkOff !== undefined} onClick={() => requestPrivateTalk({ usrId: row.usrId, name: row.name })}>
            <Trans>Talk privately</Trans>
            <NotOfferedNote reason={talkOff} />
          </Menu.Item>
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
  );
}
