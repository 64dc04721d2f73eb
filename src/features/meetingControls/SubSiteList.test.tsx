// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { SubSiteList, type SubSiteListProps } from './SubSiteList';
import { renderUi } from '#/testing/render';

afterEach(cleanup);

const BRANCH = { usrId: 'c1', name: 'Branch venue', online: true };
const DEPOT = { usrId: 'c2', name: 'Depot', online: false };

function renderList(props: Partial<SubSiteListProps> = {}) {
  const handlers = { onDelete: vi.fn(), onUndo: vi.fn(), onHide: vi.fn() };
  renderUi(<SubSiteList subSites={[BRANCH, DEPOT]} removals={{}} hidden={new Set()} {...handlers} {...props} />);
  return handlers;
}

describe('SubSiteList', () => {
  it('shows each sub-site with its name, id and presence', () => {
    renderList();
    expect(screen.getByText('Branch venue')).toBeTruthy();
    expect(screen.getByText('ID c1')).toBeTruthy();
    expect(screen.getByText('ID c2 · offline')).toBeTruthy();
  });

  it('Delete and the hide switch ask for the sub-site by name', () => {
    const h = renderList({ hidden: new Set(['c2']) });
    fireEvent.click(screen.getByRole('button', { name: 'Delete Branch venue' }));
    expect(h.onDelete).toHaveBeenCalledWith(BRANCH);
    const hideDepot = screen.getByRole('switch', { name: 'Hide Depot' }) as HTMLInputElement;
    expect(hideDepot.checked).toBe(true);
    fireEvent.click(hideDepot);
    expect(h.onHide).toHaveBeenCalledWith('c2', false);
    fireEvent.click(screen.getByRole('switch', { name: 'Hide Branch venue' }));
    expect(h.onHide).toHaveBeenCalledWith('c1', true);
  });

  it('inside the delay the row offers Undo instead of Delete; once sent, neither', () => {
    const h = renderList({ removals: { c1: 'undoable', c2: 'sending' } });
    expect(screen.queryByRole('button', { name: 'Delete Branch venue' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Undo deleting Branch venue' }));
    expect(h.onUndo).toHaveBeenCalledWith('c1');
    expect(screen.queryByRole('button', { name: 'Undo deleting Depot' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete Depot' })).toBeNull();
    expect(screen.getAllByText('Deleting…')).toHaveLength(2);
  });

  it('keeps the keyboard on the row: Undo takes the focus from Delete and gives it back', () => {
    cleanup();
    const onUndo = vi.fn();
    const { rerender } = renderUi(
      <SubSiteList
        subSites={[BRANCH]}
        removals={{ c1: 'undoable' }}
        hidden={new Set()}
        onDelete={() => {}}
        onUndo={onUndo}
        onHide={() => {}}
      />,
    );
    const undo = screen.getByRole('button', { name: 'Undo deleting Branch venue' });
    expect(document.activeElement).toBe(undo);
    fireEvent.click(undo);
    rerender(<SubSiteList subSites={[BRANCH]} removals={{}} hidden={new Set()} onDelete={() => {}} onUndo={onUndo} onHide={() => {}} />);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Delete Branch venue' }));
  });

  it('says when no sub-site is attached, and shows a refusal under its sub-site', () => {
    renderList({ subSites: [] });
    expect(screen.getByText('No sub-site is attached.')).toBeTruthy();
    cleanup();
    renderList({ error: { usrId: 'c2', text: 'Participant not found' } });
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe('Participant not found');
    expect(alert.closest('[data-usr-id]')?.getAttribute('data-usr-id')).toBe('c2');
  });
});
