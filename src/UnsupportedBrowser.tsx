import { Center, Paper, Stack, Text, Title } from '@mantine/core';
import { Trans } from '@lingui/react/macro';
import { LanguageMenu } from './i18n/LanguageMenu';

/** Shown instead of the app in browsers the console does not support (spec §8). */
export function UnsupportedBrowser() {
  return (
    <Center mih="100vh" p="md">
      <Paper withBorder p="xl" maw={560} role="alert">
        <Stack>
          <Title order={1} size="h3">
            <Trans>Browser not supported</Trans>
          </Title>
          <Text>
            <Trans>
              This console needs Google Chrome 70 or newer (or another Chromium-based browser of that version) for monitoring and video.
              Please open it in a supported browser.
            </Trans>
          </Text>
          <div>
            <LanguageMenu />
          </div>
        </Stack>
      </Paper>
    </Center>
  );
}
