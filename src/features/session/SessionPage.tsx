import { Badge, Card, Group, Stack, Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import { TopBar } from '#/components/TopBar';
import { sceneText } from '#/i18n/scene';
import { useSessionHolder, useSessionRecord } from '#/session/SessionContext';
import { ConnectionState } from './ConnectionState';

/**
 * The logged-in page of /control and /layout until their panels arrive: which meeting, which
 * role, the connection state of the session actor, and logout.
 */
export function SessionPage({ screen }: {
  /** which route shows the page */
  screen: 'control' | 'layout';
}) {
  const { t, i18n } = useLingui();
  const holder = useSessionHolder();
  const record = useSessionRecord();
  const navigate = useNavigate();
  const logout = () => {
    holder.stop();
    void navigate({ to: '/login' });
  };
  if (!record) return null;
  const actor = holder.actor();
  return (
    <Stack gap={0} mih="100vh">
      <TopBar onLogout={logout} />
      <Stack p="md" component="main" aria-label={screen === 'control' ? t`Meeting control` : t`Layout`}>
        <Card withBorder maw={480}>
          <Stack gap="xs">
            <Group gap="xs">
              <Text fw={500}>{i18n._(sceneText('number', record.mrScene))}</Text>
              <Text data-testid="meeting-number">{record.mrId}</Text>
            </Group>
            <Group gap="xs">
              <Text fw={500}>
                <Trans>Role</Trans>
              </Text>
              <Badge data-role={record.role} variant="light">
                {record.role === 'host' ? t`Host` : t`Supervisor`}
              </Badge>
            </Group>
            {record.mrStartDtm > 0 && (
              <Group gap="xs">
                <Text fw={500}>{i18n._(sceneText('startTime', record.mrScene))}</Text>
                <Text>{i18n.date(new Date(record.mrStartDtm * 1000), { dateStyle: 'medium', timeStyle: 'short' })}</Text>
              </Group>
            )}
            {actor && <ConnectionState actor={actor} />}
          </Stack>
        </Card>
      </Stack>
    </Stack>
  );
}
