// @vitest-environment happy-dom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { AddressBookDialog } from './AddressBookDialog';
import type { AddressBookSource } from './addressBookSource';
import { installDomShims, renderUi } from '#/features/participants/testing/renderUi';

beforeAll(installDomShims);
afterEach(cleanup);

function fakeSource(total: number): AddressBookSource {
  const ids = Array.from({ length: Math.min(total, 500) }, (_, i) => i + 1);
  return {
    topDepartments: async () => [{ id: 1, name: 'Sales' }],
    childDepartments: async () => [{ id: 2, name: 'North' }],
    searchUsers: async () => ({ ids, total, tooMany: total > 500 }),
    users: async (page) => page.map((id) => ({ id, name: `User ${id}`, callAddr: `${id}@sip` })),
  };
}

describe('AddressBookDialog', () => {
  it('more than 500 results asks for narrower criteria and lists nothing', async () => {
    renderUi(<AddressBookDialog source={fakeSource(900)} onAddUsers={vi.fn()} onAddDepartment={vi.fn()} onClose={vi.fn()} />);
    fireEvent.change(await screen.findByLabelText('Search users'), { target: { value: 'a' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByTestId('search-too-many')).toBeTruthy();
    // departments are list items too (in their nav); no user is listed
    expect(screen.queryAllByRole('listitem').filter((item) => !item.closest('nav'))).toHaveLength(0);
  });

  it('pages results by 50 and adds the picked users', async () => {
    const onAddUsers = vi.fn();
    renderUi(<AddressBookDialog source={fakeSource(120)} onAddUsers={onAddUsers} onAddDepartment={vi.fn()} onClose={vi.fn()} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Search' }));
    await waitFor(() => expect(screen.getAllByRole('checkbox')).toHaveLength(50));
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    fireEvent.click(await screen.findByRole('checkbox', { name: 'User 51 · 51@sip' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add 1 selected' }));
    expect(onAddUsers).toHaveBeenCalledWith([51]);
  });

  it('expands the department tree and adds a whole department', async () => {
    const onAddDepartment = vi.fn();
    renderUi(<AddressBookDialog source={fakeSource(3)} onAddUsers={vi.fn()} onAddDepartment={onAddDepartment} onClose={vi.fn()} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Expand Sales' }));
    fireEvent.click(await screen.findByRole('button', { name: 'North' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Add department North' }));
    expect(onAddDepartment).toHaveBeenCalledWith(2);
  });
});
