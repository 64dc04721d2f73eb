/**
 * The roll call of the segment on air: who is called now (their place in the segment's order) and
 * "Call next", which calls the next connected participant in that order with the roll-call dialog's
 * own recipe (the floor, the called back under mute-all, the roll-call layout); after the last,
 * "End roll call". Sent through the session's commands actor, in front of either server.
 */
import { Button, Group, Text } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import type { AnyActorRef } from 'xstate';
import { nextInRollCall, type MeetingView } from '@protocol/runOfShow';
import { rollCallEndSteps, rollCallNextSteps, toSend } from '@machines/commands/requests';

export interface RollCallNextProps {
  session: AnyActorRef;
  /** the segment on air's roll call, in calling order */
  order: readonly string[];
  view: MeetingView;
  who: (usrId: string) => string;
}

export function RollCallNext({ session, order, view, who }: RollCallNextProps) {
  const { t } = useLingui();
  if (!order.length || !view.roll_call) return null;
  const at = order.indexOf(view.roll_call) + 1;
  const total = order.length;
  const called = who(view.roll_call);
  const next = nextInRollCall(order, view.roll_call, view.online);
  const send = () => {
    const commands = session.system.get('commands') as AnyActorRef | undefined;
    const steps = next
      ? rollCallNextSteps(next, view.roll_call, 'with_speaker', view.audience_muted)
      : rollCallEndSteps(view.roll_call, view.audience_muted, []);
    for (const step of steps) commands?.send(toSend(step, { label: next ? 'roll_call_next' : 'roll_call_end' }));
  };
  const nextName = next ? who(next) : '';
  return (
    <Group gap="xs" data-testid="run-of-show-roll-call">
      <Text size="sm">{at > 0 ? t`Called: ${called} (${at} of ${total})` : t`Called: ${called}`}</Text>
      <Button size="compact-sm" variant="light" onClick={send}>
        {next ? t`Call next: ${nextName}` : t`End roll call`}
      </Button>
    </Group>
  );
}
