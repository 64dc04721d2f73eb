// @vitest-environment happy-dom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { AddressBookDialog } from './AddressBookDialog';
import { DepartmentSearchNotOffered, type AddressBookSource, type DepartmentSearch } from './addressBookSource';
import { installDomShims, renderUi } from '#/testing/render';
import { ConnectionLostState } from '#/session/connectionLost';

beforeAll(installDomShims);
afterEach(cleanup);

function fakeSource(
  total: number,
  departments: () => Promise<DepartmentSearch> = async () => ({ tooMany: false, departments: [] }),
): AddressBookSource {
  const ids = Array.from({ length: Math.min(total, 500) }, (_, i) => i + 1);
  return {
    topDepartments: async () => [{ id: 1, name: 'Sales' }],
    childDepartments: async () => [{ id: 2, name: 'North' }],
    searchDepartments: departments,
    searchUsers: vi.fn(async () => ({ ids, total, tooMany: total > 500 })),
    users: async (page) => page.map((id) => ({ id, name: `User ${id}`, callAddr: `${id}@sip` })),
    // odd users are online
    onlineStatus: async (page) => new Map(page.map((id) => [id, id % 2 === 1])),
  };
}

const findDepartments = async (name: string) => {
  fireEvent.change(await screen.findByLabelText('Search departments'), { target: { value: name } });
  fireEvent.click(screen.getByRole('button', { name: 'Find departments' }));
};

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
    // 50 Mantine checkboxes per page: slow on a loaded machine, not a timing check
  }, 60_000);

  it('expands the department tree and adds a whole department', async () => {
    const onAddDepartment = vi.fn();
    renderUi(<AddressBookDialog source={fakeSource(3)} onAddUsers={vi.fn()} onAddDepartment={onAddDepartment} onClose={vi.fn()} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Expand Sales' }));
    fireEvent.click(await screen.findByRole('button', { name: 'North' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Add department North' }));
    expect(onAddDepartment).toHaveBeenCalledWith(2);
  });

  it('shows each listed user online or offline', async () => {
    renderUi(<AddressBookDialog source={fakeSource(3)} onAddUsers={vi.fn()} onAddDepartment={vi.fn()} onClose={vi.fn()} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Search' }));
    await waitFor(() => expect(screen.getAllByTestId('online-status')).toHaveLength(3));
    const items = screen.getAllByRole('listitem').filter((item) => !item.closest('nav'));
    expect(items.map((item) => item.textContent)).toEqual(['User 1 · 1@sip● Online', 'User 2 · 2@sip○ Offline', 'User 3 · 3@sip● Online']);
  });

  it('finds departments by name and lists the members of the one picked', async () => {
    const source = fakeSource(3, async () => ({ tooMany: false, departments: [{ id: 7, name: '华东分公司 017' }] }));
    const onAddDepartment = vi.fn();
    renderUi(<AddressBookDialog source={source} onAddUsers={vi.fn()} onAddDepartment={onAddDepartment} onClose={vi.fn()} />);
    await findDepartments('华东');
    expect((await screen.findByTestId('department-search-total')).textContent).toBe('1 departments found');
    fireEvent.click(screen.getByRole('button', { name: '华东分公司 017' }));
    await waitFor(() => expect(source.searchUsers).toHaveBeenCalledWith({ keyword: '', depId: 7 }));
    fireEvent.click(await screen.findByRole('button', { name: 'Add department 华东分公司 017' }));
    expect(onAddDepartment).toHaveBeenCalledWith(7);
    // back to the tree
    fireEvent.click(screen.getByRole('button', { name: 'All departments' }));
    expect(await screen.findByRole('button', { name: 'Expand Sales' })).toBeTruthy();
  });

  it('more than 500 departments asks for narrower criteria and lists none', async () => {
    renderUi(
      <AddressBookDialog
        source={fakeSource(3, async () => ({ tooMany: true, total: 600 }))}
        onAddUsers={vi.fn()}
        onAddDepartment={vi.fn()}
        onClose={vi.fn()}
      />,
    );
    await findDepartments('分公司');
    expect((await screen.findByTestId('department-search-too-many')).textContent).toContain('More than 500 departments found (600)');
    // no department of the search is listed; the tree stays to browse
    expect(screen.queryByTestId('department-search-total')).toBeNull();
    expect(screen.getByRole('navigation', { name: 'Departments' })).toBeTruthy();
  });

  it('says so when the platform offers no department search by name', async () => {
    renderUi(
      <AddressBookDialog
        source={fakeSource(3, () => Promise.reject(new DepartmentSearchNotOffered()))}
        onAddUsers={vi.fn()}
        onAddDepartment={vi.fn()}
        onClose={vi.fn()}
      />,
    );
    await findDepartments('x');
    expect((await screen.findByRole('status')).textContent).toBe('Department search by name is not offered by this platform');
    expect(screen.getByRole('button', { name: 'Expand Sales' })).toBeTruthy();
  });
});

describe('AddressBookDialog while the connection is lost', () => {
  it('adding picked users waits with the reason shown; searching still works', async () => {
    const onAddUsers = vi.fn();
    renderUi(
      <ConnectionLostState value>
        <AddressBookDialog source={fakeSource(3)} onAddUsers={onAddUsers} onAddDepartment={vi.fn()} onClose={vi.fn()} />
      </ConnectionLostState>,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Search' }));
    fireEvent.click(await screen.findByRole('checkbox', { name: 'User 1 · 1@sip' }));
    const add = screen.getByRole('button', { name: 'Add 1 selected' }) as HTMLButtonElement;
    expect(add.disabled).toBe(true);
    expect(screen.getByText('The connection is lost: this can be confirmed once it is back.')).toBeTruthy();
    fireEvent.click(add);
    expect(onAddUsers).not.toHaveBeenCalled();
  });
});
