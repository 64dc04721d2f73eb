/**
 * Measuring helpers of the server benchmark: percentiles, the main thread's own CPU time and
 * run-queue wait (Linux schedstat), an event-loop monitor that tells work from waiting for a
 * CPU, and GC pause statistics. On a machine shared with other busy processes the wall-clock
 * figures include time the OS kept the process off the CPU; these probes let a reader separate
 * the server's real cost from that.
 */
import { closeSync, openSync, readSync } from 'node:fs';
import { monitorEventLoopDelay, performance, PerformanceObserver } from 'node:perf_hooks';
import { constants } from 'node:perf_hooks';

/** Nearest-rank percentile; NaN for no values. */
export function pct(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))];
}

export const ms = (v: number): string => (Number.isFinite(v) ? `${v.toFixed(1)} ms` : 'n/a');

/** Milliseconds on a clock shared by every process of the machine (wall-clock based, high resolution). */
export function sharedNow(): number {
  return performance.timeOrigin + performance.now();
}

/**
 * CPU time and run-queue wait: `read()` gives [CPU ms of this process (main thread plus V8's GC
 * helpers, from getrusage: exact), ms the main thread has waited for a CPU (Linux
 * `/proc/thread-self/schedstat`, NaN elsewhere)]. The schedstat CPU field is only brought up to
 * date at scheduler ticks, so it is not used for CPU time.
 */
export class ThreadClock {
  private fd = -1;
  private readonly buf = Buffer.alloc(96);

  constructor() {
    try {
      this.fd = openSync('/proc/thread-self/schedstat', 'r');
    } catch {
      this.fd = -1;
    }
  }

  read(): [number, number] {
    const u = process.cpuUsage();
    const cpu = (u.user + u.system) / 1000;
    if (this.fd < 0) return [cpu, NaN];
    const n = readSync(this.fd, this.buf, 0, this.buf.length, 0);
    // schedstat: this thread's time on a CPU, then its time waiting for one (ns). The main
    // thread's own time is what stalls the loop; process.cpuUsage() also counts GC helper threads.
    const text = this.buf.toString('latin1', 0, n);
    const a = text.indexOf(' ');
    const b = text.indexOf(' ', a + 1);
    const onCpu = Number(text.slice(0, a)) / 1e6;
    return [Number.isFinite(onCpu) ? onCpu : cpu, Number(text.slice(a + 1, b)) / 1e6];
  }

  close(): void {
    if (this.fd >= 0) closeSync(this.fd);
    this.fd = -1;
  }
}

/** GC pauses seen by a PerformanceObserver while enabled. */
export class GcStats {
  readonly pauses: { kind: string; ms: number }[] = [];
  private readonly obs = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      const kind = (e as unknown as { detail?: { kind?: number } }).detail?.kind;
      this.pauses.push({ kind: gcKind(kind), ms: e.duration });
    }
  });

  start(): this {
    this.obs.observe({ entryTypes: ['gc'] });
    return this;
  }

  stop(): void {
    this.obs.disconnect();
  }

  /** e.g. `GC 41 pauses, 38.2 ms in all, max 12.3 ms (major); minor 39 max 3.1 ms, major 2 max 12.3 ms` */
  summary(): string {
    if (this.pauses.length === 0) return 'GC: no pauses';
    const total = this.pauses.reduce((s, p) => s + p.ms, 0);
    const worst = this.pauses.reduce((a, b) => (b.ms > a.ms ? b : a));
    const byKind = new Map<string, number[]>();
    for (const p of this.pauses) byKind.set(p.kind, [...(byKind.get(p.kind) ?? []), p.ms]);
    const kinds = [...byKind].map(([k, v]) => `${k} ${v.length}× max ${ms(Math.max(...v))}`).join(', ');
    return `GC ${this.pauses.length} pauses, ${ms(total)} in all, longest ${ms(worst.ms)} (${worst.kind}); ${kinds}`;
  }

  get max(): number {
    return this.pauses.reduce((m, p) => Math.max(m, p.ms), 0);
  }
}

function gcKind(kind: number | undefined): string {
  switch (kind) {
    case constants.NODE_PERFORMANCE_GC_MINOR:
      return 'minor';
    case constants.NODE_PERFORMANCE_GC_MAJOR:
      return 'major';
    case constants.NODE_PERFORMANCE_GC_INCREMENTAL:
      return 'incremental';
    case constants.NODE_PERFORMANCE_GC_WEAKCB:
      return 'weakcb';
    default:
      return 'other';
  }
}

/**
 * Event-loop delay two ways: `monitorEventLoopDelay` (wall clock, what a waiting request feels)
 * and, per loop turn between two timer callbacks, how much CPU the process used in the gap and
 * how long the main thread waited for a CPU. The longest on-CPU stretch is about what the loop
 * would stall on a machine of its own (the main thread's own CPU time, read from its schedstat); the wait is
 * other processes' doing.
 */
export class LoopProbe {
  private readonly hist = monitorEventLoopDelay({ resolution: 5 });
  private readonly clock = new ThreadClock();
  private timer?: NodeJS.Timeout;
  private lastWall = 0;
  private lastCpu = 0;
  private lastWait = 0;
  private startCpu = 0;
  private startWait = 0;
  private startWall = 0;
  /** longest on-CPU stretch between two timer turns */
  maxBusy = 0;
  /** the longest wall-clock gap between two timer turns, and how it splits */
  maxGap = { wall: 0, cpu: 0, wait: 0 };
  /** busy stretches over 50 ms of CPU */
  busyOver50 = 0;
  private totals = { wall: 0, cpu: 0, wait: 0 };

  start(): this {
    this.hist.enable();
    this.startWall = this.lastWall = performance.now();
    [this.startCpu, this.startWait] = [this.lastCpu, this.lastWait] = this.clock.read();
    this.timer = setInterval(() => this.turn(), 5);
    return this;
  }

  private turn(): void {
    const wall = performance.now();
    const [cpu, wait] = this.clock.read();
    const busy = cpu - this.lastCpu;
    if (busy > this.maxBusy) this.maxBusy = busy;
    if (busy > 50) this.busyOver50++;
    const gap = wall - this.lastWall;
    if (gap > this.maxGap.wall) this.maxGap = { wall: gap, cpu: busy, wait: wait - this.lastWait };
    this.lastWall = wall;
    this.lastCpu = cpu;
    this.lastWait = wait;
  }

  stop(): this {
    this.hist.disable();
    clearInterval(this.timer);
    this.turn();
    this.totals = { wall: this.lastWall - this.startWall, cpu: this.lastCpu - this.startCpu, wait: this.lastWait - this.startWait };
    this.clock.close();
    return this;
  }

  get delayP99(): number {
    return this.hist.percentile(99) / 1e6;
  }

  get delayMax(): number {
    return this.hist.max / 1e6;
  }

  /** share of the run the main thread was on a CPU, and waiting for one */
  get shares(): { cpu: number; wait: number } {
    return { cpu: this.totals.cpu / this.totals.wall, wait: this.totals.wait / this.totals.wall };
  }
}
