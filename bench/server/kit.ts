/**
 * What the reference-server benchmarks (serverPolls, serverFanout, serverStall, serverSearch) share:
 * their command line (`--runs=3`, `--client=http`, `--nice=-10`, `--profile=DIR`, part names), a
 * server to measure, the signed `post`, the CPU profiler of measured phases, the children that
 * play the controllers, and the table of figures (medians over the runs) handed to
 * `npm run bench`.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { Agent } from 'node:http';
import { cpus, getPriority, loadavg, setPriority } from 'node:os';
import { fileURLToPath } from 'node:url';
import { readdirSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { testConfig } from '../../server/config';
import { startServer, type StartedServer } from '../../server/main';
import { createMemoryStore } from '../../server/store/memoryStore';
import { reportFigure } from '../figures';
import { ms } from './probes';
import { signedRequest } from './signedRequest';

// a full GC before reading memory: held polls are compared with idle, not with garbage
setFlagsFromString('--expose-gc');
const fullGc = runInNewContext('gc') as () => void;
/** resident memory after two full collections (the second takes what the first finalised) */
export function rssAfterGc(): number {
  fullGc();
  fullGc();
  return process.memoryUsage().rss;
}

export const MR = '8008038';
export const silent = { info: () => {}, warn: () => {}, error: () => {} };
export const agent = new Agent({ keepAlive: true, maxSockets: Infinity });

export const args = process.argv.slice(2);
export const flag = (name: string) => args.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
/** part names on the command line (`npm run bench -- server polls`): only those run */
const parts = args.filter((a) => !a.startsWith('--'));
export const RUNS = Math.max(1, Math.min(20, Number(flag('runs') ?? 1) || 1));
export const CLIENT = flag('client') === 'http' ? 'http' : 'raw';
const PROFILE_DIR = flag('profile');
/** `--profile-hold`: in polls/fanout, profile taking in the polls instead of answering them */
export const PROFILE_HOLD = args.includes('--profile-hold');

/**
 * Samples the server process's CPU only while measured work runs (`--profile=DIR`), so the
 * profile shows the cost of answering, not of setting up: open it in Chrome DevTools.
 */
export class PhaseProfiler {
  private session?: Session;
  private running = false;

  async begin(): Promise<void> {
    if (!PROFILE_DIR || this.running) return;
    if (!this.session) {
      this.session = new Session();
      this.session.connect();
      await this.session.post('Profiler.enable');
      await this.session.post('Profiler.setSamplingInterval', { interval: 100 });
    }
    await this.session.post('Profiler.start');
    this.running = true;
  }

  /** Stops sampling; with `file`, writes everything sampled since the first begin(). */
  async end(file?: string): Promise<void> {
    if (!this.session || !this.running) return;
    this.running = false;
    const { profile } = await this.session.post('Profiler.stop');
    this.profiles.push(profile);
    if (file) {
      for (const [i, p] of this.profiles.entries()) writeFileSync(join(PROFILE_DIR!, `${file}.${i}.cpuprofile`), JSON.stringify(p));
      console.log(`         profile: ${join(PROFILE_DIR!, `${file}.*.cpuprofile`)} (${this.profiles.length} phases)`);
      this.profiles = [];
    }
  }

  private profiles: unknown[] = [];
}

/** One figure of one run: the table shows the median over runs. */
export interface Figure {
  part: string;
  name: string;
  value: number;
  /** the target, when this figure has one: met when value ≤ limit */
  limit?: number;
  unit?: 'ms' | 'MiB' | '' | '/s';
}
const figures: Figure[] = [];
export const record = (f: Figure) => figures.push(f);

/** The `seq` of the last event of a poll answer: `..."seq":123}]`, read from the end of the bytes. */
export function lastSeq(body: Buffer): number | undefined {
  const at = body.lastIndexOf('"seq":');
  if (at < 0) return undefined;
  let n = 0;
  let i = at + 6;
  for (; i < body.length && body[i] >= 48 && body[i] <= 57; i++) n = n * 10 + body[i] - 48;
  return i > at + 6 ? n : undefined;
}

/** A compat-signed request; `bytesOnly` leaves `text` empty (the bytes are read instead). */
export async function post(
  port: number,
  path: string,
  body: unknown,
  devid: string,
  devtoken: string,
  method = 'POST',
  bytesOnly = false,
): Promise<{ status: number; text: string; bytes?: Buffer; at: number }> {
  const a = await signedRequest(agent, port, method, path, method === 'GET' ? undefined : JSON.stringify(body), devid, devtoken);
  return { status: a.status, text: bytesOnly ? '' : a.bytes.toString(), bytes: a.bytes, at: a.at };
}

