import { describe, expect, it } from 'vitest';
import { encodeUsrStats, type UsrStatsFlags } from '@protocol/usrStats';
import type { MosicConfigEntry } from '@protocol/wire';
import { AA_TEXT_CONTRAST, contrastRatio } from '#/theme';
import {
  avatarColour,
  assignPanes,
  audible,
  audibleVoices,
  hueOf,
  initialsOf,
  mainVenueOf,
  presenterOf,
  previewTarget,
  talkingSet,
  videoOn,
  type MediaParticipant,
  type ParticipantLookup,
} from './mediaModel';

/** An admitted participant with video on, unmuted, microphone on, silent; `flags` override. */
function person(usrId: string, flags: Partial<UsrStatsFlags> = {}, online: 0 | 1 = 1): MediaParticipant {
  return {
    usr_id: usrId,
    usr_name: `Name ${usrId}`,
    ep_id: online ? 100 + usrId.length : 0,
    online,
    usr_stat: online ? encodeUsrStats({ a_rx: 1, v_rx: 1, a_tx: 1, v_tx: 1, ...flags }) : '',
  };
}

function lookupOf(list: MediaParticipant[]): ParticipantLookup {
  const map = new Map(list.map((p) => [p.usr_id, p]));
  return { get: (id) => map.get(id), list: () => list };
}

function config(roles: string[][], extra: Partial<MosicConfigEntry> = {}): MosicConfigEntry {
  return { role: 'custom', mosic_id: '2*2', layout_mode: 2, roles_lst: roles, poll_secs: 10, view_has_self: 0, ...extra };
}

