/**
 * Meeting share: share link, app QR code, mini-program QR code and meeting address, each with
 * its own failure message (spec §8), so one missing item does not hide the others. An item the
 * platform answers "not implemented" (9999) is one nobody configured (a default install has no
 * join page, SHARE_BASE_URL): said calmly as such, not as a failure (issue 26).
 */
import { Alert, Button, CopyButton, Group, Loader, Stack, Text, TextInput } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ShareInfoResponse, ShareItem } from '@protocol/wire';
import { RC } from '@protocol/codes';
import { QrCode } from './QrCode';

export interface SharePanelProps {
  /** the share answer, undefined while loading */
  info: ShareInfoResponse | undefined;
  /** the request itself failed (every item is then unavailable) */
  failed?: boolean;
  /** asks for the share data again */
  onReload: () => void;
}

type ItemKey = 'share_link' | 'app_qrcode' | 'mini_qrcode' | 'mr_addr';

export function SharePanel({ info, failed = false, onReload }: SharePanelProps) {
  const { t } = useLingui();
  if (!info && !failed) return <Loader size="sm" aria-label={t`Loading share information`} />;
  const item = (key: ItemKey): ShareItem => (info ? info[key] : { result: -1 });
  const failure: Record<ItemKey, string> = {
    share_link: t`Failed to get the share link`,
    app_qrcode: t`Failed to get the app QR code`,
    mini_qrcode: t`Failed to get the mini-program QR code`,
    mr_addr: t`Failed to get the meeting address`,
  };
  const notConfigured: Record<ItemKey, string> = {
    share_link: t`No share link is configured for this meeting platform.`,
    app_qrcode: t`No app QR code is configured for this meeting platform.`,
    mini_qrcode: t`No mini-program is configured for this meeting platform.`,
    mr_addr: t`No meeting address is configured for this meeting platform.`,
  };
  const unconfigured = (key: ItemKey) => info !== undefined && item(key).result === RC.notImplemented;
  /** a failure as an alert; an item nobody configured as a grey note */
  const missing = (key: ItemKey) =>
    unconfigured(key) ? (
      <Text size="sm" c="dimmed" data-share-item={key} data-state="unconfigured">
        {notConfigured[key]}
      </Text>
    ) : (
      <Alert color="orange" role="alert" data-share-item={key} data-state="failed">
        {failure[key]}
      </Alert>
    );
  const label: Record<ItemKey, string> = {
    share_link: t`Share link`,
    app_qrcode: t`App QR code`,
    mini_qrcode: t`Mini-program QR code`,
    mr_addr: t`Meeting address`,
  };
  const textItem = (key: 'share_link' | 'mr_addr') => {
    const it = item(key);
    return it.result === 0 && it.value !== undefined ? (
      <Group key={key} align="flex-end" gap="xs" data-share-item={key} data-state="ok">
        <TextInput style={{ flex: 1 }} label={label[key]} value={it.value} readOnly />
        <CopyButton value={it.value}>
          {({ copied, copy }) => (
            <Button size="xs" variant="light" onClick={copy} aria-label={t`Copy ${label[key]}`}>
              {copied ? t`Copied` : t`Copy`}
            </Button>
          )}
        </CopyButton>
      </Group>
    ) : (
      <div key={key}>{missing(key)}</div>
    );
  };
  const codeItem = (key: 'app_qrcode' | 'mini_qrcode') => {
    const it = item(key);
    return (
      <Stack
        key={key}
        gap={4}
        align="center"
        data-share-item={key}
        data-state={it.result === 0 ? 'ok' : unconfigured(key) ? 'unconfigured' : 'failed'}
      >
        <Text size="sm" fw={500}>
          {label[key]}
        </Text>
        {it.result === 0 && it.value !== undefined ? (
          <QrCode text={it.value} size={140} label={label[key]} />
        ) : unconfigured(key) ? (
          <Text size="sm" c="dimmed">
            {notConfigured[key]}
          </Text>
        ) : (
          <Alert color="orange" role="alert">
            {failure[key]}
          </Alert>
        )}
      </Stack>
    );
  };
  return (
    <Stack gap="sm" data-testid="share-panel">
      {textItem('share_link')}
      {textItem('mr_addr')}
      <Group grow align="flex-start">
        {codeItem('app_qrcode')}
        {codeItem('mini_qrcode')}
      </Group>
      <Group justify="flex-end">
        <Button size="xs" variant="subtle" onClick={onReload}>
          <Trans>Reload</Trans>
        </Button>
      </Group>
    </Stack>
  );
}
