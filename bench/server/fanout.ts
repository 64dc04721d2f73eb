/**
 * The delivery benchmark behind serverPolls.ts and serverFanout.ts: `n` controllers of one meeting
 * hold a long poll each (in a child process, fanoutClient.ts) and one command releases them all;
 * figures of delivery, the server's CPU and its memory for the held polls.
 */
import { performance } from 'node:perf_hooks';
import { controllers, CLIENT, MR, PhaseProfiler, PROFILE_HOLD, record, rssAfterGc, waitFor, withServer } from './kit';
import { GcStats, ms, pct, sharedNow, ThreadClock } from './probes';

/**
 * The child holds `n` polls; once the server holds them all, it sends one command. Delivery is
 * timed from the command entering the engine (server clock) to each answer's last byte (client
 * clock), both on {@link sharedNow}.
 */
export async function fanout(part: 'polls' | 'fanout', n: number, rounds: number): Promise<void> {
  await withServer(async (server, devid, devtoken) => {
    const engine = server.engine;
    const room = engine.rooms.get(MR)!;
    const sessions = Array.from({ length: n }, () => engine.openSession({ mrId: MR, role: 'host', peerIp: '127.0.0.1' }).sessId);
    const rssBefore = process.memoryUsage().rss;
    const { child, next } = controllers('./fanoutClient.ts');
    let tCommand = 0;
    const ready: number[] = [];
    const written: number[] = [];
    let burstPending = false;
    let burstEnd = 0;
    const command = engine.command.bind(engine);
    engine.command = (...a: Parameters<typeof command>) => {
      tCommand = sharedNow();
      return command(...a);
    };
    const poll = engine.pollBytes.bind(engine);
    engine.pollBytes = async (...a: Parameters<typeof poll>) => {
      const out = await poll(...a);
      if (tCommand) {
        ready.push(sharedNow() - tCommand);
        // answers are written in bursts of microtasks (a budget per task): note when the last ends
        if (!burstPending) {
          burstPending = true;
          const t0 = tCommand;
          setImmediate(() => {
            burstPending = false;
            burstEnd = sharedNow() - t0;
          });
        }
      }
      return out;
    };
    const thread = new ThreadClock();
    const profiler = new PhaseProfiler();
    const gc = new GcStats().start();
    let gcInAnswers = 0;
    /** the command whose slowest answer was slowest, and what the server did meanwhile */
    let worst = { max: 0, gc: 0, cpu: 0, written: 0 };
    let maxHold = 0;
    let rssHeld = 0;
    const latencies: number[] = [];
    const acks: number[] = [];
    const roundMax: number[] = [];
    const kernelShare: number[] = [];
    const cpuPerRound: number[] = [];
    const holdCpu: number[] = [];
    let missing = 0;
    let rssHeldAfterGc = 0;
    const rssIdleAfterGc = rssAfterGc();
    // enough rounds for the JIT to settle: its compiler threads would count as the server's CPU
    // (two for the 10,000 polls: each round is 10,000 answers already)
    const WARMUP = part === 'polls' ? 2 : 10;
    for (let round = 0; round < rounds + WARMUP; round++) {
      const polled = next();
      if (round >= WARMUP && PROFILE_HOLD) await profiler.begin();
      child.send({ port: server.port, devid, devtoken, mr: MR, sessions, since: room.feed.head, lock: round % 2 === 0 ? 1 : 0 });
      const holdCpu0 = thread.read()[0];
      await polled;
      const t = performance.now();
      await waitFor(() => room.feed.waiting >= n, 180_000);
      maxHold = Math.max(maxHold, performance.now() - t);
      if (round >= WARMUP) holdCpu.push(thread.read()[0] - holdCpu0);
      if (PROFILE_HOLD) await profiler.end(round === rounds + WARMUP - 1 ? `${part}-hold` : undefined);
      rssHeld = Math.max(rssHeld, process.memoryUsage().rss);
      if (round === WARMUP) rssHeldAfterGc = rssAfterGc();
      const mark = ready.length;
      const done = next<{ receipts: number[]; missing: number; ack: number }>();
      if (round >= WARMUP && !PROFILE_HOLD) await profiler.begin();
      const [cpu0] = thread.read();
      const usage0 = process.cpuUsage();
      const gcMark = gc.pauses.length;
      child.send('go');
      const r = await done;
      const [cpu1] = thread.read();
      const usage = process.cpuUsage(usage0);
      await new Promise((r) => setImmediate(r)); // GC entries of the round are delivered by now
      let gcRound = 0;
      for (const p of gc.pauses.slice(gcMark)) gcRound += p.ms;
      if (round >= WARMUP) gcInAnswers += gcRound;
      if (!PROFILE_HOLD) await profiler.end(round === rounds + WARMUP - 1 ? part : undefined);
      const tIn = tCommand;
      tCommand = 0;
      if (round < WARMUP) {
        ready.length = mark; // connections opened and code warmed up: not measured
        continue;
      }
      const got = (r.receipts as number[]).map((at) => at - tIn);
      latencies.push(...got);
      roundMax.push(Math.max(...got));
      if (Math.max(...got) >= worst.max) worst = { max: Math.max(...got), gc: gcRound, cpu: cpu1 - cpu0, written: burstEnd };
      acks.push(r.ack - tIn);
      written.push(burstEnd);
      cpuPerRound.push(cpu1 - cpu0);
      kernelShare.push(usage.system / (usage.user + usage.system));
      missing += r.missing;
    }
    child.kill();
    thread.close();
    gc.stop();
    const cpu = pct(cpuPerRound, 50);
    console.log(
      `[${part}] ${n} held polls (server RSS +${((rssHeld - rssBefore) / 1048576).toFixed(1)} MiB, all held within ${ms(maxHold)} of being sent) × ${rounds} commands, ${CLIENT} client:` +
        `\n         delivery (command in → answer's last byte at the controller): p50 ${ms(pct(latencies, 50))}, p95 ${ms(pct(latencies, 95))}, p99 ${ms(pct(latencies, 99))}, max ${ms(Math.max(...latencies))}; missing ${missing}` +
        `\n         slowest answer per command: p50 ${ms(pct(roundMax, 50))}, max ${ms(Math.max(...roundMax))}; server done writing all answers p50 ${ms(pct(written, 50))}, max ${ms(Math.max(...written))}` +
        `\n         worst command: slowest answer ${ms(worst.max)}, server done writing at ${ms(worst.written)}, server CPU ${ms(worst.cpu)} of which GC pauses ${ms(worst.gc)}` +
        `\n         server: answers ready p50 ${ms(pct(ready, 50))}, p99 ${ms(pct(ready, 99))}; command acknowledged p50 ${ms(pct(acks, 50))}; CPU per command ${ms(cpu)} (${((cpu * 1000) / n).toFixed(1)} µs per answer, ${(pct(kernelShare, 50) * 100).toFixed(0)} % of it in the kernel, GC ${ms(gcInAnswers / rounds)} per command on average); taking in the ${n} polls ${ms(pct(holdCpu, 50))} CPU`,
    );
    record({ part, name: 'held polls', value: n, unit: '' });
    record({ part, name: 'missing answers', value: missing, limit: 0, unit: '' });
    record({ part, name: 'RSS for the held polls (peak, garbage included)', value: (rssHeld - rssBefore) / 1048576, unit: 'MiB' });
    record({
      part,
      name: `RSS for the held polls over idle (after GC)`,
      value: (rssHeldAfterGc - rssIdleAfterGc) / 1048576,
      unit: 'MiB',
      limit: part === 'polls' ? 300 : undefined,
    });
    record({ part, name: 'delivery p50', value: pct(latencies, 50) });
    record({ part, name: 'delivery p99', value: pct(latencies, 99), limit: part === 'fanout' ? 50 : 250 });
    record({ part, name: 'delivery max', value: Math.max(...latencies) });
    record({ part, name: 'server done writing (per command, p50)', value: pct(written, 50) });
    record({ part, name: 'server CPU per command', value: cpu });
    record({ part, name: `server CPU to take in ${n} polls`, value: pct(holdCpu, 50) });
  });
}
