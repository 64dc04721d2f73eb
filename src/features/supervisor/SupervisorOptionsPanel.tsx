/**
 * The supervisor's options (spec §2): preview, meeting sound, new window, hide video, names and
 * signal, picture-in-picture for dual streams, and the global media options. Kept in the browser.
 */
import { Divider, Stack, Switch, Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { SupervisorOptions } from './supervisorOptions';

export interface SupervisorOptionsPanelProps {
  /** the current options */
  options: SupervisorOptions;
  /** changes some options */
  onChange: (patch: Partial<SupervisorOptions>) => void;
}

export function SupervisorOptionsPanel({ options, onChange }: SupervisorOptionsPanelProps) {
  const { t } = useLingui();
  const view: [keyof SupervisorOptions, string][] = [
    ['preview', t`Preview`],
    ['playMeetingSound', t`Play meeting sound`],
    ['newWindow', t`Open in a new window`],
    ['hideVideo', t`Hide video`],
    ['showNamesAndSignal', t`Show names and signal`],
    ['pipDualStream', t`Picture-in-picture for dual streams`],
  ];
  const media: [keyof SupervisorOptions, string][] = [
    ['showName', t`Show names`],
    ['showContent', t`Show content`],
    ['playAudio', t`Play audio`],
    ['showTalk', t`Show who is talking`],
  ];
  const row = ([key, label]: [keyof SupervisorOptions, string]) => (
    <Switch
      key={key}
      label={label}
      checked={options[key]}
      data-option={key}
      data-state={options[key] ? 'on' : 'off'}
      onChange={(e) => onChange({ [key]: e.currentTarget.checked })}
    />
  );
  return (
    <Stack gap="xs" data-testid="supervisor-options">
      <Text fw={500} size="sm">
        <Trans>Supervisor options</Trans>
      </Text>
      {view.map(row)}
      <Divider label={t`Global media options`} labelPosition="left" />
      {media.map(row)}
    </Stack>
  );
}
