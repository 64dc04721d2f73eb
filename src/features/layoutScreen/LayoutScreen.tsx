/**
 * The /layout screen: what a pop-up or frame shows of the meeting's layout. Its content shows
 * only when the presentation was launched and the supervisor allows content; it toggles full
 * screen with the button or F11.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { Button, Center, Group, Stack, Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { PresentationData } from './layoutMessages';

export interface LayoutScreenProps {
  /** presentation data from the opener; null until it arrives */
  presentation: PresentationData | null;
  /** the supervisor's global media option `showContent` */
  showContent: boolean;
  /** the layout content */
  children: ReactNode;
}

export function LayoutScreen({ presentation, showContent, children }: LayoutScreenProps) {
  const { t } = useLingui();
  const [fullScreen, setFullScreen] = useState(false);
  const launched = presentation?.launched === true;
  const visible = launched && showContent;

  useEffect(() => {
    const sync = () => setFullScreen(document.fullscreenElement !== null);
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'F11') return;
      // In a pop-up the browser's own F11 would leave our controls behind; take it over.
      e.preventDefault();
      void toggleFullScreen();
    };
    document.addEventListener('fullscreenchange', sync);
    window.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('fullscreenchange', sync);
      window.removeEventListener('keydown', onKey);
    };
  }, []);

  return (
    <Stack gap="xs" p="xs" mih="100vh" data-testid="layout-screen" data-launched={launched} data-content={visible ? 'shown' : 'hidden'} data-fullscreen={fullScreen}>
      <Group justify="space-between">
        <Text fw={500}>{presentation?.title ?? t`Layout`}</Text>
        <Button size="xs" variant="light" onClick={() => void toggleFullScreen()}>
          {fullScreen ? t`Exit full screen` : t`Full screen`}
        </Button>
      </Group>
      {visible ? (
        <div data-testid="layout-content" style={{ flex: 1 }}>
          {children}
        </div>
      ) : (
        <Center style={{ flex: 1 }}>
          <Text c="dimmed" data-testid="layout-placeholder">
            {!launched ? <Trans>The presentation has not been launched</Trans> : <Trans>Showing content is turned off in the supervisor options</Trans>}
          </Text>
        </Center>
      )}
    </Stack>
  );
}

async function toggleFullScreen(): Promise<void> {
  try {
    if (document.fullscreenElement) await document.exitFullscreen();
    else await document.documentElement.requestFullscreen();
  } catch {
    // refused (no user gesture, or the frame lacks allowfullscreen): stay as we are
  }
}
