import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { ApiError } from '../../protocol/errors';
import { flush, scriptedSessionApi } from '../testing/fakeSessionApi';
import { commandsMachine, COMMAND_RETRY_DELAY_MS, type CommandsEmitted } from './commandsMachine';
import { epsCommand, statusCommand } from './requests';
import { selectAnyPending, selectIsLabelPending, selectIsUsrPending, selectPendingCount } from './selectors';

function started() {
  const script = scriptedSessionApi();
  const clock = new SimulatedClock();
  let n = 0;
  const actor = createActor(commandsMachine, { clock, input: { api: script.api, newRequestId: () => `r${++n}` } }).start();
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

  it('network failure → retried with the same req_id, twice at most, then refused', async () => {
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
    expect(h.emitted.at(-1)).toMatchObject({ type: 'command.refused', kind: 'network' });
    expect(selectAnyPending(h.snap())).toBe(false);
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
