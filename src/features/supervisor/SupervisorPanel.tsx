/**
 * Container of the supervisor's side panel: options kept in the browser, the private talk
 * (devices are this browser's; the talk itself goes through the commands actor and shows when
 * the server reports `private_talk_usr_id`), and the /layout window with its presentation data.
 *
 * Media: the real platform delivers pictures and sound through its WebRTC SDK (`vcrtc.js`); the
 * reference server's simulated endpoints carry no media plane. The panel therefore takes its
 * streams from the media port (`src/media/mediaSource.ts`), here the simulated source that
 * synthesises real MediaStreams from the server's live state (docs/protocol.md "Media"). Every
 * supervisor option acts on those streams as `mediaPlan.ts` decides: the preview (inline or in
 * the layout pop-up), hidden video, name and signal overlays, dual-stream picture-in-picture and
 * the meeting sound on the private-talk speaker at its volume.
 */
import { useEffect, useMemo, useState } from 'react';
import type { AnyActorRef } from 'xstate';
import { useSelector } from '@xstate/react';
import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import type { MrStatus } from '@protocol/wire';
import { SupervisorOptionsPanel } from './SupervisorOptionsPanel';
import { useSupervisorOptions } from './useSupervisorOptions';
import { PrivateTalkPanel } from './PrivateTalkPanel';
import { useTalkVolume, sendPrivateTalk, PRIVATE_TALK_LABEL } from '#/session/privateTalk';
import { playTestTone, useAudioDevices, useMicLevel } from '#/media/audio';
import { sessionSelectors as sel } from '#/session/sessionSelectors';
import { useRefusalText } from '#/i18n/refusal';
import { useLayoutWindow } from '#/session/windowLinks';
import { presenterOf } from '#/media/mediaModel';
import { useMeetingMedia } from '#/media/useMedia';
import { useMeetingSound } from '#/media/useMeetingSound';
import { MeetingSoundPlayer } from '#/media/MeetingSoundPlayer';
import { mediaStatsFetcher } from '#/media/useSignalLevel';
import { supervisorMediaPlan } from './mediaPlan';
import { onlineOf } from '#/session/onlineParticipants';
import { PreviewChooser, SupervisorPreview } from './SupervisorPreview';
import type { SupervisorOptions } from './supervisorOptions';

export interface SupervisorPanelProps {
  /** the root session actor */
  session: AnyActorRef;
  /** URL of the /layout screen (with the frame base path and mr-id) */
  layoutUrl: string;
  /** title shown on the layout screen */
  title: string;
}

const TALK_LABEL = PRIVATE_TALK_LABEL;
const EMPTY: readonly never[] = [];

export function SupervisorPanel({ session, layoutUrl, title }: SupervisorPanelProps) {
  const { t } = useLingui();
  const [options, setOptions] = useSupervisorOptions();
  const meeting = sel.child(session, 'meeting');
  const commands = sel.child(session, 'commands');
  const participants = sel.child(session, 'participants');
  const status = useSelector(meeting, sel.status) as MrStatus | null | undefined;
  const pending = useSelector(commands, sel.pendingLabels, sel.sameLabels);
  const list = useSelector(participants, sel.participantList);
  const version = useSelector(participants, sel.participantsVersion);
  // the pickers read the online participants only while open
  const candidates = useMemo(() => onlineOf(participants), [participants]);
  const devices = useAudioDevices();
  const [micId, setMicId] = useState('');
  const [speakerId, setSpeakerId] = useState('');
  // the header's private-talk chip shows and sets the same volume
  const [volume, setVolume] = useTalkVolume();
  const [micTest, setMicTest] = useState(false);
  const micLevel = useMicLevel(micId, micTest);
  const [refusal, setRefusal] = useState<{ result?: number } | undefined>(undefined);
  const refusalText = useRefusalText(refusal);
  const [launched, setLaunched] = useState(false);
  const [chosen, setChosen] = useState('');
  const presenting = useMemo(() => presenterOf(list ?? EMPTY) !== null, [list, version]); // eslint-disable-line react-hooks/exhaustive-deps -- the list is updated in place: `version` says when a record changed
  const plan = supervisorMediaPlan(options, presenting);
  const media = useMeetingMedia(participants);
  const fetchStats = useMemo(() => mediaStatsFetcher(session), [session]);
  const sound = useMeetingSound(media, plan.meetingSound, { sinkId: speakerId, volume });
  const layoutWindow = useLayoutWindow(layoutUrl, { launched, title, preview: plan.previewInWindow ? chosen : undefined });

  const openLayoutWindow = () => {
    setLaunched(true);
    layoutWindow.open();
  };

  const changeOptions = (patch: Partial<SupervisorOptions>) => {
    setOptions(patch);
    // both need the user's click: sound may start only after a gesture, pop-ups open only from one
    if (patch.playMeetingSound) sound.start();
    if (patch.newWindow && options.preview) openLayoutWindow();
  };

  useEffect(() => {
    if (!commands) return;
    const sub = commands.on('command.refused', (e: { label: string; result?: number; notOffered?: unknown }) => {
      if (e.label === TALK_LABEL && !e.notOffered) setRefusal({ result: e.result });
    });
    return () => sub.unsubscribe();
  }, [commands]);

  const talk = (usrId: string, on: boolean) => {
    setRefusal(undefined);
    sendPrivateTalk(session, usrId, on);
  };

  return (
    <Stack gap="md" data-testid="supervisor-panel">
      <Group gap="xs">
        <Button size="xs" variant="light" onClick={openLayoutWindow}>
          {t`Open layout window`}
        </Button>
        <Badge data-testid="layout-window-state" data-state={layoutWindow.state.status} variant="light">
          {layoutWindow.state.status === 'open'
            ? t`Layout window open (${layoutWindow.state.width}×${layoutWindow.state.height})`
            : layoutWindow.state.status === 'opening'
              ? t`Opening layout window…`
              : t`Layout window closed`}
        </Badge>
      </Group>
      <SupervisorOptionsPanel options={options} onChange={changeOptions} />
      {plan.inline.show && (
        <SupervisorPreview
          media={media}
          participants={participants}
          fetchStats={fetchStats}
          plan={plan.inline}
          chosen={chosen}
          onChoose={setChosen}
          candidates={candidates}
        />
      )}
      {plan.previewInWindow && (
        <Stack gap={4}>
          <PreviewChooser chosen={chosen} onChoose={setChosen} candidates={candidates} />
          <Text size="sm" c="dimmed" data-testid="preview-in-window">
            {t`The preview shows in the layout window.`}
          </Text>
        </Stack>
      )}
      <MeetingSoundPlayer control={sound} />
      <PrivateTalkPanel
        microphones={devices.microphones}
        speakers={devices.speakers}
        micId={micId}
        speakerId={speakerId}
        volume={volume}
        onMic={setMicId}
        onSpeaker={setSpeakerId}
        onVolume={setVolume}
        onTestTone={() => void playTestTone(volume, speakerId).catch(() => {})}
        micLevel={micTest ? (micLevel ?? 0) : null}
        onMicTest={setMicTest}
        candidates={candidates}
        talkingWith={status?.private_talk_usr_id ?? ''}
        pending={pending.has(TALK_LABEL)}
        error={refusalText}
        onStartTalk={(usrId) => talk(usrId, true)}
        onEndTalk={(usrId) => talk(usrId, false)}
      />
    </Stack>
  );
}
