/**
 * Up Next's answer to "someone the segment needs is offline or missing": a stand-in for each of
 * them (the suggestion preselected: the next connected participant in roster order) and one
 * button that takes the segment with them, as a whole. The stored segment is not changed.
 */
import { useMemo, useState } from 'react';
import { Button, Group, NativeSelect, Stack } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { neededIds, suggestSubstitutes, type Segment } from '@protocol/runOfShow';
import type { OnlineUser } from '#/session/onlineParticipants';

/** a native list of thousands is slow to open; the first ones and the suggestion are enough to pick from */
const OPTIONS_MAX = 300;

export function SubstitutePicker(props: {
  segment: Segment;
  missing: readonly string[];
  /** every participant's usr_id in the roster's order (online or not) */
  roster: readonly string[];
  online: readonly OnlineUser[];
  who: (usrId: string) => string;
  disabled: boolean;
  onTake: (substitutes: Record<string, string>) => void;
}) {
  const { t } = useLingui();
  const { segment, missing, roster, online } = props;
  const onlineIds = useMemo(() => new Set(online.map((u) => u.usrId)), [online]);
  const suggested = useMemo(() => suggestSubstitutes(segment, missing, roster, onlineIds), [segment, missing, roster, onlineIds]);
  const [picked, setPicked] = useState<Record<string, string>>({});
  const chosen = Object.fromEntries(missing.map((id) => [id, picked[id] ?? suggested[id] ?? ''] as const).filter(([, v]) => v !== ''));
  const needed = new Set(neededIds(segment));
  const candidates = online.filter((u) => !needed.has(u.usrId)).slice(0, OPTIONS_MAX);
  const complete = missing.every((id) => chosen[id]);
  return (
    <Stack gap={4} data-testid="run-of-show-substitutes">
      {missing.map((id) => {
        const value = chosen[id] ?? '';
        const options =
          candidates.some((u) => u.usrId === value) || !value ? candidates : [{ usrId: value, name: props.who(value) }, ...candidates];
        return (
          <NativeSelect
            key={id}
            size="xs"
            label={t`Stand-in for ${props.who(id)}`}
            value={value}
            onChange={(e) => setPicked((p) => ({ ...p, [id]: e.currentTarget.value }))}
            data={[{ value: '', label: t`Nobody (Take stays refused)` }, ...options.map((u) => ({ value: u.usrId, label: u.name }))]}
          />
        );
      })}
      <Group gap="xs">
        <Button
          size="compact-sm"
          variant="light"
          disabled={props.disabled || !complete}
          onClick={() => props.onTake(chosen)}
          data-testid="run-of-show-take-substitutes"
        >
          <Trans>Take with these stand-ins</Trans>
        </Button>
      </Group>
    </Stack>
  );
}
