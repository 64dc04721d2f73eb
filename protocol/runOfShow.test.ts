import { describe, expect, it } from 'vitest';
import {
  bannerMessage,
  captureSegment,
  clockText,
  defaultBanner,
  diffSegment,
  INITIAL_STATE,
  nextInRollCall,
  RUN_OF_SHOW_COMMANDS,
  substituteSegment,
  timerAt,
  validateRunOfShow,
  type MeetingView,
  type Segment,
} from './runOfShow';
import { ASSUMED_CALLS } from './assumptions';

const view = (over: Partial<MeetingView> = {}): MeetingView => ({
  main_venue: 'hq',
  guests: ['g1'],
  mosaics: { guest: { mosic_id: '4', roles_lst: [['0'], ['0'], ['0'], ['0']], poll_secs: 10, view_has_self: 0 } },
  banner: null,
  audience_muted: true,
  unmuted: ['hq'],
  recording: false,
  live: false,
  audience_listen: true,
  audience_watch: true,
  roll_call: '',
  online: new Set(['hq', 'g1', 'b1', 'b2', 'b3']),
  ...over,
});

const segment = (over: Partial<Segment> = {}): Segment => ({ id: 's1', name: 'Opening', ...over });

describe('validateRunOfShow', () => {
  it('accepts a full document', () => {
    const doc = {
      version: 1,
      name: 'Plenary',
      segments: [
        segment({
          main_venue: 'hq',
          guests: ['g1'],
          mosaics: {
            guest: { mosic_id: '1+5', roles_lst: [['1010'], ['0'], ['0'], ['0'], ['0'], ['0']], poll_secs: 10, view_has_self: 0 },
          },
          banner: defaultBanner({ zh: '欢迎', en: 'Welcome' }),
          mute: { audience_muted: true, unmute: ['b1'] },
          recording: true,
          live: false,
          timer: { secs: 120, warn_share: 0.8, on_endpoints: true },
        }),
      ],
    };
    expect(validateRunOfShow(doc)).toEqual({ ok: true, doc });
  });

  it('names every error with a code and a path', () => {
    const result = validateRunOfShow({
      version: 2,
      segments: [
        { id: 'a', name: '' },
        { id: 'a', name: 'x', timer: { secs: 0, warn_share: 0.8, on_endpoints: true } },
        { id: 'b c', name: 'y', banner: { text: { zh: '', en: '' } }, extra: 1 },
      ],
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toEqual([
      { code: 'version', path: 'version' },
      { code: 'name', path: 'segments[0].name' },
      { code: 'duplicateId', path: 'segments[1].id' },
      { code: 'timer', path: 'segments[1].timer.secs' },
      { code: 'unknownField', path: 'segments[2].extra' },
      { code: 'id', path: 'segments[2].id' },
      { code: 'banner', path: 'segments[2].banner' },
    ]);
  });

  it('refuses what is not a document, and a custom layout set to auto', () => {
    expect(validateRunOfShow('[]')).toEqual({ ok: false, errors: [{ code: 'notObject', path: '' }] });
    const r = validateRunOfShow({
      version: 1,
      name: '',
      segments: [segment({ mosaics: { custom: { mosic_id: 'auto', roles_lst: [], poll_secs: 10, view_has_self: 0 } } })],
    });
    expect(r.ok ? [] : r.errors.map((e) => e.path)).toEqual(['segments[0].mosaics.custom.mosic_id']);
  });

  it('refuses a banner line break, which the endpoints cannot show', () => {
    const r = validateRunOfShow({ version: 1, name: '', segments: [segment({ banner: defaultBanner({ en: 'a\nb' }) })] });
    expect(r.ok).toBe(false);
  });
});

describe('diffSegment', () => {
  it('lists per-role changes with counts and flags on-air changes', () => {
    const diff = diffSegment(
      view(),
      segment({
        main_venue: 'b1',
        guests: ['b2', 'b3'],
        mosaics: { guest: { mosic_id: '1+5', roles_lst: [['1010'], ['0'], ['0'], ['0'], ['0'], ['0']], poll_secs: 10, view_has_self: 0 } },
        banner: defaultBanner({ en: 'Welcome' }),
        mute: { audience_muted: true, unmute: ['b1', 'b2', 'b3', 'hq'] },
        timer: { secs: 300, warn_share: 0.8, on_endpoints: false },
      }),
    );
    expect(diff.changes).toEqual([
      { kind: 'mainVenue', from: 'hq', to: 'b1', onAir: true },
      { kind: 'guests', added: 2, removed: 1 },
      { kind: 'layout', role: 'guest', from: '4', to: '1+5' },
      { kind: 'banner', change: 'on' },
      { kind: 'unmute', count: 3 },
      { kind: 'timer', secs: 300 },
    ]);
    expect(diff.onAir).toBe(true);
    expect(diff.missing).toEqual([]);
  });

  it('a segment equal to the meeting changes nothing; absent settings are left alone', () => {
    const v = view();
    expect(diffSegment(v, captureSegment(v, 'c', 'Now'))).toEqual({ changes: [], onAir: false, missing: [] });
    expect(diffSegment(v, segment())).toEqual({ changes: [], onAir: false, missing: [] });
  });

  it('names who the segment needs that is offline', () => {
    const d = diffSegment(
      view(),
      segment({ main_venue: 'gone', mosaics: { guest: { mosic_id: '1', roles_lst: [['away']], poll_secs: 10, view_has_self: 0 } } }),
    );
    expect(d.missing).toEqual(['gone', 'away']);
  });

  it('recording and live are on-air changes; banner off and text change are told apart', () => {
    const d = diffSegment(view({ banner: { message: 'A' } }), segment({ recording: true, live: true, banner: null }));
    expect(d.changes).toEqual([
      { kind: 'banner', change: 'off' },
      { kind: 'recording', on: true, onAir: true },
      { kind: 'live', on: true, onAir: true },
    ]);
    expect(diffSegment(view({ banner: { message: 'A' } }), segment({ banner: defaultBanner({ en: 'B' }) })).changes).toEqual([
      { kind: 'banner', change: 'text' },
    ]);
  });
});

describe('timerAt', () => {
  const seg = segment({ timer: { secs: 100, warn_share: 0.8, on_endpoints: false } });
  const on = { ...INITIAL_STATE, current: 0, taken_at: 1000 };
  it('runs, warns at the share, overruns past the end', () => {
    expect(timerAt(on, seg, 1050)).toEqual({ elapsed: 50, left: 50, phase: 'running' });
    expect(timerAt(on, seg, 1080).phase).toBe('warning');
    expect(timerAt(on, seg, 1130)).toEqual({ elapsed: 130, left: -30, phase: 'overrun' });
  });
  it('a hold stops the count, and held time is not counted after', () => {
    expect(timerAt({ ...on, held_since: 1020 }, seg, 1500).elapsed).toBe(20);
    expect(timerAt({ ...on, held_secs: 60 }, seg, 1100).elapsed).toBe(40);
  });
  it('nothing on air: no timer', () => {
    expect(timerAt(INITIAL_STATE, seg, 5).phase).toBe('none');
  });
});

it('bannerMessage joins the languages set, Chinese first; clockText signs overrun', () => {
  expect(bannerMessage(defaultBanner({ zh: '欢迎', en: 'Welcome' }))).toBe('欢迎 / Welcome');
  expect(bannerMessage(defaultBanner({ en: 'Welcome' }))).toBe('Welcome');
  expect(clockText(125)).toBe('2:05');
  expect(clockText(-30)).toBe('-0:30');
  expect(clockText(3725)).toBe('1:02:05');
});

describe('listen/watch policy and roll call (issue 28 item 1)', () => {
  it('validates both: two booleans; an ordered list of distinct participants', () => {
    const doc = (seg: Partial<Segment>) => ({ version: 1, name: 'x', segments: [segment(seg)] });
    expect(validateRunOfShow(doc({ listen_watch: { audience_listen: false, audience_watch: true }, roll_call: ['b1', 'b2'] })).ok).toBe(
      true,
    );
    expect(validateRunOfShow(doc({ roll_call: [] })).ok).toBe(true);
    const bad = validateRunOfShow(doc({ listen_watch: { audience_listen: 'no' } as never, roll_call: ['b1', 'b1'] }));
    expect(bad).toEqual({
      ok: false,
      errors: [
        { code: 'listenWatch', path: 'segments[0].listen_watch' },
        { code: 'rollCall', path: 'segments[0].roll_call' },
      ],
    });
    expect(validateRunOfShow(doc({ roll_call: ['ok', ''] }))).toMatchObject({ ok: false, errors: [{ code: 'rollCall' }] });
  });

  it('Up Next tells the listen/watch changes and the roll call with its count; an empty list ends a running one', () => {
    const seg = segment({ listen_watch: { audience_listen: false, audience_watch: true }, roll_call: ['b2', 'b1', 'b3'] });
    expect(diffSegment(view(), seg).changes).toEqual([
      { kind: 'listen', allowed: false },
      { kind: 'rollCall', count: 3, first: 'b2' },
    ]);
    expect(diffSegment(view({ roll_call: 'b1' }), segment({ roll_call: [] })).changes).toEqual([{ kind: 'rollCallEnd' }]);
    expect(diffSegment(view(), segment({ roll_call: [] })).changes).toEqual([]);
    // only the first of the roll call must be there at Take
    expect(diffSegment(view(), segment({ roll_call: ['gone', 'b1'] })).missing).toEqual(['gone']);
    expect(diffSegment(view(), segment({ roll_call: ['b1', 'gone'] })).missing).toEqual([]);
  });

  it('capture keeps the policy and the participant called now; a substitute takes their place in the order', () => {
    const seg = captureSegment(view({ audience_watch: false, roll_call: 'b2' }), 'c', 'Now');
    expect(seg.listen_watch).toEqual({ audience_listen: true, audience_watch: false });
    expect(seg.roll_call).toEqual(['b2']);
    expect(substituteSegment(segment({ roll_call: ['b1', 'b2'] }), { b1: 'b3' }).roll_call).toEqual(['b3', 'b2']);
  });

  it('"Call next" follows the order and skips who is not connected; the end gives nobody', () => {
    const on = new Set(['b1', 'b3']);
    expect(nextInRollCall(['b1', 'b2', 'b3'], 'b1', on)).toBe('b3');
    expect(nextInRollCall(['b1', 'b2', 'b3'], 'b3', on)).toBe('');
    expect(nextInRollCall(['b1', 'b2', 'b3'], 'x', on)).toBe('b1');
  });
});

describe('the evidence table’s run-of-show row', () => {
  it('names every command POST run-of-show takes (the table once listed only the first four)', () => {
    const row = ASSUMED_CALLS.find((c) => c.group === 'run-of-show')!;
    for (const cmd of RUN_OF_SHOW_COMMANDS) expect(row.wire).toContain(cmd);
    expect(row.fallback).toMatch(/Undo/);
    expect(row.fallback).toMatch(/Hold/);
  });
});
