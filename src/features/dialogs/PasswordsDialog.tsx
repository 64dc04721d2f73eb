/**
 * Changes some of the meeting's join, host and supervisor passwords. The wire never tells the
 * console the current passwords, so every field starts empty and an empty field means "keep it":
 * one password can be changed alone, and only the typed ones are sent (the server checks the
 * whole set, e.g. that all three still differ). Removing the join password is its own choice,
 * since an empty join field means "unchanged". The rule for the typed ones is injected from
 * protocol/validation.ts.
 */
import { useState } from 'react';
import { Checkbox, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { refusalText } from '#/i18n/refusal';
import type { NotOfferedReason } from '@machines/commands/notOffered';
import { NotOfferedNote } from '#/session/notOffered';
import { FormFooter } from '#/components/FormFooter';
import { NO_PASSWORD_CHANGE, changedPasswords, type PasswordChange } from './passwordChange';

export interface PasswordsDialogProps {
  opened: boolean;
  /** true while the save is on its way */
  pending?: boolean;
  /** refusal of the last save; default none */
  refusal?: unknown;
  /** the rule for the typed passwords: a result code when they may not be saved, undefined when they may */
  validate: (change: PasswordChange) => number | undefined;
  onSave: (change: PasswordChange) => void;
  onClose: () => void;
  /** the platform refused mr-pwd as unknown: saving is disabled, the reason said; default offered */
  notOffered?: NotOfferedReason;
}

export function PasswordsDialog({ opened, pending = false, refusal, validate, onSave, onClose, notOffered }: PasswordsDialogProps) {
  const { t, i18n } = useLingui();
  const [form, setForm] = useState<PasswordChange>(NO_PASSWORD_CHANGE);
  const [problem, setProblem] = useState<number | 'nothing' | undefined>(undefined);
  const fallback = t`The request failed, please try again`;
  const message =
    problem === 'nothing'
      ? t`Type the password you want to change`
      : (refusalText(problem, i18n.locale, fallback) ?? refusalText(refusal, i18n.locale, fallback));
  const set = (patch: Partial<PasswordChange>) => {
    setForm((f) => ({ ...f, ...patch }));
    setProblem(undefined);
  };
  const keep = t`Unchanged`;
  return (
    <Modal opened={opened} onClose={onClose} title={t`Meeting passwords`} centered>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (Object.keys(changedPasswords(form)).length === 0) {
            setProblem('nothing');
            return;
          }
          const found = validate(form);
          setProblem(found);
          if (found === undefined) onSave(form);
        }}
      >
        <Stack gap="sm">
          <Text size="sm">
            <Trans>Type only the passwords you want to change; an empty field keeps the current one.</Trans>
          </Text>
          <PasswordInput
            label={t`Join password`}
            inputMode="numeric"
            placeholder={keep}
            disabled={form.removeJoin}
            value={form.removeJoin ? '' : form.join}
            onChange={(e) => set({ join: e.currentTarget.value })}
          />
          <Checkbox label={t`No join password`} checked={form.removeJoin} onChange={(e) => set({ removeJoin: e.currentTarget.checked })} />
          <PasswordInput
            label={t`Host password`}
            inputMode="numeric"
            placeholder={keep}
            value={form.host}
            onChange={(e) => set({ host: e.currentTarget.value })}
          />
          <PasswordInput
            label={t`Supervisor password`}
            inputMode="numeric"
            placeholder={keep}
            value={form.supervisor}
            onChange={(e) => set({ supervisor: e.currentTarget.value })}
          />
          <NotOfferedNote reason={notOffered} />
          <FormFooter
            message={message}
            pending={pending}
            disabled={notOffered !== undefined}
            onCancel={onClose}
            submitLabel={<Trans>Save passwords</Trans>}
          />
        </Stack>
      </form>
    </Modal>
  );
}
