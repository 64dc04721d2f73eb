import { Center, Loader, Text, UnstyledButton } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { loginSelectors } from '@machines/index';

type CaptchaStatus = loginSelectors.CaptchaStatus;

/**
 * The picture verification code. Clicking it asks for a new code (spec §2); while a code loads
 * the area shows a spinner, and when loading failed it says so and a click retries.
 */
export function VerifyCodePicture({
  status,
  image,
  text = '',
  onRefresh,
}: {
  /** loading, ready (image shown) or failed */
  status: CaptchaStatus;
  /** base64 PNG of the code, '' when none */
  image: string;
  /** the code as text instead of a picture (a platform without the picture code); default none */
  text?: string;
  /** called on click: fetch a new code */
  onRefresh: () => void;
}) {
  const { t } = useLingui();
  return (
    <UnstyledButton
      onClick={onRefresh}
      aria-label={t`Refresh the verification code`}
      title={t`Click to get a new code`}
      data-status={status}
      style={{ border: '1px solid var(--mantine-color-gray-4)', borderRadius: 4, width: '9rem', height: '2.6rem', flex: 'none' }}
    >
      <Center h="100%">
        {status === 'ready' && text ? (
          <Text ff="monospace" fw={700} size="lg" data-testid="verify-code-text" aria-label={t`Verification code: ${text}`}>
            {text}
          </Text>
        ) : status === 'ready' && image ? (
          <img src={`data:image/png;base64,${image}`} alt={t`Verification code`} style={{ maxWidth: '100%', maxHeight: '100%' }} />
        ) : status === 'failed' ? (
          <Text size="xs" c="red">
            <Trans>Code unavailable, click to retry</Trans>
          </Text>
        ) : (
          <Loader size="xs" aria-label={t`Loading the verification code`} />
        )}
      </Center>
    </UnstyledButton>
  );
}
