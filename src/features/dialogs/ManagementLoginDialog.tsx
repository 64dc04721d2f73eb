/**
 * Management-platform login: login id, password and a digits-only picture code. The form rule is
 * injected (protocol/validation.ts); a refused login keeps what was typed, shows why, and asks
 * for a fresh code (a code is single use). Once logged in it shows the session it holds
 * (ManagementSessionFacts) and what it is for.
 */
import { useState } from 'react';
import { Group, Image, Modal, PasswordInput, Stack, TextInput, UnstyledButton } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { refusalText } from '#/i18n/refusal';
import type { ManagementSession, RoomProperties } from '@protocol/management';
import { FormFooter } from '#/components/FormFooter';
import { ManagementSessionFacts } from './ManagementSessionFacts';

export interface ManagementLoginForm {
  loginId: string;
  password: string;
  code: string;
}

export interface ManagementLoginDialogProps {
  opened: boolean;
  /** picture of the verification code (data: URL), undefined while loading */
  codeImage: string | undefined;
  /** true while the login is on its way */
  pending?: boolean;
  /** refusal of the last login (result code or error); default none */
  refusal?: unknown;
  /** the form rule: a result code when the form may not be sent, undefined when it may */
  validate: (form: ManagementLoginForm) => number | undefined;
  /** fetches a new verification code */
  onRefreshCode: () => void;
  onSubmit: (form: ManagementLoginForm) => void;
  onClose: () => void;
  /** the session of a login that succeeded: the dialog shows it instead of the form */
  session?: ManagementSession;
  /** the room's properties shown beside the session */
  room?: RoomProperties;
  /** opens the booking of the room's next meeting (after a login) */
  onBook?: () => void;
}

export function ManagementLoginDialog(props: ManagementLoginDialogProps) {
  const { opened, codeImage, pending = false, refusal, validate, onRefreshCode, onSubmit, onClose, session, room, onBook } = props;
  const { t, i18n } = useLingui();
  const [form, setForm] = useState<ManagementLoginForm>({
    loginId: '',
    password: '',
    code: '',
  });
  const [problem, setProblem] = useState<number | undefined>(undefined);
  const fallback = t`The request failed, please try again`;
  const message = refusalText(problem, i18n.locale, fallback) ?? refusalText(refusal, i18n.locale, fallback);
  const set = (patch: Partial<ManagementLoginForm>) => {
    setForm((f) => ({ ...f, ...patch }));
    setProblem(undefined);
  };
  return (
    <Modal opened={opened} onClose={onClose} title={t`Platform management login`} centered>
      {session && room ? (
        <ManagementSessionFacts session={session} room={room} onBook={onBook} onClose={onClose} />
      ) : (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            const trimmed = {
              loginId: form.loginId.trim(),
              password: form.password,
              code: form.code.trim(),
            };
            const found = validate(trimmed);
            setProblem(found);
            if (found === undefined) onSubmit(trimmed);
          }}
        >
          <Stack gap="sm">
            <TextInput
              label={t`Login ID`}
              value={form.loginId}
              autoComplete="username"
              onChange={(e) => set({ loginId: e.currentTarget.value })}
            />
            <PasswordInput
              label={t`Password`}
              value={form.password}
              autoComplete="current-password"
              onChange={(e) => set({ password: e.currentTarget.value })}
            />
            <Group align="flex-end" wrap="nowrap">
              <TextInput
                style={{ flex: 1 }}
                label={t`Verification code`}
                inputMode="numeric"
                value={form.code}
                onChange={(e) => set({ code: e.currentTarget.value })}
              />
              <UnstyledButton onClick={onRefreshCode} aria-label={t`Refresh verification code`} data-testid="mgmt-code-image">
                {codeImage ? (
                  <Image src={codeImage} h={36} w={100} alt={t`Verification code picture`} />
                ) : (
                  <span style={{ display: 'inline-block', width: 100, height: 36 }} />
                )}
              </UnstyledButton>
            </Group>
            <FormFooter message={message} pending={pending} onCancel={onClose} submitLabel={<Trans>Log in</Trans>} />
          </Stack>
        </form>
      )}
    </Modal>
  );
}
