/**
 * Push stream (bypass) settings: the RTMP address the meeting is pushed to, and the switch that
 * starts or stops the push. The address must be set, and be `rtmp://host/live/stream`, before
 * the push can be enabled; the check itself is injected (protocol/validation.ts) so this stays
 * free of rules.
 */
import { useState } from 'react';
import { Alert, Button, Group, Stack, Switch, TextInput } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { refusalText } from '#/i18n/refusal';

export interface PushStreamSettingsProps {
  /** the address the server holds, '' when none */
  address: string;
  /** whether the push is running */
  enabled: boolean;
  /** true while a request is on its way */
  pending?: boolean;
  /** refusal of the last request (result code or error); default none */
  refusal?: unknown;
  /** the push-address rule: a result code when `url` may not be used, undefined when it may */
  checkAddress: (url: string) => number | undefined;
  /** saves the address and starts the push */
  onEnable: (url: string) => void;
  /** stops the push */
  onDisable: () => void;
}

export function PushStreamSettings({
  address,
  enabled,
  pending = false,
  refusal,
  checkAddress,
  onEnable,
  onDisable,
}: PushStreamSettingsProps) {
  const { t, i18n } = useLingui();
  const [draft, setDraft] = useState<string | null>(null);
  const [checked, setChecked] = useState<number | undefined>(undefined);
  const value = draft ?? address;
  const fallback = t`The request failed, please try again`;
  const localProblem = checked === undefined ? undefined : refusalText(checked, i18n.locale, fallback);
  const serverProblem = refusalText(refusal, i18n.locale, fallback);

  const enable = () => {
    const problem = checkAddress(value.trim());
    setChecked(problem);
    if (problem === undefined) onEnable(value.trim());
  };

  return (
    <Stack
      gap="xs"
      data-testid="push-stream"
      data-state={enabled ? 'on' : 'off'}
      aria-busy={pending}
      style={pending ? { cursor: 'wait' } : undefined}
    >
      <TextInput
        label={t`Push address`}
        placeholder="rtmp://host/live/stream"
        value={value}
        disabled={enabled || pending}
        error={localProblem}
        onChange={(e) => {
          setDraft(e.currentTarget.value);
          setChecked(undefined);
        }}
      />
      <Group>
        <Switch
          label={t`Push stream`}
          checked={enabled}
          disabled={pending}
          onChange={(e) => (e.currentTarget.checked ? enable() : onDisable())}
        />
        {!enabled && (
          <Button size="xs" variant="light" onClick={enable} disabled={pending}>
            <Trans>Save and start pushing</Trans>
          </Button>
        )}
      </Group>
      {serverProblem && (
        <Alert color="red" role="alert">
          {serverProblem}
        </Alert>
      )}
    </Stack>
  );
}
