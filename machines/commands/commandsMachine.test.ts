import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { ApiError } from '../../protocol/errors';
import { flush, scriptedSessionApi } from '../testing/fakeSessionApi';
import { RC } from '../../protocol/codes';
import {
  commandsMachine,
  COMMAND_HOLD_CHECK_MS,
  COMMAND_HOLD_LIMIT_MS,
  COMMAND_RETRY_DELAY_MS,
  type CommandsEmitted,
} from './commandsMachine';
import { epsCommand, statusCommand } from './requests';
import {
  selectAnyPending,
  selectHeldLabels,
  selectIsLabelPending,
  selectIsUsrPending,
  selectNotOffered,
  selectPendingCount,
} from './selectors';

function started(opts: { live?: () => boolean } = {}) {
  const script = scriptedSessionApi();
  const clock = new SimulatedClock();
  let n = 0;
  const actor = createActor(commandsMachine, {
    clock,
    input: { api: script.api, newRequestId: () => `r${++n}`, connectionLive: opts.live },
  }).start();
  const emitted: CommandsEmitted[] = [];
  actor.on('*', (e) => emitted.push(e));
  return { ...script, clock, actor, emitted, snap: () => actor.getSnapshot() };
}

describe('when idle', () => {
  it('command.send → busy, posts with a req_id, marks the participants pending', () => {
    const h = started();
    h.actor.send(epsCommand('a_rx', ['7', '9'], { value: 0 }));
    expect(selectAnyPending(h.snap())).toBe(true);
    expect(selectIsUsrPending('7')(h.snap())).toBe(true);
    expect(selectIsUsrPending('8')(h.snap())).toBe(false);
    expect(h.calls[0]).toMatchObject({
      method: 'post',
      suffix: 'eps-status',
      body: { cmdid: 'ctrl_mr_eps', action: 'a_rx', usr_ids: ['7', '9'], value: 0, req_id: 'r1' },
    });
  });
});

describe('when busy', () => {
  it('answer → idle, pending cleared, command.succeeded emitted; local state untouched', async () => {
    const h = started();
    h.actor.send(statusCommand('lock_mr', 1));
    expect(selectIsLabelPending('lock_mr')(h.snap())).toBe(true);
    h.answer('mr-status', { ok: true });
    await flush();
    expect(selectAnyPending(h.snap())).toBe(false);
    expect(selectPendingCount(h.snap())).toBe(0);
    expect(h.emitted.map((e) => e.type)).toEqual(['command.succeeded']);
  });

  it('refusal (403 with result) → command.refused with the code, nothing retried', async () => {
    const h = started();
    h.actor.send(epsCommand('drop', ['7']));
    h.fail('eps-status', new ApiError('http', 403, '/eps-status', 4005, 'usr_ids'));
    await flush();
    expect(h.emitted).toEqual([
      expect.objectContaining({ type: 'command.refused', reqId: 'r1', label: 'drop', status: 403, result: 4005, usrIds: ['7'] }),
    ]);
    expect(selectIsUsrPending('7')(h.snap())).toBe(false);
    h.clock.increment(10_000);
    expect(h.calls).toHaveLength(1);
  });

  it('network failure → retried with the same req_id, twice at most, then held for the connection (not refused)', async () => {
    const h = started();
    h.actor.send(epsCommand('drop', ['7']));
    for (let i = 0; i < 2; i++) {
      h.fail('eps-status', new ApiError('network', 0, '/eps-status'));
      await flush();
      expect(selectIsUsrPending('7')(h.snap())).toBe(true);
      h.clock.increment(COMMAND_RETRY_DELAY_MS);
    }
    expect(h.calls.map((c) => c.body?.req_id)).toEqual(['r1', 'r1', 'r1']);
    h.fail('eps-status', new ApiError('network', 0, '/eps-status'));
    await flush();
    expect(h.emitted.map((e) => e.type)).toEqual(['command.held']);
    expect(selectHeldLabels(h.snap())).toEqual(['drop']);
    expect(selectIsUsrPending('7')(h.snap())).toBe(true);
  });

  it('two commands for one participant: pending until both settle', async () => {
    const h = started();
    h.actor.send(epsCommand('a_rx', ['7'], { value: 0 }));
    h.actor.send(epsCommand('v_rx', ['7'], { value: 0 }));
    h.answer('eps-status', {});
    await flush();
    expect(selectIsUsrPending('7')(h.snap())).toBe(true);
    expect(selectAnyPending(h.snap())).toBe(true);
    h.answer('eps-status', {});
    await flush();
    expect(selectIsUsrPending('7')(h.snap())).toBe(false);
    expect(selectAnyPending(h.snap())).toBe(false);
  });
});

