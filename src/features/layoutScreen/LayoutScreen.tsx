/**
 * The frame of the /layout window: the whole window (and full screen) with a main landmark, a
 * heading, the supervisor's view choice and the full-screen button; the wall below takes the rest
 * of the height. The wall shows only when the presentation was launched and the supervisor allows
 * content; F11 toggles full screen.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { Button, Center, Group, SegmentedControl, Text, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { PresentationData } from '#/session/layoutMessages';
import type { WallView } from './wallPrefs';

export interface LayoutScreenProps {
  /** presentation data from the opener; null until it arrives */
  presentation: PresentationData | null;
  /** the supervisor's global media option `showContent` */
  showContent: boolean;
  /** tabs or side by side */
  view: WallView;
  onView: (view: WallView) => void;
  /** the wall */
  children: ReactNode;
}

export function LayoutScreen({ presentation, showContent, view, onView, children }: LayoutScreenProps) {
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
    <main
      aria-labelledby="layout-title"
      data-testid="layout-screen"
      data-launched={launched}
      data-content={visible ? 'shown' : 'hidden'}
      data-fullscreen={fullScreen}
      style={{
        height: '100dvh',
        display: 'flex',
        flexDirection: 'column',
        gap: 6,
        padding: 6,
        boxSizing: 'border-box',
        overflow: 'hidden',
      }}
    >
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Title order={1} id="layout-title" size="h5" style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
          {presentation?.title ? t`Layout window · ${presentation.title}` : t`Layout window`}
        </Title>
        <Group gap="sm" wrap="nowrap">
          {visible && (
            <SegmentedControl
              size="xs"
              aria-label={t`View`}
              value={view}
              onChange={(v) => onView(v as WallView)}
              data={[
                { value: 'tabs', label: t`One role` },
                { value: 'side', label: t`Side by side` },
              ]}
            />
          )}
          <Button size="xs" variant="light" onClick={() => void toggleFullScreen()}>
            {fullScreen ? t`Exit full screen` : t`Full screen`}
          </Button>
        </Group>
      </Group>
      {visible ? (
        <div data-testid="layout-content" style={{ flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column' }}>
          {children}
        </div>
      ) : (
        <Center style={{ flex: 1 }}>
          <Text c="dimmed" data-testid="layout-placeholder">
            {!launched ? (
              <Trans>The presentation has not been launched</Trans>
            ) : (
              <Trans>Showing content is turned off in the supervisor options</Trans>
            )}
          </Text>
        </Center>
      )}
    </main>
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
