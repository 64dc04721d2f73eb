/**
 * The live transcript's button and side panel (issue 30): reads the transcript, meeting and
 * commands actors and hands the view what it shows; the audio-to-text switch is the meeting's
 * `asr_enabled` status key (an assumption, group audio-to-text), a line goes out as the subtitle
 * through the transcript actor. The panel is a drawer without an overlay, so the participant table
 * stays in view and usable while the transcript runs beside it.
 */
import { useCallback, useEffect, useState } from 'react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom, AnyActorRef } from 'xstate';
import { Button, Drawer } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { commandsSelectors, meetingSelectors, transcriptSelectors, type TranscriptMachine } from '@machines/index';
import { CMD } from '@protocol/cmdids';
import type { TranscriptLine } from '@protocol/wire';
import { useSessionChild } from '#/session/useSessionChild';
import { unreportedReason, useNotOffered } from '#/session/notOffered';
import { useRefusalText } from '#/i18n/refusal';
import { TranscriptView } from './TranscriptView';

const NO_LINES: readonly TranscriptLine[] = [];
/** labels of the commands this panel sends, as the commands actor tracks them */
export const ASR_LABEL = 'transcript.asr';
export const SUBTITLE_LABEL = 'transcript.toSubtitle';

export function TranscriptPanel({ session }: { session: AnyActorRef }) {
  const { t } = useLingui();
  const transcript = useSessionChild<ActorRefFrom<TranscriptMachine>>(session, 'transcript');
  const meeting = useSessionChild(session, 'meeting');
  const commands = useSessionChild(session, 'commands');
  const [opened, setOpened] = useState(false);
  const [sendingId, setSendingId] = useState<number | undefined>(undefined);
  const [refusal, setRefusal] = useState<{ result?: number; status: number } | undefined>(undefined);

  const status = useSelector(meeting, (s) => (s ? meetingSelectors.selectMeetingStatus(s) : undefined));
  const asrField = status ? status.asr_enabled : undefined;
  const asrPending = useSelector(commands, (s) => (s ? commandsSelectors.selectIsLabelPending(ASR_LABEL)(s) : false)) ?? false;
  const subtitlePending = useSelector(commands, (s) => (s ? commandsSelectors.selectIsLabelPending(SUBTITLE_LABEL)(s) : false)) ?? false;
  const refusedNotOffered = useNotOffered(session, 'audio-to-text');
  const notOffered =
    refusedNotOffered ?? unreportedReason('audio-to-text', (status ?? undefined) as Readonly<Record<string, unknown>> | undefined);
  const unavailable = useSelector(transcript, (s) => (s ? transcriptSelectors.selectTranscriptUnavailable(s) : false)) ?? false;

  const lines = useSelector(transcript, (s) => (s ? transcriptSelectors.selectTranscriptLines(s) : NO_LINES)) ?? NO_LINES;
  const held = useSelector(transcript, (s) => (s ? transcriptSelectors.selectHeldLineCount(s) : 0)) ?? 0;
  const paused = useSelector(transcript, (s) => (s ? transcriptSelectors.selectTranscriptPaused(s) : false)) ?? false;
  const followTail = useSelector(transcript, (s) => (s ? transcriptSelectors.selectFollowTail(s) : true)) ?? true;
  const captions = useSelector(transcript, (s) => (s ? transcriptSelectors.selectCaptions(s) : false)) ?? false;
  const loading = useSelector(transcript, (s) => (s ? transcriptSelectors.selectTranscriptLoading(s) : true)) ?? true;
  const loadFailed = useSelector(transcript, (s) => (s ? transcriptSelectors.selectTranscriptLoadFailed(s) : false)) ?? false;

  useEffect(() => {
    if (!commands) return;
    const sub = commands.on('command.refused', (e: { label: string; result?: number; status: number; notOffered?: unknown }) => {
      if ((e.label === ASR_LABEL || e.label === SUBTITLE_LABEL) && !e.notOffered) setRefusal({ result: e.result, status: e.status });
    });
    return () => sub.unsubscribe();
  }, [commands]);
  useEffect(() => {
    if (!subtitlePending) setSendingId(undefined);
  }, [subtitlePending]);
  const refusalText = useRefusalText(refusal);

  const onAsr = (on: boolean) => {
    setRefusal(undefined);
    commands?.send({
      type: 'command.send',
      suffix: 'mr-status',
      body: { cmdid: CMD.modMrStatus, asr_enabled: on ? 1 : 0 },
      label: ASR_LABEL,
    });
  };
  const onFollowTail = useCallback((on: boolean) => transcript?.send({ type: 'transcript.followTail', on }), [transcript]);
  const onSend = (id: number) => {
    setRefusal(undefined);
    setSendingId(id);
    transcript?.send({ type: 'transcript.toSubtitle', id });
  };

  return (
    <>
      <Button size="compact-sm" variant="light" onClick={() => setOpened(true)} data-testid="transcript-open">
        <Trans>Transcript</Trans>
      </Button>
      <Drawer
        opened={opened}
        onClose={() => setOpened(false)}
        title={t`Live transcript`}
        position="right"
        size="32rem"
        withOverlay={false}
        lockScroll={false}
        closeOnClickOutside={false}
        // no overlay: a line marks where the panel starts over the table
        styles={{ content: { borderLeft: '1px solid var(--mantine-color-gray-4)' } }}
        data-testid="transcript-panel"
      >
        <TranscriptView
          asrOn={asrField === undefined ? undefined : asrField === 1}
          asrPending={asrPending}
          asrRefusal={refusalText}
          notOffered={notOffered ?? (unavailable ? { group: 'audio-to-text', call: 'transcript', status: 404 } : undefined)}
          captions={captions}
          lines={lines}
          held={held}
          paused={paused}
          followTail={followTail}
          loading={loading}
          loadFailed={loadFailed}
          sendingId={subtitlePending ? sendingId : undefined}
          onAsr={onAsr}
          onCaptions={(on) => transcript?.send({ type: 'transcript.captions', on })}
          onPause={() => transcript?.send({ type: 'transcript.pause' })}
          onResume={() => transcript?.send({ type: 'transcript.resume' })}
          onFollowTail={onFollowTail}
          onSend={onSend}
          onRetry={() => transcript?.send({ type: 'transcript.retry' })}
        />
      </Drawer>
    </>
  );
}