describe('when the connection is lost (issue 23 item 5)', () => {
  it('a command issued while lost is held, not sent, and goes out with its req_id once the connection is back', async () => {
    let live = false;
    const h = started({ live: () => live });
    h.actor.send(epsCommand('a_rx', ['7'], { value: 0, label: 'mute' }));
    expect(h.calls).toHaveLength(0);
    expect(h.emitted).toEqual([expect.objectContaining({ type: 'command.held', label: 'mute', usrIds: ['7'] })]);
    h.clock.increment(COMMAND_HOLD_CHECK_MS * 5);
    expect(h.calls).toHaveLength(0);
    live = true;
    h.clock.increment(COMMAND_HOLD_CHECK_MS);
    expect(h.calls.map((c) => c.body)).toEqual([expect.objectContaining({ action: 'a_rx', usr_ids: ['7'], value: 0, req_id: 'r1' })]);
    h.answer('eps-status', {});
    await flush();
    expect(h.emitted.map((e) => e.type)).toEqual(['command.held', 'command.succeeded']);
    expect(selectAnyPending(h.snap())).toBe(false);
  });

  it('502 with result 9988 (platform unreachable) → held, then sent again after recovery and its result shown', async () => {
    let live = true;
    const h = started({ live: () => live });
    h.actor.send(epsCommand('a_rx', ['7'], { value: 0, label: 'mute' }));
    live = false;
    h.fail('eps-status', new ApiError('http', 502, '/eps-status', RC.upstreamUnreachable));
    await flush();
    expect(h.emitted.map((e) => e.type)).toEqual(['command.held']);
    h.clock.increment(COMMAND_HOLD_CHECK_MS * 3);
    expect(h.calls).toHaveLength(1);
    live = true;
    h.clock.increment(COMMAND_HOLD_CHECK_MS);
    expect(h.calls).toHaveLength(2);
    expect(h.calls[1].body?.req_id).toBe('r1');
    h.fail('eps-status', new ApiError('http', 403, '/eps-status', 4005));
    await flush();
    expect(h.emitted.at(-1)).toMatchObject({ type: 'command.refused', label: 'mute', result: 4005 });
  });

  it('a 504 after the connection came back keeps it held with the same bound; past the bound → command.notSent with its name', async () => {
    let live = false;
    const h = started({ live: () => live });
    h.actor.send(epsCommand('a_rx', ['7'], { value: 0, label: 'mute' }));
    h.clock.increment(COMMAND_HOLD_LIMIT_MS / 2);
    live = true;
    h.clock.increment(COMMAND_HOLD_CHECK_MS);
    live = false;
    h.fail('eps-status', new ApiError('http', 504, '/eps-status', RC.connectionTimeout));
    await flush();
    expect(h.emitted.filter((e) => e.type === 'command.held')).toHaveLength(1);
    h.clock.increment(COMMAND_HOLD_LIMIT_MS / 2 - COMMAND_HOLD_CHECK_MS - 1);
    expect(h.emitted.map((e) => e.type)).not.toContain('command.notSent');
    h.clock.increment(1);
    expect(h.emitted.at(-1)).toMatchObject({
      type: 'command.notSent',
      label: 'mute',
      usrIds: ['7'],
      body: expect.objectContaining({ action: 'a_rx' }),
    });
    expect(selectAnyPending(h.snap())).toBe(false);
    live = true;
    h.clock.increment(COMMAND_HOLD_CHECK_MS * 3);
    expect(h.calls).toHaveLength(1);
  });

  it('in flight when the bound passes: an answer still succeeds, another outage reports it not sent', async () => {
    let live = false;
    const h = started({ live: () => live });
    h.actor.send(epsCommand('a_rx', ['7'], { value: 0, label: 'mute' }));
    live = true;
    h.clock.increment(COMMAND_HOLD_CHECK_MS);
    h.clock.increment(COMMAND_HOLD_LIMIT_MS);
    expect(h.emitted.map((e) => e.type)).toEqual(['command.held']);
    h.fail('eps-status', new ApiError('http', 502, '/eps-status', RC.upstreamUnreachable));
    await flush();
    expect(h.emitted.at(-1)).toMatchObject({ type: 'command.notSent', label: 'mute' });
  });

  it('a new session client (re-login) sends what was held at once', async () => {
    const h = started({ live: () => false });
    h.actor.send(epsCommand('a_rx', ['7'], { value: 0 }));
    const next = scriptedSessionApi('0123', 's-2');
    h.actor.send({ type: 'session.api', api: next.api });
    expect(h.calls).toHaveLength(0);
    expect(next.calls.map((c) => c.body?.req_id)).toEqual(['r1']);
  });
});

