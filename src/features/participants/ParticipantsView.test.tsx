// @vitest-environment happy-dom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { encodeUsrStats, type UsrStatsFlags } from '@protocol/usrStats';
import { ParticipantsView } from './ParticipantsView';
import type { ParticipantRow } from './participantModel';
import { installDomShims, renderUi } from '#/testing/render';
import { readCustomTabs } from './customTabsStore';
import type { MeetingFlags } from './TabActions';

// renders of the toolbar and of the table header's column menu, counted (both render as they are)
const renders = vi.hoisted(() => ({ toolbar: 0, columnMenu: 0 }));
vi.mock('#/components/OverflowToolbar', async (actual) => {
  const real = await actual<typeof import('#/components/OverflowToolbar')>();
  return {
    ...real,
    OverflowToolbar: (props: Parameters<typeof real.OverflowToolbar>[0]) => {
      renders.toolbar += 1;
      return real.OverflowToolbar(props);
    },
  };
});
vi.mock('./ColumnMenu', async (actual) => {
  const real = await actual<typeof import('./ColumnMenu')>();
  return {
    ...real,
    ColumnMenu: (props: Parameters<typeof real.ColumnMenu>[0]) => {
      renders.columnMenu += 1;
      return real.ColumnMenu(props);
    },
  };
});

beforeAll(installDomShims);
beforeEach(() => localStorage.clear());
afterEach(cleanup);

function row(usrId: string, name: string, flags?: Partial<UsrStatsFlags>): ParticipantRow {
  return {
    usrId,
    name,
    epId: flags ? Number(usrId) : null,
    protocol: 1,
    remoteAddr: `${usrId}@10.1.1.1`,
    online: flags !== undefined,
    stats: flags ? encodeUsrStats({ a_rx: 1, a_tx: 1, v_tx: 1, ...flags }) : '',
    order: Number(usrId),
    waiting: flags?.waiting === 1,
  };
}

const rows = [row('1', 'Ann', {}), row('2', 'Ben'), row('3', 'Cy', { hand: 1 }), row('4', 'Di', { waiting: 1 })];

/** The view over {@link rows} with `flags` on top of a quiet three-person meeting. */
function view(
  key: string,
  over: {
    flags?: Partial<MeetingFlags>;
    onCommand?: (...args: unknown[]) => void;
    stale?: boolean;
    podium?: boolean;
    rows?: readonly ParticipantRow[];
  } = {},
) {
  return (
    <ParticipantsView
      rows={over.rows ?? rows}
      flags={{ allGuestsMute: false, audienceListenRestricted: false, audienceWatchRestricted: false, onlineCount: 3, ...over.flags }}
      rollCall={null}
      pending={new Set()}
      busy={false}
      customTabsKey={key}
      onCommand={over.onCommand ?? vi.fn()}
      tableHeight={300}
      stale={over.stale}
      podium={over.podium}
    />
  );
}

function setup(key = 'podium.customTabs.test.host') {
  const onCommand = vi.fn();
  renderUi(view(key, { onCommand }));
  return { onCommand };
}

const rowNames = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((r) => r.getAttribute('aria-label'));

