import { describe, expect, it } from 'vitest';
import { createActor, emit, setup } from 'xstate';
import { ApiError } from '../../protocol/errors';
import type { ActivityEntry } from '../../protocol/wire';
import { scriptedSessionApi, flush } from '../testing/fakeSessionApi';
import { ACTIVITY_KEPT, activityMachine, mergeEntries } from './activityMachine';
import { selectActivityEntries, selectActivitySource, selectHasOlderActivity, selectActivityLoadFailed } from './selectors';

const entry = (id: number, over: Partial<ActivityEntry> = {}): ActivityEntry => ({
  id,
  dtm: 1000 + id,
  role: 'supervisor',
  peer_ip: '10.0.0.2',
  cmdid: 'ctrl_mr_eps',
  action: 'mute',
  targets: [{ usr_id: 'u1', name: 'Alice' }],
  more_targets: 0,
  values: { action: 'mute' },
  result: 0,
  status: 200,
  ...over,
});

const page = (entries: ActivityEntry[], nextBefore?: number) => ({
  cmdid: 'activity',
  entries,
  ...(nextBefore ? { next_before: nextBefore } : {}),
});

function start() {
  const fake = scriptedSessionApi();
  const actor = createActor(activityMachine, { input: { api: fake.api, role: 'host', nowSecs: () => 5000 } }).start();
  // a podium server: its answers carry sequence numbers
  actor.send({ type: 'server.snapshot', feed: 'cursor' });
  return { fake, actor };
}

describe('activity: the server keeps the log (podium)', () => {
  it('loads the newest page, adds live entries by id, and pages back', async () => {
    const { fake, actor } = start();
    expect(fake.pending('activity?limit=500')).toHaveLength(1);
    // an entry of the feed arrives before the page: merged by id, not doubled
    actor.send({ type: 'server.activity', event: { cmdid: 'activity', seq: 9, entry: entry(3) } });
    fake.answer('activity?limit=500', page([entry(3), entry(2)], 2));
    await flush();
    expect(selectActivitySource(actor.getSnapshot())).toBe('server');
    expect(selectActivityEntries(actor.getSnapshot()).map((e) => e.id)).toEqual([3, 2]);
    expect(selectHasOlderActivity(actor.getSnapshot())).toBe(true);

    actor.send({ type: 'server.activity', event: { cmdid: 'activity', seq: 10, entry: entry(4) } });
    expect(selectActivityEntries(actor.getSnapshot()).map((e) => e.id)).toEqual([4, 3, 2]);

    actor.send({ type: 'activity.loadOlder' });
    fake.answer('activity?before=2&limit=500', page([entry(1)]));
    await flush();
    expect(selectActivityEntries(actor.getSnapshot()).map((e) => e.id)).toEqual([4, 3, 2, 1]);
    expect(selectHasOlderActivity(actor.getSnapshot())).toBe(false);
  });

  it('a failed load is reported and can be retried; it never turns into a local record', async () => {
    const { fake, actor } = start();
    fake.fail('activity?limit=500', new ApiError('http', 500, '/activity'));
    await flush();
    expect(selectActivityLoadFailed(actor.getSnapshot())).toBe(true);
    expect(selectActivitySource(actor.getSnapshot())).toBe('server');
    actor.send({ type: 'activity.retry' });
    fake.answer('activity?limit=500', page([entry(1)]));
    await flush();
    expect(selectActivityLoadFailed(actor.getSnapshot())).toBe(false);
    expect(selectActivityEntries(actor.getSnapshot()).map((e) => e.id)).toEqual([1]);
  });

  it('keeps at most ACTIVITY_KEPT entries, the newest', () => {
    const many = Array.from({ length: ACTIVITY_KEPT + 10 }, (_, i) => entry(i + 1));
    const kept = mergeEntries([], many);
    expect(kept).toHaveLength(ACTIVITY_KEPT);
    expect(kept[0].id).toBe(ACTIVITY_KEPT + 10);
  });
});

