import { Badge } from '@mantine/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import type { MessageDescriptor } from '@lingui/core';
import type { AnyActorRef, SnapshotFrom } from 'xstate';
import { selectConnectionState, type ConnectionState as State } from '@machines/longPoll/selectors';
import type { LongPollMachine } from '@machines/longPoll/longPollMachine';

const LABEL: Record<State, MessageDescriptor> = {
  connecting: msg`Connecting…`,
  live: msg`Connected`,
  reconnecting: msg`Reconnecting…`,
  reconnected: msg`Reconnected`,
  resynced: msg`Reconnected, data reloaded`,
  paused: msg`Paused while the page is hidden`,
  ended: msg`Disconnected`,
};

// normal is grey (issue 26 item 2): colour is for a connection that is not what it should be
const COLOR: Record<State, string> = {
  connecting: 'gray',
  live: 'gray',
  reconnecting: 'orange',
  reconnected: 'green',
  resynced: 'green',
  paused: 'gray',
  ended: 'red',
};

const selectState = (s: SnapshotFrom<LongPollMachine> | undefined): State | undefined =>
  s === undefined ? undefined : selectConnectionState(s);

const selectLongPollRef = (s: { children?: Record<string, AnyActorRef | undefined> }): AnyActorRef | undefined => s.children?.longPoll;

/** The change feed's connection state (the `longPoll` child of the session actor). */
export function ConnectionState({
  actor,
}: {
  /** the root session actor */
  actor: AnyActorRef;
}) {
  const { i18n, t } = useLingui();
  // children are spawned with id === systemId; reading them from the snapshot re-renders on spawn
  const longPoll = useSelector(actor, selectLongPollRef);
  const state = useSelector(longPoll, selectState as (s: unknown) => State | undefined);
  if (!state) return null;
  return (
    <Badge
      variant="dot"
      color={COLOR[state]}
      data-connection={state}
      style={{ flexShrink: 0 }}
      aria-label={t`Connection: ${i18n._(LABEL[state])}`}
    >
      {i18n._(LABEL[state])}
    </Badge>
  );
}
