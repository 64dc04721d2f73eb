// @vitest-environment happy-dom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { NotificationLists } from './NotificationLists';
import { installDomShims, renderUi } from '#/testing/render';

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
    // with the endpoint type it names (issue 30)
    expect(await screen.findByText('Lab (lab@10.0.0.2, SIP endpoint): The peer is busy')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Controllers/ }));
    expect(await screen.findByText('Controller 10.0.0.8 joined')).toBeTruthy();
  });

  it('a count over 99 shows whole (no "99+"), in the language\'s digits grouping', () => {
    renderUi(
      <NotificationLists
        controllers={[]}
        failedCalls={[]}
        leftCalls={[]}
        unread={{ controllers: 0, failedCalls: 0, leftCalls: 1234 }}
        onRead={() => {}}
      />,
    );
    const left = screen.getByRole('button', { name: /Left members/ });
    expect(left.getAttribute('data-unread')).toBe('1234');
    expect(screen.getByTestId('unread-count').textContent).toBe('1,234');
  });

  it('Escape closes an open list wherever focus is', async () => {
    renderUi(
      <NotificationLists
        controllers={[]}
        failedCalls={[{ time: 1_700_000_000, reason: 'busy', epType: 'sip', nickName: 'Lab', peerAddr: 'lab@10.0.0.2' }]}
        leftCalls={[]}
        unread={{ controllers: 0, failedCalls: 1, leftCalls: 0 }}
        onRead={() => {}}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: /Failed calls/ }));
    expect(await screen.findByRole('list', { name: 'Failed calls' })).toBeTruthy();
    fireEvent.keyDown(window, { key: 'Escape' });
    await vi.waitFor(() => expect(screen.queryByRole('list', { name: 'Failed calls' })).toBeNull());
  });
});
