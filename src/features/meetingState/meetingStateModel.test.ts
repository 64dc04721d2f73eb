import { describe, expect, it } from 'vitest';
import { chipsThatFit, elapsedSeconds, formatElapsed, meetingChips, type MeetingStateInput } from './meetingStateModel';

const quiet: MeetingStateInput = {
  recState: 'idle',
  recStartDtm: undefined,
  live: false,
  locked: false,
  waiting: 0,
  hands: 0,
  rollCallName: '',
  privateTalkUsrId: '',
  privateTalkName: '',
  privateTalkStartDtm: undefined,
  controllers: [{ role: 'host', peer_ip: '10.0.0.1', self: 1 }],
};

describe('meetingChips', () => {
  it('a quiet meeting with only this console → no chips', () => {
    expect(meetingChips(quiet)).toEqual([]);
  });

  it('focus (spec §6): no chip without focus; specified and auto show who, auto even before it picked anyone', () => {
    expect(meetingChips({ ...quiet, focus: { mode: 'none', names: [] } })).toEqual([]);
    expect(meetingChips({ ...quiet, focus: { mode: 'specified', names: ['Alice', 'Bob'] } })).toEqual([
      { kind: 'focus', mode: 'specified', names: ['Alice', 'Bob'] },
    ]);
    expect(meetingChips({ ...quiet, focus: { mode: 'auto', names: [] } })).toEqual([{ kind: 'focus', mode: 'auto', names: [] }]);
    // after the private talk, before the other controllers
    const kinds = meetingChips({
      ...quiet,
      privateTalkUsrId: 'u7',
      focus: { mode: 'auto', names: ['Carol'] },
      controllers: [...quiet.controllers, { role: 'supervisor', peer_ip: '10.0.0.2', self: 0 }],
    }).map((c) => c.kind);
    expect(kinds).toEqual(['privateTalk', 'focus', 'controllers']);
  });

  it('every state on → one chip each, in header order', () => {
    const chips = meetingChips({
      ...quiet,
      recState: 'recording',
      recStartDtm: 100,
      live: true,
      locked: true,
      waiting: 3,
      hands: 120,
      rollCallName: 'Alice',
      privateTalkUsrId: 'u7',
      privateTalkName: 'Bob',
      privateTalkStartDtm: 200,
      controllers: [...quiet.controllers, { role: 'supervisor', peer_ip: '10.0.0.2', self: 0 }],
    });
    expect(chips.map((c) => c.kind)).toEqual(['rec', 'live', 'locked', 'waiting', 'hands', 'rollCall', 'privateTalk', 'controllers']);
    expect(chips[0]).toEqual({ kind: 'rec', startDtm: 100 });
    expect(chips[4]).toEqual({ kind: 'hands', count: 120 });
    expect(chips[6]).toEqual({ kind: 'privateTalk', usrId: 'u7', name: 'Bob', startDtm: 200 });
    expect(chips[7]).toEqual({ kind: 'controllers', others: [{ role: 'supervisor', peer_ip: '10.0.0.2', self: 0 }] });
  });

  it('recording starting → no REC yet; stopping → REC until the recorder reports idle', () => {
    expect(meetingChips({ ...quiet, recState: 'starting' })).toEqual([]);
    expect(meetingChips({ ...quiet, recState: 'stopping', recStartDtm: 0 })).toEqual([{ kind: 'rec', startDtm: undefined }]);
  });

  it('private talk with a participant the roster does not name → the usr_id stands in', () => {
    expect(meetingChips({ ...quiet, privateTalkUsrId: 'u9' })).toEqual([
      { kind: 'privateTalk', usrId: 'u9', name: 'u9', startDtm: undefined },
    ]);
  });

  it('only this console online → no controllers chip', () => {
    expect(meetingChips({ ...quiet, controllers: [{ role: 'host', peer_ip: '1.1.1.1', self: 1 }] })).toEqual([]);
  });
});

describe('elapsedSeconds', () => {
  it('server start time given → counted from it', () => {
    expect(elapsedSeconds(1000, 999_000_000, 1_065_000)).toBe(65);
  });
  it('no start time → counted from when this console saw the state', () => {
    expect(elapsedSeconds(undefined, 10_000, 25_500)).toBe(15);
  });
  it('server clock ahead of ours → 0, never negative', () => {
    expect(elapsedSeconds(2000, 0, 1_000_000)).toBe(0);
  });
});

describe('formatElapsed', () => {
  it('under an hour → m:ss', () => {
    expect(formatElapsed(0)).toBe('0:00');
    expect(formatElapsed(75)).toBe('1:15');
    expect(formatElapsed(3599)).toBe('59:59');
  });
  it('an hour or more → h:mm:ss', () => {
    expect(formatElapsed(3600)).toBe('1:00:00');
    expect(formatElapsed(3725)).toBe('1:02:05');
  });
});

describe('chipsThatFit', () => {
  it('room for all → all, without the +N button', () => {
    expect(chipsThatFit([100, 100, 100], 312, 6, 40)).toBe(3);
  });

  it('too narrow → as many as fit beside +N', () => {
    expect(chipsThatFit([100, 100, 100], 311, 6, 40)).toBe(2);
    expect(chipsThatFit([100, 100, 100], 251, 6, 40)).toBe(1);
  });

  it('not even one fits beside +N → none; everything is behind it', () => {
    expect(chipsThatFit([100, 100], 120, 6, 40)).toBe(0);
  });

  it('not laid out (0 px) → all', () => {
    expect(chipsThatFit([100, 100], 0, 6, 40)).toBe(2);
  });
});
