/**
 * The roll call: the participants in calling order (picked with the console's participant picker,
 * in the order picked; moved up or down in the numbered list). Take calls the first; none chosen
 * ends a roll call in progress.
 */
import { ActionIcon, Group, List, Text } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { ParticipantMultiSelect } from '#/components/participantPicker/ParticipantMultiSelect';
import type { OnlineParticipants } from '#/session/onlineParticipants';
import { SectionFrame } from './SetSwitch';

export interface RollCallSectionProps {
  value: string[] | undefined;
  onChange: (value: string[] | undefined) => void;
  online: OnlineParticipants;
}

const moved = (ids: readonly string[], from: number, to: number) => {
  const out = [...ids];
  const [id] = out.splice(from, 1);
  out.splice(to, 0, id);
  return out;
};

export function RollCallSection({ value, onChange, online }: RollCallSectionProps) {
  const { t } = useLingui();
  const ids = value ?? [];
  return (
    <SectionFrame
      testId="segment-roll-call"
      legend={t`Roll call`}
      label={t`Set a roll call`}
      set={value !== undefined}
      onSet={(on) => onChange(on ? [] : undefined)}
    >
      <ParticipantMultiSelect
        label={t`Call in this order`}
        description={t`Take calls the first; none chosen ends a roll call in progress.`}
        candidates={online}
        value={ids}
        onChange={onChange}
        comboboxProps={{ hideDetached: false }}
      />
      {ids.length > 1 && (
        <List type="ordered" size="sm" data-testid="segment-roll-call-order">
          {ids.map((id, i) => {
            const name = online.nameOf(id) ?? id;
            return (
              <List.Item key={id}>
                <Group gap={4} wrap="nowrap">
                  <Text size="sm" truncate>
                    {name}
                  </Text>
                  <ActionIcon
                    variant="subtle"
                    size="sm"
                    disabled={i === 0}
                    onClick={() => onChange(moved(ids, i, i - 1))}
                    aria-label={t`Call ${name} earlier`}
                  >
                    ↑
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    size="sm"
                    disabled={i === ids.length - 1}
                    onClick={() => onChange(moved(ids, i, i + 1))}
                    aria-label={t`Call ${name} later`}
                  >
                    ↓
                  </ActionIcon>
                </Group>
              </List.Item>
            );
          })}
        </List>
      )}
    </SectionFrame>
  );
}
