// @vitest-environment happy-dom
/**
 * The participant toolbar holds one line (issue 26): what does not fit goes into "More", the least
 * important first, and each control acts the same from there. happy-dom lays nothing out, so the
 * widths are given: every control 100 px, the More button 60 px, the line 650 px.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { TabActions, type TabActionsProps } from './TabActions';
import { installDomShims, renderUi } from '#/testing/render';

const saved = {
  offset: Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'offsetWidth'),
  client: Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientWidth'),
};

beforeAll(() => {
  installDomShims();
  Object.defineProperty(HTMLElement.prototype, 'offsetWidth', {
    configurable: true,
    get(this: HTMLElement) {
      if (this.hasAttribute('data-toolbar-item')) return 100;
      if (this.hasAttribute('data-toolbar-more')) return 60;
      return 0;
    },
  });
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', {
    configurable: true,
    get(this: HTMLElement) {
      return this.getAttribute('role') === 'toolbar' ? 650 : 0;
    },
  });
});
afterAll(() => {
  if (saved.offset) Object.defineProperty(HTMLElement.prototype, 'offsetWidth', saved.offset);
  if (saved.client) Object.defineProperty(HTMLElement.prototype, 'clientWidth', saved.client);
});
afterEach(cleanup);

function toolbar(over: Partial<TabActionsProps> = {}) {
  const onCommand = vi.fn();
  const onOpenDialog = vi.fn();
  renderUi(
    <TabActions
      flags={{ allGuestsMute: false, audienceListenRestricted: false, audienceWatchRestricted: false }}
      countOnline={() => 3}
      selectedIds={['7']}
      waitingTab={false}
      sort="custom"
      onSortChange={() => {}}
      onClearSelection={() => {}}
      onCommand={onCommand}
      onOpenDialog={onOpenDialog}
      {...over}
    />,
  );
  return { onCommand, onOpenDialog };
}

const bar = () => screen.getByRole('toolbar', { name: 'Participant actions' });

async function openMore() {
  fireEvent.click(within(bar()).getByRole('button', { name: 'More' }));
  const list = await screen.findByTestId('participant-toolbar-more-list');
  expect(list.getAttribute('role')).toBe('dialog');
  expect(list.getAttribute('aria-label')).toBe('More participant actions');
  return list;
}

describe('the participant toolbar on one line', () => {
  it('keeps the frequent actions on the line and moves the rest into More', async () => {
    toolbar();
    // 60 (More) + 5 × (100 + 8 gap) = 600 of 650: five stay, by priority
    await waitFor(() => expect(bar().getAttribute('data-hidden-items')).not.toBe(''));
    for (const name of ['Temporary call', 'Add from address book', 'Mute selected', 'Unmute selected']) {
      expect(within(bar()).getByRole('button', { name })).toBeTruthy();
    }
    expect(within(bar()).getByTestId('selected-count').textContent).toBe('1 selected');
    for (const name of ['Mute all', 'Roll call', 'All leave']) expect(within(bar()).queryByRole('button', { name })).toBeNull();
    expect(within(bar()).getByRole('button', { name: 'More' }).getAttribute('aria-haspopup')).toBe('dialog');

    const list = await openMore();
    for (const name of ['Mute all', 'Cancel mute all', 'Roll call', 'All leave', 'Lower all hands', 'Clear selection']) {
      expect(within(list).getByRole('button', { name, hidden: true })).toBeTruthy();
    }
    expect(within(list).getByRole('switch', { name: 'Guest mute', hidden: true })).toBeTruthy();
    expect(within(list).getByTestId('focus-mode')).toBeTruthy();
  });

  it('acts the same from More, and an action done closes the list', async () => {
    const { onCommand, onOpenDialog } = toolbar();
    await waitFor(() => expect(bar().getAttribute('data-hidden-items')).not.toBe(''));

    fireEvent.click(within(await openMore()).getByRole('button', { name: 'Mute all', hidden: true }));
    expect(onCommand).toHaveBeenLastCalledWith({ type: 'muteAll', on: true });
    await waitFor(() => expect(screen.queryByTestId('participant-toolbar-more-list')).toBeNull());

    fireEvent.click(within(await openMore()).getByRole('button', { name: 'Roll call', hidden: true }));
    expect(onOpenDialog).toHaveBeenLastCalledWith('rollCall');

    fireEvent.click(within(await openMore()).getByRole('switch', { name: 'Guest mute', hidden: true }));
    expect(onCommand).toHaveBeenLastCalledWith({ type: 'status', key: 'all_guests_mute', value: 1 });

    // a menu in the list opens in place; its item acts
    const list = screen.queryByTestId('participant-toolbar-more-list') ?? (await openMore());
    fireEvent.click(within(list).getByRole('button', { name: 'Listening and watching', hidden: true }));
    fireEvent.click(await within(list).findByRole('menuitem', { name: 'Forbid all listening', hidden: true }));
    expect(onCommand).toHaveBeenLastCalledWith({ type: 'listenAll', allow: false });
  });

  it('keeps the hand tab’s own actions on the line there', async () => {
    toolbar({ handTab: true, raisedIds: () => ['7'], anyRaised: true });
    await waitFor(() => expect(bar().getAttribute('data-hidden-items')).not.toBe(''));
    for (const name of ['Permit selected', 'Refuse selected', 'Temporary call'])
      expect(within(bar()).getByRole('button', { name })).toBeTruthy();
    expect(within(bar()).queryByRole('button', { name: 'Mute selected' })).toBeNull();
    const list = await openMore();
    expect(within(list).getByRole('button', { name: 'Permit all hands', hidden: true })).toBeTruthy();
  });
});
