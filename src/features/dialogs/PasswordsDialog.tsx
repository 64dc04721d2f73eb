/**
 * Edits the meeting's join, host and supervisor passwords. The rule (host and supervisor not
 * empty, digits only, all three different) is injected from protocol/validation.ts.
 */
import { useState } from 'react';
import { Modal, PasswordInput, Stack } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { refusalText } from '#/i18n/refusal';
import type { NotOfferedReason } from '@machines/commands/notOffered';
import { NotOfferedNote } from '#/session/notOffered';
import { FormFooter } from './FormFooter';

export interface MeetingPasswords {
  join: string;
  host: string;
  supervisor: string;
}

export interface PasswordsDialogProps {
  opened: boolean;
  /** the passwords to start from */
  initial: MeetingPasswords;
  /** true while the save is on its way */
  pending?: boolean;
  /** refusal of the last save; default none */
  refusal?: unknown;
  /** the password rule: a result code when the set may not be saved, undefined when it may */
  validate: (passwords: MeetingPasswords) => number | undefined;
  onSave: (passwords: MeetingPasswords) => void;
  onClose: () => void;
  /** the platform refused mr-pwd as unknown: saving is disabled, the reason said; default offered */
  notOffered?: NotOfferedReason;
}

export function PasswordsDialog({ opened, initial, pending = false, refusal, validate, onSave, onClose, notOffered }: PasswordsDialogProps) {
  const { t, i18n } = useLingui();
  const [form, setForm] = useState<MeetingPasswords>(initial);
  const [problem, setProblem] = useState<number | undefined>(undefined);
  const fallback = t`The request failed, please try again`;
  const message = refusalText(problem, i18n.locale, fallback) ?? refusalText(refusal, i18n.locale, fallback);
  const set = (patch: Partial<MeetingPasswords>) => {
    setForm((f) => ({ ...f, ...patch }));
    setProblem(undefined);
  };
  return (
    <Modal opened={opened} onClose={onClose} title={t`Meeting passwords`} centered>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          const found = validate(form);
          setProblem(found);
          if (found === undefined) onSave(form);
        }}
      >
        <Stack gap="sm">
          <PasswordInput label={t`Join password`} inputMode="numeric" value={form.join} onChange={(e) => set({ join: e.currentTarget.value })} />
          <PasswordInput label={t`Host password`} inputMode="numeric" value={form.host} onChange={(e) => set({ host: e.currentTarget.value })} />
          <PasswordInput label={t`Supervisor password`} inputMode="numeric" value={form.supervisor} onChange={(e) => set({ supervisor: e.currentTarget.value })} />
          <NotOfferedNote reason={notOffered} />
          <FormFooter message={message} pending={pending} disabled={notOffered !== undefined} onCancel={onClose} submitLabel={<Trans>Save passwords</Trans>} />
        </Stack>
      </form>
    </Modal>
  );
}
