/**
 * One segment's settings, a section each (editor/): name, main venue (the console's participant
 * picker), honoured guests, the layout of every role, the banner with its look and position, the
 * mute policy, the timer, the audience's listen/watch policy, the roll call, recording and live. Whatever is left "as is" stays out of the segment,
 * so Take does not touch it; a segment may set any of them.
 */
import { useState } from 'react';
import { Box, Button, Group, Paper, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Segment } from '@protocol/runOfShow';
import { ParticipantSelect } from '#/components/participantPicker/ParticipantSelect';
import type { OnlineParticipants } from '#/session/onlineParticipants';
import { draftErrors, draftOf, segmentOf, type SegmentDraft } from './editor/segmentDraft';
import { GuestsSection } from './editor/GuestsSection';
import { LayoutsSection } from './editor/LayoutsSection';
import { BannerSection } from './editor/BannerSection';
import { MuteSection } from './editor/MuteSection';
import { TimerSection } from './editor/TimerSection';
import { ListenWatchSection } from './editor/ListenWatchSection';
import { RollCallSection } from './editor/RollCallSection';

const KEEP = '__keep';
type Tri = typeof KEEP | 'on' | 'off';
const triOf = (v: boolean | undefined): Tri => (v === undefined ? KEEP : v ? 'on' : 'off');
const boolOf = (v: string | null): boolean | undefined => (v === 'on' ? true : v === 'off' ? false : undefined);

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
  const [draft, setDraft] = useState<SegmentDraft>(() => draftOf(segment));
  const edit = (p: Partial<SegmentDraft>) => setDraft((d) => ({ ...d, ...p }));
  const errors = draftErrors(draft);
  const has = (e: string) => errors.some((x) => x.error === e);
  const tri = [
    { value: KEEP, label: t`Leave as is` },
    { value: 'on', label: t`On` },
    { value: 'off', label: t`Off` },
  ];

  const save = () => {
    if (errors.length) return;
    onSave(segmentOf(segment.id, draft, segment, (id) => layouts.find((l) => l.id === id)?.panes ?? 1));
  };

  return (
    <Paper withBorder p="sm" data-testid="segment-editor">
      {/* the sections scroll in their own region, half the window high (at 1280×720 they are taller
          than the room the dialog leaves them), so the editor fits the window whole with Cancel / Save */}
      <Stack gap="xs">
        <Box
          role="region"
          aria-label={t`Segment settings`}
          tabIndex={0}
          style={{ maxHeight: 'max(16rem, 50vh)', overflowY: 'auto', paddingRight: 'var(--mantine-spacing-xs)' }}
          data-testid="segment-editor-scroll"
        >
          <Stack gap="xs">
            <Group grow align="flex-start">
              <TextInput
                label={t`Segment name`}
                value={draft.name}
                onChange={(e) => edit({ name: e.currentTarget.value })}
                error={has('name') ? t`A segment needs a name.` : undefined}
                maxLength={80}
                data-autofocus
              />
              <ParticipantSelect
                label={t`Main venue`}
                candidates={online}
                value={draft.main_venue ?? KEEP}
                fixed={[
                  { value: KEEP, label: t`Leave as is` },
                  { value: '', label: t`No main venue` },
                ]}
                onChange={(v) => edit({ main_venue: v === KEEP ? undefined : v })}
              />
              <Select
                label={t`Recording`}
                value={triOf(draft.recording)}
                onChange={(v) => edit({ recording: boolOf(v) })}
                data={tri}
                allowDeselect={false}
              />
              <Select
                label={t`Live push`}
                value={triOf(draft.live)}
                onChange={(v) => edit({ live: boolOf(v) })}
                data={tri}
                allowDeselect={false}
              />
            </Group>
            <LayoutsSection
              value={draft.layouts}
              onChange={(layoutsDraft) => edit({ layouts: layoutsDraft })}
              layouts={layouts}
              pollErrors={errors.filter((e) => e.error === 'pollSecs').map((e) => e.role!)}
            />
            <BannerSection value={draft.banner} onChange={(banner) => edit({ banner })} textError={has('bannerText')} />
            <SimpleGrid cols={3}>
              <GuestsSection value={draft.guests} onChange={(guests) => edit({ guests })} online={online} />
              <MuteSection value={draft.mute} onChange={(mute) => edit({ mute })} online={online} />
              <TimerSection
                value={draft.timer}
                onChange={(timer) => edit({ timer })}
                minutesError={has('timerMinutes')}
                warnError={has('warnShare')}
              />
              <ListenWatchSection value={draft.listen_watch} onChange={(listen_watch) => edit({ listen_watch })} />
              <RollCallSection value={draft.roll_call} onChange={(roll_call) => edit({ roll_call })} online={online} />
            </SimpleGrid>
          </Stack>
        </Box>
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
