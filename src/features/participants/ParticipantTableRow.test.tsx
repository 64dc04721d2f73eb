// @vitest-environment happy-dom
/**
 * Calm by default (issue 26 item 2): the row's normal states carry no mark; only what deviates is
 * marked (data-alarm, data-hand-long, an offline status) for the CSS to give it colour and weight.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act, cleanup, screen, within } from '@testing-library/react';
import { encodeUsrStats, type UsrStatsFlags } from '@protocol/usrStats';
import { ParticipantTable } from './ParticipantTable';
import type { ParticipantRow } from './participantModel';
import { installDomShims, renderUi } from '#/testing/render';
import { publishBanBreaches } from '#/session/banBreaches';
import { failedByAddress, type FailedCallMark } from './failedCalls';

beforeAll(installDomShims);
afterEach(() => {
  cleanup();
  publishBanBreaches(new Map());
});

function row(usrId: string, name: string, flags: Partial<UsrStatsFlags> = {}, online = true): ParticipantRow {
  return {
    usrId,
    name,
    epId: online ? Number(usrId) : null,
    protocol: 2,
    remoteAddr: `${usrId}@10.0.0.1`,
    online,
    stats: online ? encodeUsrStats({ a_rx: 1, a_tx: 1, v_tx: 1, v_rx: 1, ...flags }) : '',
    order: Number(usrId),
    waiting: false,
  };
}

function show(rows: ParticipantRow[], longHands?: ReadonlySet<string>, failedCalls?: ReadonlyMap<string, FailedCallMark>) {
  renderUi(
    <ParticipantTable
      rows={rows}
      selected={new Set()}
      pending={new Set()}
      onCommand={() => {}}
      onSelectionChange={() => {}}
      onOpenDialog={() => {}}
      height={400}
      longHands={longHands}
      failedCalls={failedCalls}
    />,
  );
}

describe('participant row: calm by default', () => {
  it('normal states (on, muted, listening, watching, online) carry no alarm', () => {
    show([row('1', 'Ann'), row('2', 'Ben', { a_rx: 0, a_tx: 0, v_tx: 0 })]);
    for (const name of ['Ann', 'Ben']) {
      const r = screen.getByRole('row', { name });
      expect(r.querySelectorAll('[data-alarm]')).toHaveLength(0);
      expect(r.querySelector('[data-status]')?.getAttribute('data-status')).toBe('online');
    }
  });

  it("unmuted against mute-all → that row's audio cell is marked, and only it", () => {
    show([row('1', 'Ann'), row('2', 'Ben', { a_rx: 0 })]);
    act(() => publishBanBreaches(new Map([['1', { kinds: ['mute'], by: null }]])));
    const ann = screen.getByRole('row', { name: 'Ann' });
    expect(within(ann).getByRole('button', { name: 'On: mute Ann' }).getAttribute('data-alarm')).toBe('true');
    expect(within(ann).getByRole('button', { name: 'Listening: stop Ann listening' }).hasAttribute('data-alarm')).toBe(false);
    expect(within(ann).getByText('Against the ban')).toBeTruthy();
    expect(screen.getByRole('row', { name: 'Ben' }).querySelectorAll('[data-alarm]')).toHaveLength(0);
  });

  it('listening and watching against their bans mark those cells', () => {
    show([row('1', 'Ann')]);
    act(() => publishBanBreaches(new Map([['1', { kinds: ['listen', 'watch'], by: null }]])));
    const ann = screen.getByRole('row', { name: 'Ann' });
    expect(within(ann).getByRole('button', { name: 'Listening: stop Ann listening' }).getAttribute('data-alarm')).toBe('true');
    expect(within(ann).getByRole('button', { name: 'Watching: stop Ann watching' }).getAttribute('data-alarm')).toBe('true');
    expect(within(ann).getByRole('button', { name: 'On: mute Ann' }).hasAttribute('data-alarm')).toBe(false);
  });

  it('a hand up for over a minute is marked and says so; a fresh one is not', () => {
    show([row('1', 'Ann', { hand: 1 }), row('2', 'Ben', { hand: 1 })], new Set(['1']));
    const ann = screen.getByRole('row', { name: 'Ann' });
    expect(ann.querySelector('[data-hand-long]')).not.toBeNull();
    expect(within(ann).getByText('Over 1 min')).toBeTruthy();
    const ben = screen.getByRole('row', { name: 'Ben' });
    expect(ben.querySelector('[data-hand-long]')).toBeNull();
    expect(within(ben).queryByText('Over 1 min')).toBeNull();
  });

  it('an offline invitee whose last call failed is marked with the reason; one who is online is not', () => {
    const failed = failedByAddress([
      { peer_addr: '3,10.0.0.1', reason: 'busy', time: 1_700_000_000 },
      { peer_addr: '1@10.0.0.1', reason: 'busy', time: 1_700_000_000 },
    ]);
    show([row('3', 'Cy', {}, false), row('1', 'Ann')], undefined, failed);
    const cy = screen.getByRole('row', { name: 'Cy' });
    expect(cy.querySelector('[data-call-failed]')?.getAttribute('data-call-failed')).toBe('busy');
    expect(within(cy).getByText('Call failed')).toBeTruthy();
    expect(screen.getByRole('row', { name: 'Ann' }).querySelector('[data-call-failed]')).toBeNull();
  });
});

describe('honoured guests (issue 30)', () => {
  it('an honoured guest carries a grey role mark with its name; others none', () => {
    show([row('1', 'Ann', { chair: 1 }), row('2', 'Ben')]);
    const mark = within(screen.getByRole('row', { name: 'Ann' })).getByText('Honoured guest');
    expect(mark.getAttribute('data-role')).toBe('chair');
    // a role, not an alarm
    expect(mark.hasAttribute('data-alarm')).toBe(false);
    expect(within(screen.getByRole('row', { name: 'Ben' })).queryByText('Honoured guest')).toBeNull();
  });

  it("the row's operations set or cancel the role (ctrl_mr_eps chair 1 / 0)", async () => {
    const sent: unknown[] = [];
    renderUi(
      <ParticipantTable
        rows={[row('1', 'Ann', { chair: 1 }), row('2', 'Ben')]}
        selected={new Set()}
        pending={new Set()}
        onCommand={(cmd) => sent.push(cmd)}
        onSelectionChange={() => {}}
        onOpenDialog={() => {}}
        height={400}
      />,
    );
    act(() => screen.getByRole('button', { name: 'Operations for Ben' }).click());
    act(() => screen.getByRole('menuitem', { name: 'Set as honoured guest' }).click());
    act(() => screen.getByRole('button', { name: 'Operations for Ann' }).click());
    act(() => screen.getByRole('menuitem', { name: 'Cancel honoured guest' }).click());
    expect(sent).toEqual([
      { type: 'eps', action: 'chair', usrIds: ['2'], value: 1 },
      { type: 'eps', action: 'chair', usrIds: ['1'], value: 0 },
    ]);
  });
});

describe('failedByAddress', () => {
  it('keys each failure by the address a row shows, the newest (first) one winning', () => {
    const map = failedByAddress([
      { peer_addr: 'lab,10.0.0.2', reason: 'busy', time: 9, ep_type: 'sip' },
      { peer_addr: 'lab,10.0.0.2', reason: 'no_answer', time: 5, ep_type: 'h323' },
      { peer_addr: 'lab,10.0.0.3', reason: 'busy', time: 4 },
    ]);
    // the endpoint type goes with the failure it belongs to (issue 30); none told reads as empty
    expect(map.get('lab@10.0.0.2')).toEqual({ reason: 'busy', time: 9, epType: 'sip' });
    expect(map.get('lab@10.0.0.3')).toEqual({ reason: 'busy', time: 4, epType: '' });
  });
});
