/**
 * Microphone adjustment of one participant: a gain from 0 to 9 (usr_stats position 12). Spec §5:
 * manual volume is refused while the platform adjusts volume automatically.
 */
import { useState } from 'react';
import { Alert, Button, Group, Modal, Slider, Stack, Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { validateMicGain } from '@protocol/fieldValidation';

export interface MicDialogProps {
  /** the participant's name */
  name: string;
  /** the gain the endpoint reports now (0–9) */
  currentGain: number;
  /** mic_gain_auto of the meeting status */
  autoAdjust: boolean;
  /** sends the new gain */
  onApply: (gain: number) => void;
  /** closes it */
  onClose: () => void;
}

export function MicDialog({ name, currentGain, autoAdjust, onApply, onClose }: MicDialogProps) {
  const { t } = useLingui();
  const [gain, setGain] = useState(currentGain);
  const [refused, setRefused] = useState(false);

  return (
    <Modal opened onClose={onClose} title={t`Microphone adjustment: ${name}`}>
      <Stack>
        {autoAdjust && (
          <Alert color="yellow" data-testid="mic-auto">
            <Trans>Manual volume is invalid while the platform adjusts volume automatically</Trans>
          </Alert>
        )}
        <Text size="sm">
          <Trans>Current gain: {currentGain}</Trans>
        </Text>
        <Slider
          aria-label={t`Microphone gain`}
          thumbLabel={t`Microphone gain`}
          min={0}
          max={9}
          step={1}
          marks={[
            { value: 0, label: '0' },
            { value: 9, label: '9' },
          ]}
          value={gain}
          onChange={setGain}
          disabled={autoAdjust}
        />
        {refused && (
          <Text c="red" size="sm" role="alert">
            <Trans>Manual volume is invalid while the platform adjusts volume automatically</Trans>
          </Text>
        )}
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={onClose}>
            <Trans>Cancel</Trans>
          </Button>
          <Button
            onClick={() => {
              const problem = validateMicGain(gain, autoAdjust);
              setRefused(problem === 'micGain.autoAdjust');
              if (!problem) onApply(gain);
            }}
          >
            <Trans>Apply</Trans>
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
