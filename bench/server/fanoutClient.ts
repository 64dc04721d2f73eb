/**
 * The child process of {@link fanout} (bench/server/fanout.ts): holds the polls and sends the
 * command, then reports when each answer's last byte arrived.
 */
import { signCompat } from '../../protocol/signing';
import { CLIENT, post, type PollOrder } from './kit';
import { RawPollers } from './pollClient';

async function fanoutClient(): Promise<void> {
  let raw: RawPollers | undefined;
  process.on('message', async (m: PollOrder | 'go') => {
    if (m === 'go') return;
    const { port, devid, devtoken, mr, sessions, since, lock } = m;
    const ids = sessions as string[];
    if (CLIENT === 'raw') raw ??= await RawPollers.connect(port, ids.length);
    const receipts: number[] = [];
    let missing = 0;
    const body = { cmdid: 'get_changes', block_secs: 30, since_seq: since };
    const polls = ids.map((id, i) => {
      const path = `/rest/v1/meetings/${mr}/sessions/${id}/changes`;
      const answer = raw
        ? raw.post(i, path, { ...signCompat({ devid, devtoken }, path) }, body)
        : post(port, path, body, devid, devtoken).then((a) => ({ ...a, body: a.text }));
      return answer.then((a) => {
        receipts.push(a.at);
        if (a.status !== 200 || !a.body.includes('"mr_locked"')) missing++;
      });
    });
    process.send!('polled');
    await new Promise<void>((r) => process.once('message', () => r()));
    const ack = await post(
      port,
      `/rest/v1/meetings/${mr}/sessions/${ids[0]}/mr-status`,
      { cmdid: 'mod_mr_status', lock_mr: lock },
      devid,
      devtoken,
    );
    await Promise.all(polls);
    process.send!({ receipts, missing, ack: ack.at });
  });
}

await fanoutClient();
