import { describe, expect, it } from 'vitest';
import { switchCommand, switchValues, toMeetingRequest, toMeetingRequests } from './meetingCommands';
import { defaultTitle } from '@protocol/titles';

describe('meeting commands', () => {
  it('a switch is one mod_mr_status key', () => {
    expect(toMeetingRequest(switchCommand('lock', true))).toEqual({ suffix: 'mr-status', body: { cmdid: 'mod_mr_status', lock_mr: 1 } });
    expect(toMeetingRequest(switchCommand('allowGuests', false)).body).toEqual({ cmdid: 'mod_mr_status', enable_guest: 0 });
  });

  it('ending the meeting is stop_mr_req on mr-status', () => {
    expect(toMeetingRequest({ type: 'endMeeting' })).toEqual({ suffix: 'mr-status', body: { cmdid: 'stop_mr_req', reason: '' } });
  });

  it('push on is mod_bypass_url with the address unencoded', () => {
    expect(toMeetingRequest({ type: 'bypassOn', url: 'rtmp://h/live/s' }).body).toEqual({
      cmdid: 'mod_bypass_url',
      bypass_url: 'rtmp://h/live/s',
      enable_bypass: 1,
    });
  });

  it('subtitle position goes to mod-subtitle-position', () => {
    const req = toMeetingRequest({
      type: 'subtitlePosition',
      position: { horizontal_position: 'left', vertical_position: 'top', horizontal_margin: 1, vertical_margin: 2 },
    });
    expect(req.suffix).toBe('mod-subtitle-position');
    expect(req.body).toMatchObject({ cmdid: 'mod_subtitle_position', horizontal_position: 'left' });
  });

  it('a title for every target is one set_title per role, as the platform\'s client sends it (never to_role "all")', () => {
    const title = { ...defaultTitle('all'), message: 'Welcome', has_title: 1 as const };
    const reqs = toMeetingRequests({ type: 'title', title }, 'platform');
    expect(reqs.map((r) => [r.suffix, (r.body as { to_role: string }).to_role])).toEqual([
      ['title-config', 'guest'],
      ['title-config', 'speaker'],
      ['title-config', 'chair'],
    ]);
    expect(
      reqs.every(
        (r) => (r.body as { message: string; cmdid: string }).message === 'Welcome' && (r.body as { cmdid: string }).cmdid === 'set_title',
      ),
    ).toBe(true);
    expect(
      toMeetingRequests({ type: 'title', title: { ...title, to_role: 'chair' } }, 'podium').map(
        (r) => (r.body as { to_role: string }).to_role,
      ),
    ).toEqual(['chair']);
  });

  it("the subtitle position (an assumed call) goes only to a podium server: elsewhere the banner's own fields place it", () => {
    const cmd = {
      type: 'subtitlePosition',
      position: { horizontal_position: 'left', vertical_position: 'top', horizontal_margin: 1, vertical_margin: 2 },
    } as const;
    expect(toMeetingRequests(cmd, 'platform')).toEqual([]);
    expect(toMeetingRequests(cmd, 'podium').map((r) => r.suffix)).toEqual(['mod-subtitle-position']);
  });

  it('reads switch values from the status it has', () => {
    expect(switchValues({ mr_locked: 1, guest_enabled: 0 })).toEqual({ lock: true, allowGuests: false });
  });
});

import { commandTarget } from './meetingCommands';

describe('command targets', () => {
  it('names the control a command belongs to', () => {
    expect(commandTarget(switchCommand('lock', true))).toBe('switch.lock');
    expect(commandTarget({ type: 'status', key: 'enable_bypass', value: 0 })).toBe('bypass');
    expect(commandTarget({ type: 'bypassOn', url: 'x' })).toBe('bypass');
    expect(commandTarget({ type: 'status', key: 'chat_permission', value: 1 })).toBe('status.chat_permission');
    expect(commandTarget({ type: 'eps', action: 'waiting_permit', usrIds: ['a'] })).toBe('eps.waiting_permit');
  });
});
