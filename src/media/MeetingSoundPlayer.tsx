/**
 * The <audio> element of the meeting sound, with its state for people (an "enable sound" button
 * when the browser waits for a click, a note when the speaker choice failed) and for tests
 * (`data-state`, `data-voices`, `data-level`).
 */
import { Button, Group, Text } from '@mantine/core';
import { Plural, Trans } from '@lingui/react/macro';
import type { MeetingSoundControl } from './useMeetingSound';

export function MeetingSoundPlayer({ control, testId = 'meeting-sound' }: { control: MeetingSoundControl; testId?: string }) {
  return (
    <div data-testid={testId} data-state={control.state} data-voices={control.voices.join(',')} data-level={control.level}>
      {/* eslint-disable-next-line jsx-a11y/media-has-caption -- live meeting sound: no caption track exists, the transcript panel is its text */}
      <audio ref={control.audioRef} data-testid={`${testId}-audio`} />
      {control.state === 'blocked' && (
        <Group gap="xs">
          <Text size="xs" c="dimmed">
            <Trans>The browser waits for a click before playing sound.</Trans>
          </Text>
          <Button size="compact-xs" variant="light" onClick={control.start}>
            <Trans>Enable sound</Trans>
          </Button>
        </Group>
      )}
      {control.state === 'playing' && (
        <Text size="xs" c="dimmed" data-testid={`${testId}-voices`}>
          {control.voices.length === 0 ? (
            <Trans>Nobody is talking</Trans>
          ) : (
            <Plural value={control.voices.length} one="# person talking" other="# people talking" />
          )}
        </Text>
      )}
      {control.sinkFailed && (
        <Text size="xs" c="orange" role="alert">
          <Trans>The chosen speaker cannot be used in this browser; the meeting sound plays on the default output.</Trans>
        </Text>
      )}
    </div>
  );
}
