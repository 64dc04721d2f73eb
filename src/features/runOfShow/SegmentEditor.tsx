/**
 * One segment's settings: name, main venue (the console's participant picker), audience layout,
 * banner text per language, timer, recording and live. "Leave as is" leaves a setting out of the
 * segment, so Take does not touch it. Honoured guests and the mute policy come from "Capture
 * current" and the imported file (kept as they are here).
 */
import { useState } from 'react';
import { Button, Group, NumberInput, Paper, Select, Stack, TextInput } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { defaultBanner, type Segment } from '@protocol/runOfShow';
import { ParticipantSelect } from '../participantPicker/ParticipantSelect';
import type { OnlineParticipants } from '../meetingControls/onlineParticipants';
import { autoLayout } from './runOfShowModel';

const KEEP = '__keep';
type Tri = typeof KEEP | 'on' | 'off';
const triOf = (v: boolean | undefined): Tri => (v === undefined ? KEEP : v ? 'on' : 'off');
const boolOf = (v: Tri): boolean | undefined => (v === KEEP ? undefined : v === 'on');

export interface SegmentEditorProps {
  segment: Segment;
  online: OnlineParticipants;
  /** layouts the meeting offers, with their pane counts */
  layouts: { id: string; panes: number }[];
  onSave: (segment: Segment) => void;
  onCancel: () => void;
}

export function SegmentEditor({ segment, online, layouts, onSave, onCancel }: SegmentEditorProps) {
  const { t } = useLingui();
  const [name, setName] = useState(segment.name);
  const [mainVenue, setMainVenue] = useState<string>(segment.main_venue ?? KEEP);
  const [layout, setLayout] = useState<string>(segment.mosaics?.guest?.mosic_id ?? KEEP);
  const [bannerMode, setBannerMode] = useState<Tri>(segment.banner === undefined ? KEEP : segment.banner ? 'on' : 'off');
  const [zh, setZh] = useState(segment.banner?.text.zh ?? '');
  const [en, setEn] = useState(segment.banner?.text.en ?? '');
  const [minutes, setMinutes] = useState<number | string>(segment.timer ? segment.timer.secs / 60 : '');
  const [recording, setRecording] = useState<Tri>(triOf(segment.recording));
  const [live, setLive] = useState<Tri>(triOf(segment.live));
  const tri = [
    { value: KEEP, label: t`Leave as is` },
    { value: 'on', label: t`On` },
    { value: 'off', label: t`Off` },
  ];
  const nameError = name.trim() === '' ? t`A segment needs a name.` : undefined;
  const bannerError = bannerMode === 'on' && !zh.trim() && !en.trim() ? t`Type the banner in at least one language.` : undefined;

  const save = () => {
    if (nameError || bannerError) return;
    const seg: Segment = { id: segment.id, name: name.trim() };
    if (mainVenue !== KEEP) seg.main_venue = mainVenue;
    if (segment.guests) seg.guests = segment.guests;
    const mosaics = { ...segment.mosaics };
    if (layout === KEEP) delete mosaics.guest;
    else if (mosaics.guest?.mosic_id !== layout) mosaics.guest = autoLayout(layout, layouts.find((l) => l.id === layout)?.panes ?? 1);
    if (Object.keys(mosaics).length) seg.mosaics = mosaics;
    if (bannerMode === 'on') seg.banner = { ...(segment.banner ?? defaultBanner({})), text: { zh: zh.trim(), en: en.trim() } };
    else if (bannerMode === 'off') seg.banner = null;
    if (segment.mute) seg.mute = segment.mute;
    const rec = boolOf(recording);
    if (rec !== undefined) seg.recording = rec;
    const lv = boolOf(live);
    if (lv !== undefined) seg.live = lv;
    const mins = typeof minutes === 'number' ? minutes : Number(minutes);
    if (minutes !== '' && mins > 0) seg.timer = { secs: Math.round(mins * 60), warn_share: segment.timer?.warn_share ?? 0.8, on_endpoints: segment.timer?.on_endpoints ?? false };
    onSave(seg);
  };

  return (
    <Paper withBorder p="sm" data-testid="segment-editor">
      <Stack gap="xs">
        <Group grow align="flex-start">
          <TextInput label={t`Segment name`} value={name} onChange={(e) => setName(e.currentTarget.value)} error={nameError} maxLength={80} data-autofocus />
          <ParticipantSelect
            label={t`Main venue`}
            candidates={online}
            value={mainVenue}
            fixed={[
              { value: KEEP, label: t`Leave as is` },
              { value: '', label: t`No main venue` },
            ]}
            onChange={setMainVenue}
          />
          <Select
            label={t`Audience layout`}
            value={layout}
            onChange={(v) => setLayout(v ?? KEEP)}
            allowDeselect={false}
            data={[{ value: KEEP, label: t`Leave as is` }, { value: 'auto', label: t`Automatic` }, ...layouts.filter((l) => l.id !== 'auto').map((l) => ({ value: l.id, label: l.id }))]}
          />
          <NumberInput label={t`Timer (minutes)`} value={minutes} onChange={setMinutes} min={0} max={1440} step={1} decimalScale={1} placeholder={t`No timer`} />
        </Group>
        <Group grow align="flex-start">
          <Select label={t`Banner`} value={bannerMode} onChange={(v) => setBannerMode((v as Tri) ?? KEEP)} data={tri} allowDeselect={false} />
          <TextInput label={t`Banner (Chinese)`} value={zh} onChange={(e) => setZh(e.currentTarget.value)} disabled={bannerMode !== 'on'} error={bannerError} maxLength={256} />
          <TextInput label={t`Banner (English)`} value={en} onChange={(e) => setEn(e.currentTarget.value)} disabled={bannerMode !== 'on'} maxLength={256} />
          <Select label={t`Recording`} value={recording} onChange={(v) => setRecording((v as Tri) ?? KEEP)} data={tri} allowDeselect={false} />
          <Select label={t`Live push`} value={live} onChange={(v) => setLive((v as Tri) ?? KEEP)} data={tri} allowDeselect={false} />
        </Group>
        <Group gap="xs" justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            <Trans>Cancel</Trans>
          </Button>
          <Button onClick={save}>
            <Trans>Save segment</Trans>
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
