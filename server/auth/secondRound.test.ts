/**
 * Issue 24, second attack run: trust names the role it was earned with (point 2), a crowd cannot
 * erase a lock and an IPv6 /64 counts as one address (point 4), pre-login probes are counted and
 * held alike whatever the meeting's state (point 5).
 */
import { describe, expect, it } from 'vitest';
import { startServer } from '../main';
import { createMemoryStore } from '../store/memoryStore';
import { TestClient } from '../http/testing/client';
import { hardenedConfig, HOST_PWD, MR, Peer, silent, startHardened, SUPERVISOR_PWD } from './testing/hardening';
import { addressBucket, addressKey, LoginGuard } from './loginGuard';

function deviceCookie(r: { headers: Headers }): string {
  const set = r.headers.get('set-cookie') ?? '';
  const value = set.split(';')[0];
  expect(value).toMatch(/^podium_device=/);
  return value;
}

/** Locks the demo meeting: ten wrong passwords from ten strangers. */
async function lockMeeting(peer: (ip: string) => Peer): Promise<void> {
  for (let i = 0; i < 10; i++) expect((await peer(`198.51.100.${i + 1}`).login('00000000')).status).toBe(403);
  expect((await peer('198.51.100.200').login(HOST_PWD)).status).toBe(429);
}

describe('trust is per meeting and role (point 2)', () => {
  it("a supervisor's cookie, copied to three addresses, gets no host password checked under the lock", async () => {
    const { peer } = await startHardened();
    const supervisor = await peer('10.7.0.1').login(SUPERVISOR_PWD);
    expect(supervisor.status).toBe(200);
    const cookie = { cookie: deviceCookie(supervisor) };
    await lockMeeting(peer);

    const statuses: number[] = [];
    for (const ip of ['10.7.0.2', '10.7.0.3', '10.7.0.4']) {
      for (let i = 0; i < 10; i++) statuses.push((await peer(ip).login(`9${String(i).padStart(7, '0')}`, MR, cookie)).status);
    }
    // not one guess was answered as a checked wrong password: the lock held for the host's
    expect(statuses.filter((s) => s !== 429)).toEqual([]);
    // the real host password from a supervisor-trusted browser is not checked either
    expect((await peer('10.7.0.5').login(HOST_PWD, MR, cookie)).status).toBe(429);
    // the supervisor still gets in with the supervisor's password, from the cookie or the address
    expect((await peer('10.7.0.6').login(SUPERVISOR_PWD, MR, cookie)).status).toBe(200);
    expect((await peer('10.7.0.1').login(SUPERVISOR_PWD)).status).toBe(200);
    expect((await peer('10.7.0.1').login(HOST_PWD)).status).toBe(429);
  });

  it("the attack run's way: wrong host passwords under a supervisor's cookie from three addresses get 429 past the meeting's limit", async () => {
    const { peer } = await startHardened();
    const cookie = { cookie: deviceCookie(await peer('10.6.0.1').login(SUPERVISOR_PWD)) };
    const statuses: number[] = [];
    for (const ip of ['10.6.0.2', '10.6.0.3', '10.6.0.4']) {
      for (let i = 0; i < 10; i++) statuses.push((await peer(ip).login(`8${String(i).padStart(7, '0')}`, MR, cookie)).status);
    }
    // the attack run had 30 checked (403): now the meeting's ten, then the lock
    expect(statuses.filter((s) => s === 403)).toHaveLength(10);
    expect(statuses.slice(10).every((s) => s === 429)).toBe(true);
  });

  it('each refused guess of a trusted client costs its address, so the address locks too', async () => {
    const { peer } = await startHardened();
    const cookie = { cookie: deviceCookie(await peer('10.8.0.1').login(SUPERVISOR_PWD)) };
    await lockMeeting(peer);
    for (let i = 0; i < 10; i++) await peer('10.8.0.2').login('11111111', MR, cookie);
    // now the address itself is locked: even the supervisor's own password is refused from it
    expect((await peer('10.8.0.2').login(SUPERVISOR_PWD, MR, cookie)).status).toBe(429);
    expect((await peer('10.8.0.3').login(SUPERVISOR_PWD, MR, cookie)).status).toBe(200);
  });

  it("the host's own trust still lifts the lock for the host (guessers cannot lock the host out)", async () => {
    const { peer } = await startHardened();
    const cookie = { cookie: deviceCookie(await peer('10.9.0.1').login(HOST_PWD)) };
    await lockMeeting(peer);
    expect((await peer('10.9.0.2').login(HOST_PWD, MR, cookie)).status).toBe(200);
    expect((await peer('10.9.0.1').login(HOST_PWD)).status).toBe(200);
    // but not for the supervisor's password, which the host's browser never proved
    expect((await peer('10.9.0.1').login(SUPERVISOR_PWD)).status).toBe(429);
  });

  it("trust earned with a role's old password is void once it changes", async () => {
    const { peer, server } = await startHardened();
    const cookie = { cookie: deviceCookie(await peer('10.10.0.1').login(HOST_PWD)) };
    // the host password changes (someone who knew the old one, and kept the cookie, is out)
    server.engine.rooms.get(MR)!.record.hostPwd = '24682468';
    await lockMeeting(peer);
    expect((await peer('10.10.0.2').login('24682468', MR, cookie)).status).toBe(429);
    expect((await peer('10.10.0.1').login('24682468')).status).toBe(429);
  });
});

