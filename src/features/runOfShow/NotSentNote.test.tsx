// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, screen } from '@testing-library/react';
import { INITIAL_STATE, type RunOfShow } from '@protocol/runOfShow';
import { RUN_OF_SHOW_SUFFIX } from '@machines/runOfShow/runOfShowMachine';
import { runOfShowActor } from '@machines/runOfShow/testing';
import { flush } from '@machines/testing/fakeSessionApi';
import { renderUi, testI18n } from '#/testing/render';
import { NotSentNote } from './NotSentNote';

const doc: RunOfShow = { version: 1, name: 'Plenary', segments: [{ id: 'a', name: 'Opening' }] };

/** the actor loaded with one segment on air and held, its Resume sent and not yet answered */
async function resumeOut() {
  const { actor, fake } = runOfShowActor();
  fake.answer(RUN_OF_SHOW_SUFFIX, {
    cmdid: 'run_of_show',
    revision: 1,
    doc,
    state: { ...INITIAL_STATE, current: 0, taken_at: 1_000, held_since: 1_002, take_seq: 2, can_undo: true },
  });
  await flush();
  actor.send({ type: 'runOfShow.hold' });
  return { actor, fake };
}

afterEach(cleanup);

describe('NotSentNote', () => {
  it('U pressed while the Resume is out: a polite status names Undo, what was out and the key; it stays once the Resume is answered', async () => {
    const { actor, fake } = await resumeOut();
    renderUi(<NotSentNote actor={actor} />);
    const note = screen.getByRole('status');
    expect(note.textContent).toBe('');
    act(() => {
      actor.send({ type: 'runOfShow.undo' });
    });
    expect(note.textContent).toBe('Undo was not sent: the last Hold or Resume was still being answered. Press U again.');
    await act(async () => {
      fake.answer(RUN_OF_SHOW_SUFFIX, { result: 0, state: { ...INITIAL_STATE, current: 0, taken_at: 1_000, take_seq: 3, can_undo: true } });
      await flush();
    });
    expect(note.textContent).toContain('Undo was not sent');
    // the Undo pressed again is accepted: the note goes
    act(() => {
      actor.send({ type: 'runOfShow.undo' });
    });
    expect(note.textContent).toBe('');
  });

  it('in Chinese: T pressed while the Resume is out; then U in steady with nothing to undo says so', async () => {
    const { actor, fake } = await resumeOut();
    renderUi(<NotSentNote actor={actor} />, testI18n('zh'));
    act(() => {
      actor.send({ type: 'runOfShow.take' });
    });
    expect(screen.getByRole('status').textContent).toBe('切换未发送：上一次暂停或继续仍在等待回应。请再按一次 T。');
    await act(async () => {
      fake.answer(RUN_OF_SHOW_SUFFIX, { result: 0, state: { ...INITIAL_STATE, current: 0, taken_at: 1_000, take_seq: 3 } });
      await flush();
    });
    act(() => {
      actor.send({ type: 'runOfShow.undo' });
    });
    expect(screen.getByRole('status').textContent).toBe('撤销切换未发送：没有可撤销的切换。');
  });
});
