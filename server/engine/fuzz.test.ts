import { beforeEach, describe, expect, it } from 'vitest';
import { EPS_ACTIONS } from './commands';
import { Rng } from './rng';
import { makeHarness, MR, TRANSPORTS, useTransport } from './testing/harness';

/**
 * Random commands from two controllers against a lively simulated meeting: the server never
 * fails with 500, the feed stays gap-free and ordered, and the state it reports stays consistent.
 */
describe.each(TRANSPORTS)('over %s', (transport) => {
  beforeEach(() => useTransport(transport));

  describe('random command storm', () => {
    it('keeps the feed ordered and the state consistent', async () => {
      const h = makeHarness({ simActivity: 0.2, config: { simEndpoints: 25, sessionTimeoutMs: 3600_000 } });
      const host = h.login();
      const sup = h.login('supervisor');
      const room = h.engine.rooms.get(MR)!;
      const rng = new Rng(99);
      let since = room.feed.head;
      let lastSeq = since;
      const statusKeys = [
        'lock_mr',
        'all_guests_mute',
        'allow_unmute_self',
        'mr_vtx_mode',
        'mr_atx_mode',
        'waiting_room',
        'cont_enabled',
        'same_layout',
        'enable_guest',
        'chat_permission',
        'meeting_mode',
      ];
      for (let step = 0; step < 400; step++) {
        if (!room.record.running) break;
        const ids = [...room.endpoints.keys()];
        const pick = () => (rng.chance(0.9) && ids.length ? rng.pick(ids) : `ghost${rng.int(0, 9)}`);
        const who = rng.chance(0.7) ? host : sup;
        const r = rng.next();
        let res;
        if (r < 0.6) {
          const action = rng.pick(EPS_ACTIONS.filter((a) => a !== 'all_leave' && a !== 'del_participants'));
          const value = rng.pick([0, 1, '1', 'x', 5, undefined, 'called_only', 'Name ' + step]);
          res = await who.post('eps-status', {
            cmdid: 'ctrl_mr_eps',
            action,
            usr_ids: rng.chance(0.2) ? [] : [pick(), ...(rng.chance(0.3) ? [pick()] : [])],
            value,
          });
        } else if (r < 0.85) {
          const key = rng.pick(statusKeys);
          const value =
            key === 'chat_permission' ? rng.int(0, 4) : key === 'meeting_mode' ? rng.pick(['speaker', 'discussion', 'x']) : rng.int(0, 2);
          res = await who.post('mr-status', { cmdid: 'mod_mr_status', [key]: value });
        } else if (r < 0.9) {
          res = await who.post('mosic-config', {
            cmdid: 'config_mosic',
            config_info: [
              {
                role: rng.pick(['guest', 'speaker', 'custom']),
                mosic_id: rng.pick(['auto', '1', '2*2']),
                layout_mode: 2,
                roles_lst: rng.pick([[], [['0']], [['0'], ['-1'], ['1010'], [pick()]]]),
                poll_secs: 10,
                view_has_self: 0,
              },
            ],
          });
        } else {
          res = await who.post('temp-usrs', {
            cmdid: 'create_temp_call',
            call_url: rng.pick(['8008001', 'busy@203.0.113.2', 'x']),
            usr_type: 2,
            disp_name: 'T',
          });
        }
        expect(res.status, JSON.stringify(res.body)).toBeLessThan(500);
        if (step % 7 === 0) await h.tick();
        if (step % 20 === 0) {
          const events = await host.poll(since);
          for (const e of events) {
            expect(e.seq).toBe(lastSeq + 1);
            lastSeq = e.seq;
          }
          if (events.length) since = events[events.length - 1].seq;
        }
        // consistency of what the server reports
        const info = room.epsInfo();
        const st = room.epsStatus();
        expect(st.usr_ids).toEqual(info.usr_ids);
        expect(st.usr_stats.every((s) => /^\d{18}$/.test(s))).toBe(true);
        expect(new Set(info.ep_ids).size).toBe(info.ep_ids.length);
        const speakers = [...room.endpoints.values()].filter((e) => e.flags[6] === 1);
        expect(speakers.length).toBeLessThanOrEqual(1);
        if (speakers.length) expect(room.status.spk_usr_id).toBe(speakers[0].usrId);
        const p = room.participants();
        expect(p.added_usr_names).toHaveLength(p.added_usr_ids.length);
        expect(p.added_usr_attr).toHaveLength(p.added_usr_ids.length);
        for (const id of room.endpoints.keys()) expect(room.roster.has(id)).toBe(true);
      }
      h.engine.stop();
    });
  });
});