describe('activity: a platform without the log (local record)', () => {
  /** a session stand-in: a `commands` actor that emits what the test asks, and a name lookup */
  function withCommands() {
    const fake = scriptedSessionApi();
    const commands = setup({
      types: { events: {} as { type: 'say'; emitted: Record<string, unknown> & { type: string } } },
    }).createMachine({ on: { say: { actions: emit(({ event }) => event.emitted as never) } } });
    const names = new Map([['u1', 'Alice']]);
    const nameOf = (usrId: string) => names.get(usrId) ?? '';
    const parent = setup({ actors: { commands, activity: activityMachine } }).createMachine({
      invoke: [
        { src: 'commands', id: 'commands', systemId: 'commands' },
        {
          src: 'activity',
          id: 'activity',
          systemId: 'activity',
          input: { api: fake.api, role: 'supervisor', nowSecs: () => 7000, nameOf },
        },
      ],
    });
    const root = createActor(parent).start();
    const activity = root.system.get('activity');
    const say = (emitted: Record<string, unknown> & { type: string }) => root.system.get('commands').send({ type: 'say', emitted });
    return { fake, activity, say };
  }

  it('a server without sequence numbers (the platform) is not asked for a log: the console records its own', () => {
    const { fake, activity } = withCommands();
    activity.send({ type: 'server.snapshot', feed: 'server' });
    expect(fake.calls).toHaveLength(0);
    expect(selectActivitySource(activity.getSnapshot())).toBe('local');
  });

  it('records this console’s commands and their outcome when the server answers 404', async () => {
    const { fake, activity, say } = withCommands();
    activity.send({ type: 'server.snapshot', feed: 'cursor' });
    fake.fail('activity?limit=500', new ApiError('http', 404, '/activity'));
    await flush();
    expect(selectActivitySource(activity.getSnapshot())).toBe('local');
    say({
      type: 'command.succeeded',
      reqId: 'r1',
      label: 'mute',
      suffix: 'eps-status',
      response: {},
      usrIds: ['u1'],
      body: { cmdid: 'ctrl_mr_eps', action: 'mute', usr_ids: ['u1'] },
    });
    say({
      type: 'command.refused',
      reqId: 'r2',
      label: 'pwd',
      suffix: 'mr-pwd',
      usrIds: [],
      status: 403,
      result: 1302,
      kind: 'forbidden',
      body: { cmdid: 'mod_mr_pwd', chair_pwd: '111111' },
    });
    const [refused, muted] = selectActivityEntries(activity.getSnapshot());
    expect(muted).toMatchObject({
      id: 1,
      dtm: 7000,
      role: 'supervisor',
      peer_ip: '',
      cmdid: 'ctrl_mr_eps',
      action: 'mute',
      targets: [{ usr_id: 'u1', name: 'Alice' }],
      result: 0,
      status: 200,
    });
    expect(refused).toMatchObject({ id: 2, cmdid: 'mod_mr_pwd', result: 1302, status: 403, values: { chair_pwd: '••••' } });
  });
});

describe('activity: what this console did that no server hears of', () => {
  it('a console note (a snoozed alert) is recorded newest first, and the server’s next entry still comes after it', async () => {
    const { fake, actor } = start();
    fake.answer('activity?limit=500', page([entry(3), entry(2)]));
    await flush();
    const note = { cmdid: 'alert_snooze', targets: [{ usr_id: 'u7', name: 'Grace' }], values: { minutes: 30, by: 'host' } };
    actor.send({ type: 'activity.console', note });
    actor.send({ type: 'activity.console', note });
    actor.send({ type: 'server.activity', event: { cmdid: 'activity', seq: 11, entry: entry(4) } });
    const entries = selectActivityEntries(actor.getSnapshot());
    expect(entries.map((e) => e.cmdid)).toEqual(['ctrl_mr_eps', 'alert_snooze', 'alert_snooze', 'ctrl_mr_eps', 'ctrl_mr_eps']);
    expect(entries[1]).toMatchObject({
      role: 'host',
      peer_ip: '',
      dtm: 5000,
      targets: [{ usr_id: 'u7', name: 'Grace' }],
      values: { by: 'host' },
      result: 0,
    });
    expect(new Set(entries.map((e) => e.id)).size).toBe(5);
  });
});
