/**
 * One-off words about commands that the session itself owes the user (issue 23): a command kept
 * back by a lost connection ("waits", then gone once it settles), one that could not be sent at
 * all, by name, and the first refusal that showed a control is not offered by this platform —
 * instead of an error toast. The commands actor emits them (machines/commands/README.md).
 */
import { useEffect } from 'react';
import { notifications } from '@mantine/notifications';
import { useLingui } from '@lingui/react/macro';
import type { AnyActorRef, SnapshotFrom } from 'xstate';
import { msg } from '@lingui/core/macro';
import type { I18n } from '@lingui/core';
import type { CommandsEmitted, CommandsMachine } from '@machines/commands/commandsMachine';
import { selectParticipant } from '@machines/participants/selectors';
import { commandName } from '#/session/commandNames';
import { notOfferedGroupName, notOfferedText } from '#/session/notOffered';
import { useSessionChild } from '#/session/useSessionChild';

type Emitted<T extends CommandsEmitted['type']> = Extract<CommandsEmitted, { type: T }>;
const heldId = (reqId: string) => `command-held-${reqId}`;

/** the participants' names as the roster knows them (their ids otherwise) */
function participantNames(session: AnyActorRef | null, usrIds: readonly string[]): string[] {
  const participants = session?.system.get('participants') as AnyActorRef | undefined;
  const snapshot = participants?.getSnapshot();
  return usrIds.map((id) => (snapshot ? selectParticipant(id)(snapshot)?.usr_name : undefined) || id);
}

/**
 * The user logs out while an outage still holds commands: they end with the session, so each is
 * named (the notice outlives the session screen, on the login screen).
 */
export function announceUnsentAtLogout(i18n: I18n, session: AnyActorRef | null): void {
  const commands = session?.system.get('commands') as AnyActorRef | undefined;
  const pending = (commands?.getSnapshot() as SnapshotFrom<CommandsMachine> | undefined)?.context.pending;
  const held = pending ? [...pending.values()].filter((c) => c.held) : [];
  if (held.length === 0) return;
  const names = held.map((c) => commandName(i18n, c, participantNames(session, c.usrIds))).join(', ');
  notifications.show({
    color: 'red',
    autoClose: false,
    title: i18n._(msg`Not sent`),
    message: i18n._(msg`Not sent, the connection was lost: ${names}`),
  });
}

/** Mounted once per session screen; renders nothing itself. */
export function CommandNotices({
  actor,
}: {
  /** the root session actor */
  actor: AnyActorRef;
}) {
  const { i18n, t } = useLingui();
  const commands = useSessionChild(actor, 'commands');
  useEffect(() => {
    if (!commands) return;
    const nameOf = (e: { label: string; body: Record<string, unknown>; usrIds: readonly string[] }) =>
      commandName(i18n, e, participantNames(actor, e.usrIds));
    const settled = (e: { reqId: string }) => notifications.hide(heldId(e.reqId));
    const subs = [
      commands.on('command.held', (e: Emitted<'command.held'>) => {
        const name = nameOf(e);
        notifications.show({
          id: heldId(e.reqId),
          color: 'yellow',
          autoClose: false,
          title: t`Waiting for the connection`,
          message: t`${name} is sent once the connection is back.`,
        });
      }),
      commands.on('command.succeeded', settled),
      commands.on('command.refused', settled),
      commands.on('command.notSent', (e: Emitted<'command.notSent'>) => {
        settled(e);
        const name = nameOf(e);
        notifications.show({
          color: 'red',
          autoClose: false,
          title: t`Not sent`,
          message: t`${name} was not sent: the connection did not come back in time. Do it again if it is still needed.`,
        });
      }),
      commands.on('command.notOffered', (e: Emitted<'command.notOffered'>) => {
        const control = notOfferedGroupName(i18n, e.reason.group);
        notifications.show({
          color: 'yellow',
          autoClose: 8000,
          title: t`${control}: not offered by this platform`,
          message: notOfferedText(i18n, e.reason),
        });
      }),
    ];
    return () => subs.forEach((s) => s.unsubscribe());
  }, [actor, commands, i18n, t]);
  return null;
}
