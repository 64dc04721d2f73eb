/**
 * The participant half of /control as one block: meeting information in the sidebar column,
 * the notification lists and the participant panel in the main column. It reads the session
 * from the session holder, so the route mounts it with no props.
 */
import { Group, Paper, Stack } from '@mantine/core';
import { useViewportSize } from '@mantine/hooks';
import { useSessionHolder, useSessionRecord } from '#/session/SessionContext';
import { SidebarInfoPanel } from '#/features/sidebarInfo/SidebarInfoPanel';
import { NotificationListsPanel } from '#/features/notificationLists/NotificationListsPanel';
import { ParticipantsPanel } from './ParticipantsPanel';

export function ParticipantArea() {
  const holder = useSessionHolder();
  const record = useSessionRecord();
  const { height } = useViewportSize();
  const actor = record ? holder.actor() : null;
  if (!record || !actor) return null;
  return (
    <Group align="flex-start" wrap="nowrap" px="md" pb="md" gap="md" data-testid="participant-area">
      <Paper withBorder p="sm" w={280} style={{ flexShrink: 0 }}>
        <SidebarInfoPanel session={actor} mrId={record.mrId} scene={record.mrScene} role={record.role} />
      </Paper>
      <Stack gap="xs" style={{ flex: 1, minWidth: 0 }}>
        <NotificationListsPanel session={actor} />
        <ParticipantsPanel session={actor} mrId={record.mrId} role={record.role} tableHeight={Math.max(320, (height || 900) - 300)} />
      </Stack>
    </Group>
  );
}
