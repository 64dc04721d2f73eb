import { useEffect, useRef, type ReactNode } from 'react';
import { Badge, Box, Group, Text } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import { TopBar } from '#/components/TopBar';
import { sceneText } from '#/i18n/scene';
import { MeetingKind } from './MeetingKind';
import { useSessionHolder, useSessionRecord } from '#/session/SessionContext';
import { ConnectionState } from './ConnectionState';
import { SessionNotice } from './SessionNotice';
import { announceUnsentAtLogout, CommandNotices } from './CommandNotices';
import { ConnectionBar } from './ConnectionBar';
import { PlatformWarnings } from './PlatformWarnings';
import { RequestFailureAlert } from '#/components/requestFailure';
import { SkipLink } from './SkipLink';
import { ConnectionLostProvider } from '#/session/connectionLost';
import { NotOfferedProvider } from '#/session/notOffered';

export const MAIN_CONTENT_ID = 'main-content';

/**
 * The frame of the logged-in screens (/control, /layout): the top bar with the meeting number in
 * the scene's wording, the controller's role, the connection state of the change feed, language
 * and logout; the screen's content below fills the rest of the window.
 */
export function SessionPage({
  screen,
  fill = false,
  header,
  children,
}: {
  /** which route shows the page (names the main region) */
  screen: 'control' | 'layout';
  /**
   * the page is exactly the window's height and the content (a flex column) scrolls its own
   * regions, so a sidebar and the main area can scroll independently; otherwise the page grows
   */
  fill?: boolean;
  /** the screen's own items in the header (the control screen's meeting state chips) */
  header?: ReactNode;
  /** the screen's content */
  children?: ReactNode;
}) {
  const { t, i18n } = useLingui();
  const holder = useSessionHolder();
  const record = useSessionRecord();
  const navigate = useNavigate();
  const main = useRef<HTMLElement>(null);
  const hasRecord = record !== null;
  // After the login (or a reload) a keyboard or screen-reader user starts in the screen's content,
  // not at the top of the page with the header's links before it.
  useEffect(() => {
    if (hasRecord) main.current?.focus({ preventScroll: true });
  }, [hasRecord]);
  // the screen's listeners of the session's notices (PlatformWarnings, the control sidebar's
  // booking conflict) subscribed in their own effects, which run before this one: the notices the
  // session held until now may go out (machines/session `holdNotices`)
  const actor = hasRecord ? holder.actor() : null;
  useEffect(() => {
    actor?.send({ type: 'session.listening' });
  }, [actor]);
  const logout = () => {
    announceUnsentAtLogout(holder.actor());
    holder.stop();
    void navigate({ to: '/login' });
  };
  if (!record) return null;
  return (
    <ConnectionLostProvider session={actor}>
      <NotOfferedProvider session={actor}>
        <Box mih={fill ? undefined : '100vh'} h={fill ? '100dvh' : undefined} style={{ display: 'flex', flexDirection: 'column' }}>
          <SkipLink target={MAIN_CONTENT_ID} />
          <TopBar onLogout={logout}>
            <Group gap={6} wrap="nowrap" style={{ flexShrink: 0 }}>
              <Text size="sm" c="dimmed" component="span">
                {i18n._(sceneText('number', record.mrScene))}
              </Text>
              <Text size="sm" fw={600} component="span" data-testid="meeting-number">
                {record.mrId}
              </Text>
            </Group>
            {actor && <MeetingKind session={actor} scene={record.mrScene} />}
            <Badge variant="light" data-controller-role={record.role} aria-label={t`Role`} style={{ flexShrink: 0 }}>
              {record.role === 'host' ? t`Host` : t`Supervisor`}
            </Badge>
            {actor && <ConnectionState actor={actor} />}
            {header}
          </TopBar>
          {actor && <ConnectionBar actor={actor} />}
          {/* spec §8's alert: in the flow under the header, never over a control (see RequestFailureAlert) */}
          <RequestFailureAlert />
          {actor && <SessionNotice actor={actor} />}
          {actor && <CommandNotices actor={actor} />}
          <Box
            component="main"
            ref={main}
            id={MAIN_CONTENT_ID}
            tabIndex={-1}
            aria-label={screen === 'control' ? t`Meeting control` : t`Layout`}
            style={
              fill
                ? { flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column', overflow: 'hidden', outline: 'none' }
                : { flex: 1, minHeight: 0, outline: 'none' }
            }
          >
            {children}
          </Box>
          {actor && <PlatformWarnings actor={actor} />}
        </Box>
      </NotOfferedProvider>
    </ConnectionLostProvider>
  );
}
