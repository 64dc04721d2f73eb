/** One activity entry for the tests of this folder: a host's applied mute of one participant. */
import type { ActivityEntry } from '@protocol/wire';

export const activityEntry = (over: Partial<ActivityEntry> = {}): ActivityEntry => ({
  id: 1,
  dtm: 1_700_000_000,
  role: 'host',
  peer_ip: '127.0.0.1',
  cmdid: 'ctrl_mr_eps',
  action: 'a_rx',
  targets: [{ usr_id: 'u1', name: 'Steady 01' }],
  more_targets: 0,
  values: { action: 'a_rx', value: 0 },
  result: 0,
  status: 200,
  ...over,
});
