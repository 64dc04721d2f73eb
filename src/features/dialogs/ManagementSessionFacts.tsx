/**
 * The management login's success state: what the management session is (spec §3 "Also held:
 * confMgr session, admin flag and address, client IP") and the room's properties it governs
 * (`max_call`, `region_id`), each plainly "not told" or "platform default" when the platform said
 * nothing; then what the session is for (booking the room's next meeting).
 */
import type { ReactNode } from 'react';
import { Anchor, Button, Group, Stack, Table, Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { DEFAULT_REGION_ID, type ManagementSession, type RoomProperties } from '@protocol/management';

export interface ManagementSessionFactsProps {
  session: ManagementSession;
  room: RoomProperties;
  /** opens the booking dialog; absent: booking not offered here */
  onBook?: () => void;
  onClose: () => void;
}

export function ManagementSessionFacts({ session, room, onBook, onClose }: ManagementSessionFactsProps) {
  const { t, i18n } = useLingui();
  const notTold = (
    <Text span c="dimmed" size="sm">
      <Trans>not told</Trans>
    </Text>
  );
  const platformDefault = (
    <Text span c="dimmed" size="sm">
      {' '}
      <Trans>(platform default)</Trans>
    </Text>
  );
  const admin = session.isAdmin === undefined ? notTold : session.isAdmin ? t`Yes` : t`No (booking is refused)`;
  const adminAddr = /^https?:\/\//.test(session.adminAddr) ? (
    <Anchor href={session.adminAddr} target="_blank" rel="noreferrer" size="sm">
      {session.adminAddr}
    </Anchor>
  ) : (
    session.adminAddr || notTold
  );
  const rows: [string, ReactNode, string][] = [
    [t`Logged in as`, session.nickName ? `${session.nickName} (${session.loginId})` : session.loginId, 'mgmt-login-id'],
    [t`Administrator`, admin, 'mgmt-is-admin'],
    [t`Management platform`, adminAddr, 'mgmt-admin-addr'],
    [t`Your address`, session.clientIp || notTold, 'mgmt-client-ip'],
    [
      t`Last login`,
      session.lastLoginSec
        ? `${i18n.date(new Date(session.lastLoginSec * 1000), { dateStyle: 'short', timeStyle: 'short' })}${session.lastLoginIp ? ` · ${session.lastLoginIp}` : ''}`
        : notTold,
      'mgmt-last-login',
    ],
    [
      t`Max calls in this room`,
      <>
        {room.maxCall}
        {!room.told.maxCall && platformDefault}
      </>,
      'mgmt-max-call',
    ],
    [
      t`Media region`,
      <>
        {room.regionId === DEFAULT_REGION_ID ? t`Default` : room.regionId}
        {!room.told.regionId && platformDefault}
      </>,
      'mgmt-region',
    ],
  ];
  return (
    <Stack gap="sm" data-testid="mgmt-session">
      <Text size="sm">
        <Trans>Logged in to platform management.</Trans>
      </Text>
      <Table withRowBorders={false} verticalSpacing={4}>
        <Table.Tbody>
          {rows.map(([label, value, testId]) => (
            <Table.Tr key={testId}>
              <Table.Th scope="row" fw={400} c="dimmed" w="45%">
                <Text size="sm" c="dimmed">
                  {label}
                </Text>
              </Table.Th>
              <Table.Td data-testid={testId}>
                <Text size="sm" component="div">
                  {value}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          <Trans>Close</Trans>
        </Button>
        {onBook && (
          <Button data-autofocus onClick={onBook}>
            <Trans>Book next meeting</Trans>
          </Button>
        )}
      </Group>
    </Stack>
  );
}
