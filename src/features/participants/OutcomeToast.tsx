/**
 * The result toast of a command (issue 13 §3): the count it reached, and for a hang-up an Undo
 * that calls the person again (issue 13 §2: the one action here the protocol can undo). Its words
 * are rendered by the toast, so a language switch while it is up re-words it.
 */
import { msg } from '@lingui/core/macro';
import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { toastText } from '#/components/toastText';
import type { Outcome } from './commandOutcome';
import type { CommandSink } from './commands';
import { outcomeText } from './outcomeText';

let toastSeq = 0;

/** Shows the toast of an accepted command; `send` carries out its Undo. */
export function showOutcome(outcome: Outcome, send: CommandSink): void {
  const id = `outcome-${++toastSeq}`;
  const undo = outcome.undo;
  notifications.show({
    id,
    color: 'green',
    autoClose: undo ? 10_000 : 5_000,
    message: toastText((i18n) =>
      undo ? (
        <Group gap="sm" justify="space-between" wrap="nowrap" data-outcome={outcome.kind}>
          <Text size="sm">{outcomeText(i18n, outcome)}</Text>
          <Button
            size="compact-xs"
            variant="light"
            onClick={() => {
              send(undo);
              notifications.hide(id);
            }}
          >
            {i18n._(msg`Undo: call again`)}
          </Button>
        </Group>
      ) : (
        <span data-outcome={outcome.kind}>{outcomeText(i18n, outcome)}</span>
      ),
    ),
  });
}
