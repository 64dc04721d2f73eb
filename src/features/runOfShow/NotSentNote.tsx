/**
 * The line by Take / Hold / Undo that says a key's command was not sent (a command was still out,
 * or there was nothing to apply it to), until a command is accepted. A polite status, not a toast:
 * the control room wants few interruptions, and the operator's eyes are on these buttons anyway.
 */
import { Text } from '@mantine/core';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { RunOfShowMachine } from '@machines/runOfShow/runOfShowMachine';
import * as sel from '@machines/runOfShow/selectors';
import { useNotSentText } from './runOfShowWords';

export function NotSentNote({ actor }: { actor: ActorRefFrom<RunOfShowMachine> }) {
  const notSent = useSelector(actor, sel.selectNotSent);
  const platformKind = useSelector(actor, (s) => sel.selectPlatformRun(s)?.kind);
  const text = useNotSentText();
  // the region stays in the page so that a screen reader hears what comes into it; a new press
  // is a new child (keyed by its count), so the same sentence said again is announced again
  return (
    <Text size="sm" c="orange" role="status" aria-live="polite" data-testid="run-of-show-not-sent" data-command={notSent?.command}>
      {notSent && <span key={notSent.press}>{text(notSent, platformKind)}</span>}
    </Text>
  );
}
