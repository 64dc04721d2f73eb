// @vitest-environment happy-dom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { NotificationLists } from './NotificationLists';
import { installDomShims, renderUi } from '#/features/participants/testing/renderUi';

beforeAll(installDomShims);
afterEach(cleanup);

describe('NotificationLists', () => {
  it('shows unread counters and the entries with translated reasons; opening marks read', async () => {
    const onRead = vi.fn();
    renderUi(
      <NotificationLists
        controllers={[{ type: 'in', peerIp: '10.0.0.8', sessionId: 's1', dtm: 1_700_000_000 }]}
        failedCalls={[{ time: 1_700_000_000, reason: 'busy', epType: 'sip', nickName: 'Lab', peerAddr: 'lab@10.0.0.2' }]}
        leftCalls={[]}
        unread={{ controllers: 1, failedCalls: 3, leftCalls: 0 }}
        onRead={onRead}
      />,
    );
    const failed = screen.getByRole('button', { name: /Failed calls/ });
    expect(failed.getAttribute('data-unread')).toBe('3');
    fireEvent.click(failed);
    expect(onRead).toHaveBeenCalledWith('failedCalls');
    expect(await screen.findByText('Lab (lab@10.0.0.2): The peer is busy')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Controllers/ }));
    expect(await screen.findByText('Controller 10.0.0.8 joined')).toBeTruthy();
  });
});
