import { useEffect } from 'react';
import { Anchor, Box, Center, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useActorRef } from '@xstate/react';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { loginMachine } from '@machines/index';
import { LanguageMenu } from '#/i18n/LanguageMenu';
import { MR_ID } from '#/search';
import { browserStore } from '#/session/browserStore';
import { useApis } from '#/session/ApiContext';
import { useSessionHolder } from '#/session/SessionContext';
import { inspectOption } from '#/session/inspector';
import { CONSOLE_VERSION } from '#/version';
import { LoginPanel } from './LoginPanel';
import { LOGIN_LINK_PATHS } from './links';
import type { LoginBranding } from './branding';

/**
 * The login screen of `/` and `/login` (spec §2). The login actor lives as long as the screen;
 * its success starts the tab's session and opens /control for that meeting.
 */
export function LoginScreen({ branding }: {
  /** platform title, icon and version; each may be missing when its call failed */
  branding: LoginBranding;
}) {
  const { login } = useApis();
  const holder = useSessionHolder();
  const navigate = useNavigate();
  const search = useSearch({ strict: false });
  const prefill = search[MR_ID] ?? browserStore.mrId() ?? '';
  const actor = useActorRef(loginMachine, { input: { api: login, mrId: prefill }, inspect: inspectOption() });

  useEffect(() => {
    const sub = actor.on('login.succeeded', ({ result }) => {
      holder.start(result);
      void navigate({ to: '/control', search: { [MR_ID]: result.mrId } });
    });
    return () => sub.unsubscribe();
  }, [actor, holder, navigate]);

  return (
    <Stack gap={0} mih="100vh" bg="var(--mantine-color-gray-0)">
      <LoginHeader branding={branding} />
      <Center component="main" style={{ flex: 1 }} p="md">
        <Paper withBorder shadow="sm" p="xl" w="28rem" maw="100%">
          <Stack gap="md">
            <Title order={2} size="h3" ta="center">
              <Trans>Meeting control</Trans>
            </Title>
            <LoginPanel actor={actor} />
          </Stack>
        </Paper>
      </Center>
    </Stack>
  );
}

/** The link bar of spec §2: help centre, title, version and the platform's other entrances. */
function LoginHeader({ branding }: { branding: LoginBranding }) {
  const { t, i18n } = useLingui();
  const version = branding.platformVersion ?? CONSOLE_VERSION;
  const link = (path: string) => new URL(path, document.baseURI).href;
  return (
    <Group component="header" justify="space-between" px="md" py="xs" wrap="wrap" bg="white"
      style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
      <Group gap="sm">
        {branding.icon && <img src={branding.icon} alt="" width={28} height={28} />}
        <Text fw={600} component="h1" m={0} size="lg" data-testid="platform-title">
          {branding.title ? (i18n.locale === 'en' ? branding.title.en : branding.title.zh) : t`Cloud video meeting`}
        </Text>
        <Text size="xs" c="dimmed" component="span">
          <Trans>Version {version}</Trans>
        </Text>
      </Group>
      <Box component="nav" aria-label={t`Platform links`}>
        <Group gap="md">
          <Anchor size="sm" href={link(LOGIN_LINK_PATHS.joinMeeting)}>
            <Trans>Join meeting</Trans>
          </Anchor>
          <Anchor size="sm" href={link(LOGIN_LINK_PATHS.platformManagement)}>
            <Trans>Platform management</Trans>
          </Anchor>
          <Anchor size="sm" href={link(LOGIN_LINK_PATHS.userSelfService)}>
            <Trans>User self-service</Trans>
          </Anchor>
          <Anchor size="sm" href={link('login')} aria-current="page">
            <Trans>Meeting control</Trans>
          </Anchor>
          <Anchor size="sm" href={link(LOGIN_LINK_PATHS.appDownload)}>
            <Trans>App download</Trans>
          </Anchor>
          <Anchor size="sm" href={link(LOGIN_LINK_PATHS.helpCentre)} target="_blank" rel="noopener noreferrer">
            <Trans>Help centre</Trans>
          </Anchor>
          <LanguageMenu />
        </Group>
      </Box>
    </Group>
  );
}
