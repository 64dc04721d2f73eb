import { Alert, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { LoginField, LoginMachine } from '@machines/login/loginMachine';
import {
  selectCaptchaStatus,
  selectCode,
  selectCodeImage,
  selectFailure,
  selectFieldError,
  selectIsLocked,
  selectIsSubmitting,
  selectLockRemaining,
  selectMrId,
  selectPassword,
} from '@machines/login/selectors';
import { loginFailureText, loginFieldErrorText } from '#/i18n/messages';
import { VerifyCodePicture } from './VerifyCodePicture';

const selectMrIdError = selectFieldError('mrId');
const selectPasswordError = selectFieldError('password');
const selectCodeError = selectFieldError('code');

/**
 * The three inputs, the picture code and the outcome of the last attempt, all read from the
 * login actor. The panel only forwards what the user does; the machine decides.
 */
export function LoginPanel({ actor }: {
  /** the running login actor */
  actor: ActorRefFrom<LoginMachine>;
}) {
  const { t, i18n } = useLingui();
  const mrId = useSelector(actor, selectMrId);
  const password = useSelector(actor, selectPassword);
  const code = useSelector(actor, selectCode);
  const mrIdError = useSelector(actor, selectMrIdError);
  const passwordError = useSelector(actor, selectPasswordError);
  const codeError = useSelector(actor, selectCodeError);
  const captchaStatus = useSelector(actor, selectCaptchaStatus);
  const codeImage = useSelector(actor, selectCodeImage);
  const failure = useSelector(actor, selectFailure);
  const submitting = useSelector(actor, selectIsSubmitting);
  const locked = useSelector(actor, selectIsLocked);
  const lockRemaining = useSelector(actor, selectLockRemaining);

  const edit = (field: LoginField) => (e: React.ChangeEvent<HTMLInputElement>) =>
    actor.send({ type: 'login.edit', field, value: e.currentTarget.value });

  return (
    <form
      noValidate
      aria-label={t`Meeting control login`}
      onSubmit={(e) => {
        e.preventDefault();
        actor.send({ type: 'login.submit' });
      }}
    >
      <Stack gap="sm">
        <TextInput
          label={t`Meeting No.`}
          name="mr-id"
          inputMode="numeric"
          autoComplete="off"
          value={mrId}
          onChange={edit('mrId')}
          error={mrIdError && loginFieldErrorText(i18n, 'mrId', mrIdError)}
          data-autofocus
        />
        <PasswordInput
          label={t`Password`}
          description={t`Host or supervisor password`}
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={edit('password')}
          error={passwordError && loginFieldErrorText(i18n, 'password', passwordError)}
        />
        <Group align="flex-start" gap="xs" wrap="nowrap">
          <TextInput
            style={{ flex: 1 }}
            label={t`Verification code`}
            name="code"
            autoComplete="off"
            value={code}
            onChange={edit('code')}
            error={codeError && loginFieldErrorText(i18n, 'code', codeError)}
          />
          <div style={{ paddingTop: '1.55rem' }}>
            <VerifyCodePicture
              status={captchaStatus}
              image={codeImage}
              onRefresh={() => actor.send({ type: 'captcha.refresh' })}
            />
          </div>
        </Group>
        {failure && (
          <Alert color="red" role="alert" data-failure={failure.code}>
            {loginFailureText(i18n, failure, lockRemaining)}
          </Alert>
        )}
        <Button type="submit" loading={submitting} disabled={locked}>
          <Trans>Log in</Trans>
        </Button>
      </Stack>
    </form>
  );
}
