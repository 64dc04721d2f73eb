/**
 * One-off words about commands that the session itself owes the user (issue 23): a command kept
 * back by a lost connection ("waits", then gone once it settles), one that could not be sent at
 * all, by name, and the first refusal that showed a control is not offered by this platform —
 * instead of an error toast. The commands actor emits them (machines/commands/README.md).
 */
import { useEffect } from 'react';
import { notifications } from '@mantine/notifications';
import type { AnyActorRef, SnapshotFrom } from 'xstate';
import { msg } from '@lingui/core/macro';
import type { I18n } from '@lingui/core';
import type { CommandsEmitted, CommandsMachine } from '@machines/commands/commandsMachine';
import { selectParticipant } from '@machines/participants/selectors';
import { commandName } from '#/session/commandNames';
import { notOfferedGroupName, notOfferedText } from '#/session/notOffered';
import { useSessionChild } from '#/session/useSessionChild';
import { toastText } from '#/components/toastText';

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
 * named (the notice outlives the session screen, on the login screen). The toast words itself in
 * the language shown, now and after a switch (toastText).
 */
export function announceUnsentAtLogout(session: AnyActorRef | null): void {
  const commands = session?.system.get('commands') as AnyActorRef | undefined;
  const pending = (commands?.getSnapshot() as SnapshotFrom<CommandsMachine> | undefined)?.context.pending;
  const held = pending ? [...pending.values()].filter((c) => c.held) : [];
  if (held.length === 0) return;
  // the people are named as the roster knew them at logout; the words follow the language
  const named = held.map((c) => ({ command: c, people: participantNames(session, c.usrIds) }));
  notifications.show({
    color: 'red',
    autoClose: false,
    title: toastText((now) => now._(msg`Not sent`)),
    message: toastText((now) => {
      const names = named.map(({ command, people }) => commandName(now, command, people)).join(', ');
      return now._(msg`Not sent, the connection was lost: ${names}`);
    }),
  });
}

/** Mounted once per session screen; renders nothing itself. */
export function CommandNotices({
  actor,
}: {
  /** the root session actor */
  actor: AnyActorRef;
}) {
  const commands = useSessionChild(actor, 'commands');
  useEffect(() => {
    if (!commands) return;
    // the people are named as the roster knows them when the notice comes; the words are the
    // toast's to render, in the language shown then and after any switch
    const nameOf = (e: { label: string; body: Record<string, unknown>; usrIds: readonly string[] }) => {
      const people = participantNames(actor, e.usrIds);
      return (i18n: I18n) => commandName(i18n, e, people);
    };
    const settled = (e: { reqId: string }) => notifications.hide(heldId(e.reqId));
    const subs = [
      commands.on('command.held', (e: Emitted<'command.held'>) => {
        const nameIn = nameOf(e);
        notifications.show({
          id: heldId(e.reqId),
          color: 'yellow',
          autoClose: false,
          title: toastText((i18n) => i18n._(msg`Waiting for the connection`)),
          message: toastText((i18n) => {
            const name = nameIn(i18n);
            return i18n._(msg`${name} is sent once the connection is back.`);
          }),
        });
      }),
      commands.on('command.succeeded', settled),
      commands.on('command.refused', settled),
      commands.on('command.notSent', (e: Emitted<'command.notSent'>) => {
        settled(e);
        const nameIn = nameOf(e);
        notifications.show({
          color: 'red',
          autoClose: false,
          title: toastText((i18n) => i18n._(msg`Not sent`)),
          message: toastText((i18n) => {
            const name = nameIn(i18n);
            return i18n._(msg`${name} was not sent: the connection did not come back in time. Do it again if it is still needed.`);
          }),
        });
      }),
      commands.on('command.notOffered', (e: Emitted<'command.notOffered'>) => {
        const { reason } = e;
        notifications.show({
          color: 'yellow',
          autoClose: 8000,
          title: toastText((i18n) => {
            const control = notOfferedGroupName(i18n, reason.group);
            return i18n._(msg`${control}: not offered by this platform`);
          }),
          message: toastText((i18n) => notOfferedText(i18n, reason)),
        });
      }),
    ];
    return () => subs.forEach((s) => s.unsubscribe());
  }, [actor, commands]);
  return null;
}
