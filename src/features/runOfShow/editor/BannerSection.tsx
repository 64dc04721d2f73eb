/** The banner: off, or its text per language with the subtitle dialog's style, target and position. */
import { Group, NumberInput, Select, TextInput } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import type { SegmentBanner } from '@protocol/runOfShow';
import { newBanner } from './segmentDraft';

const KEEP = '__keep';

export interface BannerSectionProps {
  value: SegmentBanner | null | undefined;
  onChange: (value: SegmentBanner | null | undefined) => void;
  textError: boolean;
}

export function BannerSection({ value, onChange, textError }: BannerSectionProps) {
  const { t } = useLingui();
  const mode = value === undefined ? KEEP : value ? 'on' : 'off';
  const patch = (p: Partial<SegmentBanner>) => value && onChange({ ...value, ...p });
  const int = (v: string | number, fallback: number) => (typeof v === 'number' ? v : fallback);
  return (
    <div data-testid="segment-banner">
      <Group grow align="flex-start">
        <Select
          label={t`Banner`}
          value={mode}
          allowDeselect={false}
          data={[
            { value: KEEP, label: t`Leave as is` },
            { value: 'on', label: t`On` },
            { value: 'off', label: t`Off` },
          ]}
          onChange={(v) => onChange(v === 'on' ? (value ?? newBanner()) : v === 'off' ? null : undefined)}
        />
        <TextInput
          label={t`Banner (Chinese)`}
          value={value?.text.zh ?? ''}
          disabled={!value}
          maxLength={256}
          error={textError ? t`Type the banner in at least one language.` : undefined}
          onChange={(e) => patch({ text: { zh: e.currentTarget.value, en: value?.text.en ?? '' } })}
        />
        <TextInput
          label={t`Banner (English)`}
          value={value?.text.en ?? ''}
          disabled={!value}
          maxLength={256}
          onChange={(e) => patch({ text: { zh: value?.text.zh ?? '', en: e.currentTarget.value } })}
        />
      </Group>
      {value && (
        <Group grow align="flex-start" mt={4}>
          <Select
            label={t`Banner shown to`}
            value={value.to_role}
            allowDeselect={false}
            data={[
              { value: 'all', label: t`Everyone` },
              { value: 'speaker', label: t`Main venue` },
              { value: 'chair', label: t`Honoured guests` },
              { value: 'guest', label: t`Audience` },
            ]}
            onChange={(v) => v && patch({ to_role: v as SegmentBanner['to_role'] })}
          />
          <Select
            label={t`Banner style`}
            value={String(value.style)}
            allowDeselect={false}
            data={[
              { value: '0', label: t`Plain` },
              { value: '1', label: t`Bold` },
              { value: '2', label: t`Italic` },
              { value: '3', label: t`Scrolling` },
            ]}
            onChange={(v) => v && patch({ style: Number(v) })}
          />
          <NumberInput
            label={t`Banner font size`}
            value={value.font_size}
            min={8}
            max={200}
            allowDecimal={false}
            clampBehavior="strict"
            onChange={(v) => patch({ font_size: int(v, value.font_size) })}
          />
          <Select
            label={t`Banner vertical position`}
            value={String(value.v_align)}
            allowDeselect={false}
            data={[
              { value: '0', label: t`Top` },
              { value: '1', label: t`Middle` },
              { value: '2', label: t`Bottom` },
            ]}
            onChange={(v) => v && patch({ v_align: Number(v) })}
          />
          <Select
            label={t`Banner horizontal position`}
            value={String(value.h_align)}
            allowDeselect={false}
            data={[
              { value: '0', label: t`Left` },
              { value: '1', label: t`Centre` },
              { value: '2', label: t`Right` },
            ]}
            onChange={(v) => v && patch({ h_align: Number(v) })}
          />
        </Group>
      )}
    </div>
  );
}
