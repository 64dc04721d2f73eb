/**
 * Creates a user-defined filter tab (spec §5 "Names and tabs"): name required, at most 20 tabs,
 * with the spec's exact messages. The tab filters by text and, optionally, by the participants
 * selected when it was made.
 */
import { useState } from 'react';
import { Checkbox, Modal, Stack, TextInput } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { checkCustomTab, type CustomTabError } from './validationBridge';
import type { CustomTab } from './participantModel';
import { FormFooter } from '#/components/FormFooter';

export interface CustomTabDialogProps {
  /** shows the dialog */
  opened: boolean;
  /** tabs the user already has (the limit counts them) */
  existing: readonly CustomTab[];
  /** usr_ids currently selected in the table */
  selectedIds: readonly string[];
  /** closes without saving */
  onClose: () => void;
  /** saves the new tab */
  onCreate: (tab: CustomTab) => void;
}

export function CustomTabDialog({ opened, existing, selectedIds, onClose, onCreate }: CustomTabDialogProps) {
  const { t } = useLingui();
  const [name, setName] = useState('');
  const [query, setQuery] = useState('');
  const [useSelection, setUseSelection] = useState(selectedIds.length > 0);
  const [error, setError] = useState<CustomTabError | null>(null);

  const messages: Record<CustomTabError, string> = {
    nameRequired: t`Tag name cannot be empty`,
    tooMany: t`Up to 20 tabs supported`,
    invalid: t`The input information is incorrect`,
  };

  const submit = () => {
    const problem = checkCustomTab(
      name,
      query,
      existing.map((tab) => tab.name),
      existing.length,
      useSelection && selectedIds.length > 0,
    );
    if (problem) {
      setError(problem);
      return;
    }
    onCreate({
      id: `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`,
      name: name.trim(),
      query: query.trim(),
      usrIds: useSelection ? [...selectedIds] : [],
    });
    setName('');
    setQuery('');
    setError(null);
  };

  return (
    <Modal opened={opened} onClose={onClose} title={t`New tab`}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Stack>
          <TextInput label={t`Tab name`} value={name} onChange={(e) => setName(e.currentTarget.value)} data-autofocus />
          <TextInput label={t`Name or address contains`} value={query} onChange={(e) => setQuery(e.currentTarget.value)} />
          <Checkbox
            label={t`Only the ${selectedIds.length} selected participants`}
            checked={useSelection}
            disabled={selectedIds.length === 0}
            onChange={(e) => setUseSelection(e.currentTarget.checked)}
          />
          <FormFooter message={error ? messages[error] : undefined} onCancel={onClose} submitLabel={<Trans>Save</Trans>} />
        </Stack>
      </form>
    </Modal>
  );
}
