import { beforeEach, describe, expect, it } from 'vitest';
import {
  decodeChangeEvent,
  decodeDepartmentInfo,
  decodeMediaStreamResponse,
  decodeMosicConfig,
  decodeMrInfo,
  decodeMrParticipants,
  decodeMrStatus,
  decodeOnlineEpsInfo,
  decodeOnlineEpsStatus,
  decodePacketsLostRate,
  decodeSearchResponse,
  decodeSysMosics,
  decodeTitleConfigs,
  decodeUsrInfo,
} from '../../protocol/decode';
import { makeHarness, MR, TRANSPORTS, useTransport } from './testing/harness';

/**
 * Everything the reference server says must pass the console's own decoders: a lively meeting
 * is driven through every kind of command and every event and answer is decoded.
 */
describe.each(TRANSPORTS)('over %s', (transport) => {
  beforeEach(() => useTransport(transport));

  describe('the server speaks what the console decodes', () => {
    it('every event of a busy meeting decodes, and every event type of spec §7 occurs', async () => {
      const h = makeHarness({ simActivity: 0.3, config: { sessionTimeoutMs: 3600_000 } });
      const c = h.login();
      const sup = h.login('supervisor');
      const room = h.engine.rooms.get(MR)!;
      const seen = new Map<string, number>();
      let since = room.feed.head;
      const drain = async () => {
        const events = await c.poll(since);
        for (const e of events) {
          expect(() => decodeChangeEvent(e), JSON.stringify(e).slice(0, 200)).not.toThrow();
          seen.set(e.cmdid, (seen.get(e.cmdid) ?? 0) + 1);
        }
        if (events.length) since = events[events.length - 1].seq;
      };
      await drain();
      const eps = (action: string, usr_ids: string[], value?: unknown, extra: Record<string, unknown> = {}) =>
        c.post('eps-status', { cmdid: 'ctrl_mr_eps', action, usr_ids, value, ...extra });
      const ids = [...room.endpoints.values()].filter((e) => e.devType !== 'mr_cascade_sub').map((e) => e.usrId);
      await c.post('mr-status', { cmdid: 'mod_mr_status', waiting_room: 1, enable_rec: 1 });
      await eps('displayname', [ids[0]], 'Conformance');
      await eps('speaker', [ids[1]], 1);
      await eps('waiting_move', [ids[2]]);
      await eps('waiting_permit', [ids[2]]);
      await c.post('title-config', { cmdid: 'set_title', to_role: 'all', message: 'hello', has_title: 1 });
      await c.post('mosic-config', {
        cmdid: 'config_mosic',
        config_info: [
          {
            role: 'guest',
            mosic_id: '2*2',
            layout_mode: 2,
            roles_lst: [['0'], ['-1'], ['1010'], [ids[3]]],
            poll_secs: 10,
            view_has_self: 0,
          },
        ],
      });
      await c.post('temp-usrs', { cmdid: 'create_temp_call', call_url: 'refused@203.0.113.7', usr_type: 2, disp_name: 'Nope' });
      await c.post('get_call_qa', { cmdid: 'get_call_qa', usr_id: ids[4] });
      await c.post('mr-info', { cmdid: 'mod_mr_info', increase_secs: 600 });
      await eps('drop', [ids[5]]);
      for (let i = 0; i < 30; i++) {
        await h.tick();
        await drain();
      }
      await sup.post('logout_req', { cmdid: 'logout_req' });
      await drain();
      // a new meeting's announcements: end this one, the endpoints call back and start the next
      await c.post('mr-status', { cmdid: 'stop_mr_req', reason: '' });
      await drain();
      const before = room.feed.head;
      await h.tick(70);
      const next = h.login();
      for (const e of await next.poll(before)) {
        expect(() => decodeChangeEvent(e), JSON.stringify(e).slice(0, 200)).not.toThrow();
        seen.set(e.cmdid, (seen.get(e.cmdid) ?? 0) + 1);
      }
      h.engine.stop();
      for (const t of [
        'one_mr_info',
        'one_mr_status',
        'mr_participants',
        'online_eps_info',
        'online_eps_status',
        'online_eps_left',
        'sys_mosics',
        'mosic_config',
        'title_config',
        'usr_ids',
        'user_infos',
        'show_warning_info',
        'failed_call',
        'schedule_info',
        'left_call',
        'mr_ctrl_in',
        'mr_ctrl_out',
        'resource_tmpl_info',
        'waiting_usr',
        'get_call_qa_rsp',
        'xuding_rec_status',
        'usr_info',
        'force_logout',
      ]) {
        expect(seen.get(t) ?? 0, t).toBeGreaterThan(0);
      }
    });

    it('every GET and search answer decodes', async () => {
      const h = makeHarness({ simActivity: 0 });
      const c = h.login();
      decodeMrInfo((await c.get('mr-info')).body);
      decodeMrStatus((await c.get('mr-status')).body);
      decodeMrParticipants((await c.get('participants')).body);
      decodeOnlineEpsInfo((await c.get('eps-info')).body);
      decodeOnlineEpsStatus((await c.get('eps-status')).body);
      decodeSysMosics((await c.get('sys_mosics')).body);
      decodeMosicConfig((await c.get('mosic-config')).body);
      decodeTitleConfigs((await c.get('title-config')).body);
      const found = (await c.post('usrs/usr_id/search/', { cmdid: 'search_usr', filter_type: ['keyword'], filter_value: ['1'] })).body;
      decodeSearchResponse(found);
      decodeUsrInfo((await c.post('usrs/usr_ids/', { cmdid: 'subscribe_usr', usr_ids: found.ids.slice(0, 5) })).body);
      const deps = (
        await c.post('departments/department_ids/search/', {
          cmdid: 'search_department_ids',
          filter_type: ['senior_id'],
          filter_value: [-1],
        })
      ).body;
      decodeSearchResponse(deps);
      decodeDepartmentInfo((await c.post('departments/department_ids/', { cmdid: 'subscribe_department', department_ids: deps.ids })).body);
      const ep = [...h.engine.rooms.get(MR)!.endpoints.values()][0];
      decodeMediaStreamResponse(
        (await h.call('GET', `/status/participant/${ep.epId}/media_stream/`, undefined, undefined, { sessionid: c.sessId })).body,
      );
      decodePacketsLostRate(
        (await h.call('POST', '/status/participant/packets_lost_rate/', { mr_id: MR }, undefined, { sessionid: c.sessId })).body,
      );
      h.engine.stop();
    });

    it('in strict platform mode too: the answers and the first poll decode, and mr-info dates in milliseconds read as seconds', async () => {
      const h = makeHarness({ simActivity: 0, config: { wire: 'platform' } });
      const c = h.login();
      const nowSecs = h.engine.nowSecs();
      const raw = (await c.get('mr-info')).body;
      expect(raw.current_dtm).toBe(nowSecs * 1000);
      const info = decodeMrInfo(raw);
      expect(info.current_dtm).toBe(nowSecs);
      expect(info.real_launch_dtm).toBeLessThanOrEqual(nowSecs);
      decodeMrStatus((await c.get('mr-status')).body);
      decodeOnlineEpsStatus((await c.get('eps-status')).body);
      decodeTitleConfigs((await c.get('title-config')).body);
      decodeMosicConfig((await c.get('mosic-config')).body);
      // platform mode ignores the cursor: the first poll carries the meeting's state
      const events = await c.poll(0);
      expect(events.length).toBeGreaterThan(0);
      for (const e of events) expect(() => decodeChangeEvent(e), JSON.stringify(e).slice(0, 200)).not.toThrow();
      expect(decodeChangeEvent(events.find((e: { cmdid: string }) => e.cmdid === 'one_mr_info'))).toMatchObject({ current_dtm: nowSecs });
      // the overtime's delta (commands.ts emits seconds) goes out in milliseconds too
      expect((await c.post('mr-info', { cmdid: 'mod_mr_info', increase_secs: 60 })).body).toEqual({ result: 0 });
      const delta = (await c.poll(0)).find((e: { cmdid: string }) => e.cmdid === 'one_mr_info');
      expect(delta.current_dtm).toBe(nowSecs * 1000);
      expect(decodeChangeEvent(delta)).toMatchObject({ current_dtm: nowSecs });
      h.engine.stop();
    });
  });
});