describe('a crowd cannot erase a lock (point 4)', () => {
  it("100,500 distinct-address probes do not drop the demo meeting's lock", () => {
    let now = 1_000_000;
    const guard = new LoginGuard({ now: () => now, store: createMemoryStore() });
    const mrKey = `mr:${MR}`;
    for (let i = 0; i < 10; i++) guard.recordFailure([addressKey(`198.51.100.${i}`), mrKey]);
    expect(guard.check([mrKey]).locked).toBe(true);
    for (let i = 0; i < 100_500; i++) {
      now += 1;
      guard.recordFailure([addressKey(`10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`)]);
    }
    expect(guard.check([mrKey]).locked).toBe(true);
    expect(guard.count(mrKey)).toBe(10);
    // memory stays bounded: the counted addresses are capped, the oldest went
    expect(guard.size.counted).toBeLessThanOrEqual(100_000 + 1);
  });

  it("a locked address is not pushed out by other addresses' failures; counted ones are", () => {
    const guard = new LoginGuard({ maxKeys: 50, maxFailures: 3 });
    for (let i = 0; i < 3; i++) guard.recordFailure(['ip:203.0.113.1']);
    guard.recordFailure(['ip:203.0.113.2']);
    for (let i = 0; i < 500; i++) guard.recordFailure([`ip:10.0.${i >> 8}.${i & 255}`]);
    expect(guard.check(['ip:203.0.113.1']).locked).toBe(true);
    expect(guard.count('ip:203.0.113.2')).toBe(0);
    expect(guard.size).toEqual({ counted: 50, locked: 1 });
  });

  it('drops counted keys least recently failed first, also after re-failures', () => {
    const guard = new LoginGuard({ maxKeys: 3 });
    const alive = () => ['a', 'b', 'c', 'd', 'e', 'f'].filter((k) => guard.count(`ip:${k}`) > 0);
    for (const k of ['a', 'b', 'c', 'd']) guard.recordFailure([`ip:${k}`]);
    expect(alive()).toEqual(['b', 'c', 'd']);
    guard.recordFailure(['ip:b']); // b is now the most recent
    guard.recordFailure(['ip:e']);
    expect(alive()).toEqual(['b', 'd', 'e']);
    guard.recordFailure(['ip:f']);
    expect(alive()).toEqual(['b', 'e', 'f']);
  });

  it('a lock that lifts competes as a counted key again', () => {
    let now = 0;
    const guard = new LoginGuard({ now: () => now, windowMs: 1000, maxFailures: 2, maxKeys: 2 });
    guard.recordFailure(['ip:a']);
    now = 500;
    guard.recordFailure(['ip:a']);
    expect(guard.size.locked).toBe(1);
    now = 1200; // the first failure left the window
    expect(guard.check(['ip:a'])).toEqual({ locked: false });
    expect(guard.size).toEqual({ counted: 1, locked: 0 });
  });

  it('counts an IPv6 /64 as one address, and an IPv4-mapped address as its IPv4', () => {
    expect(addressBucket('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(addressBucket('2001:0db8:0001:0002:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
    expect(addressBucket('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressBucket('::1')).toBe('0:0:0:0::/64');
    expect(addressBucket('::ffff:192.0.2.7')).toBe('192.0.2.7');
    expect(addressBucket('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(addressBucket('192.0.2.7')).toBe('192.0.2.7');
    expect(addressBucket('not an address')).toBe('not an address');
  });

  it('refuses the whole /64 after ten guesses from ten of its addresses (over HTTP)', async () => {
    const { peer } = await startHardened();
    for (let i = 1; i <= 10; i++) expect((await peer(`2001:db8:5:6::${i.toString(16)}`).login('99999999', '12345678')).status).toBe(404);
    expect((await peer('2001:db8:5:6:ffff::1').login(HOST_PWD)).status).toBe(429);
    expect((await peer('2001:db8:5:7::1').login(HOST_PWD)).status).toBe(200);
  });
});

/** Status and body, but not `retry_after`: that counts down with the clock. */
function answer(r: { status: number; json: any }): string {
  return `${r.status} ${JSON.stringify({ ...r.json, retry_after: undefined })}`;
}

describe('probes are counted and held alike whatever the meeting state (point 5)', () => {
  /** A server whose failed answers' holds are recorded instead of waited. */
  async function recordingServer(idle: boolean) {
    const held: number[] = [];
    const cfg = hardenedConfig();
    const server = await startServer(cfg, { store: createMemoryStore(), log: silent, sleep: async (ms) => void held.push(ms) });
    if (idle) server.engine.endMeeting(server.engine.rooms.get(MR)!, 'test');
    expect(server.engine.roomAuth(MR)!.running).toBe(!idle);
    const client = new TestClient({ origin: server.origin, prefix: '', devid: cfg.devId, devtoken: cfg.devToken });
    return { server, held, peer: new Peer(client, '192.0.2.44') };
  }

  it('multi_login_verify and overtime_judge: same bodies, same holds, same lock for a running and an idle meeting', async () => {
    const runs = [];
    for (const idle of [false, true]) {
      const { server, held, peer } = await recordingServer(idle);
      const answers: string[] = [];
      for (let i = 0; i < 6; i++) {
        const r = await peer.post('/rest/v1/app1/manager/multi_login_verify/', { mr_id: MR });
        answers.push(answer(r));
        const j = await peer.post('/rest/v1/app1/manager/overtime_judge/', { mr_id: MR, increase_secs: 60 });
        answers.push(answer(j));
      }
      runs.push({ answers, held: [...held] });
      await server.close();
    }
    const [running, idle] = runs;
    expect(running).toEqual(idle);
    // every question was held as a failed attempt, and the address locked at the limit
    expect(running.held).toEqual([200, 400, 800, 1600, 3200, 5000, 5000, 5000, 5000, 5000]);
    expect(running.answers.slice(-2).every((a) => a.startsWith('429'))).toBe(true);
  });

  it('a controller asking about its own meeting is neither counted nor held', async () => {
    const { server, held, peer } = await recordingServer(false);
    const host = await peer.login(HOST_PWD);
    expect(host.status).toBe(200);
    for (let i = 0; i < 12; i++) {
      const j = await peer.post(
        '/rest/v1/app1/manager/overtime_judge/',
        { mr_id: MR, increase_secs: 60 },
        { headers: { sessionid: host.json.sess_id } },
      );
      expect(j.json.result).toBe(0);
    }
    expect(held).toEqual([]);
    await server.close();
  });
});
