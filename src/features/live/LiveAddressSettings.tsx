/**
 * Built-in live push and pull addresses. Both are required; they can be changed only while live
 * is off and the tenant uses built-in live, otherwise the form is read-only and says why.
 */
import { useState } from 'react';
import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { RC } from '@protocol/codes';
import { refusalText } from '#/i18n/refusal';

export interface LiveAddressSettingsProps {
  /** push and pull addresses the server holds */
  pushUrl: string;
  pullUrl: string;
  /** live is running (addresses are then locked) */
  liveOn: boolean;
  /** the tenant uses built-in live (otherwise addresses are not ours to change) */
  builtin: boolean;
  /** true while the save is on its way */
  pending?: boolean;
  /** refusal of the last save; default none */
  refusal?: unknown;
  /** the live-address rule: a result code when the pair may not be saved, undefined when it may */
  checkAddresses: (push: string, pull: string) => number | undefined;
  /** saves both addresses */
  onSave: (push: string, pull: string) => void;
}

export function LiveAddressSettings(props: LiveAddressSettingsProps) {
  const { pushUrl, pullUrl, liveOn, builtin, pending = false, refusal, checkAddresses, onSave } = props;
  const { t, i18n } = useLingui();
  const [push, setPush] = useState<string | null>(null);
  const [pull, setPull] = useState<string | null>(null);
  const [problem, setProblem] = useState<number | undefined>(undefined);
  const fallback = t`The request failed, please try again`;
  const lockedBy = !builtin ? RC.liveAddressBuiltinOnly : liveOn ? RC.liveAddressWhileLiveOn : undefined;
  const editable = lockedBy === undefined && !pending;
  const pushValue = push ?? pushUrl;
  const pullValue = pull ?? pullUrl;
  const shownProblem = refusalText(problem, i18n.locale, fallback) ?? refusalText(refusal, i18n.locale, fallback);

  return (
    <Stack gap="xs" data-testid="live-addresses" data-editable={editable} aria-busy={pending}>
      <TextInput
        label={t`Live push address`}
        value={pushValue}
        disabled={!editable}
        required
        onChange={(e) => setPush(e.currentTarget.value)}
      />
      <TextInput
        label={t`Live pull address`}
        value={pullValue}
        disabled={!editable}
        required
        onChange={(e) => setPull(e.currentTarget.value)}
      />
      {lockedBy !== undefined && (
        <Text size="xs" c="dimmed" data-testid="live-addresses-locked">
          {refusalText(lockedBy, i18n.locale, fallback)}
        </Text>
      )}
      {shownProblem && (
        <Alert color="red" role="alert">
          {shownProblem}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button
          size="xs"
          disabled={!editable}
          loading={pending}
          onClick={() => {
            const found = checkAddresses(pushValue.trim(), pullValue.trim());
            setProblem(found);
            if (found === undefined) onSave(pushValue.trim(), pullValue.trim());
          }}
        >
          <Trans>Save live addresses</Trans>
        </Button>
      </Group>
    </Stack>
  );
}
