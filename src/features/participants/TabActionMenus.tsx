/**
 * The menus of the participant toolbar (spec §2, §6): listening and watching for everyone, the
 * focus mode, and honoured guests for the selection. In the toolbar's More list a menu opens in
 * place (`inMore`), inside the list, so choosing an item does not count as a click outside it.
 */
import { Button, Menu } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { CommandSink, ParticipantCommand } from './commands';
import { NotOfferedNote, useNotOfferedHere } from '#/session/notOffered';
import type { FocusState } from '@machines/commands/focusMode';

export function ListenWatchMenu({
  inMore,
  podium,
  onCommand,
  guarded,
}: {
  inMore: boolean;
  /** podium's own mass mute is offered too */
  podium: boolean;
  onCommand: CommandSink;
  /** sends a command, asking first in a large meeting (the mute-everyone item) */
  guarded: (command: ParticipantCommand) => void;
}) {
  return (
    <Menu withinPortal={!inMore}>
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
            <Menu.Item onClick={() => guarded({ type: 'muteAll', on: true, everyone: true })}>
              <Trans>Mute everyone, main venue and honoured guests too</Trans>
            </Menu.Item>
            <Menu.Item onClick={() => onCommand({ type: 'muteAll', on: false, everyone: true })}>
              <Trans>Cancel mute for everyone</Trans>
            </Menu.Item>
          </>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}

/** the three focus modes of spec §6; who is in focus shows in the header's focus chip */
export function FocusMenu({
  inMore,
  focus,
  ids,
  onCommand,
}: {
  inMore: boolean;
  focus: FocusState;
  /** usr_ids selected */
  ids: string[];
  onCommand: CommandSink;
}) {
  const { t } = useLingui();
  const autoFocusOff = useNotOfferedHere('focus-modes');
  const count = ids.length;
  const label = focus.mode === 'auto' ? t`Focus: auto` : focus.mode === 'specified' ? t`Focus: specified` : t`Focus: none`;
  return (
    <Menu withinPortal={!inMore}>
      <Menu.Target>
        <Button size="compact-sm" variant="light" data-testid="focus-mode" data-mode={focus.mode}>
          {label}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item disabled={count === 0} onClick={() => onCommand({ type: 'focusMode', mode: 'specified', focus, usrIds: ids })}>
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
  );
}

export function HonouredGuestsMenu({ inMore, ids, onCommand }: { inMore: boolean; ids: string[]; onCommand: CommandSink }) {
  const count = ids.length;
  return (
    <Menu withinPortal={!inMore}>
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
  );
}
