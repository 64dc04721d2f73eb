/**
 * The supervisor's private-talk panel: which microphone and speaker this browser uses, a test
 * tone at the chosen output volume (default 60), and a one-on-one talk with one participant
 * through the server (`ctrl_mr_eps private_talk`). Only a supervisor talks privately, so it lives
 * with the supervisor panel that shows it.
 */
import { useState } from 'react';
import { Button, Group, Progress, Select, Slider, Stack, Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { ParticipantSelect } from '#/components/participantPicker/ParticipantSelect';
import type { OnlineParticipants } from '#/session/onlineParticipants';
import { NotOfferedNote, useNotOfferedHere } from '#/session/notOffered';

import type { AudioDevice } from '#/media/audio';

export interface PrivateTalkPanelProps {
  /** the browser's microphones and speakers */
  microphones: readonly AudioDevice[];
  speakers: readonly AudioDevice[];
  /** chosen devices ('' = the browser's default) */
  micId: string;
  speakerId: string;
  /** output volume 0–100 */
  volume: number;
  onMic: (deviceId: string) => void;
  onSpeaker: (deviceId: string) => void;
  onVolume: (volume: number) => void;
  /** plays a short tone on the chosen speaker at the chosen volume */
  onTestTone: () => void;
  /** microphone energy 0–100 while the microphone test runs, null when it does not */
  micLevel?: number | null;
  /** starts or stops the microphone test */
  onMicTest?: (on: boolean) => void;
  /** participants one can talk to, read only while the picker is open */
  candidates: OnlineParticipants;
  /** usr_id of the participant in a private talk, '' when none (as the server reports it) */
  talkingWith: string;
  /** true while a talk request is on its way */
  pending?: boolean;
  /** translated refusal of the last talk request; default none */
  error?: string;
  onStartTalk: (usrId: string) => void;
  onEndTalk: (usrId: string) => void;
}

export function PrivateTalkPanel(props: PrivateTalkPanelProps) {
  const { microphones, speakers, micId, speakerId, volume, candidates, talkingWith, pending = false, error } = props;
  const { t } = useLingui();
  // a platform that refused private_talk: Start stays disabled, saying why (issue 23)
  const talkOff = useNotOfferedHere('private-talk');
  const [chosen, setChosen] = useState<string | null>(null);
  const defaultOption = { value: '', label: t`Browser default` };
  const talkingName = (talkingWith && candidates.nameOf(talkingWith)) || talkingWith;
  return (
    <Stack gap="xs" data-testid="private-talk" data-talking={talkingWith || undefined} aria-busy={pending}>
      <Select
        label={t`Microphone`}
        allowDeselect={false}
        value={micId}
        data={[defaultOption, ...microphones.map((d, i) => ({ value: d.deviceId, label: d.label || t`Microphone ${i + 1}` }))]}
        onChange={(v) => v !== null && props.onMic(v)}
      />
      <Select
        label={t`Speaker`}
        allowDeselect={false}
        value={speakerId}
        data={[defaultOption, ...speakers.map((d, i) => ({ value: d.deviceId, label: d.label || t`Speaker ${i + 1}` }))]}
        onChange={(v) => v !== null && props.onSpeaker(v)}
      />
      {props.onMicTest && (
        <Group gap="xs" align="center">
          <Button size="xs" variant="light" onClick={() => props.onMicTest?.(props.micLevel == null)}>
            {props.micLevel == null ? t`Test microphone` : t`Stop microphone test`}
          </Button>
          {props.micLevel != null && (
            <Progress style={{ flex: 1 }} value={props.micLevel} aria-label={t`Microphone level`} data-level={props.micLevel} />
          )}
        </Group>
      )}
      <Text size="sm" fw={500} id="private-talk-volume">
        <Trans>Output volume</Trans>
      </Text>
      <Slider
        aria-labelledby="private-talk-volume"
        thumbLabel={t`Output volume`}
        min={0}
        max={100}
        value={volume}
        onChange={props.onVolume}
        data-value={volume}
      />
      <Group>
        <Button size="xs" variant="light" onClick={props.onTestTone}>
          <Trans>Play test tone</Trans>
        </Button>
      </Group>
      {talkingWith ? (
        <Group gap="xs">
          <Text size="sm" data-testid="private-talk-state">{t`Talking privately with ${talkingName}`}</Text>
          <Button size="xs" color="red" loading={pending} onClick={() => props.onEndTalk(talkingWith)}>
            <Trans>End private talk</Trans>
          </Button>
        </Group>
      ) : (
        // the picker takes the panel's whole width and its list is as wide as the longest name
        // (issue 14 §2), never cut to the closed field's width
        <Stack gap={6}>
          <ParticipantSelect
            label={t`Talk privately with`}
            candidates={candidates}
            value={chosen}
            onChange={setChosen}
            comboboxProps={{ width: 'max-content', position: 'bottom-start', middlewares: { flip: true, shift: true } }}
            styles={{ dropdown: { minWidth: 240, maxWidth: 'min(520px, 90vw)' }, option: { whiteSpace: 'nowrap' } }}
            data-testid="private-talk-picker"
          />
          <Group justify="flex-end">
            <Button
              size="xs"
              disabled={!chosen || talkOff !== undefined}
              loading={pending}
              onClick={() => chosen && props.onStartTalk(chosen)}
            >
              <Trans>Start private talk</Trans>
            </Button>
          </Group>
          <NotOfferedNote reason={talkOff} />
        </Stack>
      )}
      {error && (
        <Text size="xs" c="red" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}
