/**
 * The tab actions of spec §2: calls, meeting-wide audio and video bans, hands, roll call, sort
 * and the bulk operations on the selected rows. Large meetings get a warning before muting or
 * unmuting everyone (spec §4). Meeting-wide actions are the evidence's recipes (commands.ts);
 * "everyone, main venue and honoured guests too" is offered only by a Podium server (`podium`).
 * The actions hold one line (issue 26): those that do not fit go into a "More" list, the rarely
 * used first (the priorities below).
 *
 * Length (over 400 lines on purpose): the toolbar is one priority list over every tab action (what
 * goes into "More" first); the menus (TabActionMenus.tsx), the shortcuts (TabShortcuts.tsx) and the
 * commands (commands.ts) live apart.
 */
import { memo, useState } from 'react';
import { Button, Group, Modal, Select, Stack, Switch, Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { CommandSink, ParticipantCommand } from './commands';
import type { SortMode } from './participantModel';
import { NotOfferedNote, useNotOfferedHere } from '#/session/notOffered';
import { ConnectionLostReason, useConnectionLost } from '#/session/connectionLost';
import { NO_FOCUS, type FocusState } from '@machines/commands/focusMode';
import { OverflowToolbar, type ToolbarItem } from '#/components/OverflowToolbar';
import { FocusMenu, HonouredGuestsMenu, ListenWatchMenu } from './TabActionMenus';

const NO_HANDS = (): readonly string[] => [];

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

/** What the toolbar shows of the meeting: its switches, not the online count (read when asked). */
export type ToolbarFlags = Omit<MeetingFlags, 'onlineCount'>;

export interface TabActionsProps {
  /** meeting-wide switches as the server reports them */
  flags: ToolbarFlags;
  /**
   * endpoints in the meeting now, read when a meeting-wide mute is clicked (large meetings ask
   * first): the count moves with nearly every feed batch, and as a prop it rendered the whole
   * toolbar again on each (issue 27 item 1)
   */
  countOnline: () => number;
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
  /**
   * usr_ids with a raised hand now, read when all hands are permitted: the hands move with nearly
   * every feed batch in a meeting raising hands, and as an array the toolbar rendered all its
   * buttons again on each (issue 27 item 1)
   */
  raisedIds?: () => readonly string[];
  /** some hand is up: permitting all is offered */
  anyRaised?: boolean;
  /** the hands tab's option: accepting one hand puts the talker on screen (the talk layout) */
  showTalker?: boolean;
  /** changes {@link TabActionsProps.showTalker} */
  onShowTalkerChange?: (on: boolean) => void;
}

/** Memoised: the view hands it stable functions, so a feed batch renders it only when what it shows changed. */
export const TabActions = memo(function TabActions({
  flags,
  countOnline,
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
  raisedIds = NO_HANDS,
  anyRaised = false,
  showTalker = true,
  onShowTalkerChange,
}: TabActionsProps) {
  const { t, i18n } = useLingui();
  const waitingOff = useNotOfferedHere('waiting-room');
  const focus = flags.focus ?? NO_FOCUS;
  // a confirmation open when the connection drops waits for it, saying why (issue 23)
  const lost = useConnectionLost();
  const [confirm, setConfirm] = useState<{ text: string; command: ParticipantCommand } | null>(null);
  const ids = [...selectedIds];
  const count = ids.length;

  /** sends the command, or first asks with the warning for the count online now, in a large meeting */
  const guarded = (command: ParticipantCommand, warning: ((online: number) => string) | null) => {
    const online = countOnline();
    if (warning && online > LARGE_MEETING) setConfirm({ text: warning(online), command });
    else onCommand(command);
  };

  const guestMuteWhy = flags.muteAllOn && flags.allGuestsMute ? t`On with Mute all` : undefined;

  const muteAllWarning = (online: number) => t`This meeting has ${online} participants online. Mute all of them?`;
  const selectionOff = count === 0;
  const waitingMoveOff = selectionOff || flags.waitingRoomOn === false || waitingOff !== undefined;

  // line order; the priorities say what stays on the line longest (issue 26): calls, the
  // meeting-wide mute, the selection's own actions first, the rarely used last into More
  const items: ToolbarItem[] = [
    {
      key: 'tempCall',
      priority: 100,
      render: () => (
        <Button size="compact-sm" onClick={() => onOpenDialog('tempCall')}>
          <Trans>Temporary call</Trans>
        </Button>
      ),
    },
    {
      key: 'addressBook',
      priority: 98,
      render: () => (
        <Button size="compact-sm" variant="light" onClick={() => onOpenDialog('addressBook')}>
          <Trans>Add from address book</Trans>
        </Button>
      ),
    },
    {
      key: 'muteAll',
      priority: 88,
      render: () => (
        <Button size="compact-sm" variant="light" color="red" onClick={() => guarded({ type: 'muteAll', on: true }, muteAllWarning)}>
          <Trans>Mute all</Trans>
        </Button>
      ),
    },
    {
      key: 'cancelMuteAll',
      priority: 87,
      render: () => (
        <Button
          size="compact-sm"
          variant="light"
          onClick={() =>
            guarded(
              { type: 'muteAll', on: false },
              (online) => t`This meeting has ${online} participants online. Cancel mute for all of them?`,
            )
          }
        >
          <Trans>Cancel mute all</Trans>
        </Button>
      ),
    },
    {
      key: 'guestMute',
      priority: 80,
      render: () => (
        <>
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
        </>
      ),
    },
    {
      key: 'listenWatch',
      priority: 76,
      render: (place) => (
        <ListenWatchMenu
          inMore={place === 'more'}
          podium={podium}
          onCommand={onCommand}
          guarded={(command) => guarded(command, muteAllWarning)}
        />
      ),
    },
    {
      key: 'focus',
      priority: 66,
      render: (place) => <FocusMenu inMore={place === 'more'} focus={focus} ids={ids} onCommand={onCommand} />,
    },
    {
      key: 'audienceNoListen',
      priority: 40,
      render: () => (
        <Switch
          label={t`Audience may not listen`}
          checked={flags.audienceListenRestricted}
          onChange={(e) => onCommand({ type: 'status', key: 'mr_atx_mode', value: e.currentTarget.checked ? 1 : 0 })}
        />
      ),
    },
    {
      key: 'audienceNoWatch',
      priority: 39,
      render: () => (
        <Switch
          label={t`Audience may not watch`}
          checked={flags.audienceWatchRestricted}
          onChange={(e) => onCommand({ type: 'status', key: 'mr_vtx_mode', value: e.currentTarget.checked ? 1 : 0 })}
        />
      ),
    },
    {
      key: 'lowerAllHands',
      priority: handTab ? 84 : 60,
      render: () => (
        <Button size="compact-sm" variant="light" onClick={() => onCommand({ type: 'eps', action: 'clear_all_hand', usrIds: [] })}>
          <Trans>Lower all hands</Trans>
        </Button>
      ),
    },
    {
      key: 'rollCall',
      priority: 70,
      render: () => (
        <Button size="compact-sm" variant="light" onClick={() => onOpenDialog('rollCall')}>
          <Trans>Roll call</Trans>
        </Button>
      ),
    },
    {
      key: 'allLeave',
      priority: 45,
      render: () => (
        // asks first, naming how many (ParticipantsView)
        <Button size="compact-sm" variant="light" color="red" onClick={() => onCommand({ type: 'hangUpAll' })}>
          <Trans>All leave</Trans>
        </Button>
      ),
    },
    {
      key: 'sort',
      priority: 35,
      render: (place) => (
        <Select
          aria-label={t`Sort`}
          size="xs"
          w={170}
          allowDeselect={false}
          value={sort}
          onChange={(v) => v && onSortChange(v as SortMode)}
          comboboxProps={{ withinPortal: place === 'bar' }}
          data={[
            { value: 'custom', label: t`Custom order` },
            { value: 'nameAsc', label: t`Name ascending` },
            { value: 'nameDesc', label: t`Name descending` },
          ]}
        />
      ),
    },
    {
      key: 'selectedCount',
      priority: 92,
      render: () => (
        <Text size="sm" c="dimmed" data-testid="selected-count" data-count={count} style={{ whiteSpace: 'nowrap' }}>
          <Trans>{count} selected</Trans>
        </Text>
      ),
    },
    ...(handTab ? handItems() : []),
    ...(waitingTab ? waitingItems() : selectionItems()),
    {
      key: 'clearSelection',
      priority: 50,
      render: () => (
        <Button size="compact-sm" variant="subtle" disabled={selectionOff} onClick={onClearSelection}>
          <Trans>Clear selection</Trans>
        </Button>
      ),
    },
  ];

  function handItems(): ToolbarItem[] {
    return [
      {
        key: 'permitSelected',
        priority: 91,
        render: () => (
          <Button
            size="compact-sm"
            color="green.9"
            disabled={selectionOff}
            onClick={() => onCommand({ type: 'acceptHands', usrIds: ids, showTalker: showTalker && count === 1 })}
          >
            <Trans>Permit selected</Trans>
          </Button>
        ),
      },
      {
        key: 'refuseHands',
        priority: 90,
        render: () => (
          <Button size="compact-sm" variant="light" disabled={selectionOff} onClick={() => onCommand({ type: 'refuseHands', usrIds: ids })}>
            <Trans>Refuse selected</Trans>
          </Button>
        ),
      },
      {
        key: 'permitAllHands',
        priority: 89,
        render: () => (
          // accepting all gives each the floor but changes no layout: one screen shows one talker
          <Button
            size="compact-sm"
            variant="light"
            // the theme darkens a light button's text to AA from a palette name; a shade ("green.9")
            // filled it solid with text of the same colour, unreadable
            color="green"
            disabled={!anyRaised}
            onClick={() => onCommand({ type: 'acceptHands', usrIds: [...raisedIds()], showTalker: false })}
          >
            <Trans>Permit all hands</Trans>
          </Button>
        ),
      },
      {
        key: 'showTalker',
        priority: 30,
        render: () => (
          <Switch
            label={t`Show the talker on screen`}
            checked={showTalker}
            onChange={(e) => onShowTalkerChange?.(e.currentTarget.checked)}
          />
        ),
      },
    ];
  }

  function waitingItems(): ToolbarItem[] {
    return [
      {
        key: 'admitSelected',
        priority: 91,
        render: () => (
          <>
            <NotOfferedNote reason={waitingOff} />
            <Button
              size="compact-sm"
              disabled={selectionOff || waitingOff !== undefined}
              onClick={() => onCommand({ type: 'eps', action: 'waiting_permit', usrIds: ids })}
            >
              <Trans>Admit selected</Trans>
            </Button>
          </>
        ),
      },
      {
        key: 'refuseWaiting',
        priority: 90,
        render: () => (
          <Button
            size="compact-sm"
            variant="light"
            color="red"
            disabled={selectionOff || waitingOff !== undefined}
            onClick={() => onCommand({ type: 'eps', action: 'waiting_refuse', usrIds: ids })}
          >
            <Trans>Refuse selected</Trans>
          </Button>
        ),
      },
    ];
  }

  function selectionItems(): ToolbarItem[] {
    return [
      {
        key: 'moveToWaiting',
        priority: 55,
        render: () => (
          <>
            <Button
              size="compact-sm"
              variant="light"
              disabled={waitingMoveOff}
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
          </>
        ),
      },
      {
        key: 'muteSelected',
        priority: handTab ? 58 : 91,
        render: () => (
          <Button
            size="compact-sm"
            variant="light"
            disabled={selectionOff}
            onClick={() => onCommand({ type: 'eps', action: 'a_rx', usrIds: ids, value: 0 })}
          >
            <Trans>Mute selected</Trans>
          </Button>
        ),
      },
      {
        key: 'unmuteSelected',
        priority: handTab ? 57 : 90,
        render: () => (
          <Button
            size="compact-sm"
            variant="light"
            disabled={selectionOff}
            onClick={() => onCommand({ type: 'eps', action: 'a_rx', usrIds: ids, value: 1 })}
          >
            <Trans>Unmute selected</Trans>
          </Button>
        ),
      },
      {
        key: 'honouredGuests',
        priority: handTab ? 56 : 85,
        render: (place) => <HonouredGuestsMenu inMore={place === 'more'} ids={ids} onCommand={onCommand} />,
      },
    ];
  }

  return (
    <Stack gap="xs" style={{ cursor: busy ? 'wait' : undefined }} data-busy={busy}>
      <OverflowToolbar
        items={items}
        label={t`Participant actions`}
        moreLabel={t`More`}
        listLabel={t`More participant actions`}
        measureKey={i18n.locale}
        testId="participant-toolbar"
      />
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
});
