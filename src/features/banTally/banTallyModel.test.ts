import { describe, expect, it } from 'vitest';
import { encodeUsrStats, type UsrStatsFlags } from '@protocol/usrStats';
import type { ActivityEntry, MrStatus } from '@protocol/wire';
import {
  BAN_SETTLE_MS,
  activeBans,
  banSince,
  breachMarks,
  breachesSettled,
  settlesAt,
  tallyBan,
  trackBanStarts,
  type TallyParticipant,
} from './banTallyModel';

const person = (usrId: string, flags: Partial<UsrStatsFlags>, enter = 100, online: 0 | 1 = 1): TallyParticipant => ({
  usr_id: usrId,
  usr_name: `Name ${usrId}`,
  online,
  usr_stat: encodeUsrStats({ a_rx: 1, a_tx: 1, v_tx: 1, ...flags }),
  enter_dtm: enter,
});

const entry = (id: number, over: Partial<ActivityEntry>): ActivityEntry => ({
  id,
  dtm: id * 100,
  role: 'host',
  peer_ip: '10.0.0.1',
  cmdid: 'ctrl_mr_eps',
  action: '',
  targets: [],
  more_targets: 0,
  values: {},
  result: 0,
  status: 200,
  ...over,
});

describe('which bans are on', () => {
  it('reads podium scopes, else the platform bits (which bind the audience)', () => {
    expect(activeBans({ mute_scope: 'all', listen_ban_scope: 'none', watch_ban_scope: 'audience' } as Partial<MrStatus>)).toEqual([
      { kind: 'mute', scope: 'all' },
      { kind: 'watch', scope: 'audience' },
    ]);
    expect(activeBans({ all_guests_mute: 1, mr_atx_mode: 0, mr_vtx_mode: 1 } as Partial<MrStatus>)).toEqual([
      { kind: 'mute', scope: 'audience' },
      { kind: 'watch', scope: 'audience' },
    ]);
    expect(activeBans(null)).toEqual([]);
  });

  it('knows when a ban was set from the newest switching entry, and forgets it once lifted', () => {
    const on = entry(2, { action: 'all_a_rx', values: { action: 'all_a_rx', value: 0 } });
    const off = entry(3, { action: 'all_a_rx', values: { action: 'all_a_rx', value: 1 } });
    const refused = entry(4, { action: 'all_a_rx', values: { value: 0 }, result: 1302, status: 403 });
    expect(banSince('mute', [refused, on])).toBe(200);
    expect(banSince('mute', [off, on])).toBeNull();
    expect(banSince('mute', [entry(5, { cmdid: 'mod_mr_status', values: { all_guests_mute: 1 } })])).toBe(500);
    expect(banSince('listen', [on])).toBeNull();
  });
});

