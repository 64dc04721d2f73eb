/**
 * The notification lists of spec §2/§4: controllers that joined or quit, failed calls, and
 * members who left, each behind a button with its unread counter. Opening a list marks it read.
 */
import { useState, type ReactNode } from 'react';
import { useWindowEvent } from '@mantine/hooks';
import { Badge, Button, Group, Popover, ScrollArea, Stack, Text } from '@mantine/core';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { CALL_FAILURE_REASONS, LEAVE_REASONS, leaveReasonOf, localize, type CallFailureReason } from '@protocol/codes';
import { endpointTypeText } from '#/i18n/endpointType';

export interface ControllerNote {
  type: 'in' | 'out';
  peerIp: string;
  sessionId: string;
  role?: 'host' | 'supervisor';
  /** Unix seconds of the join or the quit */
  dtm: number;
}

export interface FailedCallNote {
  time: number;
  reason: string;
  epType: string;
  nickName: string;
  peerAddr: string;
}

export interface LeftCallNote {
  createDtm: number;
  nickName: string;
  reason: string;
}

export type NoteList = 'controllers' | 'failedCalls' | 'leftCalls';

export interface NotificationListsProps {
  /** controller joins and quits, newest first */
  controllers: readonly ControllerNote[];
  /** failed calls, newest first */
  failedCalls: readonly FailedCallNote[];
  /** members who left, newest first */
  leftCalls: readonly LeftCallNote[];
  /** unread counters per list */
  unread: Record<NoteList, number>;
  /** the user has seen a list */
  onRead: (list: NoteList) => void;
  /** controllers logged in now */
  controllerCount?: number;
  /** false: the count is a lower bound (the server gave no list), worded "at least N" */
  controllerCountExact?: boolean;
  /** the controllers logged in now, as the server lists them (role and address) */
  onlineControllers?: readonly { role: string; peer_ip: string; self: 0 | 1 }[];
  /** drawn after the lists in the same bar (the alert list's button) */
  extra?: ReactNode;
}

