/**
 * Temporary (interim) call by address (spec §5): a meeting number with optional `##password`
 * and `@ip`, or a SIP/H.323 address, and a display name. The input stays when the server refuses.
 */
import { useEffect, useState } from 'react';
import { Button, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { checkTempCall, type TempCallError } from './validationBridge';

export interface TempCallDialogProps {
  /** shows the dialog */
  opened: boolean;
  /** closes it */
  onClose: () => void;
  /** places the call; the dialog closes when the caller says so */
  onCall: (call: { callUrl: string; dispName: string; usrType: number }) => void;
}

export function TempCallDialog({ opened, onClose, onCall }: TempCallDialogProps) {
  const { t } = useLingui();
  const [address, setAddress] = useState('');
  const [name, setName] = useState('');
  const [usrType, setUsrType] = useState('2');
  const [error, setError] = useState<TempCallError | null>(null);
  // one submit places one call: a second click while the dialog closes (or a double click) is
  // not a second call; reopening the dialog allows the next one
  const [sent, setSent] = useState(false);
  useEffect(() => {
    if (opened) setSent(false);
  }, [opened]);

  const messages: Record<TempCallError, string> = {
    addressRequired: t`The call address cannot be empty`,
    addressFormat: t`The call address is not in the correct format`,
    nameRequired: t`The display name cannot be empty`,
    nameTooLong: t`The name is too long`,
  };

  return (
    <Modal opened={opened} onClose={onClose} title={t`Temporary call`}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (sent) return;
          const problem = checkTempCall(address, name);
          setError(problem);
          if (problem) return;
          setSent(true);
          onCall({ callUrl: address.trim(), dispName: name.trim(), usrType: Number(usrType) });
        }}
      >
        <Stack>
          <TextInput
            label={t`Call address`}
            description={t`Meeting number[##password][@IP], or a SIP/H.323 address`}
            value={address}
            onChange={(e) => setAddress(e.currentTarget.value)}
            error={error === 'addressRequired' || error === 'addressFormat' ? messages[error] : undefined}
            data-autofocus
          />
          <TextInput
            label={t`Display name`}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={error === 'nameRequired' || error === 'nameTooLong' ? messages[error] : undefined}
          />
          <Select
            label={t`Call type`}
            allowDeselect={false}
            value={usrType}
            onChange={(v) => v && setUsrType(v)}
            data={[
              { value: '2', label: 'SIP' },
              { value: '1', label: 'H.323' },
              { value: '7', label: t`Sub-venue (cascaded meeting)` },
            ]}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              <Trans>Cancel</Trans>
            </Button>
            <Button type="submit" disabled={sent}>
              <Trans>Call</Trans>
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
