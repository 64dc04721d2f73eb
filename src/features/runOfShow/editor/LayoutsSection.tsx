/** The layout of each role (main venue, honoured guest, audience, custom) with its polling interval. */
import { Group, NumberInput, Select, Stack } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { SEGMENT_ROLES, type SegmentRole } from '@protocol/runOfShow';
import type { LayoutDraft } from './segmentDraft';

const KEEP = '__keep';

export interface LayoutsSectionProps {
  value: Partial<Record<SegmentRole, LayoutDraft>>;
  onChange: (value: Partial<Record<SegmentRole, LayoutDraft>>) => void;
  layouts: { id: string; panes: number }[];
  /** roles whose polling interval is not valid */
  pollErrors: readonly SegmentRole[];
}

export function LayoutsSection({ value, onChange, layouts, pollErrors }: LayoutsSectionProps) {
  const { t } = useLingui();
  const roleLabel = (r: SegmentRole) =>
    r === 'speaker'
      ? t`Main venue layout`
      : r === 'chair'
        ? t`Honoured guest layout`
        : r === 'guest'
          ? t`Audience layout`
          : t`Custom layout`;
  const set = (role: SegmentRole, next: LayoutDraft | undefined) => {
    const out = { ...value };
    if (next) out[role] = next;
    else delete out[role];
    onChange(out);
  };
  return (
    <Stack gap={4} data-testid="segment-layouts">
      {SEGMENT_ROLES.map((role) => {
        const l = value[role];
        const choices = [
          { value: KEEP, label: t`Leave as is` },
          ...(role === 'custom' ? [] : [{ value: 'auto', label: t`Automatic` }]),
          ...layouts.filter((x) => x.id !== 'auto').map((x) => ({ value: x.id, label: x.id })),
        ];
        const name = roleLabel(role);
        return (
          <Group key={role} grow align="flex-start">
            <Select
              label={name}
              value={l?.mosic_id ?? KEEP}
              allowDeselect={false}
              data={choices}
              onChange={(v) => set(role, !v || v === KEEP ? undefined : { mosic_id: v, poll_secs: l?.poll_secs ?? 10 })}
            />
            <NumberInput
              label={t`${name}: polling every (seconds)`}
              value={l?.poll_secs ?? ''}
              disabled={!l}
              min={0}
              max={3600}
              allowDecimal={false}
              onChange={(poll_secs) => l && set(role, { ...l, poll_secs })}
              error={pollErrors.includes(role) ? t`0 to 3,600 seconds (0: no polling).` : undefined}
            />
          </Group>
        );
      })}
    </Stack>
  );
}
