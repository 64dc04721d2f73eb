/**
 * The long poll as the platform's clients use it (issue 11 item 2): no cursor, the position kept
 * by the server, the meeting's state first, each event once, held up to `block_secs`; and in
 * podium mode a poll with `since_seq` as before.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { WireMode } from '../../protocol/wire';
import { RealClientServer, type CcSession } from './testing/realClients';
import { publicControllerId } from '../auth/sessionBinding';

const running: RealClientServer[] = [];
afterEach(async () => {
  for (const s of running.splice(0)) await s.close();
});

async function start(wire: WireMode): Promise<RealClientServer> {
  const srv = await RealClientServer.start(wire);
  running.push(srv);
  return srv;
}

/** Polls (block 0) until an answer is empty, returning everything received. */
async function drain(sess: CcSession): Promise<any[]> {
  const all: any[] = [];
  for (let i = 0; i < 20; i++) {
    const batch = await sess.poll(0);
    if (batch.length === 0) return all;
    all.push(...batch);
  }
  throw new Error('the feed never went quiet');
}

const STATE = ['one_mr_info', 'one_mr_status', 'mr_participants', 'online_eps_info', 'online_eps_status', 'mosic_config', 'title_config'];

describe.each(['platform', 'podium'] as const)('cursorless long poll, %s mode', (wire) => {
  it('delivers the meeting state first: the endpoints already online appear without any GET', async () => {
    const srv = await start(wire);
    const room = srv.server.engine.rooms.get('8008038')!;
    const online = [...room.endpoints.keys()];
    expect(online.length).toBeGreaterThan(0);
    const cc = await srv.ccLogin();
    const first = await cc.poll(0);
    expect(first.slice(0, STATE.length).map((e) => e.cmdid)).toEqual(STATE);
    const info = first.find((e) => e.cmdid === 'online_eps_info');
    expect(info.usr_ids).toEqual(online);
    const status = first.find((e) => e.cmdid === 'online_eps_status');
    expect(status.usr_ids).toEqual(online);
    expect(first.find((e) => e.cmdid === 'mr_participants').added_usr_ids.length).toBe(room.roster.size);
    // the login's own announcement comes once, after the state
    expect(first.filter((e) => e.cmdid === 'mr_ctrl_in' && e.sessionid === publicControllerId(cc.sessId))).toHaveLength(1);
    const again = await drain(cc);
    expect(again.filter((e) => STATE.includes(e.cmdid) && e.cmdid !== 'one_mr_status')).toEqual([]);
    expect(again.filter((e) => e.cmdid === 'mr_ctrl_in' && e.sessionid === publicControllerId(cc.sessId))).toEqual([]);
  });

  it('hands each event to a session once and holds a poll with nothing pending for block_secs', async () => {
    const srv = await start(wire);
    const watcher = await srv.ccLogin();
    await drain(watcher);
    const actor = await srv.ccLogin('javaCc');
    const lock = await actor.post('mr-status', { cmdid: 'mod_mr_status', lock_mr: 1 });
    expect(lock.status).toBe(200);
    const got = await watcher.poll(5);
    const locks = got.filter((e) => e.cmdid === 'one_mr_status' && e.mr_locked === 1);
    expect(locks).toHaveLength(1);
    // nothing new: the next poll waits out its block_secs and answers an empty array
    const rest = await drain(watcher);
    expect(rest.filter((e) => e.cmdid === 'one_mr_status' && e.mr_locked === 1)).toEqual([]);
    const t0 = Date.now();
    const quiet = await watcher.poll(1);
    expect(quiet).toEqual([]);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(900);
  });

  it('answers a held poll as soon as an event arrives', async () => {
    const srv = await start(wire);
    const watcher = await srv.ccLogin();
    const actor = await srv.ccLogin();
    await drain(watcher);
    const t0 = Date.now();
    const held = watcher.poll(20);
    await new Promise((r) => setTimeout(r, 100));
    await actor.post('mr-status', { cmdid: 'mod_mr_status', lock_mr: 1 });
    const got = await held;
    expect(Date.now() - t0).toBeLessThan(10_000);
    expect(got.length).toBeGreaterThan(0);
    expect(got.some((e) => e.cmdid === 'one_mr_status' && e.mr_locked === 1)).toBe(true);
  });
});