describe('ParticipantsView', () => {
  it('each tab shows its rows and count', () => {
    setup();
    expect(screen.getByRole('tab', { name: 'Offline' }).getAttribute('data-count')).toBe('1');
    fireEvent.click(screen.getByRole('tab', { name: 'Raise hand' }));
    expect(rowNames()).toEqual(['Cy']);
    fireEvent.click(screen.getByRole('tab', { name: 'Waiting room' }));
    expect(rowNames()).toEqual(['Di']);
  });

  it('a new filter tab needs a name, then filters and is kept for the user', async () => {
    setup();
    fireEvent.click(screen.getByRole('button', { name: 'New tab' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Tag name cannot be empty');
    fireEvent.change(screen.getByLabelText('Tab name'), { target: { value: 'Team A' } });
    fireEvent.change(screen.getByLabelText('Name or address contains'), { target: { value: 'n' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(rowNames()).toEqual(['Ann', 'Ben']));
    expect(readCustomTabs('podium.customTabs.test.host').map((t) => t.name)).toEqual(['Team A']);
  });

  it('refuses a 21st tab with the spec message', async () => {
    const tabs = Array.from({ length: 20 }, (_, i) => ({ id: `t${i}`, name: `T${i}`, query: '', usrIds: [] }));
    localStorage.setItem('podium.customTabs.full.host', JSON.stringify(tabs));
    setup('podium.customTabs.full.host');
    fireEvent.click(screen.getByRole('button', { name: 'New tab' }));
    // the dialog opens after the previous test's one has finished closing: more than findBy's default second under load
    fireEvent.change(await screen.findByLabelText('Tab name', undefined, { timeout: 5_000 }), { target: { value: 'one more' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Up to 20 tabs supported');
  });

  it('rename refuses an empty name and sends displayname otherwise', async () => {
    const { onCommand } = setup();
    fireEvent.click(screen.getByRole('button', { name: 'Operations for Ann' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Rename' }));
    const input = await screen.findByLabelText('New name');
    fireEvent.change(input, { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The name cannot be empty')).toBeTruthy();
    expect(onCommand).not.toHaveBeenCalled();
    fireEvent.change(input, { target: { value: ' Annie ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onCommand).toHaveBeenCalledWith({ type: 'eps', action: 'displayname', usrIds: ['1'], value: 'Annie' });
  });

  it('moves the selected rows to the waiting room in one command, after asking who and how many', async () => {
    const { onCommand } = setup();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Ann' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Cy' }));
    fireEvent.click(screen.getByRole('button', { name: 'Move selected to waiting room' }));
    expect((await screen.findByTestId('confirm-message')).textContent).toBe(
      'Move 2 participants (Ann, Cy) out of the meeting into the waiting room?',
    );
    expect(onCommand).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Move 2 participants' }));
    expect(onCommand).toHaveBeenCalledWith({ type: 'eps', action: 'waiting_move', usrIds: ['1', '3'] }, { bulk: true });
  });

  it('refusing from the waiting room asks first, and Cancel sends nothing', async () => {
    const { onCommand } = setup();
    fireEvent.click(screen.getByRole('tab', { name: 'Waiting room' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Di' }));
    fireEvent.click(screen.getByRole('button', { name: 'Refuse selected' }));
    expect((await screen.findByTestId('confirm-message')).textContent).toContain('Refuse 1 person waiting (Di)?');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCommand).not.toHaveBeenCalled();
  });

  it('the search filters the tab by name, address or id and counts the matches', () => {
    setup();
    const box = screen.getByRole('searchbox', { name: /Find participant/ });
    fireEvent.change(box, { target: { value: '3@10' } });
    expect(rowNames()).toEqual(['Cy']);
    expect(screen.getByTestId('search-count').textContent).toBe('1 of 4');
    fireEvent.click(screen.getByRole('tab', { name: 'Offline' }));
    expect(screen.getByTestId('search-count').textContent).toBe('0 of 1');
  });

  it('Ctrl+K from a button and / from the page focus the search box', () => {
    setup();
    const box = screen.getByRole('searchbox', { name: /Find participant/ });
    const mute = screen.getByRole('button', { name: 'Mute all' });
    mute.focus();
    fireEvent.keyDown(mute, { key: 'k', ctrlKey: true });
    expect(document.activeElement).toBe(box);
    mute.focus();
    fireEvent.keyDown(document.body, { key: '/' });
    expect(document.activeElement).toBe(box);
  });

  it('Enter in the search box opens the operations of the single match', async () => {
    setup();
    const box = screen.getByRole('searchbox', { name: /Find participant/ });
    fireEvent.change(box, { target: { value: 'Ann' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(await screen.findByRole('menuitem', { name: 'Rename' })).toBeTruthy();
  });

  it('the raise-hand tab offers permitting and refusing the selected hands', () => {
    const { onCommand } = setup();
    fireEvent.click(screen.getByRole('tab', { name: 'Raise hand' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Cy' }));
    fireEvent.click(screen.getByRole('button', { name: 'Permit selected' }));
    // one hand accepted: the talker goes on screen, as "Show the talker on screen" is on by default
    expect(onCommand).toHaveBeenCalledWith({ type: 'acceptHands', usrIds: ['3'], showTalker: true }, { bulk: true });
    fireEvent.click(screen.getByRole('button', { name: 'Refuse selected' }));
    expect(onCommand).toHaveBeenLastCalledWith({ type: 'refuseHands', usrIds: ['3'] }, { bulk: true });
    expect(screen.getByTestId('raised-for').textContent).toBe('just now');
  });

  it("counts a hand's time on the server's clock, so a console whose clock is behind still reads how long it has been up", () => {
    // the server raised Cy's hand 2 minutes ago by its own clock, which is 5 minutes ahead of this computer's
    const serverNow = Date.now() + 5 * 60_000;
    const withTime = rows.map((r) => (r.usrId === '3' ? { ...r, handUpAt: serverNow - 2 * 60_000 } : r));
    const props = { flags: { allGuestsMute: false, audienceListenRestricted: false, audienceWatchRestricted: false, onlineCount: 3 } };
    const at = (offsetSec?: number) => (
      <ParticipantsView
        rows={withTime}
        {...props}
        rollCall={null}
        pending={new Set()}
        busy={false}
        customTabsKey="podium.customTabs.test.clock"
        onCommand={vi.fn()}
        tableHeight={300}
        serverClockOffsetSec={offsetSec}
      />
    );
    renderUi(at(300));
    fireEvent.click(screen.getByRole('tab', { name: 'Raise hand' }));
    expect(screen.getByTestId('raised-for').textContent).toBe('2 min');
    cleanup();
    // read on this computer's clock the hand was raised 3 minutes in the future: "just now"
    renderUi(at(undefined));
    fireEvent.click(screen.getByRole('tab', { name: 'Raise hand' }));
    expect(screen.getByTestId('raised-for').textContent).toBe('just now');
  });

  it('the raise-hand tab\'s "Show the talker on screen" decides the talk layout of one accepted hand; accepting all never changes the layout', () => {
    const { onCommand } = setup();
    fireEvent.click(screen.getByRole('tab', { name: 'Raise hand' }));
    fireEvent.click(screen.getByRole('button', { name: 'Permit Cy to speak' }));
    expect(onCommand).toHaveBeenLastCalledWith({ type: 'acceptHands', usrIds: ['3'], showTalker: true }, undefined);
    fireEvent.click(screen.getByRole('switch', { name: 'Show the talker on screen' }));
    fireEvent.click(screen.getByRole('button', { name: 'Permit Cy to speak' }));
    expect(onCommand).toHaveBeenLastCalledWith({ type: 'acceptHands', usrIds: ['3'], showTalker: false }, undefined);
    fireEvent.click(screen.getByRole('switch', { name: 'Show the talker on screen' }));
    fireEvent.click(screen.getByRole('button', { name: 'Permit all hands' }));
    expect(onCommand).toHaveBeenLastCalledWith({ type: 'acceptHands', usrIds: ['3'], showTalker: false }, { bulk: true });
  });

  it('temporary call checks the address before calling', async () => {
    const { onCommand } = setup();
    fireEvent.click(screen.getByRole('button', { name: 'Temporary call' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Call' }));
    expect(await screen.findByText('The call address cannot be empty')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Call address'), { target: { value: '8008038##1234@10.0.0.9' } });
    fireEvent.change(screen.getByLabelText('Display name'), { target: { value: 'Branch' } });
    fireEvent.click(screen.getByRole('button', { name: 'Call' }));
    expect(onCommand).toHaveBeenCalledWith({ type: 'tempCall', callUrl: '8008038##1234@10.0.0.9', dispName: 'Branch', usrType: 2 });
  });
});

describe('ParticipantsView while the feed is lost', () => {
  it('disables every command and marks the table stale, the search still works', () => {
    renderUi(view('podium.customTabs.stale.host', { stale: true }));
    const mute = screen.getByRole('button', { name: 'Mute all' });
    expect(mute.closest('fieldset')?.disabled).toBe(true);
    expect(mute.closest('fieldset')?.getAttribute('aria-busy')).toBe('true');
    expect(screen.getByRole('button', { name: 'Operations for Ann' }).closest('fieldset')?.disabled).toBe(true);
    expect((screen.getByRole('searchbox', { name: /Find participant/ }) as HTMLInputElement).disabled).toBe(false);
  });
});

describe('ParticipantsView on a large meeting', () => {
  it('asks before muting everyone, and sends the mute only on confirm', async () => {
    const onCommand = vi.fn();
    renderUi(view('podium.customTabs.large.host', { flags: { onlineCount: 150 }, onCommand }));
    fireEvent.click(screen.getByRole('button', { name: 'Mute all' }));
    expect(await screen.findByText('This meeting has 150 participants online. Mute all of them?')).toBeTruthy();
    expect(onCommand).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(onCommand).toHaveBeenCalledWith({ type: 'muteAll', on: true }, { bulk: true });
  });

  it('a feed batch renders neither the toolbar nor the table header again; the warning counts those online at the click (issue 27 item 1)', async () => {
    const onCommand = vi.fn();
    const key = 'podium.customTabs.batch.host';
    const { rerender } = renderUi(view(key, { flags: { onlineCount: 150 }, onCommand }));
    const before = { ...renders };
    // a batch: one participant joined (new rows, a new count), another changed their state
    const next = [row('1', 'Ann', { a_rx: 0 }), ...rows.slice(1), row('5', 'Ed', {})];
    rerender(view(key, { flags: { onlineCount: 151 }, onCommand, rows: next }));
    expect(screen.getByRole('row', { name: 'Ed' })).toBeTruthy();
    expect(renders).toEqual(before);
    fireEvent.click(screen.getByRole('button', { name: 'Mute all' }));
    expect(await screen.findByText('This meeting has 151 participants online. Mute all of them?')).toBeTruthy();
  });
});

describe("ParticipantsView: meeting-wide actions in the evidence's vocabulary", () => {
  it('watching is the recipe; podium\'s "mute everyone" only for a podium server', async () => {
    const onCommand = vi.fn();
    const { unmount } = renderUi(view('podium.customTabs.vocab.host', { onCommand }));
    fireEvent.click(screen.getByRole('button', { name: 'Listening and watching' }));
    expect(await screen.findByRole('menuitem', { name: 'Forbid all listening' })).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: 'Mute everyone, main venue and honoured guests too', hidden: true })).toBeNull();
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Forbid all watching', hidden: true }));
    expect(onCommand).toHaveBeenLastCalledWith({ type: 'watchAll', allow: false }, { bulk: true });
    unmount();
    renderUi(view('podium.customTabs.vocab2.host', { onCommand, podium: true }));
    fireEvent.click(screen.getByRole('button', { name: 'Listening and watching' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Mute everyone, main venue and honoured guests too', hidden: true }));
    expect(onCommand).toHaveBeenLastCalledWith({ type: 'muteAll', on: true, everyone: true }, { bulk: true });
  });
});

describe('ParticipantsView while Mute all is in force', () => {
  const muteAll = (muteAllOn: boolean) => view('podium.customTabs.muteAll.host', { flags: { allGuestsMute: true, muteAllOn } });

  it('says why guest mute turned on with it, and only then', () => {
    const { rerender } = renderUi(muteAll(true));
    const guestMute = screen.getByRole('switch', { name: 'Guest mute' });
    expect((guestMute as HTMLInputElement).checked).toBe(true);
    expect(screen.getByText('On with Mute all').id).toBe(guestMute.getAttribute('aria-describedby'));
    rerender(muteAll(false));
    expect(screen.queryByText('On with Mute all')).toBeNull();
  });
});