describe('media model', () => {
  it('reads video as on only when the MCU receives it and the camera is on, in the meeting', () => {
    expect(videoOn(person('a'))).toBe(true);
    expect(videoOn(person('a', { v_rx: 0 }))).toBe(false);
    expect(videoOn(person('a', { camera: 1 }))).toBe(false);
    expect(videoOn(person('a', { waiting: 1 }))).toBe(false);
    expect(videoOn(person('a', {}, 0))).toBe(false);
    expect(videoOn(undefined)).toBe(false);
  });

  it('hears a participant only while talking, not muted and with the microphone on', () => {
    expect(audible(person('a', { vad: 1 }))).toBe(true);
    expect(audible(person('a'))).toBe(false);
    expect(audible(person('a', { vad: 1, a_rx: 0 }))).toBe(false);
    expect(audible(person('a', { vad: 1, mic: 1 }))).toBe(false);
    expect(audible(person('a', { vad: 1, waiting: 1 }))).toBe(false);
  });

  it('mixes at most a few voices, in list order', () => {
    const list = ['a', 'b', 'c', 'd', 'e', 'f'].map((id) => person(id, { vad: 1, a_rx: id === 'b' ? 0 : 1 }));
    expect(audibleVoices(list, 3)).toEqual(['a', 'c', 'd']);
    expect(audibleVoices(list)).toEqual(['a', 'c', 'd', 'e']);
  });

  it('marks who talks even when muted (showTalk shows talking, not sound)', () => {
    expect([...talkingSet([person('a', { vad: 1, a_rx: 0 }), person('b'), person('c', { vad: 1 })])]).toEqual(['a', 'c']);
  });

  it('finds the presenter and the main venue', () => {
    const list = [person('a'), person('b', { cont_sender: 1 }), person('c', { speaker: 1 })];
    expect(presenterOf(list)).toBe('b');
    expect(mainVenueOf(list)).toBe('c');
    expect(presenterOf([person('a')])).toBeNull();
    expect(mainVenueOf([person('a', { speaker: 1, waiting: 1 })])).toBeNull();
  });

  it('previews the chosen participant, else the main venue, else the first in the meeting', () => {
    const list = [person('w', { waiting: 1 }), person('a'), person('m', { speaker: 1 }), person('off', {}, 0)];
    const lookup = lookupOf(list);
    expect(previewTarget('a', lookup)).toBe('a');
    expect(previewTarget('', lookup)).toBe('m');
    expect(previewTarget('off', lookup)).toBe('m');
    expect(previewTarget('w', lookup)).toBe('m');
    expect(previewTarget('', lookupOf([person('w', { waiting: 1 }), person('a')]))).toBe('a');
    expect(previewTarget('', lookupOf([person('off', {}, 0)]))).toBeNull();
  });

  describe('panes', () => {
    const list = [person('a'), person('b'), person('m', { speaker: 1 }), person('c'), person('gone', {}, 0)];
    const lookup = lookupOf(list);

    it('place named participants, the main venue and empties, and fill automatic panes with the rest, main venue first', () => {
      const panes = assignPanes({ config: config([['c'], ['0'], ['-1'], ['-2']]), paneCount: 4, lookup, nowSecs: 0 });
      expect(panes).toEqual([
        { kind: 'participant', usrId: 'c' },
        { kind: 'participant', usrId: 'm' },
        { kind: 'empty' },
        { kind: 'participant', usrId: 'a' },
      ]);
      expect(assignPanes({ config: config([['1010'], ['gone'], ['b'], ['-1']]), paneCount: 4, lookup, nowSecs: 0 })).toEqual([
        { kind: 'participant', usrId: 'm' },
        { kind: 'empty' },
        { kind: 'participant', usrId: 'b' },
        { kind: 'empty' },
      ]);
    });

    it('fill every pane of an automatic layout and leave the rest empty when people run out', () => {
      const panes = assignPanes({ config: config([], { mosic_id: 'auto' }), paneCount: 6, lookup, nowSecs: 0 });
      expect(panes.map((p) => (p.kind === 'empty' ? '-' : p.usrId))).toEqual(['m', 'a', 'b', 'c', '-', '-']);
    });

    it('rotate a pane of several participants every poll interval', () => {
      const c = config([['a', 'b', 'c']], { poll_secs: 20 });
      const at = (s: number) => assignPanes({ config: c, paneCount: 1, lookup, nowSecs: s })[0];
      expect(at(0)).toEqual({ kind: 'participant', usrId: 'a' });
      expect(at(19)).toEqual({ kind: 'participant', usrId: 'a' });
      expect(at(20)).toEqual({ kind: 'participant', usrId: 'b' });
      expect(at(65)).toEqual({ kind: 'participant', usrId: 'a' });
    });

    it('show the shared content in the content pane while someone presents', () => {
      const c = config([['a'], ['b']], { content_pane: 1 });
      expect(assignPanes({ config: c, paneCount: 2, lookup, nowSecs: 0 })[1]).toEqual({ kind: 'participant', usrId: 'b' });
      const presenting = lookupOf([person('a'), person('b', { cont_sender: 1 })]);
      expect(assignPanes({ config: c, paneCount: 2, lookup: presenting, nowSecs: 0 })[1]).toEqual({ kind: 'content', usrId: 'b' });
    });

    it('stop scanning once the automatic panes are filled (10,000 participants)', () => {
      const big = Array.from({ length: 10_000 }, (_, i) => person(String(i)));
      let reads = 0;
      const counting = big.map((p) => new Proxy(p, { get: (t, k) => (k === 'usr_stat' && reads++, t[k as keyof MediaParticipant]) }));
      const panes = assignPanes({ config: config([], { mosic_id: 'auto' }), paneCount: 4, lookup: lookupOf(counting), nowSecs: 0 });
      expect(panes).toHaveLength(4);
      // the main-venue and presenter scans read everyone once each; the filling reads only four more
      expect(reads).toBeLessThan(big.length * 2 * 3 + 50);
    });
  });

  it('draws initials and a stable colour per participant', () => {
    expect(initialsOf('Alice Zhang')).toBe('AZ');
    expect(initialsOf('bob')).toBe('BO');
    expect(initialsOf('张三')).toBe('张');
    expect(initialsOf('guest.3fa2')).toBe('G3');
    expect(initialsOf('  ')).toBe('?');
    expect(hueOf('1001')).toBe(hueOf('1001'));
    expect(hueOf('1001')).toBeGreaterThanOrEqual(0);
    expect(hueOf('1001')).toBeLessThan(360);
  });
});

describe('initials disc', () => {
  it('white initials keep WCAG AA on the disc of every id', () => {
    expect(avatarColour('steady.01')).toMatch(/^#[0-9a-f]{6}$/);
    for (let i = 0; i < 720; i++) expect(contrastRatio(avatarColour(`u${i}`), '#ffffff')).toBeGreaterThanOrEqual(AA_TEXT_CONTRAST);
  });
});