export async function withServer<T>(fn: (server: StartedServer, devid: string, devtoken: string) => Promise<T>): Promise<T> {
  // no simulated endpoints: their activity would answer the held polls early
  const cfg = testConfig({
    signing: 'compat',
    simEndpoints: 0,
    demo: { seed: true, mrId: MR, hostPwd: '123456', supervisorPwd: '654321' },
  });
  // every simulated controller connects from loopback: lift the per-address connection limit
  const server = await startServer(cfg, { store: createMemoryStore(), log: silent, listen: { maxConnectionsPerAddress: 0 } });
  try {
    return await fn(server, cfg.devId, cfg.devToken);
  } finally {
    await server.close();
  }
}

export async function waitFor(cond: () => boolean, limitMs = 30_000): Promise<void> {
  const end = Date.now() + limitMs;
  while (!cond()) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 5));
  }
}

/**
 * A child process of controllers (the script `file` next to this one) and a way to await its next
 * message. It gets the bench's client choice and `extra` arguments.
 */
export function controllers(file: string, extra: string[] = []): { child: ChildProcess; next: <Reply>() => Promise<Reply> } {
  const child = fork(fileURLToPath(new URL(file, import.meta.url)), [`--client=${CLIENT}`, ...extra], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const waiting: ((m: unknown) => void)[] = [];
  child.on('message', (m) => waiting.shift()?.(m));
  // each caller names the reply it waits for: the child scripts answer each order with one message
  return { child, next: <Reply>() => new Promise<Reply>((r) => waiting.push(r as (m: unknown) => void)) };
}

/** The first message of the bench to a child of controllers: the server, and the sessions to poll as. */
export interface PollOrder {
  port: number;
  devid: string;
  devtoken: string;
  mr: string;
  sessions: string[];
  since: number;
  /** the fan-out's command: lock (1) or unlock (0) the meeting */
  lock?: 0 | 1;
}

/** Median of each figure over the runs, against its target. */
export function printTable(): void {
  const keys = [...new Set(figures.map((f) => `${f.part}\u0000${f.name}`))];
  const rows = keys.map((k) => {
    const all = figures.filter((f) => `${f.part}\u0000${f.name}` === k);
    const values = all.map((f) => f.value).sort((a, b) => a - b);
    const median = values.length % 2 ? values[(values.length - 1) / 2] : (values[values.length / 2 - 1] + values[values.length / 2]) / 2;
    const f = all[0];
    const unit = f.unit ?? 'ms';
    const fmt = (v: number) => (unit === 'ms' ? ms(v) : `${Number.isInteger(v) ? v : v.toFixed(1)}${unit ? ` ${unit}` : ''}`);
    const target = f.limit === undefined ? '' : `≤ ${fmt(f.limit)}`;
    const verdict = f.limit === undefined ? '' : median <= f.limit ? 'met' : 'NOT met';
    reportFigure({ figure: `server ${f.part}: ${f.name}`, value: median, unit: unit === '/s' ? 'per s' : unit, max: f.limit });
    return [f.part, f.name, fmt(median), values.length > 1 ? `${fmt(values[0])} … ${fmt(values[values.length - 1])}` : '', target, verdict];
  });
  const head = ['part', 'figure', RUNS > 1 ? `median of ${RUNS}` : 'value', RUNS > 1 ? 'range' : '', 'target', ''];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (r: string[]) =>
    r
      .map((c, i) => c.padEnd(widths[i]))
      .join('  ')
      .trimEnd();
  console.log(`\n${line(head)}\n${widths.map((w) => '-'.repeat(w)).join('  ')}`);
  for (const r of rows) console.log(line(r));
}

/**
 * Runs one benchmark `RUNS` times and prints its table. Part names on the command line pick
 * benchmarks (`npm run bench -- server stall` runs serverStall.ts only): `part` is this one's.
 */
export async function runServerBench(part: string, run: () => Promise<void>): Promise<void> {
  if (parts.length > 0 && !parts.includes(part)) {
    console.log(`[server bench] ${part}: not among the parts asked for (${parts.join(' ')})`);
    return;
  }
  const nice = flag('nice');
  if (nice !== undefined) {
    // Linux sets a nice value per thread: V8's GC helpers and libuv's pool would keep the old
    // one (and the main thread waits for them in a GC pause), so every thread is set; processes
    // forked later (the controllers) inherit it
    let tids: number[] = [process.pid];
    try {
      tids = readdirSync('/proc/self/task').map(Number);
    } catch {
      // not Linux: the process only
    }
    try {
      for (const tid of tids) setPriority(tid, Number(nice));
    } catch (e) {
      console.log(`[server bench] could not set priority ${nice}: ${(e as Error).message}`);
    }
  }
  // figures from a shared machine are only as good as its idleness: say how busy it was
  const load = () => `load average ${loadavg()[0].toFixed(1)} on ${cpus().length} cores`;
  console.log(`[server bench] start: ${load()}, priority (nice) ${getPriority()}, node ${process.version}`);
  for (let r = 1; r <= RUNS; r++) {
    if (RUNS > 1) console.log(`--- run ${r} of ${RUNS}`);
    await run();
  }
  console.log(`[server bench] end: ${load()}`);
  printTable();
  agent.destroy();
}
