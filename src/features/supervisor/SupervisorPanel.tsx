/**
 * Container of the supervisor's side panel: options kept in the browser, the private talk
 * (devices are this browser's; the talk itself goes through the commands actor and shows when
 * the server reports `private_talk_usr_id`), and the /layout window with its presentation data.
 */
import { useEffect, useMemo, useState } from 'react';
import type { AnyActorRef } from 'xstate';
import { useSelector } from '@xstate/react';
import { Badge, Button, Group, Stack } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { CMD } from '@protocol/cmdids';
import type { MrStatus } from '@protocol/wire';
import { SupervisorOptionsPanel } from './SupervisorOptionsPanel';
import { useSupervisorOptions } from './useSupervisorOptions';
import { PrivateTalkPanel } from '../privateTalk/PrivateTalkPanel';
import { DEFAULT_VOLUME, playTestTone, useAudioDevices, useMicLevel } from '../privateTalk/audio';
import { sessionSelectors as sel } from '../meetingControls/sessionSelectors';
import { useRefusalText } from '../meetingControls/refusal';
import { useLayoutWindow } from '../layoutScreen/windowLinks';

export interface SupervisorPanelProps {
  /** the root session actor */
  session: AnyActorRef;
  /** URL of the /layout screen (with the frame base path and mr-id) */
  layoutUrl: string;
  /** title shown on the layout screen */
  title: string;
}

const TALK_LABEL = 'private_talk';
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
  const candidates = useMemo(
    () => (list ?? EMPTY).filter((p) => p.online === 1).map((p) => ({ usrId: p.usr_id, name: p.usr_name || p.usr_id })),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [list, version],
  );
  const devices = useAudioDevices();
  const [micId, setMicId] = useState('');
  const [speakerId, setSpeakerId] = useState('');
  const [volume, setVolume] = useState(DEFAULT_VOLUME);
  const [micTest, setMicTest] = useState(false);
  const micLevel = useMicLevel(micId, micTest);
  const [refusal, setRefusal] = useState<{ result?: number } | undefined>(undefined);
  const refusalText = useRefusalText(refusal);
  const [launched, setLaunched] = useState(false);
  const layoutWindow = useLayoutWindow(layoutUrl, { launched, title });

  useEffect(() => {
    if (!commands) return;
    const sub = commands.on('command.refused', (e: { label: string; result?: number }) => {
      if (e.label === TALK_LABEL) setRefusal({ result: e.result });
    });
    return () => sub.unsubscribe();
  }, [commands]);

  const talk = (usrId: string, on: boolean) => {
    setRefusal(undefined);
    commands?.send({
      type: 'command.send',
      suffix: 'eps-status',
      body: { cmdid: CMD.ctrlMrEps, action: 'private_talk', usr_ids: [usrId], value: on ? 1 : 0 },
      usrIds: [usrId],
      label: TALK_LABEL,
    });
  };

  return (
    <Stack gap="md" data-testid="supervisor-panel">
      <Group gap="xs">
        <Button
          size="xs"
          variant="light"
          onClick={() => {
            setLaunched(true);
            layoutWindow.open();
          }}
        >
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
      <SupervisorOptionsPanel options={options} onChange={setOptions} />
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
