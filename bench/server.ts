/**
 * Reference-server benchmark (not a test): prints figures for the targets of issue 3.
 *
 *   npx tsx bench/server.ts            # all parts
 *   npx tsx bench/server.ts polls      # one part: polls | fanout | stall | search
 *
 * 1. polls  — one process holds 2,000 concurrent long polls over HTTP; one command releases all.
 * 2. fanout — a command's change reaches all 500 controllers of one meeting (target p99 ≤ 50 ms).
 * 3. stall  — a 10,000-endpoint meeting with ~100 status changes/s: event-loop delay (target max ≤ 50 ms).
 * 4. search — user search over 100,000 users (target p95 ≤ 20 ms).
 * Traffic goes to 127.0.0.1 only; every loop is bounded.
 */
import { fork } from 'node:child_process';
import { Agent, request } from 'node:http';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { signCompat } from '../protocol/signing';
import { testConfig } from '../server/config';
import { AddressBook, generateAddressBook, type SearchFilter } from '../server/engine/addressBook';
import { createEngine } from '../server/engine/index';
import { startServer, type StartedServer } from '../server/main';
import { createMemoryStore } from '../server/store/memoryStore';

const MR = '8008038';
const silent = { info: () => {}, warn: () => {}, error: () => {} };
const agent = new Agent({ keepAlive: true, maxSockets: Infinity });

function pct(values: number[], p: number): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? NaN;
}
const ms = (v: number) => `${v.toFixed(1)} ms`;

function post(server: StartedServer, path: string, body: unknown, devid: string, devtoken: string): Promise<{ status: number; text: string }> {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: server.port,
        method: 'POST',
        path,
        agent,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload), ...signCompat({ devid, devtoken }, path) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString() }));
      },
    );
    req.setTimeout(60_000, () => req.destroy(new Error('timeout')));
    req.on('error', reject);
    req.end(payload);
  });
}

async function withServer<T>(fn: (server: StartedServer, devid: string, devtoken: string) => Promise<T>): Promise<T> {
  // no simulated endpoints: their activity would answer the held polls early
  const cfg = testConfig({ signing: 'compat', simEndpoints: 0, demo: { seed: true, mrId: MR, hostPwd: '123456', supervisorPwd: '654321' } });
  const server = await startServer(cfg, { store: createMemoryStore(), log: silent });
  try {
    return await fn(server, cfg.devId, cfg.devToken);
  } finally {
    await server.close();
  }
}

async function waitFor(cond: () => boolean, limitMs = 30_000): Promise<void> {
  const end = Date.now() + limitMs;
  while (!cond()) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 5));
  }
}

/**
 * The controllers run in a child process (as browsers would, elsewhere), so the figures are the
 * server's: the child holds `n` polls, the parent waits until the server holds them all, then the
 * child sends one command and times each poll's answer.
 */
