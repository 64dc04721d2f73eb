import { describe, expect, it } from 'vitest';
import { switchCommand, switchValues, toMeetingRequest } from './meetingCommands';

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
