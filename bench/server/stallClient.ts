/**
 * The child process of serverStall.ts: 50 controllers polling from the last seq they saw, a host
 * muting and unmuting the audience every 5 s and a controller reloading the roster snapshots.
 */
import { args, lastSeq, post, type PollOrder } from './kit';

async function stallClient(): Promise<void> {
  const m = await new Promise<PollOrder>((r) => process.once('message', r));
  const { port, devid, devtoken, mr, sessions, since } = m;
  let stop = false;
  let counting = false;
  let changes = 0;
  let largest = 0;
  let polls = 0;
  let bytes = 0;
  const loops = (sessions as string[]).map(async (id, i) => {
    let cursor = since as number;
    const path = `/rest/v1/meetings/${mr}/sessions/${id}/changes`;
    while (!stop) {
      const a = await post(port, path, { cmdid: 'get_changes', block_secs: 30, since_seq: cursor }, devid, devtoken, 'POST', i !== 0).catch(
        () => null,
      );
      if (!a || a.status !== 200) break;
      if (i !== 0) {
        // the load generator must not starve the server: only controller 0 decodes its answers, the
        // others read the last event's seq (always its last field) from the end of the bytes
        cursor = lastSeq(a.bytes!) ?? cursor;
        if (counting) {
          polls++;
          bytes += a.bytes!.length;
        }
        continue;
      }
      const events = JSON.parse(a.text) as { seq: number; cmdid: string; usr_ids?: string[] }[];
      if (events.length) cursor = events[events.length - 1].seq;
      if (!counting) continue;
      polls++;
      bytes += a.text.length;
      for (const e of events) {
        if (e.cmdid !== 'online_eps_status') continue;
        // a mute-all delta lists thousands at once; the endpoints' own changes come a tick's worth at a time
        const n = e.usr_ids?.length ?? 0;
        if (n < 2000) changes += n;
        else largest = Math.max(largest, n);
      }
    }
  });
  // a host mutes and unmutes the whole audience every 5 s: one delta listing ~9,000 endpoints
  let muted = 0;
  const statusPath = `/rest/v1/meetings/${mr}/sessions/${sessions[0]}/mr-status`;
  const muter = setInterval(() => {
    if (!counting || args.includes('--no-mute')) return;
    muted = 1 - muted;
    void post(port, statusPath, { cmdid: 'mod_mr_status', all_guests_mute: muted }, devid, devtoken).catch(() => undefined);
    commands++;
  }, 5000);
  let commands = 0;
  // and every 5 s, between the mutes, a controller (re)loads the roster snapshots as at login
  let loads = 0;
  let snapshotBytes = 0;
  const base = `/rest/v1/meetings/${mr}/sessions/${sessions[1]}/`;
  let loader: NodeJS.Timeout | undefined;
  const firstLoad = setTimeout(() => {
    const load = () => {
      if (!counting || args.includes('--no-snapshots')) return;
      loads++;
      for (const what of ['eps-info', 'eps-status', 'participants', 'mr-status']) {
        void post(port, base + what, undefined, devid, devtoken, 'GET').then(
          (a) => (snapshotBytes += a.text.length),
          () => undefined,
        );
      }
    };
    load();
    loader = setInterval(load, 5000);
  }, 2500);
  process.send!('started');
  process.on('message', (msg) => {
    if (msg === 'mark') {
      counting = true;
      process.send!('counting');
    } else if (msg === 'stop') {
      stop = true;
      counting = false;
      clearInterval(muter);
      clearTimeout(firstLoad);
      clearInterval(loader);
      process.send!({ changes, polls, bytes, commands, largest, loads, snapshotBytes });
    }
  });
  await Promise.all(loops);
}

await stallClient();
