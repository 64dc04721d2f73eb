// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { managementSessionOf, roomPropertiesOf } from '@protocol/management';
import { renderUi } from '#/testing/render';
import { ManagementSessionFacts } from './ManagementSessionFacts';

afterEach(cleanup);

describe('ManagementSessionFacts', () => {
  it('shows the admin flag, admin address, client IP and the room limits, and offers booking', async () => {
    const onBook = vi.fn();
    const session = managementSessionOf(
      { session_id: 's', nick_name: 'Administrator', last_login_time: 0 },
      { is_admin: 1, admin_addr: 'http://127.0.0.1:8080/', client_ip: '127.0.0.1' },
      'admin',
    );
    renderUi(
      <ManagementSessionFacts
        session={session}
        room={roomPropertiesOf({ max_call: 1500, region_id: '-1' })}
        onBook={onBook}
        onClose={() => {}}
      />,
    );
    expect((await screen.findByTestId('mgmt-is-admin')).textContent).toBe('Yes');
    expect(screen.getByTestId('mgmt-admin-addr').textContent).toBe('http://127.0.0.1:8080/');
    expect(screen.getByTestId('mgmt-client-ip').textContent).toBe('127.0.0.1');
    expect(screen.getByTestId('mgmt-max-call').textContent).toBe('1500');
    expect(screen.getByTestId('mgmt-region').textContent).toBe('Default');
    fireEvent.click(screen.getByRole('button', { name: 'Book next meeting' }));
    expect(onBook).toHaveBeenCalled();
  });

  it('says "not told" and "platform default" where the platform said nothing', async () => {
    const session = managementSessionOf({ session_id: 's' }, { result: 0 }, 'ops');
    renderUi(<ManagementSessionFacts session={session} room={roomPropertiesOf({})} onClose={() => {}} />);
    expect((await screen.findByTestId('mgmt-is-admin')).textContent).toBe('not told');
    expect(screen.getByTestId('mgmt-client-ip').textContent).toBe('not told');
    expect(screen.getByTestId('mgmt-max-call').textContent).toBe('1000 (platform default)');
    expect(screen.queryByRole('button', { name: 'Book next meeting' })).toBeNull();
  });
});
