/** Issue 24 point 7: a private talk ends when the supervisor's session ends. */
import { describe, expect, it } from 'vitest';
import { makeHarness, MR } from '../engine/testing/harness';

function setUp() {
  const h = makeHarness({ simActivity: 0 });
  const room = h.engine.rooms.get(MR)!;
  const ep = [...room.endpoints.values()][1];
  const talk = (c: ReturnType<typeof h.login>, value: 0 | 1) =>
    c.post('eps-status', { cmdid: 'ctrl_mr_eps', action: 'private_talk', usr_ids: [ep.usrId], value });
  return { h, room, ep, talk };
}

describe('a private talk ends with the session that holds it', () => {
  it('on logout, telling the other consoles', async () => {
    const { h, room, ep, talk } = setUp();
    const host = h.login('host');
    const sup = h.login('supervisor');
    const since = (await host.poll(0)).at(-1)?.seq ?? 0;
    expect((await talk(sup, 1)).status).toBe(200);
    expect(room.status.private_talk_usr_id).toBe(ep.usrId);
    expect((await sup.post('logout_req', { cmdid: 'logout_req' })).status).toBe(200);
    expect(room.status.private_talk_usr_id).toBe('');
    expect(room.status.private_talk_start_dtm).toBe(0);
    const events = await host.poll(since);
    expect(events.some((e) => e.cmdid === 'one_mr_status' && e.private_talk_usr_id === '')).toBe(true);
    h.engine.stop();
  });

  it('when the console vanished without logging out (the session expires)', async () => {
    const { h, room, talk } = setUp();
    const host = h.login('host');
    const sup = h.login('supervisor');
    expect((await talk(sup, 1)).status).toBe(200);
    // the host keeps polling; the supervisor's console is gone
    for (let i = 0; i < 40; i++) {
      await host.poll(0);
      await h.tick();
    }
    expect(h.engine.sessions.has(sup.sessId)).toBe(false);
    expect(room.status.private_talk_usr_id).toBe('');
    h.engine.stop();
  });

  it('when the supervisor is forced out (kicked)', async () => {
    const { h, room, talk } = setUp();
    const sup = h.login('supervisor');
    expect((await talk(sup, 1)).status).toBe(200);
    h.engine.forceLogout(sup.sessId, 'kicked');
    expect(room.status.private_talk_usr_id).toBe('');
    h.engine.stop();
  });

  it("not when another supervisor's session ends, nor the host's", async () => {
    const { h, room, ep, talk } = setUp();
    const holder = h.login('supervisor');
    const other = h.login('supervisor');
    const host = h.login('host');
    expect((await talk(holder, 1)).status).toBe(200);
    expect((await other.post('logout_req', { cmdid: 'logout_req' })).status).toBe(200);
    expect((await host.post('logout_req', { cmdid: 'logout_req' })).status).toBe(200);
    expect(room.status.private_talk_usr_id).toBe(ep.usrId);
    expect((await holder.post('logout_req', { cmdid: 'logout_req' })).status).toBe(200);
    expect(room.status.private_talk_usr_id).toBe('');
    h.engine.stop();
  });

  it('whose holder is unknown (after a restart) ends with the last supervisor session', async () => {
    const { h, room, ep } = setUp();
    const a = h.login('supervisor');
    const b = h.login('supervisor');
    // as a restart leaves it: the status says a private talk is on, no session is known to hold it
    room.setStatus({ private_talk_usr_id: ep.usrId, private_talk_start_dtm: h.engine.nowSecs() });
    expect((await a.post('logout_req', { cmdid: 'logout_req' })).status).toBe(200);
    expect(room.status.private_talk_usr_id).toBe(ep.usrId);
    expect((await b.post('logout_req', { cmdid: 'logout_req' })).status).toBe(200);
    expect(room.status.private_talk_usr_id).toBe('');
    h.engine.stop();
  });
});