describe('a ban’s tally', () => {
  const set = entry(2, { action: 'all_a_rx', values: { value: 0 } });
  const freed = entry(3, {
    role: 'supervisor',
    peer_ip: '10.0.0.2',
    action: 'a_rx',
    values: { value: 1 },
    targets: [{ usr_id: 'c', name: 'Name c' }],
  });

  it('counts bound, exempt, joined since, and names who is free against the rule and who freed them', () => {
    const people = [
      person('a', { a_rx: 0 }, 100),
      person('b', { a_rx: 0 }, 300), // joined after the mute (200)
      person('c', { a_rx: 1 }, 100), // freed by the supervisor
      person('d', { a_rx: 1 }, 100), // free, nobody in the log
      person('h', { a_rx: 1, host: 1 }, 100), // exempt from an audience mute
      person('w', { a_rx: 1, waiting: 1 }, 100), // waiting: not in the meeting
      person('o', { a_rx: 1 }, 100, 0), // offline
    ];
    const tally = tallyBan({ kind: 'mute', scope: 'audience' }, people, [freed, set]);
    expect(tally).toMatchObject({ inScope: 4, bound: 2, exempt: 1, joinedSince: 1 });
    expect(tally.breaches.map((b) => [b.usrId, b.by?.role ?? null])).toEqual([
      ['c', 'supervisor'],
      ['d', null],
    ]);
  });

  it('names the exempt by why they are spared: hosts, main venue, honoured guests', () => {
    const people = [
      person('a', { a_rx: 0 }, 100),
      person('h', { a_rx: 1, host: 1 }, 100),
      person('s', { a_rx: 1, speaker: 1 }, 100),
      person('g1', { a_rx: 1, chair: 1 }, 100),
      person('g2', { a_rx: 1, chair: 1 }, 100),
    ];
    const tally = tallyBan({ kind: 'listen', scope: 'audience' }, people, []);
    expect(tally.exempt).toBe(4);
    expect(tally.exemptBy).toEqual({ host: ['Name h'], mainVenue: ['Name s'], honouredGuest: ['Name g1', 'Name g2'], rollCall: [] });
  });

  it('a mute of everyone exempts nobody but the participant a roll call has called; an unknown start counts no joiners', () => {
    const people = [person('h', { a_rx: 0, host: 1 }), person('r', { a_rx: 1 })];
    const tally = tallyBan({ kind: 'mute', scope: 'all' }, people, [], 'r');
    expect(tally).toMatchObject({ inScope: 1, bound: 1, exempt: 1, joinedSince: null, breaches: [] });
  });

  it('a listen ban reads the a_tx flag', () => {
    const tally = tallyBan({ kind: 'listen', scope: 'all' }, [person('a', { a_tx: 0 }), person('b', { a_tx: 1 })], []);
    expect(tally).toMatchObject({ inScope: 2, bound: 1 });
    expect(tally.breaches.map((b) => b.usrId)).toEqual(['b']);
  });
});

describe('a ban just switched on settles before its breaches are told', () => {
  const mute = { kind: 'mute' as const, scope: 'all' as const };
  const listen = { kind: 'listen' as const, scope: 'audience' as const };

  it('keeps when each ban was first seen on and drops bans switched off', () => {
    const first = trackBanStarts(new Map(), [mute], 1000);
    const second = trackBanStarts(first, [mute, listen], 1500);
    expect([...second]).toEqual([
      ['mute', 1000],
      ['listen', 1500],
    ]);
    expect([...trackBanStarts(second, [listen], 1600)]).toEqual([['listen', 1500]]);
  });

  it('tells breaches only once the window after the switch has passed', () => {
    const starts = trackBanStarts(new Map(), [mute], 1000);
    expect(breachesSettled(starts, 'mute', 1000 + BAN_SETTLE_MS - 1)).toBe(false);
    expect(breachesSettled(starts, 'mute', 1000 + BAN_SETTLE_MS)).toBe(true);
    expect(settlesAt(starts, 1200)).toBe(1000 + BAN_SETTLE_MS);
    expect(settlesAt(starts, 1000 + BAN_SETTLE_MS)).toBeNull();
  });

  it('right after mute all everyone still looks free: no row is marked until the flags caught up', () => {
    // the status came with the switch; the participant flags wait for their batch
    const people = [person('a', {}), person('b', {})];
    const tally = tallyBan(mute, people, []);
    expect(tally.breaches).toHaveLength(2);
    const starts = trackBanStarts(new Map(), [mute], 5000);
    expect(breachMarks([tally], starts, 5100).size).toBe(0);
    const later = breachMarks([tally], starts, 5000 + BAN_SETTLE_MS);
    expect([...later.keys()]).toEqual(['a', 'b']);
  });

  it('marks a participant with every ban they are free against and who freed them', () => {
    const people = [person('a', { a_rx: 1, a_tx: 1 })];
    const freed = entry(9, {
      action: 'a_rx',
      values: { value: 1 },
      targets: [{ usr_id: 'a', name: 'Name a' }],
      role: 'supervisor',
      peer_ip: '10.0.0.7',
    });
    const tallies = [tallyBan(mute, people, [freed]), tallyBan(listen, people, [])];
    const marks = breachMarks(tallies, new Map(), 0);
    expect(marks.get('a')).toEqual({ kinds: ['mute', 'listen'], by: { role: 'supervisor', peerIp: '10.0.0.7' } });
  });
});
