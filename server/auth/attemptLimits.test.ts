/**
 * Issue 17 items 3, 4, 5 and 8 (lock-outs): guessers are stopped without locking out the people
 * who belong, the management login has the same limits, meeting numbers cannot be probed, and
 * lock-outs survive a restart.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { RC } from '../../protocol/codes';
import { HOST_PWD, MR, startHardened, SUPERVISOR_PWD, type Peer } from './testing/hardening';

const ADMIN_MD5 = 'e10adc3949ba59abbe56e057f20f883e'; // MD5 of 123456, the seeded admin's password
const WRONG_MD5 = '0'.repeat(32);

/** Ten wrong passwords against the meeting, each from its own address (the meeting's limit). */
async function guessFromMany(peer: (ip: string) => Peer, n = 10) {
  for (let i = 0; i < n; i++) expect((await peer(`198.51.100.${i + 1}`).login('999999')).status).toBe(403);
}

describe('no lock-out of the real host (item 3)', () => {
  it('refuses a new client once the meeting is under attack, but not an address that logged in before', async () => {
    const { peer } = await startHardened();
    expect((await peer('10.0.1.1').login(HOST_PWD)).status).toBe(200);
    await guessFromMany(peer);
    const stranger = await peer('10.0.9.9').login(HOST_PWD);
    expect(stranger.status).toBe(429);
    expect(stranger.json.extra).toBe(String(RC.tooManyLoginAttempts));
    expect((await peer('10.0.1.1').login(HOST_PWD)).status).toBe(200);
  });

  it('lets a browser with its device cookie in from a new address while the meeting is locked', async () => {
    const { peer } = await startHardened();
    const first = await peer('10.0.1.5').login(SUPERVISOR_PWD);
    const setCookie = first.headers.get('set-cookie') ?? '';
    expect(setCookie).toMatch(/^podium_device=[^;]+;.*HttpOnly.*SameSite=Strict/);
    const cookie = setCookie.split(';')[0];
    await guessFromMany(peer);
    expect((await peer('10.0.2.2').login(SUPERVISOR_PWD)).status).toBe(429);
    expect((await peer('10.0.2.3').login(SUPERVISOR_PWD, MR, { cookie })).status).toBe(200);
    // a forged cookie is worth nothing
    const forged = cookie.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
    expect((await peer('10.0.2.4').login(SUPERVISOR_PWD, MR, { cookie: forged })).status).toBe(429);
  });

  it('accepts a valid resume token while the meeting is locked', async () => {
    const { peer } = await startHardened();
    const home = peer('10.0.1.7');
    const login = await home.login(HOST_PWD);
    await guessFromMany(peer);
    const r = await home.post(`/rest/v1/meetings/${MR}/sessions/`, {
      cmdid: 'ctrl_mr_req',
      mr_id: MR,
      resume_token: login.json.resume_token,
    });
    expect(r.status).toBe(200);
  });

  it('locks the guessing address itself after ten failures, whatever meetings it tries', async () => {
    const { peer } = await startHardened();
    const guesser = peer('203.0.113.5');
    for (let i = 0; i < 10; i++) expect([403, 404]).toContain((await guesser.login('999999', i % 2 ? MR : '12345678')).status);
    expect((await guesser.login(HOST_PWD)).status).toBe(429);
    expect((await peer('203.0.113.6').login(HOST_PWD)).status).toBe(200);
  });
});

describe('management login limits (item 4)', () => {
  it('locks after ten wrong passwords: the right one is refused then, from that address and from strangers', async () => {
    const { peer } = await startHardened();
    expect((await peer('10.0.4.1').managementLogin('admin', ADMIN_MD5)).json.result).toBe('0');
    for (let i = 0; i < 10; i++) {
      const r = await peer(`198.51.100.${50 + (i % 5)}`).managementLogin('admin', WRONG_MD5);
      expect(r.status).toBe(403);
    }
    const locked = await peer('198.51.100.50').managementLogin('admin', ADMIN_MD5);
    expect(locked.status).toBe(429);
    expect(locked.json).toMatchObject({ result: RC.tooManyLoginAttempts });
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await peer('10.0.4.2').managementLogin('admin', ADMIN_MD5)).status).toBe(429);
    // the administrator's own address is still let in
    expect((await peer('10.0.4.1').managementLogin('admin', ADMIN_MD5)).json.result).toBe('0');
  });

  it('limits the management verify codes per address like the meeting ones', async () => {
    const { peer } = await startHardened();
    const p = peer('10.0.4.9');
    let refused = 0;
    for (let i = 0; i < 301; i++) if ((await p.get('/rest/v1/app1/manager/sessions/web-verify-code/')).status === 429) refused++;
    expect(refused).toBe(1);
    // one budget per address for both kinds of code
    expect((await p.get('/rest/v1/meetings/verify-code')).status).toBe(429);
  });
});

