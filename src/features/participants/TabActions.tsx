/**
 * The tab actions of spec §2: calls, meeting-wide audio and video bans, hands, roll call, sort
 * and the bulk operations on the selected rows. Large meetings get a warning before muting or
 * unmuting everyone (spec §4). Meeting-wide actions are the evidence's recipes (commands.ts);
 * "everyone, main venue and honoured guests too" is offered only by a Podium server (`podium`).
 */
import { useState } from 'react';
import { Button, Group, Menu, Modal, Select, Stack, Switch, Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { CommandSink, ParticipantCommand } from './commands';
import type { SortMode } from './participantModel';
import { NotOfferedNote, useNotOfferedHere } from '#/session/notOffered';
import { ConnectionLostReason, useConnectionLost } from '#/session/connectionLost';
import { NO_FOCUS, type FocusState } from '@machines/commands/focusMode';

/** Above this many online endpoints, muting or unmuting all asks first (spec §4). */
export const LARGE_MEETING = 100;

export interface MeetingFlags {
  /** all_guests_mute: the audience is muted */
  allGuestsMute: boolean;
  /** Mute all is in force (podium's mute_scope): it turns guest mute on with it, which the switch says */
  muteAllOn?: boolean;
  /** mr_atx_mode = 1: the audience may not listen */
  audienceListenRestricted: boolean;
  /** mr_vtx_mode = 1: the audience may not watch */
  audienceWatchRestricted: boolean;
  /** endpoints in the meeting now */
  onlineCount: number;
  /**
   * waiting_room: moving into the waiting room can succeed only while it is on; false offers the
   * move disabled, with the reason; undefined (not known yet) offers it
   */
  waitingRoomOn?: boolean;
  /** the focus mode (spec §6: specified, auto, none); absent: none */
  focus?: FocusState;
}

export type ActionDialog = 'tempCall' | 'addressBook' | 'rollCall';

export interface TabActionsProps {
  /** meeting-wide switches as the server reports them */
  flags: MeetingFlags;
  /** usr_ids selected in the table */
  selectedIds: readonly string[];
  /** whether the waiting room tab is showing (admit/refuse offered) */
  waitingTab: boolean;
  /** whether the raise-hand tab is showing (permit/refuse the selected hands offered) */
  handTab?: boolean;
  /** current sort */
  sort: SortMode;
  /** changes the sort */
  onSortChange: (sort: SortMode) => void;
  /** clears the selection */
  onClearSelection: () => void;
  /** sends a command */
  onCommand: CommandSink;
  /** opens one of the action dialogs */
  onOpenDialog: (dialog: ActionDialog) => void;
  /** true while a meeting-wide command waits for its answer */
  busy?: boolean;
  /** the server is Podium (capabilities `Vocabulary`): its own "mute everyone" is offered too */
  podium?: boolean;
  /** usr_ids with a raised hand now (accept all) */
  raisedIds?: readonly string[];
  /** the hands tab's option: accepting one hand puts the talker on screen (the talk layout) */
  showTalker?: boolean;
  /** changes {@link TabActionsProps.showTalker} */
  onShowTalkerChange?: (on: boolean) => void;
}

export function TabActions({
  flags,
  selectedIds,
  waitingTab,
  handTab = false,
  sort,
  onSortChange,
  onClearSelection,
  onCommand,
  onOpenDialog,
  busy = false,
  podium = false,
  raisedIds = [],
  showTalker = true,
  onShowTalkerChange,
}: TabActionsProps) {
  const { t } = useLingui();
  const waitingOff = useNotOfferedHere('waiting-room');
  const autoFocusOff = useNotOfferedHere('focus-modes');
  const focus = flags.focus ?? NO_FOCUS;
  const focusLabel = focus.mode === 'auto' ? t`Focus: auto` : focus.mode === 'specified' ? t`Focus: specified` : t`Focus: none`;
  // a confirmation open when the connection drops waits for it, saying why (issue 23)
  const lost = useConnectionLost();
  const [confirm, setConfirm] = useState<{ text: string; command: ParticipantCommand } | null>(null);
  const large = flags.onlineCount > LARGE_MEETING;
  const ids = [...selectedIds];
  const count = ids.length;

  const guarded = (command: ParticipantCommand, warning: string | null) => {
    if (warning) setConfirm({ text: warning, command });
    else onCommand(command);
  };

  const guestMuteWhy = flags.muteAllOn && flags.allGuestsMute ? t`On with Mute all` : undefined;

  return (
    <Stack gap="xs" style={{ cursor: busy ? 'wait' : undefined }} data-busy={busy}>
      {/* one wrapping line: two groups each wrapped on their own and left a half-empty row each */}
      <Group gap="xs" style={{ rowGap: 6 }}>
        <Button size="compact-sm" onClick={() => onOpenDialog('tempCall')}>
          <Trans>Temporary call</Trans>
        </Button>
        <Button size="compact-sm" variant="light" onClick={() => onOpenDialog('addressBook')}>
          <Trans>Add from address book</Trans>
        </Button>
        <Switch
          label={t`Guest mute`}
          aria-describedby={guestMuteWhy ? 'guest-mute-why' : undefined}
          checked={flags.allGuestsMute}
          onChange={(e) => onCommand({ type: 'status', key: 'all_guests_mute', value: e.currentTarget.checked ? 1 : 0 })}
        />
        {/* the switch turns on with Mute all: say so, or it seems to have changed by itself (beside
            the switch, not in its label, so its name stays "Guest mute") */}
        {guestMuteWhy && (
          <Text size="xs" c="dimmed" id="guest-mute-why" data-testid="guest-mute-why">
            {guestMuteWhy}
          </Text>
        )}
        <Button
          size="compact-sm"
          variant="light"
          color="red"
          onClick={() =>
            guarded(
              { type: 'muteAll', on: true },
              large ? t`This meeting has ${flags.onlineCount} participants online. Mute all of them?` : null,
            )
          }
        >
          <Trans>Mute all</Trans>
        </Button>
        <Button
          size="compact-sm"
          variant="light"
          onClick={() =>
            guarded(
              { type: 'muteAll', on: false },
              large ? t`This meeting has ${flags.onlineCount} participants online. Cancel mute for all of them?` : null,
            )
          }
        >
          <Trans>Cancel mute all</Trans>
        </Button>
        <Menu>
          <Menu.Target>
            <Button size="compact-sm" variant="light">
              <Trans>Listening and watching</Trans>
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item onClick={() => onCommand({ type: 'listenAll', allow: true })}>
              <Trans>Allow all listening</Trans>
            </Menu.Item>
            <Menu.Item onClick={() => onCommand({ type: 'listenAll', allow: false })}>
              <Trans>Forbid all listening</Trans>
            </Menu.Item>
            <Menu.Item onClick={() => onCommand({ type: 'watchAll', allow: true })}>
              <Trans>Allow all watching</Trans>
            </Menu.Item>
            <Menu.Item onClick={() => onCommand({ type: 'watchAll', allow: false })}>
              <Trans>Forbid all watching</Trans>
            </Menu.Item>
            {/* podium's own mass mute reaches the main venue and honoured guests too, which the
                platform's recipe (all_guests_mute, the audience) cannot; a platform has no such call */}
            {podium && (
              <>
                <Menu.Divider />
                <Menu.Item
                  onClick={() =>
                    guarded(
                      { type: 'muteAll', on: true, everyone: true },
                      large ? t`This meeting has ${flags.onlineCount} participants online. Mute all of them?` : null,
                    )
                  }
                >
                  <Trans>Mute everyone, main venue and honoured guests too</Trans>
                </Menu.Item>
                <Menu.Item onClick={() => onCommand({ type: 'muteAll', on: false, everyone: true })}>
                  <Trans>Cancel mute for everyone</Trans>
                </Menu.Item>
              </>
            )}
          </Menu.Dropdown>
        </Menu>
        {/* the three focus modes of spec §6; who is in focus shows in the header's focus chip */}
        <Menu>
          <Menu.Target>
            <Button size="compact-sm" variant="light" data-testid="focus-mode" data-mode={focus.mode}>
              {focusLabel}
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item
              disabled={count === 0}
              onClick={() => onCommand({ type: 'focusMode', mode: 'specified', focus, usrIds: ids })}
            >
              <Trans>Specified focus: the {count} selected</Trans>
            </Menu.Item>
            <Menu.Item
              disabled={focus.mode === 'auto' || autoFocusOff !== undefined}
              onClick={() => onCommand({ type: 'focusMode', mode: 'auto', focus })}
            >
              <Trans>Auto focus: follows the talker</Trans>
              <NotOfferedNote reason={autoFocusOff} />
            </Menu.Item>
            <Menu.Item disabled={focus.mode === 'none'} onClick={() => onCommand({ type: 'focusMode', mode: 'none', focus })}>
              <Trans>No focus</Trans>
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
        <Switch
          label={t`Audience may not listen`}
          checked={flags.audienceListenRestricted}
          onChange={(e) => onCommand({ type: 'status', key: 'mr_atx_mode', value: e.currentTarget.checked ? 1 : 0 })}
        />
        <Switch
          label={t`Audience may not watch`}
          checked={flags.audienceWatchRestricted}
          onChange={(e) => onCommand({ type: 'status', key: 'mr_vtx_mode', value: e.currentTarget.checked ? 1 : 0 })}
        />
        <Button size="compact-sm" variant="light" onClick={() => onCommand({ type: 'eps', action: 'clear_all_hand', usrIds: [] })}>
          <Trans>Lower all hands</Trans>
        </Button>
        <Button size="compact-sm" variant="light" onClick={() => onOpenDialog('rollCall')}>
          <Trans>Roll call</Trans>
        </Button>
        <Button
          size="compact-sm"
          variant="light"
          color="red"
          // asks first, naming how many (ParticipantsView)
          onClick={() => onCommand({ type: 'hangUpAll' })}
        >
          <Trans>All leave</Trans>
        </Button>
        <Select
          aria-label={t`Sort`}
          size="xs"
          w={170}
          allowDeselect={false}
          value={sort}
          onChange={(v) => v && onSortChange(v as SortMode)}
          data={[
            { value: 'custom', label: t`Custom order` },
            { value: 'nameAsc', label: t`Name ascending` },
            { value: 'nameDesc', label: t`Name descending` },
          ]}
        />
        <Text size="sm" c="dimmed" data-testid="selected-count" data-count={count}>
          <Trans>{count} selected</Trans>
        </Text>
        {handTab && (
          <>
            <Button
              size="compact-sm"
              color="green.9"
              disabled={count === 0}
              onClick={() => onCommand({ type: 'acceptHands', usrIds: ids, showTalker: showTalker && count === 1 })}
            >
              <Trans>Permit selected</Trans>
            </Button>
            <Button
              size="compact-sm"
              variant="light"
              disabled={count === 0}
              onClick={() => onCommand({ type: 'refuseHands', usrIds: ids })}
            >
              <Trans>Refuse selected</Trans>
            </Button>
            {/* accepting all gives each the floor but changes no layout: one screen shows one talker */}
            <Button
              size="compact-sm"
              variant="light"
              // the theme darkens a light button's text to AA from a palette name; a shade ("green.9")
              // filled it solid with text of the same colour, unreadable
              color="green"
              disabled={raisedIds.length === 0}
              onClick={() => onCommand({ type: 'acceptHands', usrIds: [...raisedIds], showTalker: false })}
            >
              <Trans>Permit all hands</Trans>
            </Button>
            <Switch
              label={t`Show the talker on screen`}
              checked={showTalker}
              onChange={(e) => onShowTalkerChange?.(e.currentTarget.checked)}
            />
          </>
        )}
        {waitingTab ? (
          <>
            <NotOfferedNote reason={waitingOff} />
            <Button
              size="compact-sm"
              disabled={count === 0 || waitingOff !== undefined}
              onClick={() => onCommand({ type: 'eps', action: 'waiting_permit', usrIds: ids })}
            >
              <Trans>Admit selected</Trans>
            </Button>
            <Button
              size="compact-sm"
              variant="light"
              color="red"
              disabled={count === 0 || waitingOff !== undefined}
              onClick={() => onCommand({ type: 'eps', action: 'waiting_refuse', usrIds: ids })}
            >
              <Trans>Refuse selected</Trans>
            </Button>
          </>
        ) : (
          <>
            <Button
              size="compact-sm"
              variant="light"
              disabled={count === 0 || flags.waitingRoomOn === false || waitingOff !== undefined}
              aria-describedby={flags.waitingRoomOn === false && count > 0 ? 'waiting-room-off-reason' : undefined}
              onClick={() => onCommand({ type: 'eps', action: 'waiting_move', usrIds: ids })}
            >
              <Trans>Move selected to waiting room</Trans>
            </Button>
            {/* only when it matters (rows selected): a permanent note took a line of the table (issue 26) */}
            {flags.waitingRoomOn === false && count > 0 && (
              <Text size="xs" c="dimmed" id="waiting-room-off-reason" data-testid="waiting-room-off-reason">
                <Trans>The waiting room is off</Trans>
              </Text>
            )}
            <Button
              size="compact-sm"
              variant="light"
              disabled={count === 0}
              onClick={() => onCommand({ type: 'eps', action: 'a_rx', usrIds: ids, value: 0 })}
            >
              <Trans>Mute selected</Trans>
            </Button>
            <Button
              size="compact-sm"
              variant="light"
              disabled={count === 0}
              onClick={() => onCommand({ type: 'eps', action: 'a_rx', usrIds: ids, value: 1 })}
            >
              <Trans>Unmute selected</Trans>
            </Button>
            <Menu>
              <Menu.Target>
                <Button size="compact-sm" variant="light" disabled={count === 0}>
                  <Trans>Honoured guests</Trans>
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item onClick={() => onCommand({ type: 'eps', action: 'chair', usrIds: ids, value: 1 })}>
                  <Trans>Make the {count} selected honoured guests</Trans>
                </Menu.Item>
                <Menu.Item onClick={() => onCommand({ type: 'eps', action: 'chair', usrIds: ids, value: 0 })}>
                  <Trans>Cancel honoured guest for the {count} selected</Trans>
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
          </>
        )}
        <Button size="compact-sm" variant="subtle" disabled={count === 0} onClick={onClearSelection}>
          <Trans>Clear selection</Trans>
        </Button>
      </Group>
      <Modal opened={confirm !== null} onClose={() => setConfirm(null)} title={t`Please confirm`}>
        <Stack>
          <Text>{confirm?.text}</Text>
          <ConnectionLostReason lost={lost} />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirm(null)}>
              <Trans>Cancel</Trans>
            </Button>
            <Button
              color="red"
              disabled={lost}
              onClick={() => {
                if (confirm) onCommand(confirm.command);
                setConfirm(null);
              }}
            >
              <Trans>Confirm</Trans>
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
