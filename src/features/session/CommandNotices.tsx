/**
 * One-off words about commands that the session itself owes the user (issue 23): a command kept
 * back by a lost connection ("waits", then gone once it settles), one that could not be sent at
 * all, by name, and the first refusal that showed a control is not offered by this platform —
 * instead of an error toast. The commands actor emits them (machines/commands/README.md).
 */
import { useEffect } from 'react';
import { notifications } from '@mantine/notifications';
import { useLingui } from '@lingui/react/macro';
import type { AnyActorRef } from 'xstate';
import type { CommandsEmitted } from '@machines/commands/commandsMachine';
import { selectParticipant } from '@machines/participants/selectors';
import { commandName } from '#/session/commandNames';
import { notOfferedGroupName, notOfferedText } from '#/session/notOffered';
import { useSessionChild } from '#/session/useSessionChild';

type Emitted<T extends CommandsEmitted['type']> = Extract<CommandsEmitted, { type: T }>;
const heldId = (reqId: string) => `command-held-${reqId}`;

/** Mounted once per session screen; renders nothing itself. */
export function CommandNotices({ actor }: {
  /** the root session actor */
  actor: AnyActorRef;
}) {
  const { i18n, t } = useLingui();
  const commands = useSessionChild(actor, 'commands');
  useEffect(() => {
    if (!commands) return;
    const names = (usrIds: readonly string[]) => {
      const participants = actor.system.get('participants') as AnyActorRef | undefined;
      const snapshot = participants?.getSnapshot();
      return usrIds.map((id) => (snapshot ? selectParticipant(id)(snapshot)?.usr_name : undefined) || id);
    };
    const nameOf = (e: { label: string; body: Record<string, unknown>; usrIds: readonly string[] }) => commandName(i18n, e, names(e.usrIds));
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