describe('no meeting-number probing (item 5)', () => {
  it('answers multi_login_verify the same for a running meeting and an unknown number', async () => {
    const { peer } = await startHardened();
    await peer('10.0.1.1').login(HOST_PWD);
    const p = peer('10.0.5.1');
    const known = await p.post('/rest/v1/app1/manager/multi_login_verify/', { mr_id: MR });
    const unknown = await p.post('/rest/v1/app1/manager/multi_login_verify/', { mr_id: '11223344' });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(known.status);
    expect(unknown.text).toBe(known.text);
    expect(known.json.controllers).toBeUndefined();
  });

  it('answers overtime_judge only to a controller of the meeting; to anyone else as for an unknown meeting', async () => {
    const { peer } = await startHardened();
    const home = peer('10.0.1.1');
    const host = await home.login(HOST_PWD);
    const p = peer('10.0.5.2');
    const known = await p.post('/rest/v1/app1/manager/overtime_judge/', { mr_id: MR, increase_secs: 60 });
    const unknown = await p.post('/rest/v1/app1/manager/overtime_judge/', { mr_id: '11223344', increase_secs: 60 });
    expect(known.status).toBe(404);
    expect(unknown.status).toBe(404);
    expect(unknown.text).toBe(known.text);
    // the host's session id from elsewhere does not help either
    expect(
      (
        await p.post(
          '/rest/v1/app1/manager/overtime_judge/',
          { mr_id: MR, increase_secs: 60 },
          { headers: { sessionid: host.json.sess_id } },
        )
      ).text,
    ).toBe(known.text);
    const own = await home.post(
      '/rest/v1/app1/manager/overtime_judge/',
      { mr_id: MR, increase_secs: 60 },
      { headers: { sessionid: host.json.sess_id } },
    );
    expect(own.status).toBe(200);
    expect(own.json.result).toBe(0);
  });

  it('counts probes of meetings that do not run against the address', async () => {
    const { peer } = await startHardened();
    const p = peer('10.0.5.3');
    for (let i = 0; i < 10; i++) await p.post('/rest/v1/app1/manager/multi_login_verify/', { mr_id: String(10000000 + i) });
    expect((await p.post('/rest/v1/app1/manager/multi_login_verify/', { mr_id: MR })).status).toBe(429);
    expect((await p.post('/rest/v1/app1/manager/overtime_judge/', { mr_id: MR, increase_secs: 60 })).status).toBe(429);
    expect((await p.login(HOST_PWD)).status).toBe(429);
  });
});

describe('lock-outs are kept in the store (item 8)', () => {
  const dirs: string[] = [];
  afterEach(async () => {
    for (const d of dirs.splice(0)) await rm(d, { recursive: true, force: true });
  });

  it('a locked address is still locked after a restart', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'podium-locks-'));
    dirs.push(dir);
    const first = await startHardened({ dataDir: dir }, 'dataDir');
    // guesses at a meeting that does not run: they count against the address only
    for (let i = 0; i < 10; i++) expect((await first.peer('203.0.113.9').login('999999', '12345678')).status).toBe(404);
    expect((await first.peer('203.0.113.9').login(HOST_PWD)).status).toBe(429);
    await first.server.close();
    const second = await startHardened({ dataDir: dir }, 'dataDir');
    expect((await second.peer('203.0.113.9').login(HOST_PWD)).status).toBe(429);
    expect((await second.peer('203.0.113.10').login(HOST_PWD)).status).toBe(200);
  });
});
