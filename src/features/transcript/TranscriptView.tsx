/**
 * The live transcript as the host sees it (issue 30): the audio-to-text switch, saying plainly
 * that only the two loudest channels are recognised; each recognised line with its time, speaker
 * and text, newest at the bottom and followed while the view sits there; pause (new lines held
 * and counted); a line, or every new line, sent out as the meeting's subtitle. Presentational:
 * the container (TranscriptPanel.tsx) reads the actors and sends what is asked.
 */
import { useEffect, useId, useLayoutEffect, useMemo, useRef } from 'react';
import { Alert, Button, Group, Stack, Switch, Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { TranscriptLine } from '@protocol/wire';
import { NotOfferedControls } from '#/session/notOffered';
import type { NotOfferedReason } from '@machines/commands/notOffered';
import { atTail, shownLines } from './transcriptModel';
import classes from './transcript.module.css';

export interface TranscriptViewModel {
  /** the meeting's audio-to-text switch; undefined while the status is not loaded */
  asrOn: boolean | undefined;
  asrPending: boolean;
  /** why the last switch request was refused, in words */
  asrRefusal?: string;
  /** the platform does not offer audio-to-text */
  notOffered?: NotOfferedReason;
  captions: boolean;
  lines: readonly TranscriptLine[];
  held: number;
  paused: boolean;
  followTail: boolean;
  loading: boolean;
  loadFailed: boolean;
  /** id of the line being sent as the subtitle, if one is */
  sendingId?: number;
  /** rows drawn at most (default SHOWN_LINES) */
  shownLimit?: number;
}

export interface TranscriptViewActions {
  onAsr: (on: boolean) => void;
  onCaptions: (on: boolean) => void;
  onPause: () => void;
  onResume: () => void;
  onFollowTail: (on: boolean) => void;
  onSend: (id: number) => void;
  onRetry: () => void;
}

export function TranscriptView(props: TranscriptViewModel & TranscriptViewActions) {
  const { t, i18n } = useLingui();
  const { lines, followTail, onFollowTail } = props;
  const { shown, earlier } = useMemo(() => shownLines(lines, props.shownLimit), [lines, props.shownLimit]);
  const time = useMemo(
    () => new Intl.DateTimeFormat(i18n.locale, { hour: '2-digit', minute: '2-digit', second: '2-digit', hour12: false }),
    [i18n.locale],
  );
  const listRef = useRef<HTMLOListElement>(null);
  // descriptions beside the switches, not inside their labels: a switch is named by its label alone
  const asrNote = useId();
  const captionsNote = useId();

  // follow the tail: a new line scrolls into view while the host reads the newest ones
  useLayoutEffect(() => {
    const box = listRef.current;
    if (box && followTail) box.scrollTop = box.scrollHeight;
  }, [shown, followTail]);
  // scrolling away from the newest line stops following; scrolling back starts it again
  useEffect(() => {
    const box = listRef.current;
    if (!box) return;
    const onScroll = () => {
      const tail = atTail(box);
      if (tail !== followTail) onFollowTail(tail);
    };
    box.addEventListener('scroll', onScroll, { passive: true });
    return () => box.removeEventListener('scroll', onScroll);
  }, [followTail, onFollowTail]);

  return (
    <Stack gap="sm" className={classes.view}>
      <NotOfferedControls reason={props.notOffered}>
        <Stack gap={6}>
          <Switch
            label={t`Audio-to-text`}
            aria-describedby={asrNote}
            checked={props.asrOn === true}
            disabled={props.asrOn === undefined || props.asrPending}
            onChange={(e) => props.onAsr(e.currentTarget.checked)}
            data-testid="asr-switch"
            // the panel opens on its first control (Mantine's focus trap takes this one)
            data-autofocus
          />
          <Text id={asrNote} size="xs" c="dimmed" data-testid="asr-note">
            <Trans>Recognises at most the two loudest audio channels at any moment; quieter speakers are not transcribed.</Trans>
          </Text>
          {props.asrRefusal && (
            <Text size="sm" c="red.8" role="alert">
              {props.asrRefusal}
            </Text>
          )}
          <Switch
            label={t`Send each new line as the subtitle`}
            aria-describedby={captionsNote}
            checked={props.captions}
            onChange={(e) => props.onCaptions(e.currentTarget.checked)}
            data-testid="captions-switch"
          />
          <Text id={captionsNote} size="xs" c="dimmed">
            <Trans>Live captions: the newest line replaces the subtitle of every participant.</Trans>
          </Text>
        </Stack>
      </NotOfferedControls>

      <Group gap="xs" justify="space-between">
        <Text size="sm" c="dimmed" data-testid="transcript-count">
          <Trans>{lines.length} lines</Trans>
        </Text>
        <Group gap="xs">
          {!followTail && !props.paused && (
            <Button size="compact-sm" variant="default" onClick={() => onFollowTail(true)}>
              <Trans>Newest line</Trans>
            </Button>
          )}
          {props.paused ? (
            <Button size="compact-sm" variant="default" onClick={props.onResume} data-testid="transcript-resume">
              {props.held ? t`Resume (${props.held} new)` : t`Resume`}
            </Button>
          ) : (
            <Button size="compact-sm" variant="default" onClick={props.onPause} data-testid="transcript-pause">
              <Trans>Pause</Trans>
            </Button>
          )}
        </Group>
      </Group>

      {props.loadFailed && (
        <Alert color="red" variant="light" p="xs">
          <Group gap="xs" justify="space-between">
            <Text size="sm">
              <Trans>The earlier lines could not be loaded.</Trans>
            </Text>
            <Button size="compact-sm" variant="default" onClick={props.onRetry}>
              <Trans>Retry</Trans>
            </Button>
          </Group>
        </Alert>
      )}
      {earlier > 0 && (
        <Text size="xs" c="dimmed">
          <Trans>{earlier} earlier lines are not shown here; the meeting report holds them.</Trans>
        </Text>
      )}
      {shown.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="transcript-empty">
          {props.loading
            ? t`Loading the transcript…`
            : props.asrOn
              ? t`Nobody among the two loudest channels has spoken yet.`
              : t`Audio-to-text is off: turn it on to transcribe the two loudest channels.`}
        </Text>
      ) : (
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- the list scrolls: focus lets a keyboard scroll it (axe scrollable-region-focusable)
        <ol ref={listRef} className={classes.list} aria-label={t`Transcript lines`} data-testid="transcript-lines" tabIndex={0}>
          {shown.map((line) => {
            const at = time.format(new Date(line.dtm * 1000));
            const who = line.name || line.usr_id;
            return (
              <li key={line.id} className={classes.line} data-usr-id={line.usr_id} data-line-id={line.id}>
                <Group gap="xs" justify="space-between" wrap="nowrap">
                  <Text size="xs" c="dimmed" className={classes.meta}>
                    <time dateTime={new Date(line.dtm * 1000).toISOString()}>{at}</time> · <span className={classes.speaker}>{who}</span>
                  </Text>
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    color="gray"
                    loading={props.sendingId === line.id}
                    onClick={() => props.onSend(line.id)}
                    aria-label={t`Send as subtitle: ${who} at ${at}`}
                  >
                    <Trans>Send as subtitle</Trans>
                  </Button>
                </Group>
                {/* the language of the words alone: the row's own words stay in the console's */}
                <Text size="sm" className={classes.text} lang={line.lang === 'zh' ? 'zh-CN' : 'en'}>
                  {line.text}
                </Text>
              </li>
            );
          })}
        </ol>
      )}
    </Stack>
  );
}
