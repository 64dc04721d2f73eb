/**
 * Subtitle settings per target (all, audience, honoured guest, main venue, waiting-room users):
 * content, size, colour, position, style, background colour, shadow and transparency, with a
 * live preview. Edits of each target are kept while switching targets; nothing is sent until
 * Apply, which sends the title and the meeting-wide position together.
 */
import { useState } from 'react';
import {
  Alert,
  Button,
  ColorInput,
  Group,
  NumberInput,
  SegmentedControl,
  Select,
  SimpleGrid,
  Slider,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { SubtitlePosition, TitleConfig, TitleTarget } from '@protocol/wire';
import { ConnectionLostReason, useConnectionLost } from '#/session/connectionLost';
import { SubtitlePreview } from './SubtitlePreview';
import {
  bgAlphaOf,
  hexToInt,
  intToHex,
  positionOf,
  SUBTITLE_MAX_BYTES,
  subtitleProblem,
  TITLE_TARGETS,
  titleFor,
  transparencyOf,
} from './subtitleModel';

export interface SubtitleSettingsProps {
  /** titles as the server last reported them (missing targets use the spec defaults) */
  titles: readonly Partial<TitleConfig>[] | undefined;
  /** target selected first; default 'all' */
  initialTarget?: TitleTarget;
  /** true while an apply is on its way */
  pending?: boolean;
  /** translated refusal of the last apply; default none */
  error?: string;
  /** sends one target's title and the meeting-wide position */
  onApply: (title: TitleConfig, position: SubtitlePosition) => void;
  /** closes the settings without sending; default none (no Cancel button) */
  onCancel?: () => void;
}

export function SubtitleSettings({ titles, initialTarget = 'all', pending = false, error, onApply, onCancel }: SubtitleSettingsProps) {
  const { t } = useLingui();
  // sent while the connection is lost, it would only be held: the button waits, and says why
  const lost = useConnectionLost();
  const [target, setTarget] = useState<TitleTarget>(initialTarget);
  const [drafts, setDrafts] = useState<Partial<Record<TitleTarget, TitleConfig>>>({});
  const title = drafts[target] ?? titleFor(target, titles);
  const edit = (patch: Partial<TitleConfig>) => setDrafts((d) => ({ ...d, [target]: { ...title, ...patch } }));

  const targetLabels: Record<TitleTarget, string> = {
    all: t`All`,
    guest: t`Audience`,
    chair: t`Honoured guest`,
    speaker: t`Main venue`,
    waiting_room_usr: t`Waiting-room users`,
  };
  const problem = subtitleProblem(title.message, title.has_title === 1);
  const problemText =
    problem === 'empty'
      ? t`Enter the subtitle text to show it`
      : problem === 'tooLong'
        ? t`The subtitle can be at most ${SUBTITLE_MAX_BYTES} bytes long`
        : problem === 'controlCharacters'
          ? t`The subtitle cannot contain tabs or line breaks`
          : undefined;

  return (
    // two columns from a tablet's width: the form beside the preview and its buttons, so the whole
    // dialog fits a 1080-pixel-high screen (the root font grows with the window's width)
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg" data-testid="subtitle-settings" data-target={target}>
      <Stack gap="sm">
        <Select
          label={t`Subtitle target`}
          value={target}
          allowDeselect={false}
          data={TITLE_TARGETS.map((value) => ({ value, label: targetLabels[value] }))}
          onChange={(value) => value && setTarget(value as TitleTarget)}
        />
        <Switch
          label={t`Show subtitle`}
          checked={title.has_title === 1}
          onChange={(e) => edit({ has_title: e.currentTarget.checked ? 1 : 0 })}
        />
        <TextInput
          label={t`Subtitle content`}
          value={title.message}
          error={problemText}
          onChange={(e) => edit({ message: e.currentTarget.value })}
        />
        <SimpleGrid cols={3}>
          <NumberInput
            label={t`Font size`}
            min={12}
            max={200}
            value={title.font_size}
            onChange={(v) => typeof v === 'number' && edit({ font_size: v })}
          />
          <ColorInput
            label={t`Font colour`}
            format="hex"
            value={intToHex(title.font_color)}
            onChange={(v) => {
              const n = hexToInt(v);
              if (n !== undefined) edit({ font_color: n });
            }}
          />
          <Select
            label={t`Style`}
            allowDeselect={false}
            value={String(title.style ?? 0)}
            data={[
              { value: '0', label: t`Plain` },
              { value: '1', label: t`Bold` },
              { value: '2', label: t`Italic` },
              { value: '3', label: t`Scrolling` },
            ]}
            onChange={(v) => v !== null && edit({ style: Number(v) })}
          />
        </SimpleGrid>
        {title.style === 3 && (
          <NumberInput
            label={t`Scrolling speed`}
            min={1}
            max={100}
            value={title.speed}
            onChange={(v) => typeof v === 'number' && edit({ speed: v })}
          />
        )}
        <Group grow align="flex-end">
          <Stack gap={2}>
            <Text size="sm" fw={500} id="subtitle-h-position">
              <Trans>Horizontal position</Trans>
            </Text>
            <SegmentedControl
              aria-labelledby="subtitle-h-position"
              value={String(title.h_align)}
              onChange={(v) => edit({ h_align: Number(v) })}
              data={[
                { value: '0', label: t`Left` },
                { value: '1', label: t`Centre` },
                { value: '2', label: t`Right` },
              ]}
            />
          </Stack>
          <Stack gap={2}>
            <Text size="sm" fw={500} id="subtitle-v-position">
              <Trans>Vertical position</Trans>
            </Text>
            <SegmentedControl
              aria-labelledby="subtitle-v-position"
              value={String(title.v_align)}
              onChange={(v) => edit({ v_align: Number(v) })}
              data={[
                { value: '0', label: t`Top` },
                { value: '1', label: t`Middle` },
                { value: '2', label: t`Bottom` },
              ]}
            />
          </Stack>
        </Group>
        <SimpleGrid cols={2}>
          <NumberInput
            label={t`Horizontal margin (%)`}
            min={0}
            max={50}
            value={title.h_margin}
            onChange={(v) => typeof v === 'number' && edit({ h_margin: v })}
          />
          <NumberInput
            label={t`Vertical margin (%)`}
            min={0}
            max={50}
            value={title.v_margin}
            onChange={(v) => typeof v === 'number' && edit({ v_margin: v })}
          />
        </SimpleGrid>
        <SimpleGrid cols={2}>
          <ColorInput
            label={t`Background colour`}
            format="hex"
            value={intToHex(title.bg_color)}
            onChange={(v) => {
              const n = hexToInt(v);
              if (n !== undefined) edit({ bg_color: n });
            }}
          />
          <Switch
            mt="lg"
            label={t`Shadow`}
            checked={title.shadow === 1}
            onChange={(e) => edit({ shadow: e.currentTarget.checked ? 1 : 0 })}
          />
        </SimpleGrid>
        <Stack gap={2}>
          <Text size="sm" fw={500} id="subtitle-transparency">
            <Trans>Background transparency</Trans>
          </Text>
          <Slider
            aria-labelledby="subtitle-transparency"
            thumbLabel={t`Background transparency`}
            min={0}
            max={100}
            value={transparencyOf(title.bg_alpha)}
            onChange={(v) => edit({ bg_alpha: bgAlphaOf(v) })}
            data-value={transparencyOf(title.bg_alpha)}
          />
        </Stack>
      </Stack>
      <Stack gap="sm">
        <Text size="sm" fw={500}>
          <Trans>Preview</Trans>
        </Text>
        <SubtitlePreview title={title} />
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <ConnectionLostReason lost={lost} />
        <Group justify="flex-end">
          {onCancel && (
            <Button variant="default" onClick={onCancel}>
              <Trans>Cancel</Trans>
            </Button>
          )}
          <Button loading={pending} disabled={problem !== undefined || lost} onClick={() => onApply(title, positionOf(title))}>
            <Trans>Apply subtitle</Trans>
          </Button>
        </Group>
      </Stack>
    </SimpleGrid>
  );
}
