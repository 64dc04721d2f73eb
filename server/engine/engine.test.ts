import { beforeEach, describe, expect, it } from 'vitest';
import { RC } from '../../protocol/codes';
import { decodeUsrStats, isWaiting, USR_STATS_POSITIONS } from '../../protocol/usrStats';
import { createMemoryStore } from '../store/memoryStore';
import { OTHER_NOT_OFFERED } from '../http/cmRoutes';
import { publicControllerId } from '../auth/sessionBinding';
import { GONE, makeHarness, MR, ofType, quietRoom, TRANSPORTS, useTransport } from './testing/harness';

function head(events: any[], fallback = 0): number {
  return events.length ? events[events.length - 1].seq : fallback;
}

describe.each(TRANSPORTS)('over %s', (transport) => {
  beforeEach(() => useTransport(transport));

  describe('demo seed', () => {
    it('runs the demo meeting with simulated endpoints, a roster, an address book and other rooms', async () => {
      const h = makeHarness();
      await h.engine.ready;
      const c = h.login();
      const info = (await c.get('eps-info')).body;
      expect(info.usr_ids.length).toBeGreaterThanOrEqual(8);
      for (const k of ['usr_names', 'ep_ids', 'usr_uris', 'enter_dtms', 'dev_type', 'proto_types', 'ep_uuid']) {
        expect(info[k]).toHaveLength(info.usr_ids.length);
      }
      expect(new Set(info.proto_types).size).toBeGreaterThan(1);
      const status = (await c.get('eps-status')).body;
      expect(status.stats_desc).toEqual([...USR_STATS_POSITIONS]);
      expect(status.usr_stats.every((s: string) => /^\d{18}$/.test(s))).toBe(true);
      const roster = (await c.get('participants')).body;
      expect(roster.added_usr_ids.length).toBeGreaterThan(info.usr_ids.filter((id: string) => !id.startsWith('guest')).length - 1);
      roster.added_usr_attr.forEach((attr: string, i: number) => {
        const appointed = Number(attr.split('-')[1]) < 10000 ? 1 : 0;
        expect(roster.added_usr_appoint[i]).toBe(appointed);
      });
      expect(h.engine.roomAuth('8008039')).toMatchObject({ running: false, scheduledNotStarted: true, adhocDisabled: true });
      expect(h.engine.roomAuth('8008040')).toMatchObject({ running: false, scheduledNotStarted: false, adhocDisabled: true });
      expect(h.engine.roomAuth(MR)).toMatchObject({ running: true, hostPwd: '123456', supervisorPwd: '654321' });
      expect(h.engine.addressBook.users.size).toBe(300);
      const mrInfo = (await c.get('mr-info')).body;
      expect(mrInfo.next_booking_dtm - mrInfo.real_launch_dtm).toBe(3 * 3600);
      h.engine.stop();
    });

    it('is deterministic for a seed', async () => {
      const run = async () => {
        const h = makeHarness({ simActivity: 0.3 });
        await h.tick(20);
        const st = h.engine.rooms.get(MR)!.epsStatus();
        h.engine.stop();
        return JSON.stringify(st);
      };
      expect(await run()).toBe(await run());
    });
  });

  describe('change feed', () => {
    it('delivers a command effect with a seq, and a status delta listing only the changed endpoint', async () => {
      const h = makeHarness({ simActivity: 0 });
      const c = h.login();
      const first = await c.poll(0);
      const since = head(first);
      const target = h.engine.rooms.get(MR)!.epsStatus().usr_ids[1];
      const r = await c.post('eps-status', { cmdid: 'ctrl_mr_eps', action: 'a_rx', usr_ids: [target], value: 0 });
      expect(r.status).toBe(200);
      const events = await c.poll(since);
      const st = ofType(events, 'online_eps_status');
      expect(st).toHaveLength(1);
      expect(st[0].usr_ids).toEqual([target]);
      expect(decodeUsrStats(st[0].usr_stats[0], st[0].stats_desc).a_rx).toBe(0);
      // the answer's seq is the command's effect; the activity log's entry of it follows
      expect(r.body.seq).toBe(head(events.filter((e) => e.cmdid !== 'activity')));
      expect(ofType(events, 'activity')).toHaveLength(1);
      for (let i = 1; i < events.length; i++) expect(events[i].seq).toBe(events[i - 1].seq + 1);
      h.engine.stop();
    });

    it('stamps snapshots with the feed position they reflect', async () => {
      const { h, c, room } = quietRoom();
      const ep = [...room.endpoints.values()][1];
      room.setFlag(ep, 'hand', 1); // a delta not yet flushed
      const st = (await c.get('eps-status')).body;
      expect(st.seq).toBe(room.feed.head);
      expect(decodeUsrStats(st.usr_stats[st.usr_ids.indexOf(ep.usrId)]).hand).toBe(1);
      // the delta was emitted before the snapshot's seq: polling from it does not repeat it
      expect(ofType(await c.poll(st.seq), 'online_eps_status')).toEqual([]);
      for (const s of ['participants', 'eps-info', 'mr-status', 'mr-info', 'mosic-config', 'title-config']) {
        expect((await c.get(s)).body.seq, s).toBe(room.feed.head);
      }
      h.engine.stop();
    });

    it('batches many status changes of one tick into one event', async () => {
      const h = makeHarness({ simActivity: 0 });
      const c = h.login();
      const since = head(await c.poll(0), h.engine.rooms.get(MR)!.feed.head);
      const room = h.engine.rooms.get(MR)!;
      const eps = [...room.endpoints.values()].slice(0, 5);
      for (const ep of eps) room.setFlag(ep, 'hand', 1);
      room.setFlag(eps[0], 'vad', 1);
      await Promise.resolve();
      const events = await c.poll(since);
      const st = ofType(events, 'online_eps_status');
      expect(st).toHaveLength(1);
      expect(new Set(st[0].usr_ids)).toEqual(new Set(eps.map((e) => e.usrId)));
      h.engine.stop();
    });

    it('holds a poll until an event arrives, and answers [] at the deadline', async () => {
      const h = makeHarness({ config: { simulate: false } });
      const c = h.login();
      const other = h.login();
      const pending = c.poll(h.engine.rooms.get(MR)!.feed.head, 10);
      await h.until(() => h.engine.rooms.get(MR)!.feed.waiting > 0);
      await other.post('mr-status', { cmdid: 'mod_mr_status', lock_mr: 1 });
      const events = await pending;
      expect(ofType(events, 'one_mr_status')[0]).toMatchObject({ mr_locked: 1 });
      await h.tick(2);
      const quiet = c.poll(h.engine.rooms.get(MR)!.feed.head, 5);
      await h.until(() => h.engine.rooms.get(MR)!.feed.waiting > 0);
      h.clock.advance(5000);
      expect(await quiet).toEqual([]);
      h.engine.stop();
    });

    it('answers resync for a cursor older than the history or ahead of it', async () => {
      const h = makeHarness({ simActivity: 0, config: { historyCapacity: 20 } });
      const c = h.login();
      const room = h.engine.rooms.get(MR)!;
      const old = room.feed.head;
      for (let i = 0; i < 30; i++) await c.post('mr-status', { cmdid: 'mod_mr_status', lock_mr: i % 2 });
      const r = await c.poll(old);
      expect(r).toEqual([{ cmdid: 'resync', seq: room.feed.head }]);
      expect(await c.poll(room.feed.head + 100)).toEqual([{ cmdid: 'resync', seq: room.feed.head }]);
      expect(await c.poll(room.feed.head)).toEqual([]);
      h.engine.stop();
    });

    it('expires a session 30 s after its last poll with mr_ctrl_out, and logs controllers in and out', async () => {
      const h = makeHarness({ simActivity: 0 });
      const watcher = h.login();
      let since = head(await watcher.poll(0));
      const idle = h.login('supervisor');
      const ins = ofType(await watcher.poll(since), 'mr_ctrl_in');
      expect(ins.map((e) => e.sessionid)).toContain(publicControllerId(idle.sessId));
      expect(ins.find((e) => e.sessionid === publicControllerId(idle.sessId)).role).toBe('supervisor');
      since = h.engine.rooms.get(MR)!.feed.head;
      const all: any[] = [];
      for (let i = 0; i < 32; i++) {
        await h.tick();
        if (i % 10 === 0) {
          const got = await watcher.poll(since);
          all.push(...got);
          since = head(got, since);
        }
      }
      all.push(...(await watcher.poll(since)));
      const outs = ofType(all, 'mr_ctrl_out');
      expect(outs.some((e) => e.sessionid === publicControllerId(idle.sessId) && e.reason === 'expired')).toBe(true);
      expect(GONE).toContain((await idle.get('mr-status')).status);
      expect(h.engine.logsOf(MR).some((e: any) => e.cmdid === 'mr_ctrl_out' && e.sessionid === publicControllerId(idle.sessId))).toBe(true);
      h.engine.stop();
    });

    it('keeps the durable notification log bounded, newest last', async () => {
      const h = makeHarness({ simActivity: 0 });
      const room = h.engine.rooms.get(MR)!;
      for (let i = 0; i < 520; i++) h.engine.callFailed(room, { callAddr: `a${i}@x`, name: `n${i}`, usrType: 2, protoType: 2 }, 'busy');
      await Promise.resolve();
      const logs = h.engine.logsOf(MR) as any[];
      expect(logs).toHaveLength(500);
      expect(logs.at(-1).peer_addr).toBe('a519@x');
      expect(h.store.keys('logs').filter((k) => k.startsWith(`${MR}/`)).length).toBe(500);
      h.engine.stop();
    });

    it('logs out with logout_req and DELETE', async () => {
      const h = makeHarness({ simActivity: 0 });
      const watcher = h.login();
      const since = head(await watcher.poll(0), h.engine.rooms.get(MR)!.feed.head);
      const a = h.login();
      const b = h.login();
      expect((await a.post('logout_req', { cmdid: 'logout_req' })).status).toBe(200);
      expect((await h.call('DELETE', `/rest/v1/meetings/${MR}/sessions/${b.sessId}`)).status).toBe(200);
      const outs = ofType(await watcher.poll(since), 'mr_ctrl_out');
      expect(outs.map((e) => e.sessionid).sort()).toEqual([a.sessId, b.sessId].map(publicControllerId).sort());
      expect(outs.every((e) => e.reason === 'logout')).toBe(true);
      expect(h.engine.getSession(a.sessId)).toBeUndefined();
      h.engine.stop();
    });
  });

  describe('meeting status', () => {
    it('applies every mod_mr_status key and rejects bad values without changing anything', async () => {
      const h = makeHarness({ simActivity: 0 });
      const c = h.login();
      // live needs its push address first (spec §5)
      await c.post('mod-rtmp-url', {
        cmdid: 'mod_rtmp_url',
        push_url: 'rtmp://203.0.113.5/live/s',
        rtmp_url: 'https://203.0.113.5/play/s',
      });
      const since = h.engine.rooms.get(MR)!.feed.head;
      const ok = await c.post('mr-status', {
        cmdid: 'mod_mr_status',
        lock_mr: 1,
        allow_unmute_self: 0,
        same_layout: 1,
        force_mcu_layout: 0,
        cont_enabled: 0,
        chat_permission: 3,
        meeting_mode: 'discussion',
        title_enabled: 1,
        enable_guest: 0,
        live_chat: 0,
        enable_live: 1,
      });
      expect(ok.status).toBe(200);
      const st = (await c.get('mr-status')).body;
      expect(st).toMatchObject({
        mr_locked: 1,
        allow_unmute_self: 0,
        same_layout: 1,
        force_mcu_layout: 0,
        cont_enabled: 0,
        chat_permission: 3,
        meeting_mode: 'discussion',
        guest_enabled: 0,
        live_enabled: 1,
      });
      const delta = ofType(await c.poll(since), 'one_mr_status');
      expect(delta.some((e) => e.mr_locked === 1 && e.chat_permission === 3)).toBe(true);
      expect(delta.every((e) => !('mr_vtx_mode' in e))).toBe(true);
      for (const bad of [{ lock_mr: 2 }, { chat_permission: 9 }, { meeting_mode: 'x' }, { nope: 1 }, {}, { lock_mr: 'a' }]) {
        const r = await c.post('mr-status', { cmdid: 'mod_mr_status', ...bad });
        expect(r.status).toBe(400);
        expect(r.body.cmdid).toBe('error');
      }
      expect((await c.post('mr-status', { cmdid: 'mod_mr_status', lock_mr: 0, chat_permission: 7 })).status).toBe(400);
      expect((await c.get('mr-status')).body.mr_locked).toBe(1);
      h.engine.stop();
    });

    it('refuses non-cascade while cascade points exist, allows it once they are gone', async () => {
      const { h, c, room } = quietRoom();
      expect(room.mrStatus().cascade_points).toBe(1);
      const r = await c.post('mr-status', { cmdid: 'mod_mr_status', cascade_mode: '' });
      expect(r).toMatchObject({ status: 403, body: { result: RC.cascadePointsExist } });
      const sub = [...room.endpoints.values()].find((e) => e.devType === 'mr_cascade_sub')!;
      expect((await c.post('eps-status', { cmdid: 'ctrl_mr_eps', action: 'del_participants', usr_ids: [sub.usrId] })).status).toBe(200);
      expect((await c.post('mr-status', { cmdid: 'mod_mr_status', cascade_mode: '' })).status).toBe(200);
      expect(room.status.cascade_mode).toBe('');
      h.engine.stop();
    });

    it('runs recording through starting → recording → stopping → idle with xuding_rec_status', async () => {
      const h = makeHarness({ simActivity: 0 });
      const c = h.login();
      const since = h.engine.rooms.get(MR)!.feed.head;
      expect((await c.post('mr-status', { cmdid: 'mod_mr_status', enable_rec: 1 })).status).toBe(200);
      expect((await c.post('mr-status', { cmdid: 'mod_mr_status', enable_rec: 1 })).body.result).toBe(RC.recordingAlreadyRunning);
      await h.tick();
      expect((await c.post('mr-status', { cmdid: 'mod_mr_status', enable_rec: 0 })).status).toBe(200);
      await h.tick();
      const rec = ofType(await c.poll(since), 'xuding_rec_status').map((e) => e.rec_state);
      expect(rec).toEqual(['starting', 'recording', 'stopping', 'idle']);
      expect((await c.post('mr-status', { cmdid: 'mod_mr_status', enable_rec: 0 })).body.result).toBe(RC.recordingNotRunning);
      h.engine.stop();
    });

    it('extends the meeting up to the next booking, not beyond, and at most 9999 minutes', async () => {
      const h = makeHarness({ simActivity: 0 });
      const c = h.login();
      const info = (await c.get('mr-info')).body;
      const gap = info.next_booking_dtm - (info.real_launch_dtm + info.duration);
      expect(gap).toBe(3600);
      expect((await c.post('mr-info', { cmdid: 'mod_mr_info', increase_secs: 1800 })).status).toBe(200);
      expect((await c.get('mr-info')).body.duration).toBe(info.duration + 1800);
      expect((await c.post('mr-info', { cmdid: 'mod_mr_info', increase_secs: 3600 })).body.result).toBe(RC.overtimeConflictsBooking);
      expect((await c.post('mr-info', { cmdid: 'mod_mr_info', increase_secs: 10000 * 60 })).body.result).toBe(RC.overtimeTooLong);
      expect((await c.post('mr-info', { cmdid: 'mod_mr_info', increase_secs: -5 })).status).toBe(400);
      expect((await c.post('mr-info', { cmdid: 'mod_mr_info' })).status).toBe(400);
      // asked by a controller of the meeting (its session in the header); anyone else learns nothing
      const judge = await h.call('POST', '/rest/v1/app1/manager/overtime_judge/', { mr_id: MR, increase_secs: 1800 }, undefined, {
        sessionid: c.sessId,
      });
      expect(judge.body).toMatchObject({ result: 0, conflict: 0, max_increase_secs: 1800 });
      const anonymous = await h.call('POST', '/rest/v1/app1/manager/overtime_judge/', { mr_id: MR, increase_secs: 1800 });
      expect(anonymous).toMatchObject({ status: 404, body: { result: RC.meetingNotFound } });
      h.engine.stop();
    });

    it('warns of the following booking and ends the meeting when it starts', async () => {
      const h = makeHarness({ simActivity: 0, config: { sessionTimeoutMs: 86400_000 } });
      const c = h.login();
      const room = h.engine.rooms.get(MR)!;
      // jump to 16 minutes before the end (the meeting ends at the booking start minus one hour)
      await c.post('mr-info', { cmdid: 'mod_mr_info', increase_secs: 3600 });
      h.clock.advance((3 * 3600 - 16 * 60) * 1000 - 1000);
      const since = room.feed.head;
      await h.tick(2 * 60);
      const warn = ofType(await c.poll(since), 'show_warning_info');
      expect(warn[0]).toMatchObject({ warn_info: 'booking_conflict', is_toast: 1, params: { minutes: 15 } });
      const before = room.feed.head;
      await h.tick(15 * 60);
      const later = await c.poll(before);
      expect(ofType(later, 'show_warning_info').map((e) => e.params.minutes)).toEqual([10, 5, 1]);
      expect(ofType(later, 'show_warning_info').at(-1).is_toast).toBe(0);
      expect(ofType(later, 'force_logout')[0].reason).toBe('meeting_ended');
      // the booking takes the room: the running meeting's members leave, the booked meeting starts
      expect(new Set(ofType(later, 'left_call').map((e) => e.reason))).toEqual(new Set(['room_taken']));
      expect(room.record).toMatchObject({ running: true, mrKind: 'scheduled', scheduleName: 'Weekly review' });
      h.engine.stop();
    });

    it('reminds every login of the service expiry within 30 days of it, and no login when it is further (DEMO_SERVICE_DAYS)', async () => {
      const expiryReminders = async (demoServiceDays: number) => {
        const h = makeHarness({ simActivity: 0, config: { demoServiceDays } });
        await h.engine.ready;
        const room = h.engine.rooms.get(MR)!;
        const since = room.feed.head;
        const c = h.login();
        const warn = ofType(await c.poll(since), 'show_warning_info').filter((e) => e.warn_info === 'service_expiry');
        h.engine.stop();
        return warn.map((e) => e.params.days_left);
      };
      expect(await expiryReminders(20)).toEqual([20]);
      expect(await expiryReminders(30)).toEqual([30]);
      expect(await expiryReminders(31)).toEqual([]);
      expect(await expiryReminders(365)).toEqual([]);
    });

    it('tells a controller who logs in shortly before the following booking, and only that controller', async () => {
      const h = makeHarness({ simActivity: 0, config: { sessionTimeoutMs: 86400_000, demoBookingMinutes: 20 } });
      const early = h.login();
      const room = h.engine.rooms.get(MR)!;
      h.clock.advance(12 * 60 * 1000); // 8 minutes before the booking
      const since = room.feed.head;
      const late = h.login();
      const warn = ofType(await late.poll(since), 'show_warning_info').filter((e) => e.warn_info === 'booking_conflict');
      expect(warn).toHaveLength(1);
      expect(warn[0]).toMatchObject({ is_toast: 1, params: { minutes: 8, booking_name: 'Weekly review' } });
      const toEarly = ofType(await early.poll(since), 'show_warning_info').filter((e) => e.warn_info === 'booking_conflict');
      expect(toEarly).toEqual([]);
      h.engine.stop();
    });
  });

  describe('endpoint control', () => {
    it('mute-all of the audience binds later joiners and reconnects; individual mutes bind reconnects', async () => {
      const { h, c, room } = quietRoom();
      expect((await c.post('mr-status', { cmdid: 'mod_mr_status', all_guests_mute: 1 })).status).toBe(200);
      for (const ep of room.endpoints.values()) if (room.isAudience(ep)) expect(ep.flags[0]).toBe(0);
      const joined = h.engine.joinRoom(MR, {
        usrId: 'guest.late1',
        name: 'Late',
        uri: 'webrtc:x',
        devType: 'webrtc',
        protoType: 4,
        usrType: 2,
        callAddr: '',
      });
      expect('failed' in joined).toBe(false);
      expect(decodeUsrStats(room.epsStatus(['guest.late1']).usr_stats[0]).a_rx).toBe(0);
      await c.post('mr-status', { cmdid: 'mod_mr_status', all_guests_mute: 0 });
      const someone = [...room.endpoints.values()].find((e) => e.devType !== 'mr_cascade_sub' && !e.usrId.startsWith('guest'))!;
      await c.post('eps-status', { cmdid: 'ctrl_mr_eps', action: 'a_rx', usr_ids: [someone.usrId], value: 0 });
      h.engine.endpointLeft(room, someone.usrId, 'media_timeout');
      h.engine.joinRoom(MR, {
        usrId: someone.usrId,
        name: someone.name,
        uri: someone.uri,
        devType: someone.devType,
        protoType: someone.protoType,
        usrType: 2,
        callAddr: '',
      });
      expect(room.endpoints.get(someone.usrId)!.flags[0]).toBe(0);
      // listen and watch bans for everyone bind joiners too
      await c.post('eps-status', { cmdid: 'ctrl_mr_eps', action: 'all_a_tx', usr_ids: [], value: 0, scope: 'all' });
      await c.post('eps-status', { cmdid: 'ctrl_mr_eps', action: 'all_v_tx', usr_ids: [], value: 0, scope: 'audience' });
      h.engine.joinRoom(MR, {
        usrId: 'guest.late2',
        name: 'Late 2',
        uri: 'webrtc:y',
        devType: 'webrtc',
        protoType: 4,
        usrType: 2,
        callAddr: '',
      });
      const flags = decodeUsrStats(room.epsStatus(['guest.late2']).usr_stats[0]);
      expect([flags.a_tx, flags.v_tx, flags.a_rx]).toEqual([0, 0, 1]);
      expect(room.status).toMatchObject({ listen_ban_scope: 'all', watch_ban_scope: 'audience', mr_vtx_mode: 1, mr_atx_mode: 1 });
      h.engine.stop();
    });

    it('removes guests from the roster when they leave, keeps registered users offline', async () => {
      const { h, c, room } = quietRoom();
      h.engine.joinRoom(MR, { usrId: 'guest.abc', name: 'G', uri: 'webrtc:g', devType: 'webrtc', protoType: 4, usrType: 2, callAddr: '' });
      await Promise.resolve();
      const since = room.feed.head;
      const reg = [...room.endpoints.values()].find((e) => /^\d+$/.test(e.usrId))!;
      await c.post('eps-status', { cmdid: 'ctrl_mr_eps', action: 'drop', usr_ids: ['guest.abc', reg.usrId] });
      const events = await c.poll(since);
      expect(ofType(events, 'left_call').map((e) => e.reason)).toEqual(['host_hangup', 'host_hangup']);
      expect(ofType(events, 'online_eps_left')[0].usr_ids.sort()).toEqual(['guest.abc', reg.usrId].sort());
      expect(ofType(events, 'mr_participants').some((e) => e.deleted_usr_ids.includes('guest.abc'))).toBe(true);
      expect(room.roster.has('guest.abc')).toBe(false);
      expect(room.roster.has(reg.usrId)).toBe(true);
      h.engine.stop();
    });

    it('says when each hand went up (hand_up_dtms), on the engine clock, 0 once it is down; strict platform mode leaves the field out (issue 26)', () => {
      const { h, room } = quietRoom();
      const [a, b] = [...room.endpoints.values()].filter((e) => e.devType !== 'mr_cascade_sub');
      room.setFlag(a, 'hand', 0);
      room.setFlag(b, 'hand', 0);
      const raisedAt = h.engine.nowSecs();
      room.setFlag(a, 'hand', 1);
      h.clock.advance(90_000);
      room.setFlag(b, 'hand', 1);
      // a later raise does not move the earlier one
      expect(room.epsStatus([a.usrId, b.usrId]).hand_up_dtms).toEqual([raisedAt, raisedAt + 90]);
      room.setFlag(a, 'hand', 0);
      expect(room.epsStatus([a.usrId]).hand_up_dtms).toEqual([0]);
      h.engine.stop();
      const strict = makeHarness({ simActivity: 0, config: { wire: 'platform' } });
      strict.login();
      expect(strict.engine.rooms.get(MR)!.epsStatus().hand_up_dtms).toBeUndefined();
      strict.engine.stop();
    });

    it('handles roles: speaker, chair, host, focus, rename, hands, content, mic gain, unlock', async () => {
      const { h, c, room } = quietRoom();
      const [a, b] = [...room.endpoints.values()].filter((e) => e.devType !== 'mr_cascade_sub');
      const eps = (action: string, usr_ids: string[], value?: unknown) =>
        c.post('eps-status', { cmdid: 'ctrl_mr_eps', action, usr_ids, value });
      expect((await eps('speaker', [a.usrId], 1)).status).toBe(200);
      expect(room.status.spk_usr_id).toBe(a.usrId);
      await eps('speaker', [b.usrId], 1);
      expect([a.flags[6], b.flags[6]]).toEqual([0, 1]);
      await eps('speaker', [''], 1);
      expect(room.status.spk_usr_id).toBe('');
      await eps('chair', [a.usrId], 1);
      expect(room.status.chair_usr_id).toBe(a.usrId);
      await eps('host', [b.usrId], 1);
      expect(b.flags[14]).toBe(1);
      await eps('focus', [a.usrId], 1);
      expect(room.status.spec_focus_usr_ids).toEqual([a.usrId]);
      expect((await eps('displayname', [a.usrId], '  ')).body.result).toBe(RC.nameRequired);
      await eps('displayname', [a.usrId], 'Renamed');
      expect(room.epsInfo([a.usrId]).usr_names[0]).toBe('Renamed');
      room.setFlag(a, 'hand', 1);
      room.setFlag(b, 'hand', 1);
      await eps('hand_permit', [a.usrId], 1);
      expect([a.flags[13], a.flags[0]]).toEqual([0, 1]);
      await eps('clear_all_hand', []);
      expect(b.flags[13]).toBe(0);
      await eps('can_content', [a.usrId], 0);
      expect(a.flags[8]).toBe(0);
      await eps('mic_gain', [a.usrId], 7);
      expect(a.flags[12]).toBe(7);
      expect((await eps('mic_gain', [a.usrId], 12)).status).toBe(400);
      await eps('a_tx', [a.usrId], 0);
      await eps('unlock', [a.usrId]);
      expect(a.flags[2]).toBe(1);
      expect((await eps('a_rx', ['nobody'], 0)).body.result).toBe(RC.participantNotFound);
      expect((await eps('bogus', [a.usrId], 0)).status).toBe(400);
      h.engine.stop();
    });

    it('runs the waiting room: join waits, permit and refuse one or many, move', async () => {
      const { h, c, room } = quietRoom();
      const eps = (action: string, usr_ids: string[], value?: unknown) =>
        c.post('eps-status', { cmdid: 'ctrl_mr_eps', action, usr_ids, value });
      const someone = [...room.endpoints.values()].find((e) => e.devType !== 'mr_cascade_sub')!;
      expect((await eps('waiting_move', [someone.usrId])).body.result).toBe(RC.waitingRoomDisabled);
      await c.post('mr-status', { cmdid: 'mod_mr_status', waiting_room: 1 });
      const since = room.feed.head;
      for (const id of ['guest.w1', 'guest.w2', 'guest.w3']) {
        h.engine.joinRoom(MR, { usrId: id, name: id, uri: `webrtc:${id}`, devType: 'webrtc', protoType: 4, usrType: 2, callAddr: '' });
      }
      expect(isWaiting(room.epsStatus(['guest.w1']).usr_stats[0])).toBe(true);
      await eps('waiting_permit', ['guest.w1']);
      await eps('waiting_refuse', ['guest.w2']);
      await eps('waiting_move', [someone.usrId]);
      await eps('waiting_permit', []);
      const w = ofType(await c.poll(since), 'waiting_usr');
      const added = w.flatMap((e) => e.usr_ids);
      expect(added).toEqual(['guest.w1', 'guest.w2', 'guest.w3', someone.usrId]);
      expect(w.flatMap((e) => e.deleted_ep_ids)).toHaveLength(4);
      expect([...room.endpoints.values()].filter((e) => e.flags[16]).length).toBe(0);
      expect(room.endpoints.has('guest.w2')).toBe(false);
      h.engine.stop();
    });

    it('runs a roll call: start, next, end with the view mode', async () => {
      const { h, c, room } = quietRoom();
      await c.post('mr-status', { cmdid: 'mod_mr_status', all_guests_mute: 1 });
      const [a, b] = [...room.endpoints.values()].filter((e) => room.isAudience(e) && e.devType !== 'mr_cascade_sub');
      const eps = (action: string, usr_ids: string[], value?: unknown) =>
        c.post('eps-status', { cmdid: 'ctrl_mr_eps', action, usr_ids, value });
      expect((await eps('roll_call_next', [a.usrId])).body.result).toBe(RC.rollCallNotRunning);
      await eps('roll_call_start', [a.usrId], 'called_only');
      expect(room.status).toMatchObject({ roll_call: 1, rollcall_usr_id: a.usrId, rollcall_view: 'called_only' });
      expect(a.flags[0]).toBe(1);
      await eps('roll_call_next', [b.usrId]);
      expect([a.flags[0], b.flags[0]]).toEqual([0, 1]);
      expect(Object.keys(room.status.rollcall_hist)).toEqual([a.usrId, b.usrId]);
      await eps('roll_call_end', []);
      expect(room.status.roll_call).toBe(0);
      expect(b.flags[0]).toBe(0);
      h.engine.stop();
    });

    it('adds participants from the address book by user and department, and dials them', async () => {
      const { h, c, room } = quietRoom();
      const free = [...h.engine.addressBook.users.values()].find((u) => !room.roster.has(String(u.id)))!;
      const since = room.feed.head;
      expect((await c.post('eps-status', { cmdid: 'ctrl_mr_eps', action: 'add_participants', usr_ids: [String(free.id)] })).status).toBe(
        200,
      );
      expect(room.roster.get(String(free.id))!.appoint).toBe(1);
      await h.tick(5);
      const ev = await c.poll(since);
      const joinedOrFailed =
        ofType(ev, 'online_eps_info').some((e) => e.usr_ids.includes(String(free.id))) || ofType(ev, 'failed_call').length > 0;
      expect(joinedOrFailed).toBe(true);
      expect((await c.post('eps-status', { cmdid: 'ctrl_mr_eps', action: 'add_participants', usr_ids: ['9999'] })).body.result).toBe(
        RC.userNotFound,
      );
      // spec §5: a user number has the configured digit count (USER_NUMBER_DIGITS, 4 here)
      expect((await c.post('eps-status', { cmdid: 'ctrl_mr_eps', action: 'add_participants', usr_ids: ['99999999'] })).body.result).toBe(
        RC.userNumberLength,
      );
      expect((await c.post('eps-status', { cmdid: 'ctrl_mr_eps', action: 'add_participants', usr_ids: ['100'] })).body.result).toBe(
        RC.userNumberLength,
      );
      expect((await c.post('eps-status', { cmdid: 'ctrl_mr_eps', action: 'add_participants', usr_ids: [' '] })).body.result).toBe(
        RC.userNumberRequired,
      );
      const depId = free.deps[0];
      const r = await c.post('eps-status', {
        cmdid: 'ctrl_mr_eps',
        action: 'add_participants',
        usr_ids: [],
        dep_ids: [depId],
        recursion: 1,
      });
      expect(r.status).toBe(200);
      h.engine.stop();
    });

    it('places temporary calls: a failing address gives failed_call with the reason, others join', async () => {
      const { h, c, room } = quietRoom();
      const since = room.feed.head;
      expect((await c.post('temp-usrs', { cmdid: 'create_temp_call', call_url: '', usr_type: 2, disp_name: 'x' })).body.result).toBe(
        RC.callAddressRequired,
      );
      expect((await c.post('temp-usrs', { cmdid: 'create_temp_call', call_url: 'no way', usr_type: 2, disp_name: 'x' })).body.result).toBe(
        RC.callAddressFormat,
      );
      expect((await c.post('temp-usrs', { cmdid: 'create_temp_call', call_url: '8008001', usr_type: 2, disp_name: ' ' })).body.result).toBe(
        RC.displayNameRequired,
      );
      expect(
        (await c.post('temp-usrs', { cmdid: 'create_temp_call', call_url: 'busy@203.0.113.9', usr_type: 2, disp_name: 'Busy one' })).status,
      ).toBe(200);
      await h.tick(5);
      const failed = ofType(await c.poll(since), 'failed_call');
      expect(failed[0]).toMatchObject({ reason: 'busy', nick_name: 'Busy one', peer_addr: 'busy@203.0.113.9' });
      await c.post('mr-status', { cmdid: 'mod_mr_status', lock_mr: 1 });
      h.engine.stop();
    });

    it("refuses calls beyond the room's max_call with max_calls", async () => {
      const h = makeHarness({ simActivity: 0 });
      const room = h.engine.rooms.get(MR)!;
      room.record.maxCall = room.endpoints.size;
      const r = h.engine.joinRoom(MR, {
        usrId: 'guest.extra',
        name: 'X',
        uri: 'webrtc:x',
        devType: 'webrtc',
        protoType: 4,
        usrType: 2,
        callAddr: '',
      });
      expect(r).toEqual({ failed: 'max_calls' });
      h.engine.stop();
    });

    it('lets supervisors mute but not end the meeting; only supervisors talk privately', async () => {
      const h = makeHarness({ simActivity: 0 });
      const sup = h.login('supervisor');
      const host = h.login('host');
      const room = h.engine.rooms.get(MR)!;
      const ep = [...room.endpoints.values()][1];
      expect((await sup.post('eps-status', { cmdid: 'ctrl_mr_eps', action: 'a_rx', usr_ids: [ep.usrId], value: 0 })).status).toBe(200);
      const end = await sup.post('mr-status', { cmdid: 'stop_mr_req', reason: '' });
      expect(end).toMatchObject({ status: 403, body: { result: RC.supervisorForbidden, detail: 'stop_mr_req' } });
      expect((await sup.post('mr-status', { cmdid: 'mod_mr_status', lock_mr: 1 })).status).toBe(403);
      expect((await sup.post('mr-info', { cmdid: 'mod_mr_info', increase_secs: 60 })).status).toBe(403);
      expect(
        (await host.post('eps-status', { cmdid: 'ctrl_mr_eps', action: 'private_talk', usr_ids: [ep.usrId], value: 1 })).body.result,
      ).toBe(RC.hostForbidden);
      expect((await sup.post('eps-status', { cmdid: 'ctrl_mr_eps', action: 'private_talk', usr_ids: [ep.usrId], value: 1 })).status).toBe(
        200,
      );
      expect(room.status.private_talk_usr_id).toBe(ep.usrId);
      h.engine.stop();
    });

    it('applies a command repeated with the same req_id once and returns the first answer', async () => {
      const { h, c, room } = quietRoom();
      const body = { cmdid: 'mod_mr_info', increase_secs: 600, req_id: 'r-1' };
      const [a, b] = await Promise.all([c.post('mr-info', body), c.post('mr-info', body)]);
      const again = await c.post('mr-info', body);
      expect(a).toEqual(b);
      expect(again).toEqual(a);
      expect(room.record.duration).toBe(7200 + 600);
      const other = await c.post('mr-info', { ...body, req_id: 'r-2' });
      expect(other.status).toBe(200);
      expect(room.record.duration).toBe(7200 + 1200);
      h.engine.stop();
    });

    it('ends the meeting: everyone leaves, every session gets force_logout and is gone after its last poll', async () => {
      const h = makeHarness({ simActivity: 0 });
      const a = h.login();
      const b = h.login('supervisor');
      const since = h.engine.rooms.get(MR)!.feed.head;
      expect((await a.post('mr-status', { cmdid: 'stop_mr_req', reason: 'done' })).status).toBe(200);
      const ev = await b.poll(since);
      expect(ofType(ev, 'force_logout')).toEqual([expect.objectContaining({ reason: 'meeting_ended' })]);
      expect(ofType(ev, 'left_call').length).toBeGreaterThan(5);
      expect(h.engine.roomAuth(MR)!.running).toBe(false);
      expect(h.engine.getSession(b.sessId)).toBeUndefined();
      expect(GONE).toContain((await a.get('mr-status')).status);
      h.engine.stop();
    });
  });

  describe('layouts and titles', () => {
    it('lists the layouts with pane rectangles', async () => {
      const h = makeHarness({ simActivity: 0 });
      const c = h.login();
      const { mosic_group } = (await c.get('sys_mosics')).body;
      const ids = mosic_group.map((m: any) => m.mosic_id);
      expect(ids).toEqual(expect.arrayContaining(['1', '1*1', '2*2', '1+5', '1+7', '3*3', '2+8_2', '4*4', '5*5', 'pin', 'pin_2', 'pin_3']));
      for (const m of mosic_group) {
        expect(m.layout_coord).toHaveLength(m.mosic_cnts * 4);
        for (let i = 0; i < m.layout_coord.length; i += 4) {
          const [x, y, w, hh] = m.layout_coord.slice(i, i + 4);
          expect(x + w).toBeLessThanOrEqual(1920);
          expect(y + hh).toBeLessThanOrEqual(1080);
          expect(w * hh).toBeGreaterThan(0);
        }
      }
      h.engine.stop();
    });

    it('validates mosaic configs, and automatic clears the custom layout', async () => {
      const { h, c, room } = quietRoom();
      const online = [...room.endpoints.keys()][1];
      const cfg = (entry: Record<string, unknown>) => c.post('mosic-config', { cmdid: 'config_mosic', config_info: [entry] });
      const base = { role: 'custom', mosic_id: '2*2', layout_mode: 2, poll_secs: 10, view_has_self: 0 };
      expect((await cfg({ ...base, roles_lst: [['0'], ['-1'], ['1010'], [online]] })).status).toBe(200);
      expect((await c.get('mosic-config')).body.config_info.find((x: any) => x.role === 'custom').roles_lst).toEqual([
        ['0'],
        ['-1'],
        ['1010'],
        [online],
      ]);
      expect((await cfg({ ...base, layout_mode: 1, roles_lst: [['0'], ['0'], ['0'], ['0']] })).body.result).toBe(
        RC.traditionalMosaicUnsupported,
      );
      expect((await cfg({ ...base, mosic_id: '7*7', roles_lst: [] })).body.result).toBe(RC.invalidMosaicId);
      expect((await cfg({ ...base, roles_lst: [['0'], ['0'], ['0']] })).body.result).toBe(RC.invalidPaneToken);
      expect((await cfg({ ...base, roles_lst: [['0'], ['0'], ['0'], ['ghost']] })).body.result).toBe(RC.invalidPaneToken);
      expect((await cfg({ ...base, poll_secs: 15, roles_lst: [['0'], ['0'], ['0'], ['0']] })).status).toBe(400);
      expect((await cfg({ role: 'guest', mosic_id: 'auto', layout_mode: 2, poll_secs: 10, view_has_self: 1 })).status).toBe(200);
      const after = (await c.get('mosic-config')).body.config_info;
      expect(after.find((x: any) => x.role === 'custom')).toMatchObject({ mosic_id: '4*4', roles_lst: Array(16).fill(['0']) });
      expect(after.find((x: any) => x.role === 'guest').cur_mosic_id).not.toBe('auto');
      h.engine.stop();
    });

    it('tells controllers when an automatic layout changes its panes as video sources come and go', async () => {
      const { h, c, room } = quietRoom();
      expect(
        (
          await c.post('mosic-config', {
            cmdid: 'config_mosic',
            config_info: [{ role: 'guest', mosic_id: 'auto', layout_mode: 2, poll_secs: 10, view_has_self: 1 }],
          })
        ).status,
      ).toBe(200);
      const before = (await c.get('mosic-config')).body.config_info.find((x: any) => x.role === 'guest').cur_mosic_id;
      const since = room.feed.head;
      await h.tick(2);
      expect(ofType(await c.poll(since), 'mosic_config')).toEqual([]); // nothing changed: nothing said
      const ids = [...room.endpoints.keys()];
      expect((await c.post('eps-status', { cmdid: 'ctrl_mr_eps', action: 'v_rx', usr_ids: ids.slice(1), value: 0 })).status).toBe(200);
      await h.tick();
      const told = ofType(await c.poll(since), 'mosic_config');
      expect(told).toHaveLength(1);
      const guest = told[0].config_info.find((x: any) => x.role === 'guest');
      // one or two sources are left (a cascade point keeps its video): a one- or two-pane layout
      expect(['1', '1*1']).toContain(guest.cur_mosic_id);
      expect(guest.cur_mosic_id).not.toBe(before);
      expect((await c.get('mosic-config')).body.config_info.find((x: any) => x.role === 'guest').cur_mosic_id).toBe(guest.cur_mosic_id);
      await h.tick(2);
      expect(ofType(await c.poll(since), 'mosic_config')).toHaveLength(1); // once per change
      h.engine.stop();
    });

    it('keeps titles per target with the spec defaults, and the subtitle position', async () => {
      const h = makeHarness({ simActivity: 0 });
      const c = h.login();
      const { titles } = (await c.get('title-config')).body;
      expect(titles.map((t: any) => t.to_role)).toEqual(['all', 'guest', 'chair', 'speaker', 'waiting_room_usr']);
      expect(titles[1]).toMatchObject({
        font_size: 36,
        bg_color: 0,
        y_pos: 80,
        font_color: 16777215,
        speed: 20,
        font_name: 'san',
        has_title: 0,
        bg_alpha: 0,
        h_align: 1,
        v_align: 2,
        h_margin: 10,
        v_margin: 10,
      });
      expect(
        (await c.post('title-config', { cmdid: 'set_title', to_role: 'chair', message: 'Welcome', has_title: 1, bg_alpha: 40 })).status,
      ).toBe(200);
      const t2 = (await c.get('title-config')).body.titles;
      expect(t2[2]).toMatchObject({ message: 'Welcome', has_title: 1, bg_alpha: 40 });
      expect(t2[1].message).toBe('');
      expect((await c.post('title-config', { cmdid: 'set_title', to_role: 'chair', message: 'x', bg_alpha: 101 })).status).toBe(400);
      expect((await c.post('title-config', { cmdid: 'set_title', to_role: 'boss', message: 'x' })).status).toBe(400);
      expect(
        (
          await c.post('mod-subtitle-position', {
            cmdid: 'mod_subtitle_position',
            horizontal_position: 'left',
            vertical_position: 'top',
            horizontal_margin: 5,
            vertical_margin: 6,
          })
        ).status,
      ).toBe(200);
      expect((await c.get('mr-status')).body.subtitle_position).toEqual({
        horizontal_position: 'left',
        vertical_position: 'top',
        horizontal_margin: 5,
        vertical_margin: 6,
      });
      h.engine.stop();
    });
  });

  describe('one truth for "subtitles on" (issue 12)', () => {
    it("the switch turns every target's has_title with it, and a set_title that keeps has_title keeps the subtitles on", async () => {
      const h = makeHarness({ simActivity: 0 });
      const c = h.login();
      expect((await c.post('mr-status', { cmdid: 'mod_mr_status', title_enabled: 1 })).status).toBe(200);
      expect((await c.get('title-config')).body.titles.map((t: any) => t.has_title)).toEqual([1, 1, 1, 1, 1]);
      // the dialog sends what it shows: has_title 1 from the config above
      expect((await c.post('title-config', { cmdid: 'set_title', to_role: 'all', message: 'Welcome', has_title: 1 })).status).toBe(200);
      expect((await c.get('mr-status')).body.title_enabled).toBe(1);
      expect((await c.post('mr-status', { cmdid: 'mod_mr_status', title_enabled: 0 })).status).toBe(200);
      expect((await c.get('title-config')).body.titles.map((t: any) => t.has_title)).toEqual([0, 0, 0, 0, 0]);
      expect((await c.get('mr-status')).body.title_enabled).toBe(0);
      h.engine.stop();
    });
  });

  describe('live, push and camera', () => {
    it('checks push and pull addresses and when they may change', async () => {
      const h = makeHarness({ simActivity: 0 });
      const c = h.login();
      expect((await c.post('mr-status', { cmdid: 'mod_mr_status', enable_bypass: 1 })).body.result).toBe(RC.pushAddressNotSet);
      expect(
        (await c.post('mod-bypass-url', { cmdid: 'mod_bypass_url', bypass_url: 'http://x/live/a', enable_bypass: 1 })).body.result,
      ).toBe(RC.pushAddressNotRtmp);
      expect(
        (await c.post('mod-bypass-url', { cmdid: 'mod_bypass_url', bypass_url: 'rtmp://203.0.113.5/live/room1', enable_bypass: 1 })).status,
      ).toBe(200);
      expect((await c.get('mr-status')).body).toMatchObject({ bypass_enabled: 1, bypass_url: 'rtmp://203.0.113.5/live/room1' });
      const rtmp = { cmdid: 'mod_rtmp_url', push_url: 'rtmp://203.0.113.5/live/s', rtmp_url: 'https://203.0.113.5/play/s' };
      // spec §5: live is refused while its push address is empty, and the refusal changes nothing
      const noPush = await c.post('mr-status', { cmdid: 'mod_mr_status', enable_live: 1, lock_mr: 1 });
      expect(noPush.status).toBe(403);
      expect(noPush.body.result).toBe(RC.pushAddressNotSet);
      expect((await c.get('mr-status')).body).toMatchObject({ live_enabled: 0, mr_locked: 0 });
      expect((await c.post('mod-rtmp-url', { ...rtmp, rtmp_url: '' })).body.result).toBe(RC.pullAddressRequired);
      expect((await c.post('mod-rtmp-url', rtmp)).status).toBe(200);
      expect((await c.post('mr-status', { cmdid: 'mod_mr_status', enable_live: 1 })).status).toBe(200);
      expect((await c.post('mod-rtmp-url', rtmp)).body.result).toBe(RC.liveAddressWhileLiveOn);
      h.engine.stop();
    });

    it('accepts camera control for online endpoints, answers call quality to the asking session only', async () => {
      const h = makeHarness({ simActivity: 0 });
      const c = h.login();
      const other = h.login();
      const room = h.engine.rooms.get(MR)!;
      const ep = [...room.endpoints.values()][2];
      const moved = await c.post('fecc', {
        cmdid: 'ctrl_usr_fecc',
        action: 'start',
        usr_id: ep.usrId,
        movement: 'up',
        timeout: 1000,
        speed: 4,
      });
      expect(moved.status).toBe(200);
      expect(moved.body).toMatchObject({ action: 'start', movement: 'up' });
      expect((await c.post('fecc', { cmdid: 'ctrl_usr_fecc', action: 'start', usr_id: ep.usrId, movement: 'sideways' })).status).toBe(400);
      const since = room.feed.head;
      expect((await c.post('get_call_qa', { cmdid: 'get_call_qa', usr_id: ep.usrId })).status).toBe(200);
      const qa = ofType(await c.poll(since), 'get_call_qa_rsp');
      expect(qa[0].qa.video_rx_bitrate).toBeGreaterThan(0);
      expect(ofType(await other.poll(since), 'get_call_qa_rsp')).toEqual([]);
      const media = await h.call('GET', `/status/participant/${ep.epId}/media_stream/`, undefined, undefined, { sessionid: c.sessId });
      expect(media.body.data.filter((s: any) => s.tx_jitter !== undefined).length).toBeGreaterThanOrEqual(2);
      const loss = await h.call('POST', '/status/participant/packets_lost_rate/', { mr_id: MR }, undefined, { sessionid: c.sessId });
      expect(loss.body[ep.uuid]).toHaveLength(2);
      h.engine.stop();
    });
  });

  describe('address book', () => {
    it('searches users and departments, subscribes with 304, reports online status and too_many', async () => {
      const h = makeHarness({ simActivity: 0 });
      const c = h.login();
      const u = [...h.engine.addressBook.users.values()][5];
      const r = await c.post('usrs/usr_id/search/', { cmdid: 'search_usr', filter_type: ['usr_mark'], filter_value: [u.mark] });
      expect(r.body.ids).toContain(u.id);
      const all = await c.post('usrs/usr_id/search/', { cmdid: 'search_usr', filter_type: [], filter_value: [] });
      expect(all.body).toMatchObject({ total: 300, too_many: 0 });
      const sub = await c.post('usrs/usr_ids/', { cmdid: 'subscribe_usr', usr_ids: [u.id], last_modify_dtms: [0] });
      expect(sub.body.nick_names).toEqual([u.nick]);
      const same = await c.post('usrs/usr_ids/', { cmdid: 'subscribe_usr', usr_ids: [u.id], last_modify_dtms: sub.body.last_modify_dtms });
      expect(same.status).toBe(304);
      const tops = await c.post('departments/department_ids/search/', {
        cmdid: 'search_department_ids',
        filter_type: ['senior_id'],
        filter_value: [-1],
      });
      expect(tops.body.ids.length).toBe(6);
      const kids = await c.post('departments/children_ids/', { cmdid: 'get_children_ids', department_ids: [tops.body.ids[0]] });
      expect(kids.body.department_ids.length).toBeGreaterThan(0);
      const deps = await c.post('departments/department_ids/', { cmdid: 'subscribe_department', department_ids: kids.body.department_ids });
      expect(deps.body.senior_ids.every((s: number) => s === tops.body.ids[0])).toBe(true);
      const again = await c.post('departments/department_ids/', {
        cmdid: 'subscribe_department',
        department_ids: deps.body.department_ids,
        last_modify_dtms: deps.body.last_modify_dtms,
      });
      expect(again.status).toBe(304);
      const onlineId = Number([...h.engine.rooms.get(MR)!.endpoints.keys()].find((id) => /^\d+$/.test(id)));
      const os = await c.post('usrs/get_usr_online_status/', {
        cmdid: 'get_usr_online_status',
        usr_ids: [onlineId, u.id === onlineId ? 1002 : u.id],
      });
      expect(os.body.online_status[0]).toBe(1);
      expect((await c.post('usrs/usr_id/search/', { filter_type: ['bad'], filter_value: ['x'] })).status).toBe(400);
      h.engine.stop();

      const big = makeHarness({ simActivity: 0, config: { addressBookUsers: 800 } });
      const bc = big.login();
      const many = await bc.post('usrs/usr_id/search/', { cmdid: 'search_usr', filter_type: [], filter_value: [] });
      expect(many.body).toMatchObject({ total: 800, too_many: 1, result: RC.userSearchTooMany });
      expect(many.body.ids).toHaveLength(500);
      big.engine.stop();
    });
  });

  describe('management login', () => {
    it('issues a digits-only picture code and logs in with the MD5 of the password', async () => {
      const h = makeHarness({ simActivity: 0 });
      const code = await h.call('GET', '/rest/v1/app1/manager/sessions/web-verify-code/');
      expect(Buffer.from(code.body.base64, 'base64').subarray(1, 4).toString()).toBe('PNG');
      const md5 = 'e10adc3949ba59abbe56e057f20f883e';
      const login = (over: Record<string, unknown>) =>
        h.call('POST', '/rest/v1/app1/manager/sessions/login_req/', {
          cmdid: 'login_req',
          login_id: 'admin',
          login_pwd: md5,
          cert_code: '4321',
          code_id: code.body.code_id,
          ...over,
        });
      expect((await login({ cert_code: '12ab' })).body.result).toBe(RC.verifyCodeFormat);
      expect((await login({ login_id: '' })).body.result).toBe(RC.loginNameRequired);
      expect((await login({ cert_code: '9999' })).body.result).toBe(RC.verifyCodeIncorrect);
      // the code was used up by the failed attempt: it is obsolete now
      expect((await login({})).body.result).toBe(RC.verifyCodeIncorrect);
      const fresh = await h.call('GET', '/rest/v1/app1/manager/sessions/web-verify-code/');
      const ok = await login({ code_id: fresh.body.code_id });
      expect(ok.body).toMatchObject({ cmdid: 'login_rsp', result: '0' });
      const c = h.login();
      expect((await c.post('set-confmgr-ssid', { cmdid: 'set_confmgr_ssid', ssid: 'nope' })).body.result).toBe(RC.loginAsAdministrator);
      expect((await c.post('set-confmgr-ssid', { cmdid: 'set_confmgr_ssid', ssid: ok.body.session_id })).status).toBe(200);
      h.engine.stop();
    });
  });

  describe('durability', () => {
    it('keeps rooms, settings, configs, roster, address book and sessions across a restart', async () => {
      const store = createMemoryStore();
      const h = makeHarness({ store, simActivity: 0 });
      await h.engine.ready;
      const c = h.login();
      await c.post('mr-status', { cmdid: 'mod_mr_status', lock_mr: 1, all_guests_mute: 1, waiting_room: 1 });
      await c.post('title-config', { cmdid: 'set_title', to_role: 'guest', message: 'Kept', has_title: 1 });
      await c.post('mosic-config', {
        cmdid: 'config_mosic',
        config_info: [{ role: 'speaker', mosic_id: '1', layout_mode: 2, roles_lst: [['1010']], poll_secs: 10, view_has_self: 0 }],
      });
      await c.post('mr-info', { cmdid: 'mod_mr_info', increase_secs: 900 });
      const retried = { cmdid: 'mod_mr_info', increase_secs: 60, req_id: 'before-restart' };
      const firstAnswer = await c.post('mr-info', retried);
      const lastSeq = h.engine.rooms.get(MR)!.feed.head;
      const rosterSize = h.engine.rooms.get(MR)!.roster.size;
      h.engine.stop();

      const h2 = makeHarness({ store, clock: h.clock, simActivity: 0 });
      const room = h2.engine.rooms.get(MR)!;
      expect(room.status).toMatchObject({ mr_locked: 1, all_guests_mute: 1, waiting_room: 1 });
      expect(room.record.titles[1]).toMatchObject({ message: 'Kept', has_title: 1 });
      expect(room.record.mosaic[0]).toMatchObject({ mosic_id: '1', roles_lst: [['1010']] });
      expect(room.record.duration).toBe(7200 + 900 + 60);
      // a retry of a command acknowledged before the restart gets its first answer and is not applied again
      expect(await h2.call('POST', `${c.P}mr-info`, retried)).toEqual(firstAnswer);
      expect(room.record.duration).toBe(7200 + 900 + 60);
      expect(room.roster.size).toBeGreaterThanOrEqual(rosterSize - 3);
      expect(h2.engine.addressBook.users.size).toBe(300);
      expect(room.feed.head).toBeGreaterThan(lastSeq);
      // the session survived; its old cursor is older than the new history: resync
      const again = await h2.call('POST', `${c.P}changes`, { cmdid: 'get_changes', block_secs: 0, since_seq: lastSeq });
      expect(again.body).toEqual([{ cmdid: 'resync', seq: room.feed.head }]);
      // live endpoints were rebuilt by the simulator, bound by the persisted mute
      expect(room.endpoints.size).toBeGreaterThan(0);
      h2.engine.stop();
    });
  });

  describe('malformed input', () => {
    it('never crashes and answers 4xx for any body on any route', async () => {
      const h = makeHarness({ simActivity: 0 });
      const c = h.login();
      const bodies: unknown[] = [
        undefined,
        null,
        42,
        'text',
        [],
        {},
        { cmdid: 5 },
        { cmdid: 'ctrl_mr_eps', action: 'a_rx', usr_ids: 'x', value: {} },
        { cmdid: 'ctrl_mr_eps', action: 'a_rx', usr_ids: [{}], value: 1 },
        { cmdid: 'config_mosic', config_info: [null] },
        { cmdid: 'config_mosic', config_info: [{ role: 'guest', layout_mode: 2, mosic_id: '2*2', roles_lst: [[1], [2], [3], [4]] }] },
        { cmdid: 'mod_mr_info', increase_secs: 'NaN' },
        { cmdid: 'get_changes', block_secs: -1 },
        { cmdid: 'get_changes', since_seq: 'abc' },
        { filter_type: ['usr_mark'], filter_value: [{}] },
        { usr_ids: [1.5] },
        { a: 'x'.repeat(6000) },
        JSON.parse('{"__proto__": {"polluted": 1}, "cmdid": "mod_mr_status"}'),
      ];
      const routes = h.router as unknown as { routes: { method: string; parts: string[] }[] };
      for (const r of routes.routes) {
        const path = '/' + r.parts.map((p) => (p === ':mrId' ? MR : p === ':sessId' ? c.sessId : p.startsWith(':') ? '1' : p)).join('/');
        if (path.endsWith('/changes')) continue;
        for (const body of bodies) {
          const res = await h.call(r.method, path, body);
          // a call the platform has and this server does not answers 501 to any body that parses
          const notOffered = OTHER_NOT_OFFERED.some(([m, p]) => m === r.method && p === path);
          if (notOffered) expect([400, 501], `${r.method} ${path} ${res.status}`).toContain(res.status);
          else expect(res.status, `${r.method} ${path} ${JSON.stringify(body)?.slice(0, 60)}`).toBeLessThan(500);
        }
      }
      expect(({} as any).polluted).toBeUndefined();
      for (const body of bodies.slice(0, 6)) expect((await h.call('POST', `${c.P}changes`, body)).status).toBeLessThan(500);
      h.engine.stop();
      // every route × every body: over HTTP that is some 2,000 requests since the CM calls joined
    }, 60_000);
  });

  describe('administrative events', () => {
    async function adminSession(h: ReturnType<typeof makeHarness>) {
      const code = await h.call('GET', '/rest/v1/app1/manager/sessions/web-verify-code/');
      const ok = await h.call('POST', '/rest/v1/app1/manager/sessions/login_req/', {
        cmdid: 'login_req',
        login_id: 'admin',
        login_pwd: 'e10adc3949ba59abbe56e057f20f883e',
        cert_code: '4321',
        code_id: code.body.code_id,
      });
      return ok.body.session_id as string;
    }

    it('renaming a department sends department_info; deleting the room sends mr_deled and force_logout', async () => {
      const { h, c, room } = quietRoom();
      const since = room.feed.head;
      const sid = await adminSession(h);
      expect(
        (await h.call('PUT', `/rest/v1/app1/manager/sessions/${sid}/departments/`, { department_id: 2, department_name: 'Renamed dept' }))
          .status,
      ).toBe(200);
      expect(
        (await h.call('PUT', `/rest/v1/app1/manager/sessions/nope/departments/`, { department_id: 2, department_name: 'x' })).body.result,
      ).toBe(RC.loginAsAdministrator);
      expect(
        (await h.call('POST', `/rest/v1/app1/manager/sessions/${sid}/rooms/trash-can/`, { room_ids: [MR, '1'] })).body.fail_ids,
      ).toEqual([1]);
      const ev = await c.poll(since);
      expect(ofType(ev, 'department_info')[0]).toMatchObject({ department_ids: [2], department_names: ['Renamed dept'] });
      expect(ofType(ev, 'mr_deled')).toEqual([expect.objectContaining({ mr_id: MR })]);
      expect(ofType(ev, 'force_logout')[0].reason).toBe('meeting_deleted');
      expect(h.engine.roomAuth(MR)).toBeUndefined();
      expect(h.store.get('rooms', MR)).toBeUndefined();
      h.engine.stop();
    });

    it('an operator account without the right gets 556; a host changes passwords and other controllers are logged out', async () => {
      const h = makeHarness({ simActivity: 0 });
      const code = await h.call('GET', '/rest/v1/app1/manager/sessions/web-verify-code/');
      const op = await h.call('POST', '/rest/v1/app1/manager/sessions/login_req/', {
        cmdid: 'login_req',
        login_id: 'operator',
        login_pwd: 'e10adc3949ba59abbe56e057f20f883e',
        cert_code: '4321',
        code_id: code.body.code_id,
      });
      const r = await h.call('POST', `/rest/v1/app1/manager/sessions/${op.body.session_id}/rooms/trash-can/`, { room_ids: [MR] });
      expect(r).toMatchObject({ status: 556, body: { result: RC.noAccessRights } });
      expect(h.engine.roomAuth(MR)).toBeDefined();

      const host = h.login();
      const otherHost = h.login();
      const sup = h.login('supervisor');
      const since = h.engine.rooms.get(MR)!.feed.head;
      const pwd = (b: Record<string, unknown>) => host.post('mr-pwd', { cmdid: 'mod_mr_pwd', ...b });
      expect((await pwd({ ctrl_pwd: '', supervisor_pwd: '1' })).body.result).toBe(RC.hostPasswordEmpty);
      expect((await pwd({ ctrl_pwd: '12a', supervisor_pwd: '1' })).body.result).toBe(RC.passwordDigitsOnly);
      expect((await pwd({ ctrl_pwd: '111', supervisor_pwd: '111' })).body.result).toBe(RC.passwordsMustDiffer);
      expect((await sup.post('mr-pwd', { cmdid: 'mod_mr_pwd', ctrl_pwd: '111', supervisor_pwd: '222' })).body.result).toBe(
        RC.supervisorForbidden,
      );
      expect((await pwd({ ctrl_pwd: '111222', supervisor_pwd: '654321', join_pwd: '999' })).status).toBe(200);
      expect(h.engine.roomAuth(MR)).toMatchObject({ hostPwd: '111222', supervisorPwd: '654321' });
      expect(ofType(await otherHost.poll(since), 'force_logout')).toEqual([expect.objectContaining({ reason: 'password_changed' })]);
      expect(ofType(await sup.poll(since), 'force_logout')).toEqual([]);
      expect((await host.get('mr-status')).status).toBe(200);
      // one password changed alone: the others stay, and the whole set must still differ
      expect((await pwd({ supervisor_pwd: '111222' })).body.result).toBe(RC.passwordsMustDiffer);
      expect((await pwd({ supervisor_pwd: '777' })).status).toBe(200);
      expect(h.engine.roomAuth(MR)).toMatchObject({ hostPwd: '111222', supervisorPwd: '777' });
      expect((await pwd({ join_pwd: '' })).status).toBe(200);
      expect(h.engine.roomAuth(MR)).toMatchObject({ hostPwd: '111222', supervisorPwd: '777' });
      expect((await pwd({})).status).toBe(400);
      h.engine.stop();
    });

    it('a store failure refuses the command with a database code and tells the controllers (not_rpc_cs)', async () => {
      const store = createMemoryStore();
      const h = makeHarness({ store, simActivity: 0 });
      await h.engine.ready;
      const c = h.login();
      const since = h.engine.rooms.get(MR)!.feed.head;
      store.batch = async () => {
        throw new Error('disk full');
      };
      const r = await c.post('mr-status', { cmdid: 'mod_mr_status', lock_mr: 1 });
      expect(r).toMatchObject({ status: 500, body: { result: RC.databaseWriteFailed } });
      expect(ofType(await c.poll(since), 'not_rpc_cs')[0].result).toBe(RC.databaseWriteFailed);
      h.engine.stop();
    });

    it('announces a new meeting with info, status, layouts, resource template and schedule', async () => {
      const h = makeHarness({ simActivity: 0 });
      const c = h.login();
      await c.post('mr-status', { cmdid: 'stop_mr_req', reason: '' });
      const room = h.engine.rooms.get(MR)!;
      const since = room.feed.head;
      await h.tick(70); // the simulated endpoints call back; the adhoc room starts a new meeting
      expect(room.record.running).toBe(true);
      const c2 = h.login();
      const ev = await c2.poll(since);
      for (const t of ['one_mr_info', 'one_mr_status', 'sys_mosics', 'schedule_info']) expect(ofType(ev, t).length, t).toBe(1);
      // the template goes out at the start and again to each login (c2's own)
      expect(ofType(ev, 'resource_tmpl_info')).toHaveLength(2);
      h.engine.stop();
    });
  });
});
