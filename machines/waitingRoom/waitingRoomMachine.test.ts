import { describe, expect, it } from 'vitest';
import { createTestModel } from 'xstate/graph';
import { ApiError } from '../../protocol/errors';
import { flush } from '../testing/fakeSessionApi';
import { miniSession } from '../testing/miniSession';
import { waitingRoomMachine } from './waitingRoomMachine';
import { selectCanMoveToWaitingRoom, selectWaitingRoomEnabled, selectWaitingRoomSwitching } from './selectors';

const status = (waiting_room: 0 | 1) =>
  ({ type: 'server.one_mr_status', event: { cmdid: 'one_mr_status', seq: 1, waiting_room } }) as never;

function started() {
  const h = miniSession(waitingRoomMachine, 'waitingRoom');
  const emitted: string[] = [];
  h.actor.on('*', (e) => emitted.push(e.type));
  return { ...h, emitted };
}

describe('when disabled', () => {
  it('waitingRoom.enable → switching, sends waiting_room 1; the report → enabled', () => {
    const h = started();
    h.actor.send({ type: 'waitingRoom.enable' });
    expect(selectWaitingRoomSwitching(h.snap())).toBe(true);
    expect(selectWaitingRoomEnabled(h.snap())).toBe(false);
    expect(h.calls[0]).toMatchObject({ suffix: 'mr-status', body: { cmdid: 'mod_mr_status', waiting_room: 1 } });
    h.actor.send(status(1));
    expect(selectWaitingRoomEnabled(h.snap())).toBe(true);
    expect(selectWaitingRoomSwitching(h.snap())).toBe(false);
  });

  it('the switch refused → back to idle, emits waitingRoom.refused', async () => {
    const h = started();
    h.actor.send({ type: 'waitingRoom.enable' });
    h.fail('mr-status', new ApiError('http', 403, '/mr-status', 4010));
    await flush();
    expect(h.snap().matches({ disabled: 'idle' })).toBe(true);
    expect(h.emitted).toEqual(['waitingRoom.refused']);
  });

  it('moving people in is not offered', () => {
    const h = started();
    h.actor.send({ type: 'waitingRoom.move', usrIds: ['1'] });
    expect(h.calls).toHaveLength(0);
    expect(selectCanMoveToWaitingRoom(h.snap())).toBe(false);
  });
});

describe('when enabled', () => {
  it('admit, refuse and move one or many send ctrl_mr_eps with the usr_ids', () => {
    const h = started();
    h.actor.send(status(1));
    h.actor.send({ type: 'waitingRoom.admit', usrIds: ['1', '2'] });
    h.actor.send({ type: 'waitingRoom.refuse', usrIds: ['3'] });
    h.actor.send({ type: 'waitingRoom.move', usrIds: ['4', '5'] });
    h.actor.send({ type: 'waitingRoom.admit', usrIds: [] });
    expect(h.calls.map((c) => [c.body?.action, c.body?.usr_ids])).toEqual([
      ['waiting_permit', ['1', '2']],
      ['waiting_refuse', ['3']],
      ['waiting_move', ['4', '5']],
    ]);
  });

  it('another controller disables it → disabled', () => {
    const h = started();
    h.actor.send(status(1));
    h.actor.send(status(0));
    expect(selectWaitingRoomEnabled(h.snap())).toBe(false);
  });
});

describe('waiting room model paths', () => {
  const model = createTestModel(waitingRoomMachine, {
    events: [
      { type: 'waitingRoom.enable' },
      { type: 'waitingRoom.disable' },
      { type: 'server.one_mr_status', event: { waiting_room: 1 } },
      { type: 'server.one_mr_status', event: { waiting_room: 0 } },
      { type: 'command.settled', reqId: 'x', label: 'waitingRoom.switch', ok: false, refusal: {} },
    ] as never,
  });
  const paths = model.getShortestPaths();

  it('reaches both modes and both switching states', () => {
    const values = new Set(paths.map((p) => JSON.stringify(p.state.value)));
    for (const v of ['{"disabled":"switching"}', '{"enabled":"switching"}', '{"enabled":"idle"}']) expect(values).toContain(v);
  });

  for (const path of paths) {
    it(path.description, async () => {
      const h = started();
      for (const step of path.steps) {
        const event = step.event as { type: string };
        if (event.type === 'xstate.init') continue;
        if (event.type === 'command.settled') {
          h.fail('mr-status', new ApiError('http', 403, '/mr-status'));
          await flush();
        } else h.actor.send(event as never);
        expect(h.snap().value).toEqual(step.state.value);
      }
    });
  }
});
