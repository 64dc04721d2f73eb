/** Issue 16 item 1, the reference server's part: who did what, kept, paged, attributed without session ids. */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createMemoryStore } from '../store';
import { ACTIVITY_CAP, ActivityLog, activityValues } from './activity';
import { HOST_PWD, MR, SUPERVISOR_PWD, startHardened } from '../auth/testing/hardening';
import type { Room } from './room';

const dirs: string[] = [];
afterAll(async () => {
  for (const d of dirs) await rm(d, { recursive: true, force: true });
});

const fakeRoom = (mrId = 'm1') =>
  ({
    mrId,
    endpoints: new Map([['u1', { usrId: 'u1', epId: 7, name: 'Kate Silva' }]]),
    roster: new Map([['u2', { usrId: 'u2', name: 'Offline Olga' }]]),
  }) as unknown as Room;

describe('activity log', () => {
  it('names the targets as they were, hides secrets and keeps values short', () => {
    const log = new ActivityLog(createMemoryStore());
    const e = log.record({
      room: fakeRoom(),
      role: 'host',
      peerIp: '10.0.0.1',
      cmdid: 'ctrl_mr_eps',
      body: { cmdid: 'ctrl_mr_eps', action: 'a_rx', value: 0, usr_ids: ['u1', 'u2', 'gone'], req_id: 'r1' },
      status: 200,
      result: 0,
      nowSecs: 1000,
    })!;
    expect(e).toMatchObject({
      id: 1,
      dtm: 1000,
      role: 'host',
      peer_ip: '10.0.0.1',
      action: 'a_rx',
      values: { action: 'a_rx', value: 0 },
      result: 0,
    });
    expect(e.targets).toEqual([
      { usr_id: 'u1', name: 'Kate Silva' },
      { usr_id: 'u2', name: 'Offline Olga' },
      { usr_id: 'gone', name: '' },
    ]);
    expect(JSON.stringify(e)).not.toContain('r1');
    expect(activityValues({ ctrl_pwd: '123456', text: 'x'.repeat(500) })).toEqual({ ctrl_pwd: '••••', text: `"${'x'.repeat(199)}…` });
  });

  it('leaves out queries, pages newest first and keeps at most the cap', () => {
    const log = new ActivityLog(createMemoryStore());
    const room = fakeRoom();
    const rec = (cmdid: string) =>
      log.record({ room, role: 'supervisor', peerIp: 'a', cmdid, body: { cmdid }, status: 200, result: 0, nowSecs: 1 });
    expect(rec('get_call_qa')).toBeUndefined();
    for (let i = 0; i < ACTIVITY_CAP + 3; i++) rec('mod_mr_status');
    const first = log.page(room.mrId, undefined, 2);
    expect(first.entries.map((e) => e.id)).toEqual([ACTIVITY_CAP + 3, ACTIVITY_CAP + 2]);
    const second = log.page(room.mrId, first.next_before, 2);
    expect(second.entries.map((e) => e.id)).toEqual([ACTIVITY_CAP + 1, ACTIVITY_CAP]);
    const oldest = log.page(room.mrId, 6, 500);
    // ids 1..3 fell out of the cap
    expect(oldest.entries.map((e) => e.id)).toEqual([5, 4]);
    expect(oldest.next_before).toBeUndefined();
    expect(log.page('other', undefined, 10).entries).toEqual([]);
  });
});

describe('GET …/activity (podium)', () => {
  it('every controller reads who did what, by role and address, never a session id, and it survives a restart', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'podium-activity-'));
    dirs.push(dir);
    const first = await startHardened({ dataDir: dir }, 'dataDir');
    const hostPeer = first.peer('10.0.8.1');
    const host = (await hostPeer.login(HOST_PWD)).json;
    const P = `/rest/v1/meetings/${MR}/sessions/${host.sess_id}/`;
    const ep = [...first.server.engine.rooms.get(MR)!.endpoints.values()][0];
    expect((await hostPeer.post(`${P}eps-status`, { cmdid: 'ctrl_mr_eps', action: 'a_rx', value: 0, usr_ids: [ep.usrId] })).status).toBe(
      200,
    );
    expect((await hostPeer.post(`${P}mr-status`, { cmdid: 'mod_mr_status', lock_mr: 'yes' })).status).toBe(400);
    const supPeer = first.peer('10.0.8.2');
    const sup = (await supPeer.login(SUPERVISOR_PWD)).json;
    const answer = await supPeer.get(`/rest/v1/meetings/${MR}/sessions/${sup.sess_id}/activity?limit=10`);
    expect(answer.status, answer.text).toBe(200);
    const page = answer.json;
    expect(page.entries.map((e: { cmdid: string }) => e.cmdid)).toEqual(['mod_mr_status', 'ctrl_mr_eps']);
    expect(page.entries[1]).toMatchObject({
      role: 'host',
      peer_ip: '10.0.8.1',
      action: 'a_rx',
      targets: [{ usr_id: ep.usrId, name: ep.name }],
      result: 0,
      status: 200,
    });
    expect(page.entries[0].status).toBe(400);
    expect(page.entries[0].result).not.toBe(0);
    expect(JSON.stringify(page)).not.toContain(host.sess_id);
    expect((await supPeer.get(`/rest/v1/meetings/${MR}/sessions/${sup.sess_id}/activity?limit=0`)).status).toBe(400);
    await first.server.close();

    const second = await startHardened({ dataDir: dir }, 'dataDir');
    const again = second.peer('10.0.8.1');
    const s2 = (await again.login(HOST_PWD)).json;
    const kept = (await again.get(`/rest/v1/meetings/${MR}/sessions/${s2.sess_id}/activity`)).json;
    expect(kept.entries.map((e: { cmdid: string }) => e.cmdid)).toEqual(['mod_mr_status', 'ctrl_mr_eps']);
  });

  it('platform mode keeps no activity log and serves no such path', async () => {
    const { peer } = await startHardened({ wire: 'platform', signing: 'compat' });
    const p = peer('10.0.8.3');
    const s = (await p.login(HOST_PWD)).json;
    expect((await p.get(`/rest/v1/meetings/${MR}/sessions/${s.sess_id}/activity`)).status).toBe(404);
  });
});
