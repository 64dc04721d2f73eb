/**
 * Renames one participant (spec §5: the name cannot be empty). The dialog keeps what was typed
 * when the server refuses, so nothing is lost.
 */
import { useEffect, useState } from 'react';
import { Modal, Stack, TextInput } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { checkRename, type RenameError } from './validationBridge';
import { FormFooter } from '#/components/FormFooter';

export interface RenameDialogProps {
  /** the participant's current name; null hides the dialog */
  currentName: string | null;
  /** closes without renaming */
  onClose: () => void;
  /** sends the new name (trimmed) */
  onRename: (name: string) => void;
}

export function RenameDialog({ currentName, onClose, onRename }: RenameDialogProps) {
  const { t } = useLingui();
  const [name, setName] = useState(currentName ?? '');
  const [error, setError] = useState<RenameError | null>(null);
  useEffect(() => {
    setName(currentName ?? '');
    setError(null);
  }, [currentName]);

  const messages: Record<RenameError, string> = {
    nameRequired: t`The name cannot be empty`,
    tooLong: t`The name is too long`,
  };

  return (
    <Modal opened={currentName !== null} onClose={onClose} title={t`Rename`}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          const problem = checkRename(name);
          if (problem) return setError(problem);
          onRename(name.trim());
        }}
      >
        <Stack>
          <TextInput
            label={t`New name`}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={error ? messages[error] : undefined}
            data-autofocus
          />
          <FormFooter onCancel={onClose} submitLabel={<Trans>Save</Trans>} />
        </Stack>
      </form>
    </Modal>
  );
}
