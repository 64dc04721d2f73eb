// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { SharePanel } from './SharePanel';
import { renderUi } from '#/testing/render';

afterEach(cleanup);

describe('SharePanel', () => {
  it('shows what the server produced and words each failure', () => {
    renderUi(
      <SharePanel
        info={{
          cmdid: 'share_info',
          share_link: { result: 0, value: 'http://h/join?mr-id=1' },
          app_qrcode: { result: 0, value: 'podium://join?mr_id=1' },
          mini_qrcode: { result: 6002 },
          mr_addr: { result: 0, value: '1@h' },
        }}
        onReload={() => {}}
      />,
    );
    expect((screen.getByLabelText('Share link') as HTMLInputElement).value).toBe('http://h/join?mr-id=1');
    expect(screen.getByRole('img', { name: 'App QR code' }).getAttribute('data-qr-text')).toBe('podium://join?mr_id=1');
    expect(screen.getByText('Failed to get the mini-program QR code')).toBeTruthy();
  });

  it('an item nobody configured (9999, a default install) is said calmly, not as a failure (issue 26)', () => {
    renderUi(
      <SharePanel
        info={{
          cmdid: 'share_info',
          share_link: { result: 9999 },
          app_qrcode: { result: 0, value: 'podium://join?mr_id=1' },
          mini_qrcode: { result: 9999 },
          mr_addr: { result: 0, value: '1@h' },
        }}
        onReload={() => {}}
      />,
    );
    expect(screen.queryAllByRole('alert')).toHaveLength(0);
    expect(screen.queryByText('Failed to get the share link')).toBeNull();
    expect(screen.getByText('No share link is configured for this meeting platform.')).toBeTruthy();
    expect(screen.getByText('No mini-program is configured for this meeting platform.')).toBeTruthy();
  });

  it('words every item as failed when the request failed', () => {
    renderUi(<SharePanel info={undefined} failed onReload={() => {}} />);
    expect(screen.getAllByRole('alert')).toHaveLength(4);
    expect(screen.getByText('Failed to get the meeting address')).toBeTruthy();
  });
});
