import { describe, expect, it } from 'vitest';
import { createTestModel } from 'xstate/graph';
import { ApiError } from '../../protocol/errors';
import { mrStatus } from '../testing/fixtures';
import { flush } from '../testing/fakeSessionApi';
import { miniSession } from '../testing/miniSession';
import { recordingMachine, recStateOf, type RecordingEmitted } from './recordingMachine';
import { selectRecordingBusy, selectRecordingState } from './selectors';

function started() {
  const h = miniSession(recordingMachine, 'recording');
  const emitted: RecordingEmitted['type'][] = [];
  h.actor.on('*', (e) => emitted.push(e.type));
  return { ...h, emitted };
}

const xuding = (rec_state: string, extra: object = {}) =>
  ({ type: 'server.xuding_rec_status', event: { cmdid: 'xuding_rec_status', seq: 1, rec_state, record_uuid: 'u1', ...extra } }) as never;

describe('recStateOf', () => {
  it('prefers rec_state, then rec_enabled, then the presence of flv_fsize', () => {
    expect(recStateOf({ rec_state: 'stopping', rec_enabled: 1 })).toBe('stopping');
    expect(recStateOf({ rec_enabled: 0 })).toBe('idle');
    expect(recStateOf({ flv_fsize: 0 })).toBe('recording');
    expect(recStateOf({ mr_locked: 1 })).toBeNull();
  });
});

describe('when idle', () => {
  it('recording.start → starting and sends enable_rec 1', () => {
    const h = started();
    h.actor.send({ type: 'recording.start' });
    expect(selectRecordingState(h.snap())).toBe('starting');
    expect(selectRecordingBusy(h.snap())).toBe(true);
    expect(h.calls[0]).toMatchObject({ suffix: 'mr-status', body: { cmdid: 'mod_mr_status', enable_rec: 1 } });
  });

  it('a full status saying recording → recording (another controller started it)', () => {
    const h = started();
    h.actor.send({
      type: 'server.meeting_snapshot',
      snapshot: { status: mrStatus({ rec_state: 'recording', rec_enabled: 1 }), info: {} as never },
    });
    expect(selectRecordingState(h.snap())).toBe('recording');
    expect(h.emitted).toEqual(['recording.started']);
  });
});

describe('when starting', () => {
  it('xuding_rec_status recording → recording, emits recording.started', () => {
    const h = started();
    h.actor.send({ type: 'recording.start' });
    h.actor.send(xuding('recording'));
    expect(selectRecordingState(h.snap())).toBe('recording');
    expect(h.snap().context.recordUuid).toBe('u1');
    expect(h.emitted).toEqual(['recording.started']);
  });

  it('the command refused → idle, emits recording.refused with the result code', async () => {
    const h = started();
    h.actor.send({ type: 'recording.start' });
    h.fail('mr-status', new ApiError('http', 403, '/mr-status', 7301));
    await flush();
    expect(selectRecordingState(h.snap())).toBe('idle');
    expect(h.emitted).toEqual(['recording.refused']);
  });

  it('recorder failure → failed with the reason, emits recording.failed', () => {
    const h = started();
    h.actor.send({ type: 'recording.start' });
    h.actor.send(xuding('failed', { reason: 'disk_full' }));
    expect(selectRecordingState(h.snap())).toBe('failed');
    expect(h.snap().context.failureReason).toBe('disk_full');
    expect(h.emitted).toEqual(['recording.failed']);
  });
});

describe('when recording', () => {
  it('recording.stop → stopping → idle on the report, emits recording.stopped', () => {
    const h = started();
    h.actor.send(xuding('recording'));
    h.actor.send({ type: 'recording.stop' });
    expect(selectRecordingState(h.snap())).toBe('stopping');
    expect(h.calls.at(-1)!.body).toMatchObject({ enable_rec: 0 });
    h.actor.send({ type: 'server.one_mr_status', event: { cmdid: 'one_mr_status', seq: 2, rec_enabled: 0 } } as never);
    expect(selectRecordingState(h.snap())).toBe('idle');
    expect(h.emitted).toEqual(['recording.started', 'recording.stopped']);
  });

  it('a status delta that does not mention recording changes nothing', () => {
    const h = started();
    h.actor.send(xuding('recording'));
    h.actor.send({ type: 'server.one_mr_status', event: { cmdid: 'one_mr_status', seq: 2, mr_locked: 1 } } as never);
    expect(selectRecordingState(h.snap())).toBe('recording');
  });
});

describe('recording model paths', () => {
  const reports = ['idle', 'starting', 'recording', 'stopping', 'failed'].map((state) => ({ type: 'recording.report', state }));
  const model = createTestModel(recordingMachine, {
    events: [
      { type: 'recording.start' },
      { type: 'recording.stop' },
      ...reports,
      { type: 'command.settled', reqId: 'x', label: 'recording.start', ok: false, refusal: { status: 403 } },
      { type: 'command.settled', reqId: 'x', label: 'recording.stop', ok: false, refusal: { status: 403 } },
    ] as never,
  });
  // a fixed clock: `since` is context, and a wall clock would make every visit a new state
  const paths = model.getShortestPaths({ input: { now: () => 0 } } as never);

  it('reaches every state', () => {
    expect(new Set(paths.map((p) => p.state.value))).toEqual(new Set(['idle', 'starting', 'recording', 'stopping', 'failed']));
  });

  for (const path of paths) {
    it(path.description, async () => {
      const h = started();
      for (const step of path.steps) {
        const event = step.event as { type: string; label?: string };
        if (event.type === 'xstate.init') continue;
        if (event.type === 'command.settled') {
          // make the real commands actor refuse the open request
          h.fail('mr-status', new ApiError('http', 403, '/mr-status'));
          await flush();
        } else h.actor.send(event as never);
        expect(h.snap().value).toEqual(step.state.value);
      }
    });
  }
});
