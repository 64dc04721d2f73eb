/**
 * Runs inside Chromium (bundled by bench/consoleMachines.ts): the participants machine of the
 * console with its real batching, fed wire events as the long poll would. Exposes
 * `window.podiumBench` for the runner; measures with performance.now and a long-task observer.
 */
import { createActor, SimulatedClock } from 'xstate';
import { participantsMachine, PARTICIPANT_UPDATE_DELAY_MS } from '../../machines/participants/participantsMachine';
import { selectHandUpCount, selectOnlineCount, selectParticipantList } from '../../machines/participants/selectors';
import { USR_STATS_POSITIONS } from '../../protocol/usrStats';
import type { MrParticipants, OnlineEpsInfo, OnlineEpsStatus } from '../../protocol/wire';

const FLAGS = USR_STATS_POSITIONS.length;

function flagString(seed: number): string {
  let s = '';
  for (let i = 0; i < FLAGS; i++) s += i < 4 ? '1' : i === 13 ? String(seed % 7 === 0 ? 1 : 0) : i === 4 ? String(seed & 1) : '0';
  return s;
}

function ids(n: number): string[] {
  return Array.from({ length: n }, (_, i) => String(100000 + i));
}

function snapshot(n: number) {
  const all = ids(n);
  const roster: MrParticipants = {
    mr_id: '8008038',
    added_usr_ids: all,
    added_usr_names: all.map((id) => `Participant ${id}`),
    added_usr_types: all.map(() => 1),
    added_usr_attr: all.map((_, i) => `1-${i}`),
    added_call_addrs: all.map((id) => `${id}@10.1.0.1`),
    added_usr_deps: all.map((_, i) => i % 50),
    added_usr_devtypes: all.map(() => 'sip'),
    added_usr_appoint: all.map(() => 0),
    added_gbk_names: all.map(() => ''),
    deleted_usr_ids: [],
    depid_names: {},
  };
  const online = all.filter((_, i) => i % 10 !== 0);
  const info: OnlineEpsInfo = {
    mr_id: '8008038',
    usr_ids: online,
    usr_names: online.map((id) => `Participant ${id}`),
    ep_ids: online.map((_, i) => 5000 + i),
    usr_uris: online.map((id) => `sip:${id}@10.2.0.1`),
    enter_dtms: online.map(() => 1700000000),
    dev_type: online.map(() => 'sip'),
    ep_version: online.map(() => 1),
    is_online: online.map(() => 1),
    pin_sort: online.map((_, i) => i),
    sort_para: online.map(() => 0),
    gbk_names: online.map(() => ''),
    proto_types: online.map((_, i) => i % 5),
    ep_uuid: online.map((id) => `uuid-${id}`),
  };
  const status: OnlineEpsStatus = {
    mr_id: '8008038',
    usr_ids: online,
    usr_stats: online.map((_, i) => flagString(i)),
    local_rtp_ip: online.map(() => '10.3.0.1'),
    stats_desc: [...USR_STATS_POSITIONS],
  };
  return { roster, info, status, online };
}

function statusBatch(online: string[], size: number, round: number) {
  const usr_ids: string[] = [];
  const usr_stats: string[] = [];
  const local_rtp_ip: string[] = [];
  for (let k = 0; k < size; k++) {
    const idx = (round * 7919 + k * 13) % online.length;
    usr_ids.push(online[idx]);
    usr_stats.push(flagString(idx + round + k));
    local_rtp_ip.push('10.3.0.1');
  }
  return {
    type: 'server.online_eps_status' as const,
    event: { cmdid: 'online_eps_status' as const, seq: round, mr_id: '8008038', usr_ids, usr_stats, local_rtp_ip, stats_desc: [] },
  };
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** 1,000 status changes applied to 10,000 participants: script time per batch, including the
 * machine's event handling, the 800 ms flush and a subscriber reading its selectors. */
function batchCost(participants: number, batch: number, rounds: number) {
  const clock = new SimulatedClock();
  const actor = createActor(participantsMachine, { clock, input: {} }).start();
  const snap = snapshot(participants);
  let reads = 0;
  actor.subscribe((s) => {
    reads += selectOnlineCount(s) + selectHandUpCount(s);
  });
  actor.send({ type: 'server.snapshot', snapshot: { roster: snap.roster, info: snap.info, status: snap.status } });
  const batches = Array.from({ length: rounds + 10 }, (_, r) => statusBatch(snap.online, batch, r + 1));
  const times: number[] = [];
  batches.forEach((ev, r) => {
    const t0 = performance.now();
    actor.send(ev);
    clock.increment(PARTICIPANT_UPDATE_DELAY_MS);
    // a table reading the list after the batch (updated in place; a new array only on membership changes)
    reads += selectParticipantList(actor.getSnapshot()).length;
    const dt = performance.now() - t0;
    if (r >= 10) times.push(dt); // the first ten warm the JIT
  });
  actor.stop();
  return { p50: percentile(times, 50), p95: percentile(times, 95), max: Math.max(...times), rounds: times.length, reads };
}

/** 100 status changes per second (10 every 100 ms) at 1,000 participants on the real clock. */
function steadyStream(participants: number, perSecond: number, seconds: number): Promise<{ longTasks: number[]; applied: number }> {
  return new Promise((resolve) => {
    const longTasks: number[] = [];
    const observer = new PerformanceObserver((list) => {
      for (const e of list.getEntries()) longTasks.push(e.duration);
    });
    observer.observe({ type: 'longtask' });
    const actor = createActor(participantsMachine, { input: {} }).start();
    const snap = snapshot(participants);
    actor.send({ type: 'server.snapshot', snapshot: { roster: snap.roster, info: snap.info, status: snap.status } });
    let applied = 0;
    actor.subscribe((s) => {
      applied = s.context.version;
      selectParticipantList(s);
    });
    let round = 0;
    const perTick = Math.max(1, Math.round(perSecond / 10));
    const timer = setInterval(() => {
      actor.send(statusBatch(snap.online, perTick, ++round));
    }, 100);
    setTimeout(() => {
      clearInterval(timer);
      setTimeout(() => {
        observer.disconnect();
        actor.stop();
        resolve({ longTasks, applied });
      }, PARTICIPANT_UPDATE_DELAY_MS + 200);
    }, seconds * 1000);
  });
}

/** Keeps 10,000 participants alive in an actor so the runner can read the heap. */
let held: unknown = null;
function holdParticipants(participants: number): number {
  const actor = createActor(participantsMachine, { input: {} }).start();
  const snap = snapshot(participants);
  actor.send({ type: 'server.snapshot', snapshot: { roster: snap.roster, info: snap.info, status: snap.status } });
  held = actor;
  return selectParticipantList(actor.getSnapshot()).length;
}
function release(): void {
  (held as { stop?: () => void } | null)?.stop?.();
  held = null;
}

(window as unknown as { podiumBench: unknown }).podiumBench = { batchCost, steadyStream, holdParticipants, release };
