import { useEffect } from 'react';
import { Alert, Anchor, Box, Center, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { loginMachine } from '@machines/index';
import { LanguageMenu } from '#/i18n/LanguageMenu';
import { MR_ID } from '#/search';
import { browserStore } from '#/session/browserStore';
import { useApis } from '#/session/ApiContext';
import { useSessionHolder } from '#/session/SessionContext';
import { inspectOption } from '#/session/inspector';
import { useScreenActor } from '#/session/useScreenActor';
import { CONSOLE_VERSION } from '#/version';
import { LoginPanel } from './LoginPanel';
import { RequestFailureAlert } from '#/components/requestFailure';
import { helpPage, LOGIN_LINKS, type LoginLink } from './links';
import type { LoginBranding } from './branding';

/**
 * The login screen of `/` and `/login` (spec §2). The login actor lives as long as the screen;
 * its success starts the tab's session and opens /control for that meeting.
 */
export function LoginScreen({
  branding,
}: {
  /** platform title, icon and version; each may be missing when its call failed */
  branding: LoginBranding;
}) {
  const { login } = useApis();
  const holder = useSessionHolder();
  const navigate = useNavigate();
  const search = useSearch({ strict: false });
  const prefill = search[MR_ID] ?? browserStore.mrId() ?? '';
  // not useActorRef: its StrictMode remount aborts the first verify-code fetch (useScreenActor)
  const actor = useScreenActor(loginMachine, { input: { api: login, mrId: prefill }, inspect: inspectOption() });

  useEffect(() => {
    const sub = actor.on('login.succeeded', ({ result, password }) => {
      holder.start(result, { password });
      void navigate({ to: '/control', search: { [MR_ID]: result.mrId } });
    });
    return () => sub.unsubscribe();
  }, [actor, holder, navigate]);

  return (
    <Stack gap={0} mih="100vh" bg="var(--mantine-color-gray-0)">
      <Center component="main" style={{ flex: 1 }} p="md">
        <Paper withBorder shadow="sm" p="xl" w="28rem" maw="100%">
          <Stack gap="md">
            <Title order={2} size="h3" ta="center">
              <Trans>Meeting control</Trans>
            </Title>
            {branding.signingProblem && <SigningProblemAlert problem={branding.signingProblem} />}
            <LoginPanel actor={actor} />
          </Stack>
        </Paper>
      </Center>
      {/* after the form in the page's order, so the form is the first tab stop (issue 14); drawn on top */}
      <LoginHeader branding={branding} />
      {/* spec §8's alert, drawn under the link bar (both come before the form in the drawing order) */}
      <Box style={{ order: -1 }}>
        <RequestFailureAlert />
      </Box>
    </Stack>
  );
}

/**
 * The console cannot sign for this platform (issue 23): said before the user types anything, with
 * what to change, instead of a verify code that never loads and a generic error.
 */
function SigningProblemAlert({ problem }: { problem: NonNullable<LoginBranding['signingProblem']> }) {
  return (
    <Alert color="red" role="alert" data-signing-problem={problem} title={<Trans>This console cannot sign its requests</Trans>}>
      {problem === 'aesNeedsToken' ? (
        <Trans>
          The platform encrypts its API (api_aes_mode), and the key derives from the developer token, which stays with the Podium server in
          front of it. Turn api_aes_mode off on the platform to use this console.
        </Trans>
      ) : (
        <Trans>
          This console has no signing credentials for this platform: run it behind the Podium server with --upstream, DEV_ID and DEV_TOKEN.
        </Trans>
      )}
    </Alert>
  );
}

/** The link bar of spec §2: help centre, title, version and the platform's other entrances. */
function LoginHeader({ branding }: { branding: LoginBranding }) {
  const { t, i18n } = useLingui();
  const version = branding.platformVersion ?? CONSOLE_VERSION;
  const link = (path: string) => new URL(path, document.baseURI).href;
  const labels: Record<LoginLink, string> = {
    join: t`Join meeting`,
    manage: t`Platform management`,
    user: t`User self-service`,
    download: t`App download`,
    help: t`Help centre`,
  };
  return (
    <Group
      component="header"
      justify="space-between"
      px="md"
      py="xs"
      wrap="wrap"
      bg="white"
      style={{ borderBottom: '1px solid var(--mantine-color-gray-3)', order: -1 }}
    >
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
          {LOGIN_LINKS.map(({ key, external }) =>
            key === 'help' && !branding.links?.help ? (
              // no help centre configured: the host's handbook this server serves (public/help)
              <Anchor key={key} size="sm" href={link(helpPage(i18n.locale))} target="_blank" rel="noopener" data-link="handbook">
                {labels[key]}
              </Anchor>
            ) : branding.links?.[key] ? (
              <Anchor
                key={key}
                size="sm"
                href={branding.links[key]}
                {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
              >
                {labels[key]}
              </Anchor>
            ) : null,
          )}
          <Anchor size="sm" href={link('login')} aria-current="page">
            <Trans>Meeting control</Trans>
          </Anchor>
          <LanguageMenu />
        </Group>
      </Box>
    </Group>
  );
}