describe('a poll whose client went away', () => {
  it('hands nothing over: the events it would have answered come with the next poll', async () => {
    const srv = await start('platform');
    const cc = await srv.ccLogin();
    await drain(cc);
    const engine = srv.server.engine;
    const sess = engine.sessions.get(cc.sessId)!;
    const room = engine.rooms.get('8008038')!;
    const gone = new AbortController();
    const held = engine.poll(sess, { cmdid: 'get_changes', block_secs: 5 }, gone.signal);
    room.emit({ cmdid: 'mr_ctrl_out', sessionid: 'someone-else', reason: 'logout' });
    gone.abort();
    expect(JSON.parse(await held).map((e: any) => e.cmdid)).toContain('mr_ctrl_out');
    const next = await cc.poll(0);
    expect(next.filter((e) => e.cmdid === 'mr_ctrl_out' && e.sessionid === 'someone-else')).toHaveLength(1);
  });
});

describe('platform mode answers and events carry no seq', () => {
  it('no seq in poll events, snapshots or login; a since_seq is ignored, never resync', async () => {
    const srv = await start('platform');
    const cc = await srv.ccLogin();
    expect(cc.loginRsp).not.toHaveProperty('seq');
    const first = await cc.poll(0);
    for (const e of first) expect(e, e.cmdid).not.toHaveProperty('seq');
    for (const s of ['mr-status', 'mr-info', 'eps-info', 'eps-status', 'participants', 'mosic-config', 'title-config']) {
      const r = await cc.get(s);
      expect(r.status, s).toBe(200);
      expect(r.json, s).not.toHaveProperty('seq');
    }
    const stale = await cc.post('changes', { cmdid: 'get_changes', block_secs: 0, since_seq: 999_999_999 });
    expect(stale.status).toBe(200);
    expect(stale.json.map((e: any) => e.cmdid)).not.toContain('resync');
    const actor = await srv.ccLogin();
    await actor.post('mr-status', { cmdid: 'mod_mr_status', lock_mr: 1 });
    const later = await cc.poll(2);
    expect(later.some((e) => e.cmdid === 'one_mr_status' && e.mr_locked === 1)).toBe(true);
    for (const e of later) expect(e, e.cmdid).not.toHaveProperty('seq');
    // no session resume on the platform: a token is refused like a bad one
    const resume = await srv.send('javaCc', 'POST', '/rest/v1/meetings/8008038/sessions/', {
      cmdid: 'ctrl_mr_req',
      mr_id: '8008038',
      resume_token: 'x'.repeat(43),
    });
    expect(resume.status).toBe(403);
    expect(resume.json).toMatchObject({ result: '403', extra: '1013' });
  });
});

describe('podium mode keeps since_seq', () => {
  it('a poll with since_seq answers from that cursor, again and again, and resyncs a cursor ahead of the head', async () => {
    const srv = await start('podium');
    const cc = await srv.ccLogin();
    const head = cc.loginRsp.seq as number;
    expect(typeof head).toBe('number');
    const actor = await srv.ccLogin();
    await actor.post('mr-status', { cmdid: 'mod_mr_status', lock_mr: 1 });
    const a = await cc.post('changes', { cmdid: 'get_changes', block_secs: 0, since_seq: head });
    const b = await cc.post('changes', { cmdid: 'get_changes', block_secs: 0, since_seq: head });
    expect(a.json.length).toBeGreaterThan(0);
    expect(b.json).toEqual(a.json);
    expect(a.json.every((e: any) => typeof e.seq === 'number' && e.seq > head)).toBe(true);
    const ahead = await cc.post('changes', { cmdid: 'get_changes', block_secs: 0, since_seq: head + 100_000 });
    expect(ahead.json).toEqual([{ cmdid: 'resync', seq: expect.any(Number) }]);
  });
});
