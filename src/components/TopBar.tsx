import { Button, Group, Text, Title } from '@mantine/core';
import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { LanguageMenu } from '#/i18n/LanguageMenu';
import { CONSOLE_VERSION } from '#/version';

/** The top bar of the logged-in screens: title, version, language and logout (spec §2). */
export function TopBar({
  onLogout,
  children,
}: {
  /** called when the user presses Logout */
  onLogout: () => void;
  /** extra items shown between the title and the actions */
  children?: ReactNode;
}) {
  const version = CONSOLE_VERSION;
  return (
    <Group
      component="header"
      justify="space-between"
      px="md"
      py="xs"
      wrap="nowrap"
      style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
    >
      <Group gap="sm" wrap="nowrap" style={{ minWidth: 0, flex: 1 }}>
        <Title order={1} size="h4" style={{ whiteSpace: 'nowrap', flexShrink: 0 }}>
          <Trans>Meeting control</Trans>
        </Title>
        {/* the one item of the line that may be cut (the chips step behind "+N" first): never the meeting's state */}
        <Text
          size="xs"
          c="dimmed"
          title={version}
          style={{ whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis', minWidth: 0 }}
        >
          <Trans>Version {version}</Trans>
        </Text>
        {children}
      </Group>
      <Group gap="xs" wrap="nowrap">
        <LanguageMenu />
        <Button variant="light" size="compact-sm" onClick={onLogout}>
          <Trans>Logout</Trans>
        </Button>
      </Group>
    </Group>
  );
}
