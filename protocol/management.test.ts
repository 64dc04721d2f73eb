import { describe, expect, it } from 'vitest';
import {
  addScheduleBody,
  callsAllowed,
  checkBookingDraft,
  cmPath,
  conflictingBooking,
  DEFAULT_MAX_CALL,
  managementSessionOf,
  roomPropertiesOf,
  scheduleIdOf,
} from './management';

describe('managementSessionOf', () => {
  const login = {
    cmdid: 'login_rsp',
    session_id: 'ab12',
    tenant_id: 't1',
    nick_name: 'Ops',
    last_login_ip: '10.0.0.9',
    last_login_time: 1_700_000_000_000,
    manager_privileges: ['rooms'],
  };

  it('keeps the admin flag, the admin address and the client IP the hand-over tells', () => {
    const s = managementSessionOf(
      login,
      { result: 0, is_admin: 1, admin_addr: 'https://mgmt.example/', client_ip: '10.0.0.7' },
      'ops@corp',
    );
    expect(s).toEqual({
      ssid: 'ab12',
      loginId: 'ops',
      nickName: 'Ops',
      tenantId: 't1',
      isAdmin: true,
      adminAddr: 'https://mgmt.example/',
      clientIp: '10.0.0.7',
      lastLoginIp: '10.0.0.9',
      lastLoginSec: 1_700_000_000,
      privileges: ['rooms'],
    });
    expect(managementSessionOf(login, { is_admin: '0' }, 'ops').isAdmin).toBe(false);
  });

  it('says "not told" (undefined, empty) when the platform answers the hand-over with nothing', () => {
    const s = managementSessionOf({ session_id: 'x' }, { result: 0 }, 'ops');
    expect([s.isAdmin, s.adminAddr, s.clientIp, s.lastLoginSec, s.privileges]).toEqual([undefined, '', '', 0, []]);
    expect(() => managementSessionOf({ result: '404' }, {}, 'ops')).toThrow();
  });
});

describe('booking', () => {
  const now = 1_800_000_000;
  it('checks the §5 rules in seconds: 5 minutes long, more than 10 minutes ahead, at most a week', () => {
    expect(checkBookingDraft({ startSec: now + 601, durationSec: 300 }, now)).toBeNull();
    expect(checkBookingDraft({ startSec: now + 601, durationSec: 299 }, now)).toBe('booking.tooShort');
    expect(checkBookingDraft({ startSec: now + 600, durationSec: 600 }, now)).toBe('booking.startTooSoon');
    expect(checkBookingDraft({ startSec: now + 601, durationSec: 7 * 86400 }, now)).toBeNull();
    expect(checkBookingDraft({ startSec: now + 601, durationSec: 7 * 86400 + 60 }, now)).toBe('booking.tooLong');
  });

  it('finds a booking whose period overlaps; touching ends do not', () => {
    const booked = [{ id: 1, startDtm: now + 3600, duration: 1800 }];
    expect(conflictingBooking(booked, now + 3000, 601)?.id).toBe(1);
    expect(conflictingBooking(booked, now + 5000, 60)?.id).toBe(1);
    expect(conflictingBooking(booked, now + 3000, 600)).toBeUndefined();
    expect(conflictingBooking(booked, now + 5400, 600)).toBeUndefined();
  });

  it('builds the add_schedule body under the management prefix', () => {
    expect(cmPath('ab/12', 'schedules/')).toBe('/rest/v1/app1/manager/sessions/ab%2F12/schedules/');
    expect(addScheduleBody({ roomId: '0123', name: 'Budget', startSec: now, durationSec: 1800 })).toMatchObject({
      cmdid: 'add_schedule',
      room_id: '0123',
      mr_name: 'Budget',
      start_dtm: now,
      duration: 1800,
      weekly_period: '0',
    });
    expect(scheduleIdOf({ schedule_id: 7 })).toBe(7);
    expect(scheduleIdOf({})).toBe(0);
  });
});

describe('room properties', () => {
  it('reads max_call and region_id, with the platform defaults when absent', () => {
    expect(roomPropertiesOf({ max_call: 40, region_id: '3' })).toEqual({
      maxCall: 40,
      regionId: '3',
      told: { maxCall: true, regionId: true },
    });
    expect(roomPropertiesOf({})).toEqual({ maxCall: DEFAULT_MAX_CALL, regionId: '-1', told: { maxCall: false, regionId: false } });
    expect(roomPropertiesOf(undefined).maxCall).toBe(1000);
  });

  it('limits the calls a room still takes by max_call', () => {
    expect(callsAllowed(1000, 998, 5)).toBe(2);
    expect(callsAllowed(10, 10, 1)).toBe(0);
    expect(callsAllowed(10, 12, 1)).toBe(0);
    expect(callsAllowed(1000, 3, 5)).toBe(5);
  });
});