describe('when a platform refuses an assumed call (issue 23 item 3)', () => {
  it('404 of mod-subtitle-position → its group is marked not offered with the call and status, emitted once', async () => {
    const h = started();
    const send = () =>
      h.actor.send({
        type: 'command.send',
        suffix: 'mod-subtitle-position',
        body: { cmdid: 'mod_subtitle_position', y_pos: 80 },
        label: 'subtitles.position',
      });
    send();
    h.fail('mod-subtitle-position', new ApiError('http', 404, '/mod-subtitle-position'));
    await flush();
    expect(selectNotOffered('subtitle-position')(h.snap())).toEqual({
      group: 'subtitle-position',
      call: 'mod-subtitle-position',
      status: 404,
    });
    expect(h.emitted.map((e) => e.type)).toEqual(['command.refused', 'command.notOffered']);
    expect(h.emitted[0]).toMatchObject({ notOffered: { group: 'subtitle-position' } });
    send();
    h.fail('mod-subtitle-position', new ApiError('http', 404, '/mod-subtitle-position'));
    await flush();
    expect(h.emitted.filter((e) => e.type === 'command.notOffered')).toHaveLength(1);
  });

  it('400 unknown action of waiting_move → waiting-room not offered; a field error of a known call marks nothing', async () => {
    const h = started();
    h.actor.send(epsCommand('waiting_move', ['7']));
    h.fail('eps-status', new ApiError('http', 400, '/eps-status', RC.unknownAction));
    await flush();
    expect(selectNotOffered('waiting-room')(h.snap())).toMatchObject({ call: 'waiting_move', status: 400, result: RC.unknownAction });
    h.actor.send(epsCommand('host', ['7'], { value: 1 }));
    h.fail('eps-status', new ApiError('http', 400, '/eps-status', RC.fieldWrongType));
    await flush();
    expect(selectNotOffered('host-role')(h.snap())).toBeUndefined();
  });

  it('a refusal of an evidenced call (a_rx 404) or a lost session marks no group', async () => {
    const h = started();
    h.actor.send(epsCommand('a_rx', ['7'], { value: 0 }));
    h.fail('eps-status', new ApiError('http', 404, '/eps-status'));
    h.actor.send(statusCommand('waiting_room', 1));
    h.fail('mr-status', new ApiError('http', 404, '/mr-status', RC.sessionNotFound));
    await flush();
    expect(h.snap().context.notOffered.size).toBe(0);
  });

  it('assumption.refused (a failed GET elsewhere) marks the group without a notice', () => {
    const h = started();
    h.actor.send({ type: 'assumption.refused', reason: { group: 'controllers', call: 'controllers', status: 404 } });
    expect(selectNotOffered('controllers')(h.snap())).toMatchObject({ status: 404 });
    expect(h.emitted).toEqual([]);
  });
});
