/**
 * The header's focus chip (spec §6 focus modes, issue 30): in specified focus who is in focus, in
 * auto focus whom the server picked (`auto_focus_usr_id`); its popover switches to auto focus or
 * ends the focus. Non-focus shows no chip (the calm default); specified focus is chosen on the
 * participants (a row's "Set focus", or the toolbar's Focus menu on a selection).
 */
import { Button, Group, Stack, Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { NotOfferedReason } from '@machines/commands/notOffered';
import { NotOfferedNote } from '#/session/notOffered';
import { ChipPopover } from './PopoverChips';

export function FocusChip({
  mode,
  names,
  autoOff,
  onMode,
  nested,
}: {
  mode: 'specified' | 'auto';
  /** who is in focus, or whom auto focus picked ([] while it picked nobody) */
  names: readonly string[];
  /** the platform does not offer auto focus: why */
  autoOff?: NotOfferedReason;
  /** asks for another mode */
  onMode: (mode: 'auto' | 'none') => void;
  /** drawn in the header's "+N" list */
  nested?: boolean;
}) {
  const { t } = useLingui();
  const first = names[0] ?? '';
  const count = names.length;
  const label =
    mode === 'auto'
      ? first
        ? t`Auto focus: ${first}`
        : t`Auto focus: nobody talking yet`
      : count > 1
        ? t`Focus: ${first} +${count - 1}`
        : t`Focus: ${first}`;
  return (
    <ChipPopover kind="focus" label={label} hint={t`Click to change the focus mode`} nested={nested}>
      <Stack gap="xs" maw={300} data-testid="focus-detail" data-mode={mode}>
        <Text size="sm" fw={600}>
          {mode === 'auto' ? <Trans>Auto focus: the focus follows the talker</Trans> : <Trans>Specified focus</Trans>}
        </Text>
        {count > 0 ? (
          <Stack gap={2} role="list" aria-label={mode === 'auto' ? t`Picked by auto focus` : t`In focus`}>
            {names.map((name, i) => (
              <Text key={`${name}-${i}`} size="sm" role="listitem">
                {name}
              </Text>
            ))}
          </Stack>
        ) : (
          <Text size="sm" c="dimmed">
            <Trans>Nobody has talked yet</Trans>
          </Text>
        )}
        <Group justify="flex-end" gap="xs">
          {mode !== 'auto' && (
            <Button size="xs" variant="default" disabled={autoOff !== undefined} onClick={() => onMode('auto')}>
              <Trans>Auto focus</Trans>
            </Button>
          )}
          <Button size="xs" variant="default" onClick={() => onMode('none')}>
            <Trans>No focus</Trans>
          </Button>
        </Group>
        <NotOfferedNote reason={mode !== 'auto' ? autoOff : undefined} />
      </Stack>
    </ChipPopover>
  );
}