export function NotificationLists({
  controllers,
  failedCalls,
  leftCalls,
  unread,
  onRead,
  controllerCount,
  controllerCountExact = true,
  onlineControllers = [],
  extra,
}: NotificationListsProps) {
  const { t, i18n } = useLingui();
  const [open, setOpen] = useState<NoteList | null>(null);
  // Escape closes the open list wherever focus is (the list itself holds nothing to focus)
  useWindowEvent('keydown', (e) => {
    if (e.key === 'Escape' && open !== null) setOpen(null);
  });
  const time = (sec: number) => i18n.date(new Date(sec * 1000), { timeStyle: 'medium' });

  const failureText = (reason: string) =>
    Object.hasOwn(CALL_FAILURE_REASONS, reason) ? localize(CALL_FAILURE_REASONS[reason as CallFailureReason], i18n.locale) : reason;
  const leaveText = (reason: string) => {
    const key = leaveReasonOf(reason);
    return key ? localize(LEAVE_REASONS[key], i18n.locale) : reason;
  };

  const toggle = (list: NoteList) => {
    setOpen((cur) => (cur === list ? null : list));
    onRead(list);
  };

  const trigger = (list: NoteList, label: string) => (
    <Popover.Target>
      <Button
        size="compact-sm"
        variant="light"
        onClick={() => toggle(list)}
        // focus stays on this button while the list is open, where the dropdown's own Escape never hears it
        onKeyDown={(e) => {
          if (e.key === 'Escape' && open === list) {
            e.stopPropagation();
            setOpen(null);
          }
        }}
        data-unread={unread[list]}
        rightSection={
          unread[list] > 0 ? (
            // the whole count, however large (no "99+"): a host needs to know 128 from 1,000
            <Badge size="xs" color="red.9" miw={18} px={4} aria-label={t`${unread[list]} unread`} data-testid="unread-count">
              {i18n.number(unread[list])}
            </Badge>
          ) : undefined
        }
      >
        {label}
      </Button>
    </Popover.Target>
  );

  const list = (items: { key: string; text: string; when: string }[], label: string) => (
    <Popover.Dropdown>
      {/* a long list scrolls: its viewport takes focus so a keyboard can scroll it too */}
      <ScrollArea.Autosize mah={320} w={360} viewportProps={{ tabIndex: 0, role: 'group', 'aria-label': label }}>
        {/* an empty role="list" lacks its required list items (axe, critical): the note stands alone */}
        {items.length === 0 && (
          <Text size="sm" c="dimmed">
            <Trans>Nothing yet</Trans>
          </Text>
        )}
        <Stack gap={4} role={items.length ? 'list' : undefined} aria-label={items.length ? label : undefined}>
          {items.map((item) => (
            <Group key={item.key} gap="xs" wrap="nowrap" role="listitem" align="flex-start">
              <Text size="xs" c="dimmed" w={70}>
                {item.when}
              </Text>
              <Text size="sm" style={{ flex: 1 }}>
                {item.text}
              </Text>
            </Group>
          ))}
        </Stack>
      </ScrollArea.Autosize>
    </Popover.Dropdown>
  );

  const controllersLabel = t`Controllers`;
  const failedLabel = t`Failed calls`;
  const leftLabel = t`Left members`;

  return (
    <Group gap="xs" component="section" aria-label={t`Notifications`}>
      <Popover opened={open === 'controllers'} onChange={(o) => !o && setOpen(null)} position="bottom-start">
        {trigger('controllers', controllersLabel)}
        {list(
          [
            ...onlineControllers.map((c, i) => {
              const role = c.role === 'host' ? t`Host` : c.role === 'supervisor' ? t`Supervisor` : c.role;
              const address = c.peer_ip;
              return {
                key: `online-${i}`,
                when: t`Online`,
                text: c.self ? t`${role}, ${address} (this console)` : t`${role}, ${address}`,
              };
            }),
            ...controllers.map((c, i) => ({
              key: `${c.type}-${c.dtm}-${i}`,
              when: time(c.dtm),
              text: c.type === 'in' ? t`Controller ${c.peerIp} joined` : t`Controller ${c.peerIp} quit`,
            })),
          ],
          controllersLabel,
        )}
      </Popover>
      {controllerCount !== undefined && (
        <Text size="xs" c="dimmed" data-testid="controller-count" data-count={controllerCount} data-exact={controllerCountExact}>
          {controllerCountExact ? (
            <Plural value={controllerCount} one="# controller online" other="# controllers online" />
          ) : (
            <Plural value={controllerCount} one="At least # controller online" other="At least # controllers online" />
          )}
        </Text>
      )}
      <Popover opened={open === 'failedCalls'} onChange={(o) => !o && setOpen(null)} position="bottom-start">
        {trigger('failedCalls', failedLabel)}
        {list(
          failedCalls.map((f, i) => ({
            key: `${f.time}-${i}`,
            when: time(f.time),
            // the endpoint type tells a host which kind of device to check (issue 30)
            text: f.epType
              ? `${f.nickName || f.peerAddr} (${f.peerAddr}, ${endpointTypeText(i18n, f.epType)}): ${failureText(f.reason)}`
              : `${f.nickName || f.peerAddr} (${f.peerAddr}): ${failureText(f.reason)}`,
          })),
          failedLabel,
        )}
      </Popover>
      <Popover opened={open === 'leftCalls'} onChange={(o) => !o && setOpen(null)} position="bottom-start">
        {trigger('leftCalls', leftLabel)}
        {list(
          leftCalls.map((l, i) => ({ key: `${l.createDtm}-${i}`, when: time(l.createDtm), text: `${l.nickName}: ${leaveText(l.reason)}` })),
          leftLabel,
        )}
      </Popover>
      {extra}
    </Group>
  );
}
