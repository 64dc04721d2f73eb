import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { loginSelectors, type LoginField, type LoginMachine } from '@machines/index';
import { loginFailureText, loginFieldErrorText } from '#/i18n/messages';
import { VerifyCodePicture } from './VerifyCodePicture';

const selectMrIdError = loginSelectors.selectFieldError('mrId');
const selectPasswordError = loginSelectors.selectFieldError('password');
const selectCodeError = loginSelectors.selectFieldError('code');

/**
 * The three inputs, the picture code and the outcome of the last attempt, all read from the
 * login actor. The panel only forwards what the user does; the machine decides.
 */
export function LoginPanel({
  actor,
}: {
  /** the running login actor */
  actor: ActorRefFrom<LoginMachine>;
}) {
  const { t, i18n } = useLingui();
  const mrId = useSelector(actor, loginSelectors.selectMrId);
  const password = useSelector(actor, loginSelectors.selectPassword);
  const code = useSelector(actor, loginSelectors.selectCode);
  const mrIdError = useSelector(actor, selectMrIdError);
  const passwordError = useSelector(actor, selectPasswordError);
  const codeError = useSelector(actor, selectCodeError);
  const captchaStatus = useSelector(actor, loginSelectors.selectCaptchaStatus);
  const codeImage = useSelector(actor, loginSelectors.selectCodeImage);
  const codeText = useSelector(actor, loginSelectors.selectCodeText);
  const pictureRefused = useSelector(actor, loginSelectors.selectPictureRefused);
  const failure = useSelector(actor, loginSelectors.selectFailure);
  const submitting = useSelector(actor, loginSelectors.selectIsSubmitting);
  const locked = useSelector(actor, loginSelectors.selectIsLocked);
  const lockRemaining = useSelector(actor, loginSelectors.selectLockRemaining);
  // decided once: a meeting number carried in from the URL or the last login puts focus on the password
  const [prefilled] = useState(() => mrId !== '');

  // A wrong password is flagged on its field (issue 26 item 5) until it is changed: focused and
  // selected, so typing replaces it at once, while the arrow keys can still mend one slipped key
  // (a cleared field would make that retyping all of it).
  const passwordInput = useRef<HTMLInputElement>(null);
  const [refusedPassword, setRefusedPassword] = useState<string | null>(null);
  useEffect(() => {
    const sub = actor.on('login.failed', ({ failure: failed }) => {
      if (failed.code !== 'wrongPassword') return setRefusedPassword(null);
      setRefusedPassword(loginSelectors.selectPassword(actor.getSnapshot()));
      passwordInput.current?.focus();
      passwordInput.current?.select();
    });
    return () => sub.unsubscribe();
  }, [actor]);
  const wrongPassword = failure?.code === 'wrongPassword' && refusedPassword !== null && password === refusedPassword;

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
          // eslint-disable-next-line jsx-a11y/no-autofocus -- the form has focus on load (issue 14): the first field still to fill in
          autoFocus={!prefilled}
        />
        <PasswordInput
          label={t`Password`}
          description={t`Host or supervisor password`}
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={edit('password')}
          ref={passwordInput}
          // PasswordInput links neither its error nor its description to the input (withAria off)
          id="login-password"
          aria-invalid={passwordError || wrongPassword ? true : undefined}
          aria-describedby={`${passwordError || wrongPassword ? 'login-password-error ' : ''}login-password-description`}
          error={
            passwordError
              ? loginFieldErrorText(i18n, 'password', passwordError)
              : wrongPassword && (
                  <span role="alert" data-failure="wrongPassword">
                    {loginFailureText(i18n, failure, lockRemaining)}
                  </span>
                )
          }
          // eslint-disable-next-line jsx-a11y/no-autofocus -- with the meeting number prefilled, the password is the first field to fill in (issue 14)
          autoFocus={prefilled}
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
              text={codeText}
              onRefresh={() => actor.send({ type: 'captcha.refresh' })}
            />
          </div>
        </Group>
        {codeText !== '' && pictureRefused && (
          <Text size="xs" c="dimmed" role="note" data-code-kind="text">
            {t`This platform offers no picture code (it refused verify-code, HTTP ${pictureRefused.status}): type the code shown beside the field.`}
          </Text>
        )}
        {failure && failure.code !== 'wrongPassword' && (
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
