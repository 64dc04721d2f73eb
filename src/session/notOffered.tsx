/**
 * "Not offered by this platform" (issue 23 item 3), read by every control of an assumed group:
 * the commands actor holds which groups the platform refused this session and why
 * (machines/commands/notOffered.ts); this is the one place the UI reads it and words it, so no
 * feature imports another to learn it.
 */
import { createContext, useContext, type CSSProperties, type ReactNode } from 'react';
import { useSelector } from '@xstate/react';
import type { AnyActorRef, SnapshotFrom } from 'xstate';
import { Text } from '@mantine/core';
import { msg } from '@lingui/core/macro';
import type { I18n, MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react';
import type { AssumptionGroup } from '@protocol/assumptions';
import type { CommandsMachine } from '@machines/commands/commandsMachine';
import type { NotOfferedReason } from '@machines/commands/notOffered';
import { useSessionChild } from './useSessionChild';

type CommandsSnapshot = SnapshotFrom<CommandsMachine>;
const NONE = new Map<AssumptionGroup, NotOfferedReason>();
const selectGroups = (s: CommandsSnapshot | undefined) => s?.context.notOffered ?? NONE;

/** Why this assumed group is not offered, undefined while nothing says so (or without a session). */
export function useNotOffered(session: AnyActorRef | null | undefined, group: AssumptionGroup): NotOfferedReason | undefined {
  return useNotOfferedGroups(session).get(group);
}

/** The controls each group stands for, as a notice names them. */
const GROUP_NAMES: Record<AssumptionGroup, MessageDescriptor> = {
  'picture-code': msg`Picture verification code`,
  'waiting-room': msg`Waiting room`,
  'subtitle-position': msg`Subtitle position`,
  controllers: msg`Controller list`,
  activity: msg`Activity of other controllers`,
  'meeting-passwords': msg`Meeting passwords`,
  'live-addresses': msg`Live addresses`,
  'meeting-modes': msg`Meeting mode switches`,
  'private-talk': msg`Private talk`,
  'host-role': msg`Make or cancel host`,
  'mass-actions': msg`Actions on all participants`,
  'podium-actions': msg`Hand and roll-call actions`,
  attendance: msg`Attendance kept by the server`,
  'hand-times': msg`How long hands have been raised`,
  'call-quality': msg`Call quality summary`,
  'user-changes': msg`Participant details kept up to date`,
  'audio-to-text': msg`Audio-to-text and live transcript`,
  'run-of-show': msg`Run of show kept by the server`,
  'management-facts': msg`Management session details`,
  'room-properties': msg`Room call limit and region`,
  'focus-modes': msg`Auto focus`,
  'user-number': msg`Adding by user number`,
  'department-search': msg`Department search by name`,
};

export function notOfferedGroupName(i18n: I18n, group: AssumptionGroup): string {
  return i18n._(GROUP_NAMES[group]);
}

/**
 * The status field that tells an assumed group's state. A platform whose meeting status (loaded)
 * has no such field reports none, so the console cannot show or flip that state: the group is not
 * offered there either, said before any call is refused instead of a control that is merely grey.
 */
const REPORTED_IN_STATUS: Partial<Record<AssumptionGroup, string>> = {
  'waiting-room': 'waiting_room',
  'audio-to-text': 'asr_enabled',
  'focus-modes': 'focus_speaker',
};

/**
 * Why an assumed group is not offered, judged from a loaded meeting status that lacks its field
 * (reason `status` 0: nothing was refused); undefined while the status is not loaded or has it.
 * @example unreportedReason('waiting-room', { mr_locked: 0 }) // { group: 'waiting-room', call: 'waiting_room', status: 0 }
 */
export function unreportedReason(
  group: AssumptionGroup,
  status: Readonly<Record<string, unknown>> | undefined,
): NotOfferedReason | undefined {
  const field = REPORTED_IN_STATUS[group];
  if (!field || !status || status[field] !== undefined) return undefined;
  return { group, call: field, status: 0 };
}

/** "Not offered by this platform: the server refused mod-subtitle-position (404)". */
export function notOfferedText(i18n: I18n, reason: NotOfferedReason): string {
  const { call, status, result } = reason;
  if (status === 0) return i18n._(msg`Not offered by this platform: its meeting status reports no ${call}`);
  return result === undefined
    ? i18n._(msg`Not offered by this platform: the server refused ${call} (${status})`)
    : i18n._(msg`Not offered by this platform: the server refused ${call} (${status}, result ${result})`);
}

/** The reason beside a control that is not offered; nothing while it is. */
export function NotOfferedNote({
  reason,
  children,
}: {
  /** from {@link useNotOffered} */
  reason: NotOfferedReason | undefined;
  /** shown instead of the reason while the group is offered (optional) */
  children?: ReactNode;
}) {
  const { i18n } = useLingui();
  if (!reason) return <>{children}</>;
  return (
    // a span shown as a block: the note also sits inside paragraphs (the activity dialog's source line)
    <Text component="span" display="block" size="xs" c="dimmed" data-not-offered={reason.group} role="note">
      {notOfferedText(i18n, reason)}
    </Text>
  );
}

const FIELDSET: CSSProperties = { border: 0, margin: 0, padding: 0, minWidth: 0 };

/**
 * The controls of an assumed group: while the platform has refused the group they are disabled at
 * once (a disabled fieldset, so no control needs to know) with the reason said above them.
 */
export function NotOfferedControls({
  reason,
  children,
}: {
  /** from {@link useNotOffered} or the model; undefined = offered */
  reason: NotOfferedReason | undefined;
  /** the group's controls */
  children: ReactNode;
}) {
  if (!reason) return <>{children}</>;
  return (
    <>
      <NotOfferedNote reason={reason} />
      <fieldset disabled data-not-offered-controls={reason.group} style={{ ...FIELDSET, opacity: 0.6 }}>
        {children}
      </fieldset>
    </>
  );
}

/** All groups the platform refused this session (same Map until one is added). */
export function useNotOfferedGroups(session: AnyActorRef | null | undefined): ReadonlyMap<AssumptionGroup, NotOfferedReason> {
  const commands = useSessionChild(session ?? null, 'commands');
  return useSelector(commands, selectGroups as (s: unknown) => ReadonlyMap<AssumptionGroup, NotOfferedReason>);
}

const NotOfferedContext = createContext<ReadonlyMap<AssumptionGroup, NotOfferedReason>>(NONE);

/**
 * Provides the groups the platform refused to every control below (menus and rows that get no
 * session prop); mounted once by the session page.
 */
export function NotOfferedProvider({
  session,
  children,
}: {
  /** the root session actor */
  session: AnyActorRef | null;
  children: ReactNode;
}) {
  const groups = useNotOfferedGroups(session);
  return <NotOfferedContext.Provider value={groups}>{children}</NotOfferedContext.Provider>;
}

/** Why this group is not offered, from the nearest {@link NotOfferedProvider}; undefined = offered. */
export function useNotOfferedHere(group: AssumptionGroup): NotOfferedReason | undefined {
  return useContext(NotOfferedContext).get(group);
}

/** Sets the groups directly (component tests). */
export const NotOfferedState = NotOfferedContext.Provider;