async function fanout(label: string, n: number, rounds: number): Promise<void> {
  await withServer(async (server, devid, devtoken) => {
    const engine = server.engine;
    const room = engine.rooms.get(MR)!;
    const sessions = Array.from({ length: n }, () => engine.openSession({ mrId: MR, role: 'host', peerIp: '127.0.0.1' }).sessId);
    const rssBefore = process.memoryUsage().rss;
    const child = fork(fileURLToPath(import.meta.url), ['--client'], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    const msgs: ((m: any) => void)[] = [];
    child.on('message', (m) => msgs.shift()?.(m));
    const next = () => new Promise<any>((r) => msgs.push(r));
    // server-side view: from the command entering the engine to each poll's answer being ready
    let tCommand = 0;
    const serverSide: number[] = [];
    const command = engine.command.bind(engine);
    engine.command = (...args: Parameters<typeof command>) => {
      tCommand = performance.now();
      return command(...args);
    };
    const poll = engine.poll.bind(engine);
    engine.poll = async (...args: Parameters<typeof poll>) => {
      const out = await poll(...args);
      if (tCommand) serverSide.push(performance.now() - tCommand);
      return out;
    };
    let maxHeld = 0;
    let rssHeld = 0;
    const latencies: number[] = [];
    let missing = 0;
    const WARMUP = 3;
    for (let round = 0; round < rounds + WARMUP; round++) {
      const polled = next();
      child.send({ port: server.port, devid, devtoken, mr: MR, sessions, since: room.feed.head, lock: round % 2 === 0 ? 1 : 0 });
      await polled;
      const t = performance.now();
      await waitFor(() => room.feed.waiting >= n);
      maxHeld = Math.max(maxHeld, performance.now() - t);
      rssHeld = Math.max(rssHeld, process.memoryUsage().rss);
      const done = next();
      const mark = serverSide.length;
      child.send('go');
      const r = await done;
      tCommand = 0;
      if (round < WARMUP) {
        serverSide.length = mark; // connections opened and code warmed up: not measured
        continue;
      }
      latencies.push(...r.latencies);
      missing += r.missing;
    }
    child.kill();
    console.log(
      `[${label}] ${n} held polls (server RSS +${((rssHeld - rssBefore) / 1048576).toFixed(1)} MiB) × ${rounds} commands: ` +
        `delivery p50 ${ms(pct(latencies, 50))}, p99 ${ms(pct(latencies, 99))}, max ${ms(Math.max(...latencies))}; missing ${missing}` +
        `\n         server side (command in → answer ready): p50 ${ms(pct(serverSide, 50))}, p99 ${ms(pct(serverSide, 99))}`,
    );
  });
}

/** The child side of {@link fanout}. */
async function client(): Promise<void> {
  process.on('message', async (m: any) => {
    if (m === 'go') return;
    const { port, devid, devtoken, mr, sessions, since, lock } = m;
    const server = { port } as StartedServer;
    let t0 = 0;
    const latencies: number[] = [];
    let missing = 0;
    const polls = (sessions as string[]).map((id) =>
      post(server, `/rest/v1/meetings/${mr}/sessions/${id}/changes`, { cmdid: 'get_changes', block_secs: 30, since_seq: since }, devid, devtoken).then((r) => {
        latencies.push(performance.now() - t0);
        if (!r.text.includes('"mr_locked"')) missing++;
      }),
    );
    process.send!('polled');
    await new Promise<void>((r) => process.once('message', () => r()));
    t0 = performance.now();
    await post(server, `/rest/v1/meetings/${mr}/sessions/${sessions[0]}/mr-status`, { cmdid: 'mod_mr_status', lock_mr: lock }, devid, devtoken);
    await Promise.all(polls);
    process.send!({ latencies, missing });
  });
}

async function benchStall(): Promise<void> {
  const t = performance.now();
  const engine = createEngine({ store: createMemoryStore(), config: { simEndpoints: 10_000, addressBookUsers: 12_000 }, simActivity: 0.01 });
  await engine.ready;
  const room = engine.rooms.get(MR)!;
  console.log(`[stall]  10,000-endpoint meeting built in ${ms(performance.now() - t)}; online ${room.endpoints.size}`);
  // some controllers keep polling so every delta is serialised and delivered
  const sessions = Array.from({ length: 50 }, () => engine.openSession({ mrId: MR, role: 'host', peerIp: '127.0.0.1' }));
  let stop = false;
  let changes = 0;
  const cursors = new Map(sessions.map((s) => [s.sessId, room.feed.head]));
  const loops = sessions.map(async (s, i) => {
    const st = engine.sessions.get(s.sessId)!;
    while (!stop) {
      const text = await engine.poll(st, { cmdid: 'get_changes', block_secs: 2, since_seq: cursors.get(s.sessId) });
      const events = JSON.parse(text) as { seq: number; cmdid: string; usr_ids?: string[] }[];
      if (events.length) cursors.set(s.sessId, events[events.length - 1].seq);
      if (i === 0) for (const e of events) if (e.cmdid === 'online_eps_status') changes += e.usr_ids?.length ?? 0;
    }
  });
  const tickTimes: number[] = [];
  const tick = engine.tick.bind(engine);
  engine.tick = () => {
    const s = performance.now();
    tick();
    tickTimes.push(performance.now() - s);
  };
  await new Promise((r) => setTimeout(r, 2000));
  changes = 0;
  tickTimes.length = 0;
  const h = monitorEventLoopDelay({ resolution: 5 });
  h.enable();
  const SECS = 15;
  await new Promise((r) => setTimeout(r, SECS * 1000));
  h.disable();
  stop = true;
  engine.stop();
  await Promise.all(loops);
  console.log(
    `[stall]  ${SECS} s: ${(changes / SECS).toFixed(0)} endpoint status changes/s; event-loop delay p99 ${ms(h.percentile(99) / 1e6)}, max ${ms(h.max / 1e6)} (target max ≤ 50 ms); engine tick p50 ${ms(pct(tickTimes, 50))}, max ${ms(Math.max(...tickTimes))}`,
  );
}

function benchSearch(): void {
  const t = performance.now();
  const data = generateAddressBook(7, 100_000, Math.floor(Date.now() / 1000));
  const book = new AddressBook(data.users, data.departments);
  book.searchUsers([]); // builds the index
  console.log(`[search] 100,000 users generated and indexed in ${ms(performance.now() - t)}`);
  const users = data.users;
  const queries: SearchFilter[][] = [];
  for (let i = 0; i < 300; i++) {
    const u = users[(i * 7919) % users.length];
    const kind = i % 6;
    if (kind === 0) queries.push([{ type: 'nick_name', value: u.nick.slice(0, 2) }]);
    else if (kind === 1) queries.push([{ type: 'usr_mark', value: u.mark.slice(0, 5) }]);
    else if (kind === 2) queries.push([{ type: 'keyword', value: u.loginId }]);
    else if (kind === 3) queries.push([{ type: 'call_addr', value: 'sip' }, { type: 'department_id', value: u.deps[0] }]);
    else if (kind === 4) queries.push([{ type: 'email', value: `user${1000 + i}` }]);
    else queries.push([{ type: 'phone_no', value: u.phone.slice(3, 8) }]);
  }
  const times: number[] = [];
  let tooMany = 0;
  for (const q of queries) {
    const s = performance.now();
    const r = book.searchUsers(q);
    times.push(performance.now() - s);
    if (r.tooMany) tooMany++;
  }
  console.log(
    `[search] ${queries.length} searches: p50 ${ms(pct(times, 50))}, p95 ${ms(pct(times, 95))}, max ${ms(Math.max(...times))} (target p95 ≤ 20 ms); ${tooMany} over 500`,
  );
}

const parts = process.argv.slice(2);
const want = (p: string) => parts.length === 0 || parts.includes(p);
if (parts.includes('--client')) {
  await client();
} else {
  // figures from a shared machine are only as good as its idleness: say how busy it was
  const load = () => `load average ${loadavg()[0].toFixed(1)} on ${cpus().length} cores`;
  console.log(`[server bench] start: ${load()}`);
  if (want('search')) benchSearch();
  if (want('polls')) await fanout('polls', 2000, 3);
  if (want('fanout')) await fanout('fanout', 500, 20);
  if (want('stall')) await benchStall();
  console.log(`[server bench] end: ${load()}`);
  agent.destroy();
}
