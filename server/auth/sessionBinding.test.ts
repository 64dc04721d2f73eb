/** Issue 17 item 1: a supervisor cannot act as the host with the host's session id. */
import { describe, expect, it } from 'vitest';
import { HOST_PWD, MR, startHardened, SUPERVISOR_PWD } from './testing/hardening';
import { publicControllerId } from './sessionBinding';

describe('session ids are private and bound to their login (compat signing)', () => {
  it('never shows a session id to another controller: not in mr_ctrl_in, mr_ctrl_out or the log', async () => {
    const { peer, server } = await startHardened();
    const since = server.engine.rooms.get(MR)!.feed.head;
    const host = await peer('10.0.0.1').login(HOST_PWD);
    expect(host.status).toBe(200);
    const supPeer = peer('10.0.0.2');
    const sup = await supPeer.login(SUPERVISOR_PWD);
    const supPath = `/rest/v1/meetings/${MR}/sessions/${sup.json.sess_id}/`;
    const hostId: string = host.json.sess_id;
    const poll = await supPeer.post(`${supPath}changes`, { cmdid: 'get_changes', block_secs: 0, since_seq: since });
    expect(poll.status).toBe(200);
    const ins = (poll.json as any[]).filter((e) => e.cmdid === 'mr_ctrl_in');
    expect(ins.length).toBeGreaterThanOrEqual(2);
    expect(ins.map((e) => e.sessionid)).toContain(publicControllerId(hostId));
    expect(poll.text).not.toContain(hostId);
    await peer('10.0.0.1').post(`/rest/v1/meetings/${MR}/sessions/${hostId}/logout_req`, { cmdid: 'logout_req' });
    const logs = await supPeer.get(`${supPath}logs`);
    expect(logs.status).toBe(200);
    expect(logs.json.events.some((e: any) => e.cmdid === 'mr_ctrl_out' && e.sessionid === publicControllerId(hostId))).toBe(true);
    expect(logs.text).not.toContain(hostId);
  });

  it('serves a session id only to the address that logged in: elsewhere it is an unknown session', async () => {
    const { peer, server } = await startHardened();
    const host = await peer('10.0.0.1').login(HOST_PWD);
    const hostPath = `/rest/v1/meetings/${MR}/sessions/${host.json.sess_id}/`;
    const before = server.engine.rooms.get(MR)!.record;
    const endBefore = JSON.stringify(before);
    const stolen = await peer('10.0.0.2').post(`${hostPath}mr-status`, { cmdid: 'stop_mr_req', req_id: 'x1' });
    expect(stolen.status).toBe(404);
    expect(stolen.json.result).toBeTypeOf('number');
    expect((await peer('10.0.0.2').get(`${hostPath}mr-status`)).status).toBe(404);
    expect(server.engine.rooms.get(MR)!.record.running).toBe(true);
    expect(JSON.stringify(server.engine.rooms.get(MR)!.record)).toBe(endBefore);
    // the host itself still works
    expect((await peer('10.0.0.1').get(`${hostPath}mr-status`)).status).toBe(200);
  });
});
