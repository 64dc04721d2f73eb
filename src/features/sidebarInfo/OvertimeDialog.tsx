/**
 * The delay (overtime) request of spec §5: a whole number of minutes up to 9999, refused with the
 * reason when the extended meeting would run into the room's next booking. The server checks the
 * same rules; its refusal is shown by the command feedback.
 */
import { useState } from 'react';
import { Modal, Stack, TextInput } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { type ValidationError } from '@protocol/validation';
import { checkOvertimeAgainstBooking, validateOvertimeMinutes } from '@protocol/fieldValidation';
import { FormFooter } from '#/components/FormFooter';

export interface OvertimeDialogProps {
  /** shows the dialog */
  opened: boolean;
  /** planned end, Unix seconds (0 = open-ended) */
  endSec: number;
  /** next booking start, Unix seconds (0 = none) */
  nextBookingSec: number;
  /** closes it */
  onClose: () => void;
  /** sends the request */
  onSubmit: (minutes: number) => void;
}

export function OvertimeDialog({ opened, endSec, nextBookingSec, onClose, onSubmit }: OvertimeDialogProps) {
  const { t, i18n } = useLingui();
  const [value, setValue] = useState('');
  const [error, setError] = useState<ValidationError | null>(null);

  const message = (code: ValidationError): string => {
    switch (code) {
      case 'overtime.tooLong':
        return t`The delay can be at most 9999 minutes`;
      case 'overtime.conflict': {
        const at = i18n.date(new Date(nextBookingSec * 1000), { dateStyle: 'short', timeStyle: 'short' });
        return t`The delay conflicts with the next booking of this room at ${at}`;
      }
      default:
        return t`Please enter a number of minutes`;
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title={t`Request delay`}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          const minutes = Number(value.trim());
          const problem = validateOvertimeMinutes(value) ?? (endSec ? checkOvertimeAgainstBooking(minutes, endSec, nextBookingSec) : null);
          setError(problem);
          if (!problem) onSubmit(minutes);
        }}
      >
        <Stack>
          <TextInput
            label={t`Delay (minutes)`}
            inputMode="numeric"
            value={value}
            onChange={(e) => setValue(e.currentTarget.value)}
            error={error ? message(error) : undefined}
            data-autofocus
          />
          <FormFooter onCancel={onClose} submitLabel={<Trans>Apply</Trans>} />
        </Stack>
      </form>
    </Modal>
  );
}
